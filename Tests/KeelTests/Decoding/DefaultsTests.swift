import Foundation
@testable import Keel
import Testing

/// Defaults: used when the member is missing, and only when asked when it is null or invalid; a default that
/// hid an invalid value is a warning in collecting mode; the same with KeelDecoder and JSONDecoder.
@Suite struct DefaultsTests {
    struct Settings: Decodable, Equatable {
        var retries: Int
        var tags: [String]
        var limit: Int

        init(retries: Int, tags: [String], limit: Int) { (self.retries, self.tags, self.limit) = (retries, tags, limit) }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            retries = try container.decode(Int.self, forKey: .retries, default: 3)
            tags = try container.decode([String].self, forKey: .tags, default: [], when: .missingOrNull)
            limit = try container.decode(Int.self, forKey: .limit, default: 50, when: .always)
        }

        enum CodingKeys: String, CodingKey { case retries, tags, limit }
    }

    static let cases: [(String, Settings?)] = [
        ("{}", Settings(retries: 3, tags: [], limit: 50)),
        (#"{"retries": 1, "tags": null, "limit": "fifty"}"#, Settings(retries: 1, tags: [], limit: 50)),
        (#"{"retries": 1, "tags": ["a"], "limit": null}"#, Settings(retries: 1, tags: ["a"], limit: 50)),
        (#"{"retries": null}"#, nil),          // null is not "missing" unless asked
        (#"{"retries": "x"}"#, nil),           // nor is an invalid value
        (#"{"tags": [1]}"#, nil),
    ]

    @Test func codableDefaultsMatchFoundation() throws {
        for (text, expected) in Self.cases {
            let ours = try? KeelDecoder().decode(Settings.self, from: text)
            let theirs = try? JSONDecoder().decode(Settings.self, from: Data(text.utf8))
            #expect(ours == expected, "\(text)")
            #expect(theirs == expected, "\(text)")
        }
    }

    @Test func aDefaultThatReplacedAnInvalidValueIsAWarning() throws {
        let text = """
            {"retries": 1,
             "limit": "fifty"}
            """
        let collected = KeelDecoder().decodeCollecting(Settings.self, from: text)
        #expect(collected.value == Settings(retries: 1, tags: [], limit: 50))
        #expect(collected.errors.isEmpty)
        #expect(collected.warnings.count == 1)
        let warning = try #require(collected.warnings.first?.jsonDecodingError)
        #expect(warning.description == #"Expected an Int (the default was used) at $.limit (line 2, column 11) but found a string: "fifty"."#)
        #expect(collected.warnings.first?.context?.codingPath.map(\.stringValue) == ["limit"])
    }

    @Test func theCoreHelperServesEveryStyle() throws {
        let root = try JSONDocument(parsing: #"{"retries": null, "limit": "fifty", "tags": ["a"]}"#).root
        #expect(try root.decode(Int.self, forKey: "missing", default: 7) == 7)
        #expect(throws: JSONDecodingError.self) { try root.decode(Int.self, forKey: "retries", default: 3) }
        #expect(try root.decode(Int.self, forKey: "retries", default: 3, when: .missingOrNull) == 3)
        #expect(throws: JSONDecodingError.self) { try root.decode(Int.self, forKey: "limit", default: 50, when: .missingOrNull) }
        #expect(throws: JSONDecodingError.self) { try root.decode(Int.self, forKey: "missing", default: 1, when: .null) }
        let context = JSONDecodingContext(mode: .collecting)
        #expect(try root.decode(Int.self, forKey: "limit", default: 50, when: .always, in: context) == 50)
        #expect(try root.decode([String].self, forKey: "tags", default: [], when: .always, in: context) == ["a"])
        #expect(context.errors.isEmpty)
        #expect(context.warnings.map(\.description) == [
            #"Expected an Int (the default was used) at $.limit (line 1, column 28) but found a string: "fifty"."#,
        ])
    }

    /// A member with a default for when it is missing, whose nested value salvages on its own.
    struct Outer: Decodable, Equatable {
        var inner: Inner
        init(inner: Inner) { self.inner = inner }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            inner = try container.decode(Inner.self, forKey: .inner, default: Inner(values: [0]))
        }
        enum CodingKeys: String, CodingKey { case inner }
    }

    struct Inner: Decodable, Equatable {
        var values: [Int]?
    }

    @Test func anInvalidMemberWithoutTheInvalidConditionFailsItsRecordOnce() throws {
        // Only `.missing` is asked: the bad member fails its record, which the array leaves out, and the
        // failure is one error, not also a default.
        let collected = KeelDecoder().decodeCollecting([Settings].self, from: #"[{"retries": "x"}, {"retries": 2}]"#)
        #expect(collected.value == [Settings(retries: 2, tags: [], limit: 50)])
        #expect(collected.errors.map { $0.jsonDecodingError?.path.description } == ["$[0].retries"])
        #expect(collected.warnings.isEmpty)
    }

    @Test func valuesInsideADefaultedMemberStillSalvage() throws {
        let collected = KeelDecoder().decodeCollecting(Outer.self, from: #"{"inner": {"values": "bad"}}"#)
        #expect(collected.value == Outer(inner: Inner(values: nil)))
        #expect(collected.errors.map { $0.jsonDecodingError?.path.description } == ["$.inner.values"])
        #expect(try KeelDecoder().decode(Outer.self, from: "{}") == Outer(inner: Inner(values: [0])))
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Outer.self, from: #"{"inner": null}"#) }
    }
}
