import Foundation
import Keel
import Testing

/// Discriminated unions chosen by a tag member: the payload under a content member or inline, an unknown
/// tag as an error naming the tag, its place and the known tags, or a fallback reported as a warning; the
/// same through Codable (KeelDecoder and JSONDecoder) and in Keel's styles.
@Suite struct TaggedUnionTests {
    struct PushPayload: Codable, Equatable, JSONDecodable {
        let size: Int
        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> PushPayload {
            PushPayload(size: try value.decode(forKey: "size", in: context))
        }
    }
    struct ForkPayload: Codable, Equatable, JSONDecodable {
        let forkee: String
        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> ForkPayload {
            ForkPayload(forkee: try value.decode(forKey: "forkee", in: context))
        }
    }

    enum Event: Decodable, Equatable, JSONDecodable {
        case push(PushPayload), fork(ForkPayload), other(String)

        init(from decoder: any Decoder) throws {
            self = try decoder.decodeTaggedUnion(contentKey: "payload", cases: [
                "PushEvent": { .push(try PushPayload(from: $0)) },
                "ForkEvent": { .fork(try ForkPayload(from: $0)) },
            ], unknown: { tag, _ in .other(tag) })
        }

        static let table = JSONTaggedUnion<Event>(tagKey: "type", contentKey: "payload")
            .case("PushEvent", PushPayload.self, Event.push)
            .case("ForkEvent", ForkPayload.self, Event.fork)
            .unknown { tag, _ in .other(tag) }

        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Event {
            try table.decode(value, in: context)
        }
    }

    /// The same union with no fallback, its payload inline.
    enum StrictEvent: Decodable, Equatable, JSONDecodable {
        case push(PushPayload), fork(ForkPayload)

        init(from decoder: any Decoder) throws {
            self = try decoder.decodeTaggedUnion(cases: [
                "PushEvent": { .push(try PushPayload(from: $0)) },
                "ForkEvent": { .fork(try ForkPayload(from: $0)) },
            ])
        }

        static let table = JSONTaggedUnion<StrictEvent>()
            .case("PushEvent", PushPayload.self, StrictEvent.push)
            .case("ForkEvent", ForkPayload.self, StrictEvent.fork)

        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> StrictEvent {
            try table.decode(value, in: context)
        }
    }

    static let events = """
        [
          {"type": "PushEvent", "payload": {"size": 2}},
          {"type": "ForkEvent", "payload": {"forkee": "keel"}},
          {"type": "SponsorEvent", "payload": {}}
        ]
        """
    static let expected: [Event] = [.push(PushPayload(size: 2)), .fork(ForkPayload(forkee: "keel")), .other("SponsorEvent")]

    @Test func codableUnionsDecodeAlikeWithKeelAndFoundation() throws {
        #expect(try KeelDecoder().decode([Event].self, from: Self.events) == Self.expected)
        #expect(try JSONDecoder().decode([Event].self, from: Data(Self.events.utf8)) == Self.expected)
        let inline = #"[{"type": "PushEvent", "size": 1}, {"type": "ForkEvent", "forkee": "x"}]"#
        let strict: [StrictEvent] = [.push(PushPayload(size: 1)), .fork(ForkPayload(forkee: "x"))]
        #expect(try KeelDecoder().decode([StrictEvent].self, from: inline) == strict)
        #expect(try JSONDecoder().decode([StrictEvent].self, from: Data(inline.utf8)) == strict)
    }

    @Test func anUnknownTagNamesItselfItsPlaceAndTheKnownTags() throws {
        let text = """
            [{"type": "PushEvent", "size": 1},
             {"type": "WatchEvent"}]
            """
        let error = try #require(throws: DecodingError.self) { try KeelDecoder().decode([StrictEvent].self, from: text) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "type"])
        #expect(error.jsonDecodingError?.description
                == #"Unknown value at $[1].type (line 2, column 11): expected one of the tags "ForkEvent", "PushEvent", found "WatchEvent"."#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([StrictEvent].self, from: Data(text.utf8)) }
        // The core table says the same, with its tags in the order they were added.
        #expect(throws: JSONDecodingError.self) { try [StrictEvent].decode(parsing: text) }
        do {
            _ = try [StrictEvent].decode(parsing: text)
        } catch let error as JSONDecodingError {
            #expect(error.description
                    == #"Unknown value at $[1].type (line 2, column 11): expected one of the tags "PushEvent", "ForkEvent", found "WatchEvent"."#)
        }
    }

    @Test func aMissingTagOrContentIsAMissingKey() throws {
        for text in [#"[{"payload": {"size": 1}}]"#, #"[{"type": "PushEvent"}]"#] {
            let ours = try #require(throws: DecodingError.self) { try KeelDecoder().decode([Event].self, from: text) }
            let theirs = try #require(throws: DecodingError.self) { try JSONDecoder().decode([Event].self, from: Data(text.utf8)) }
            guard case .keyNotFound(let key, _) = ours, case .keyNotFound(let theirKey, _) = theirs else {
                Issue.record("expected keyNotFound from both, got \(ours) and \(theirs)")
                continue
            }
            #expect(key.stringValue == theirKey.stringValue)
        }
        #expect(throws: JSONDecodingError.self) { try [Event].decode(parsing: #"[{"type": 1}]"#) }
    }

    @Test func aFallbackIsAWarningInCollectingMode() throws {
        let collected = KeelDecoder().decodeCollecting([Event].self, from: Self.events)
        #expect(collected.value == Self.expected)
        #expect(collected.errors.isEmpty)
        #expect(collected.warnings.count == 1)
        #expect(collected.warnings.first?.jsonDecodingError?.location?.line == 4)

        #expect(try [Event].decode(parsing: Self.events) == Self.expected)
        let styleResult = CollectingJSONDecoder().decode([Event].self, from: Self.events)
        #expect(styleResult.value == Self.expected)
        #expect(styleResult.warnings.map(\.error.description) == [
            #"Unknown value at $[2].type (line 4, column 12): expected one of the tags "PushEvent", "ForkEvent" (the fallback was used), found "SponsorEvent"."#,
        ])
    }
}
