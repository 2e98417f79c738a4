import Foundation
import Keel
import KeelMacros

/// A document arriving in pieces (twitter.json in 64-byte chunks, as a slow network or a model's reply
/// delivers it), shown every 4 KB: the incremental parser's snapshots, untyped and typed, beside one whole
/// parse or decode of the complete file and beside the common approach, which parses the whole buffer again
/// for each snapshot. Foundation has no incremental parser; its whole-file parse and decode are the anchors.
enum PartialBenchmark {
    static let chunkSize = 64
    /// 4 KB; `KEEL_PARTIAL_INTERVAL` sets another, to tell a profile's cost per snapshot from its cost per byte.
    static let snapshotInterval = Int(ProcessInfo.processInfo.environment["KEEL_PARTIAL_INTERVAL"] ?? "") ?? 4_096

    /// Runs one incremental case alone for `seconds` (`json`, `typed`, `decoder`, `bytes` or `whole`), for a profiler
    /// to watch.
    static func profile(_ which: String, file: URL, seconds: Double) throws {
        let bytes = Array(try Data(contentsOf: file))
        let clock = ContinuousClock()
        let start = clock.now
        // KEEL_PROFILE_RUNS runs the case that many times instead, so that instruction counts compare
        // across runs of a busy machine.
        let runs = Int(ProcessInfo.processInfo.environment["KEEL_PROFILE_RUNS"] ?? "")
        var done = 0
        while runs.map({ done < $0 }) ?? ((clock.now - start).seconds < seconds) {
            done += 1
            switch which {
            case "typed": blackHole(incrementalTyped(bytes))
            case "decoder": blackHole(decodedTyped(bytes))
            case "bytes": blackHole(snapshotsOfBytes(bytes))
            case "whole": blackHole(wholeDecode(bytes))
            default: blackHole(incrementalJSON(bytes))
            }
        }
    }

    static func run(file: URL, budget: Double) throws -> (bytes: Int, rows: [(String, Measurement)]) {
        let data = try Data(contentsOf: file)
        let bytes = Array(data)
        // Outside the timed region: every way ends with the same document and model.
        let whole = try JSON(parsing: bytes)
        guard incrementalJSON(bytes) == whole, reparsedJSON(bytes) == whole else { throw BenchmarkError("snapshots end differently") }
        let decoded = try MacroTwitter.Timeline.decode(parsing: bytes)
        guard let typed = incrementalTyped(bytes), typed.statuses.count == decoded.statuses.count,
              MacroTwitter.digest(typed) == MacroTwitter.digest(decoded),
              reparsedTyped(bytes).map(MacroTwitter.digest) == MacroTwitter.digest(decoded),
              let fromText = decodedTyped(bytes), MacroTwitter.digest(fromText) == MacroTwitter.digest(decoded),
              let fromBytes = snapshotsOfBytes(bytes), MacroTwitter.digest(fromBytes) == MacroTwitter.digest(decoded)
        else { throw BenchmarkError("typed snapshots end differently") }
        let cases: [(String, () -> Void)] = [
            ("JSONSerialization: whole parse", { blackHole(try? JSONSerialization.jsonObject(with: data)) }),
            ("Keel: whole parse + JSON tree", { blackHole(try? JSON(parsing: bytes)) }),
            ("Keel: chunks, JSON snapshot every 4 KB", { blackHole(incrementalJSON(bytes)) }),
            ("re-parse buffer per JSON snapshot", { blackHole(reparsedJSON(bytes)) }),
            ("JSONDecoder: whole decode", { blackHole(try? JSONDecoder().decode(CodableTwitter.Timeline.self, from: data)) }),
            ("Keel: whole decode (@JSONModel)", { blackHole(try? MacroTwitter.Timeline.decode(parsing: bytes)) }),
            ("Keel: chunks, typed snapshot every 4 KB", { blackHole(incrementalTyped(bytes)) }),
            ("Keel: chunks, JSONPartialDecoder snapshot every 4 KB", { blackHole(decodedTyped(bytes)) }),
            ("Keel: single bytes, JSONPartialSnapshots on each change", { blackHole(snapshotsOfBytes(bytes)) }),
            ("re-parse buffer per typed snapshot", { blackHole(reparsedTyped(bytes)) }),
        ]
        let measured = Measurement.measureInTurn(budget: budget, cases.map(\.1))
        return (bytes.count, zip(cases.map(\.0), measured).map { ($0, $1) })
    }

