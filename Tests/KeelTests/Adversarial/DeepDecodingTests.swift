import Foundation
import Keel
import KeelOperators
import KeelTestSupport
import Testing

/// A recursive model decoded from `[{"": [{"": ... []}]}]` in every style and through the Codable bridge:
/// 50,000 levels give the parser's clean depth error, and the deepest document the default limit lets
/// through decodes, on the main thread and on a thread with a 512 KiB stack.
@Suite struct DeepDecodingTests {
    /// One level: an object whose member `""` holds an array of the next levels.
    struct Level: Equatable, Sendable {
        let next: [Level]
        var depth: Int { next.map { $0.depth + 1 }.max() ?? 1 }
    }

    struct Functional: FunctionalJSONDecodable {
        let level: Level
        static func decode(_ j: JSONView) -> Decoded<Functional> {
            { (next: [Functional]) in Functional(level: Level(next: next.map(\.level))) } <^> j <|| ""
        }
    }

    struct Results: JSONInitializable {
        let level: Level
        init(json: JSONView) throws { level = Level(next: try json.decode(at: "", type: [Results].self).map(\.level)) }
    }

    struct Throwing: ThrowingJSONDecodable {
        let level: Level
        static func decode(_ j: JSONView) throws -> Throwing {
            let next: [Throwing] = try j => ""
            return Throwing(level: Level(next: next.map(\.level)))
        }
    }

    struct Collecting: CollectingJSONDecodable {
        let level: Level
        init?(from d: CollectingDecoder) {
            guard let next = d[""] --> [Collecting].self else { return nil }
            level = Level(next: next.map(\.level))
        }
    }

    struct Bridged: Decodable {
        let level: Level
        private struct Key: CodingKey {
            var stringValue: String { "" }
            var intValue: Int? { nil }
            init() {}
            init?(stringValue: String) {}
            init?(intValue: Int) { nil }
        }
        init(from decoder: any Decoder) throws {
            let next = try decoder.container(keyedBy: Key.self).decode([Bridged].self, forKey: Key())
            level = Level(next: next.map(\.level))
        }
    }

