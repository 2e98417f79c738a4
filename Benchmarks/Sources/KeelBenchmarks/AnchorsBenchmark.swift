import Foundation
import Keel
import KeelMacros

/// Keel beside two same-machine anchors, in one run: msgspec (a C typed JSON library) decoding and encoding
/// the benchmark's three models, and simdjson's DOM parse (pysimdjson), both measured by
/// `Benchmarks/Anchors/anchors.py` in a Python process. Keel's side: the `@JSONModel` models' `decode(parsing:)`
/// and `jsonBytes()`, and `JSONDocument(parsing:)`. Encoding is compared in bytes of output per second, each
/// library's own output (msgspec writes absent optionals as `null`; Keel leaves them out).
enum AnchorsBenchmark {
    struct Row {
        let file: String
        let what: String
        let keel: Double
        let anchor: Double
        /// The anchor's name and what the figures count (MB/s of input, or of output for encoding).
        let unit: String
    }

    private struct AnchorFigure: Decodable {
        let `case`: String?
        let file: String?
        let seconds: Double?
        let input_bytes: Int?
        let output_bytes: Int?
        let missing: String?
    }

    /// The anchors' figures beside Keel's, or a reason why there are none (no python3, or a module missing).
    ///
    /// The machine's speed drifts by tens of percent over minutes, and the anchors run in another process,
    /// so the budget is split into `rounds`: each round runs the script and then measures Keel's cases, and
    /// each side keeps its best time over all rounds. Neither side's figure then comes only from a slow spell
    /// the other missed.
    static func run(corpus: URL, script: URL, budget: Double, rounds: Int = 3) throws -> (rows: [Row], missing: [String]) {
        let files = ["twitter.json", "citm_catalog.json", "canada.json"]
        let inputs = try files.map { Array(try Data(contentsOf: corpus.appendingPathComponent($0))) }
        let share = budget / Double(rounds)
        var anchors: [String: AnchorFigure] = [:]
        var keel: [String: Double] = [:]
        var outputBytes: [String: Int] = [:]
        var missing: [String] = []
        func keepBest(_ key: String, _ seconds: Double) { keel[key] = min(keel[key] ?? .infinity, seconds) }
        for _ in 0..<rounds {
            let (figures, absent) = try runScript(script, corpus: corpus, budget: share)
            missing = absent
            for figure in figures {
                guard let name = figure.case, let file = figure.file, let seconds = figure.seconds else { continue }
                let key = name + " " + file
                if seconds < anchors[key]?.seconds ?? .infinity { anchors[key] = figure }
            }
            for (file, bytes) in zip(files, inputs) {
                let (decode, encode, written) = try measureModel(file, bytes, budget: share)
                keepBest("decode " + file, decode)
                keepBest("encode " + file, encode)
                outputBytes[file] = written
                keepBest("parse " + file, Measurement.measure(budget: share) { blackHole(try? JSONDocument(parsing: bytes)) }.seconds)
            }
        }

        var rows: [Row] = []
        for (file, bytes) in zip(files, inputs) {
            let megabytes = Double(bytes.count) / 1e6
            if let theirs = anchors["msgspec decode " + file], let seconds = theirs.seconds, let decode = keel["decode " + file] {
                rows.append(Row(file: file, what: "@JSONModel decode", keel: megabytes / decode,
                                anchor: megabytes / seconds, unit: "msgspec, MB/s of input"))
            }
            if let theirs = anchors["msgspec encode " + file], let seconds = theirs.seconds, let written = theirs.output_bytes,
               let encode = keel["encode " + file], let ours = outputBytes[file] {
                rows.append(Row(file: file, what: "@JSONModel encode", keel: Double(ours) / encode / 1e6,
                                anchor: Double(written) / seconds / 1e6, unit: "msgspec, MB/s of output"))
            }
            if let theirs = anchors["simdjson DOM parse " + file], let seconds = theirs.seconds, let parse = keel["parse " + file] {
                rows.append(Row(file: file, what: "parse to a document", keel: megabytes / parse,
                                anchor: megabytes / seconds, unit: "simdjson DOM, MB/s of input"))
            }
        }
        return (rows, missing)
    }