    /// Feeds `bytes` in chunks, calling `show` every `snapshotInterval` bytes and once at the end.
    private static func feed(_ bytes: [UInt8], show: (JSONIncrementalParser) -> Void) -> JSONIncrementalParser? {
        var parser = JSONIncrementalParser()
        var next = snapshotInterval
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            guard (try? parser.feed(bytes[start..<end])) != nil else { return nil }
            start = end
            if start >= next {
                show(parser)
                next += snapshotInterval
            }
        }
        guard (try? parser.finish()) != nil else { return nil }
        show(parser)
        return parser
    }

    static func incrementalJSON(_ bytes: [UInt8]) -> JSON? {
        var last: JSON?
        _ = feed(bytes) { last = $0.snapshot().value }
        return last
    }

    static func incrementalTyped(_ bytes: [UInt8]) -> MacroTwitter.Timeline? {
        let reader = JSONPartialReader(MacroTwitter.Timeline.self)
        var last: MacroTwitter.Timeline.Partial?
        _ = feed(bytes) { last = reader.read($0.snapshot()) }
        return last?.finished
    }

    /// Typed snapshots from the text: `JSONPartialDecoder` fed the same chunks, asked at the same points.
    /// One decode of the complete file, the typed cases' yardstick (its own profile case, `whole`).
    static func wholeDecode(_ bytes: [UInt8]) -> MacroTwitter.Timeline? {
        try? MacroTwitter.Timeline.decode(parsing: bytes)
    }

    static func decodedTyped(_ bytes: [UInt8]) -> MacroTwitter.Timeline? {
        let decoder = JSONPartialDecoder(MacroTwitter.Timeline.self)
        var next = snapshotInterval
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            guard (try? decoder.feed(bytes[start..<end])) != nil else { return nil }
            start = end
            if start >= next {
                guard (try? decoder.snapshot()) != nil else { return nil }
                next += snapshotInterval
            }
        }
        // As for the reader above: the last snapshot, of the complete document, holds the decoded model.
        return (try? decoder.snapshot())??.finished
    }

    /// A source of single bytes that never waits, as `URLSession.AsyncBytes` is while its buffer holds bytes.
    struct ByteSource: AsyncSequence, Sendable {
        let bytes: [UInt8]
        struct AsyncIterator: AsyncIteratorProtocol {
            var bytes: [UInt8]
            var index = 0
            mutating func next() async -> UInt8? {
                guard index < bytes.count else { return nil }
                defer { index += 1 }
                return bytes[index]
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
    }

    /// What the async iteration ends with, handed from its task to the waiting benchmark.
    final class Outcome: @unchecked Sendable {
        var timeline: MacroTwitter.Timeline?
        var snapshots = 0
    }

    /// Typed snapshots from single bytes: `JSONPartialSnapshots` over a byte source, a snapshot on each change
    /// (every character of an open string is one), run to its end in a task the benchmark waits for.
    static func snapshotsOfBytes(_ bytes: [UInt8]) -> MacroTwitter.Timeline? {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            var last: MacroTwitter.Timeline.Partial?
            do {
                for try await partial in JSONPartialSnapshots(MacroTwitter.Timeline.self, from: ByteSource(bytes: bytes)) {
                    last = partial
                    outcome.snapshots += 1
                }
            } catch {
                last = nil
            }
            outcome.timeline = last?.finished
            done.signal()
        }
        done.wait()
        return outcome.timeline
    }

    /// The common approach: at each point, parse everything received so far from its start.
    private static func reparse(_ bytes: [UInt8], show: (JSONSnapshot) -> Void) {
        var point = snapshotInterval
        while true {
            let end = min(point, bytes.count)
            var parser = JSONIncrementalParser()
            guard (try? parser.feed(bytes[..<end])) != nil else { return }
            if end == bytes.count { _ = try? parser.finish() }
            show(parser.snapshot())
            if end == bytes.count { return }
            point += snapshotInterval
        }
    }

    static func reparsedJSON(_ bytes: [UInt8]) -> JSON? {
        var last: JSON?
        reparse(bytes) { last = $0.value }
        return last
    }

    static func reparsedTyped(_ bytes: [UInt8]) -> MacroTwitter.Timeline? {
        var last: MacroTwitter.Timeline.Partial?
        reparse(bytes) { last = $0.partial(as: MacroTwitter.Timeline.self) }
        return last?.finished
    }
}