    /// `levels` times `[{"":`, an empty array, and the closing brackets: nesting depth `2 * levels + 1`.
    static func document(levels: Int) -> [UInt8] {
        Array(String(repeating: #"[{"":"#, count: levels).utf8) + Array("[]".utf8)
            + Array(String(repeating: "}]", count: levels).utf8)
    }

    /// Decodes `bytes` as `[Level]` in every way; each entry is the depth decoded or the error's kind.
    static func decodeInEveryStyle(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) -> [String: String] {
        func outcome(_ body: () throws -> [Level]) -> String {
            do { return "depth \(try body().first?.depth ?? 0)" } catch let error as JSONSyntaxError {
                return "syntax: \(error.kind)"
            } catch let error as JSONDecodingError {
                // The collecting style reports text that is not JSON as a custom error quoting the syntax error.
                if error.kind == .custom, error.expected.hasPrefix("Nesting too deep") { return "syntax: nestingTooDeep" }
                return "decoding: \(error.kind)"
            } catch let error as DecodingError {
                if let syntax = error.jsonSyntaxError { return "syntax: \(syntax.kind)" }
                return "decoding: \(error.jsonDecodingError?.kind.description ?? "other")"
            } catch {
                return "\(type(of: error))"
            }
        }
        var bridge = KeelDecoder()
        bridge.parsingOptions = options
        let all: [String: () throws -> [Level]] = [
            "functional": { try [Functional].decode(parsing: bytes, options: options).map(\.level) },
            "results": { try [Results].decode(parsing: bytes, options: options).map(\.level) },
            "throwing": { try [Throwing].decode(parsing: bytes, options: options).map(\.level) },
            "collecting": {
                let styleResult = CollectingJSONDecoder(options: options).decode(data: bytes, to: [Collecting].self)
                if let error = styleResult.errors.first { throw error.error }
                return styleResult.value?.map(\.level) ?? []
            },
            "bridge": { try bridge.decode([Bridged].self, from: bytes).map(\.level) },
            "bridge collecting": {
                let collected = bridge.decodeCollecting([Bridged].self, from: bytes)
                if let error = collected.errors.first { throw error }
                return collected.value?.map(\.level) ?? []
            },
        ]
        return all.mapValues { outcome($0) }
    }

    static let styles = ["functional", "results", "throwing", "collecting", "bridge", "bridge collecting"]

    static func expectEveryStyle(_ outcomes: [String: String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcomes.keys.sorted() == styles.sorted(), sourceLocation: sourceLocation)
        for (style, outcome) in outcomes {
            #expect(outcome == expected, "\(style)", sourceLocation: sourceLocation)
        }
    }

    static let smallStack = 512 * 1024

    @Test func fiftyThousandLevelsGiveTheParsersDepthErrorInEveryStyle() {
        let bytes = Self.document(levels: 50_000)
        Self.expectEveryStyle(Self.decodeInEveryStyle(bytes), "syntax: nestingTooDeep")
        let onSmallStack = runOnThread(stackSize: Self.smallStack) { Self.decodeInEveryStyle(bytes) }
        Self.expectEveryStyle(onSmallStack, "syntax: nestingTooDeep")
    }

    /// With the parser's limit lifted, decoding stops itself before the stack runs out.
    @Test func fiftyThousandLevelsParsedWithoutALimitGiveTheDecodersDepthError() {
        let bytes = Self.document(levels: 50_000)
        let unlimited = { var options = JSONParsingOptions(); options.maximumDepth = .max; return options }()
        Self.expectEveryStyle(Self.decodeInEveryStyle(bytes, options: unlimited), "decoding: nestingTooDeep")
        let onSmallStack = runOnThread(stackSize: Self.smallStack) { Self.decodeInEveryStyle(bytes, options: unlimited) }
        Self.expectEveryStyle(onSmallStack, "decoding: nestingTooDeep")
    }

    /// 255 levels (nesting depth 511) are the most the default limit lets through: they decode on the test's
    /// thread; on a 512 KiB stack they decode or stop cleanly, depending on how large the build's frames are
    /// (a debug build's are several times a release build's). 50 levels decode everywhere.
    @Test func theDeepestAllowedDocumentDecodesOrStopsCleanly() {
        let deepest = Self.document(levels: 255)
        Self.expectEveryStyle(Self.decodeInEveryStyle(deepest), "depth 255")
        let onSmallStack = runOnThread(stackSize: Self.smallStack) { Self.decodeInEveryStyle(deepest) }
        for (style, outcome) in onSmallStack {
            #expect(["depth 255", "decoding: nestingTooDeep"].contains(outcome), "\(style)")
        }
        let fifty = runOnThread(stackSize: Self.smallStack) { Self.decodeInEveryStyle(Self.document(levels: 50)) }
        Self.expectEveryStyle(fifty, "depth 50")
    }

    /// A recursive model that nests deeper than the stack allows fails to encode with an error.
    @Test func aTooDeepModelFailsToEncodeCleanly() {
        final class Chain: Encodable, @unchecked Sendable {
            let next: Chain?
            init(next: Chain?) { self.next = next }
        }
        let outcome = runOnThread(stackSize: Self.smallStack) { () -> String in
            var chain = Chain(next: nil)
            for _ in 0..<20_000 { chain = Chain(next: chain) }
            let result: String
            do { _ = try KeelEncoder().encodeToBytes(chain); result = "encoded" } catch is EncodingError {
                result = "EncodingError"
            } catch { result = "\(error)" }
            // Released link by link: a chain this long would overflow the stack if released recursively.
            var link: Chain? = chain
            while let current = link, isKnownUniquelyReferenced(&link) { link = current.next }
            return result
        }
        #expect(outcome == "EncodingError")
    }
}