    /// One run of the anchors' script with `budget` seconds per case: its figures, and the modules it lacks.
    private static func runScript(_ script: URL, corpus: URL, budget: Double) throws -> ([AnchorFigure], [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, corpus.path, String(budget)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return ([], ["anchors.py exited with \(process.terminationStatus)"]) }
        let figures = try output.split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(AnchorFigure.self, from: Data($0))
        }
        return (figures, figures.compactMap(\.missing))
    }

    /// Encodes the file's `@JSONModel` model again and again for `seconds` (with `codable`, its `Codable`
    /// model through `KeelEncoder`), for a profiler to watch.
    static func profileEncoding(corpus: URL, file: String, mode: String, seconds: Double) throws {
        let codable = mode == "codable"
        let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
        func loop<T: JSONDecodable & JSONEncodable, C: Codable>(_ type: T.Type, _ plain: C.Type) throws {
            let value = try T.decode(parsing: bytes)
            let plainValue = try JSONDecoder().decode(C.self, from: Data(bytes))
            let encoder = KeelEncoder()
            let clock = ContinuousClock()
            let start = clock.now
            var best = Double.infinity
            var rounds = 0
            // KEEL_PROFILE_RUNS runs exactly that many rounds instead, so that instruction counts compare.
            let fixedRounds = Int(ProcessInfo.processInfo.environment["KEEL_PROFILE_RUNS"] ?? "")
            while fixedRounds.map({ rounds < $0 }) ?? ((clock.now - start).seconds < seconds) {
                let roundStart = clock.now
                defer {
                    best = min(best, (clock.now - roundStart).seconds)
                    rounds += 1
                }
                if mode == "decode" {
                    blackHole(try? T.decode(parsing: bytes))
                } else if mode == "parse" {
                    blackHole(try? JSONDocument(parsing: bytes))
                } else if codable {
                    blackHole(try? encoder.encodeToBytes(plainValue))
                } else {
                    blackHole(try? value.jsonBytes())
                }
            }
            // The best round is the figure least disturbed by the machine's other work: for comparing builds.
            // The bytes each round wrote (for decoding and parsing, read), so that a round that failed shows.
            let handled: Int
            switch mode {
            case "decode", "parse": handled = bytes.count
            case "codable": handled = (try? encoder.encodeToBytes(plainValue).count) ?? 0
            default: handled = (try? value.jsonBytes().count) ?? 0
            }
            FileHandle.standardError.write(Data("\(rounds) rounds, best \(String(format: "%.3f", best * 1000)) ms, \(handled) bytes\n".utf8))
        }
        switch file {
        case "twitter.json": try loop(MacroTwitter.Timeline.self, CodableTwitter.Timeline.self)
        case "citm_catalog.json": try loop(MacroCitm.Catalog.self, CodableCitm.Catalog.self)
        default: try loop(MacroCanada.FeatureCollection.self, CodableCanada.FeatureCollection.self)
        }
    }

    /// Seconds per decode and per encode of the file's `@JSONModel` model, and the encoded size.
    private static func measureModel(_ file: String, _ bytes: [UInt8], budget: Double) throws -> (Double, Double, Int) {
        func measure<T: JSONDecodable & JSONEncodable>(_ type: T.Type) throws -> (Double, Double, Int) {
            let value = try T.decode(parsing: bytes)
            let written = try value.jsonBytes().count
            let decode = Measurement.measure(budget: budget) { blackHole(try? T.decode(parsing: bytes)) }
            let encode = Measurement.measure(budget: budget) { blackHole(try? value.jsonBytes()) }
            return (decode.seconds, encode.seconds, written)
        }
        switch file {
        case "twitter.json": return try measure(MacroTwitter.Timeline.self)
        case "citm_catalog.json": return try measure(MacroCitm.Catalog.self)
        default: return try measure(MacroCanada.FeatureCollection.self)
        }
    }
}
