import Foundation
import Keel
import KeelOperators
import Testing

/// The Decodable library let users swap how a standard type decodes (`Bool.decoder` taking "true", an
/// `Array.decoder` wrapping a single value), globally. Keel's `JSONDecodingOverrides` does it for one scope or
/// one `KeelDecoder`, and other decodings at the same time are untouched.
@Suite struct DecodingOverridesTests {
    struct Flags: ThrowingJSONDecodable, Equatable {
        let enabled: Bool
        let tags: [String]
        let limit: Int?
        static func decode(_ json: JSONView) throws -> Flags {
            try Flags(enabled: json => "enabled", tags: json => "tags", limit: json => "limit")
        }
    }

    static let loose = #"{"enabled": "true", "tags": "beta", "limit": "7"}"#

    static var stringsAsBooleans: JSONDecodingOverrides {
        var overrides = JSONDecodingOverrides()
        overrides.replace(Bool.self) { json in
            switch json.stringValue {
            case "true": return true
            case "false": return false
            default: return try Bool.decode(json, in: .strict)   // the usual reading: no endless recursion
            }
        }
        return overrides
    }

    @Test func aReplacedBooleanAndWrappedArrayHoldOnlyInsideTheScope() throws {
        let root = try JSONDocument(parsing: Self.loose).root
        var overrides = Self.stringsAsBooleans
        overrides.wrapsSingleValuesInArrays = true
        overrides.replace(Int.self) { json in
            guard let text = json.stringValue, let number = Int(text) else { return try Int.decode(json, in: .strict) }
            return number
        }
        let flags = try overrides.apply { try Flags.decode(root) }
        #expect(flags == Flags(enabled: true, tags: ["beta"], limit: 7))
        // Outside the scope, the same text fails as it always did.
        let error = #expect(throws: JSONDecodingError.self) { try Flags.decode(root) }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.path == ["enabled"])
        // Real booleans and arrays still read inside it.
        let strict = try JSONDocument(parsing: #"{"enabled": false, "tags": ["a", "b"], "limit": null}"#).root
        #expect(try overrides.apply { try Flags.decode(strict) } == Flags(enabled: false, tags: ["a", "b"], limit: nil))
    }

    @Test func aReplacementsErrorIsReportedAtThePath() throws {
        let root = try JSONDocument(parsing: #"{"enabled": "yes", "tags": [], "limit": 1}"#).root
        let error = #expect(throws: JSONDecodingError.self) { try Self.stringsAsBooleans.apply { try Flags.decode(root) } }
        #expect(error?.kind == .typeMismatch)
        #expect(error?.path == ["enabled"])
        struct Refused: Error, CustomStringConvertible { var description: String { "not a flag" } }
        var refusing = JSONDecodingOverrides()
        refusing.replace(Bool.self) { _ in throw Refused() }
        let custom = #expect(throws: JSONDecodingError.self) { try refusing.apply { try Flags.decode(root) } }
        #expect(custom?.kind == .custom)
        #expect(custom?.path == ["enabled"])
        #expect(custom?.location?.column == 13)
    }

    @Test func singleValuesWrapInEveryStyleButNullStaysNull() throws {
        var wrapping = JSONDecodingOverrides()
        wrapping.wrapsSingleValuesInArrays = true
        let view = try JSONDocument(parsing: #"{"one": 1, "word": "a", "many": [1, 2], "none": null}"#).root
        try wrapping.apply { () throws in
            #expect(try view.decode([Int].self, forKey: "one") == [1])
            #expect(try view.decode(Set<String>.self, forKey: "word") == ["a"])
            #expect(try view.decode([Int].self, forKey: "many") == [1, 2])
            #expect(throws: JSONDecodingError.self) { try view.decode([Int].self, forKey: "none") }
            #expect(try view.decodeIfPresent([Int].self, forKey: "none") == nil)
            let functional: Decoded<[Int]> = view.decoded(at: "one")
            #expect(functional == .success([1]))
        }
    }

    @Test func concurrentDecodingsSeeOnlyTheirOwnOverrides() throws {
        let root = try JSONDocument(parsing: Self.loose).root
        var overrides = Self.stringsAsBooleans
        overrides.wrapsSingleValuesInArrays = true
        overrides.replace(Int.self) { json in Int(json.stringValue ?? "") ?? 0 }
        let shared = overrides
        let outcomes = Locked(Array(repeating: "", count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            let outcome: String
            if iteration.isMultiple(of: 2) {
                outcome = (try? shared.apply { try Flags.decode(root) }).map { "\($0.enabled) \($0.tags) \($0.limit ?? -1)" } ?? "failed"
            } else {
                outcome = (try? Flags.decode(root)).map { _ in "decoded" } ?? "failed"
            }
            outcomes.update { $0[iteration] = outcome }
        }
        for (iteration, outcome) in outcomes.value.enumerated() {
            #expect(outcome == (iteration.isMultiple(of: 2) ? #"true ["beta"] 7"# : "failed"), "\(iteration)")
        }
    }

    @Test func aKeelDecoderCarriesOverridesInItsConfiguration() throws {
        struct Settings: Codable, Equatable { var enabled: Bool; var tags: [String]; var ids: [Int] }
        let text = #"{"enabled": "false", "tags": "x", "ids": [1, 2]}"#
        var decoder = KeelDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(Settings.self, from: text) }
        decoder.overrides = Self.stringsAsBooleans
        decoder.overrides.wrapsSingleValuesInArrays = true
        #expect(try decoder.decode(Settings.self, from: text) == Settings(enabled: false, tags: ["x"], ids: [1, 2]))
        let collected = decoder.decodeCollecting(Settings.self, from: #"{"enabled": "maybe", "tags": [], "ids": 3}"#)
        #expect(collected.value == nil)
        #expect(collected.errors.count == 1)
        // Another decoder, at the same time, is untouched.
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Settings.self, from: text) }
    }
}

/// A value behind a lock, for the results of concurrent work.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
