import Foundation
import Keel
import Testing

/// `JSONField`: absent, null and a value stay apart when decoding and encoding, through Codable with Keel's
/// and Foundation's coders alike, and in Keel's styles.
@Suite struct JSONFieldTests {
    struct ProfilePatch: Codable, Equatable {
        var nickname: JSONField<String>
        var age: JSONField<Int>
    }

    static let cases: [(String, ProfilePatch)] = [
        ("{}", ProfilePatch(nickname: .absent, age: .absent)),
        (#"{"nickname": null, "age": 3}"#, ProfilePatch(nickname: .null, age: .value(3))),
        (#"{"nickname": "Al", "age": null}"#, ProfilePatch(nickname: .value("Al"), age: .null)),
    ]

    @Test func threeStatesDecodeAlikeWithKeelAndFoundation() throws {
        for (text, expected) in Self.cases {
            #expect(try KeelDecoder().decode(ProfilePatch.self, from: text) == expected, "\(text)")
            #expect(try JSONDecoder().decode(ProfilePatch.self, from: Data(text.utf8)) == expected, "\(text)")
        }
    }

    @Test func aValueOfTheWrongTypeIsStillAnError() throws {
        let text = #"{"nickname": 5}"#
        let error = try #require(throws: DecodingError.self) { try KeelDecoder().decode(ProfilePatch.self, from: text) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["nickname"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProfilePatch.self, from: Data(text.utf8)) }
    }

    /// An absent field is left out, a null one written as null: what a PATCH body needs.
    @Test func encodingLeavesAbsentFieldsOut() throws {
        let patch = ProfilePatch(nickname: .null, age: .absent)
        #expect(try KeelEncoder().encodeToString(patch) == #"{"nickname":null}"#)
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(String(decoding: try foundation.encode(patch), as: UTF8.self) == #"{"nickname":null}"#)
        let full = ProfilePatch(nickname: .value("Al"), age: .value(3))
        #expect(try KeelEncoder().encodeToString(full) == #"{"nickname":"Al","age":3}"#)
        for (_, value) in Self.cases {
            #expect(try KeelDecoder().decode(ProfilePatch.self, from: KeelEncoder().encodeToString(value)) == value)
        }
    }

    @Test func keelStylesReadTheThreeStates() throws {
        let root = try JSONDocument(parsing: #"{"nickname": null, "age": 3}"#).root
        #expect(try root.decodeField(String.self, forKey: "nickname") == .null)
        #expect(try root.decodeField(Int.self, forKey: "age") == .value(3))
        #expect(try root.decodeField(Int.self, forKey: "missing") == .absent)
        #expect(throws: JSONDecodingError.self) { try root.decodeField(String.self, forKey: "age") }
        #expect(try root.decodeField(Int.self, forKey: "missing").isPresent == false)
        #expect(try JSONField<Int>.decode(root["age"].get()).value == 3)
    }
}
