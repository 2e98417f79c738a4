import Foundation
import Keel
import KeelOperators
import Testing

/// Open enums: an unknown raw value decodes as the enum's fallback (`UnknownCaseRepresentable`) or is kept
/// (`OpenEnum`), through Codable with KeelDecoder and with JSONDecoder alike, and in Keel's styles; collecting
/// mode reports each fallback as a warning with its place; plain enums stay strict.
@Suite struct OpenEnumTests {
    enum Status: String, Codable, Equatable, JSONDecodable, UnknownCaseRepresentable {
        case active, suspended, unknown
        static let unknownCase = Status.unknown
    }

    enum Level: Int, Codable, Equatable, UnknownCaseRepresentable {
        case low = 1, high = 2, other = 0
        static let unknownCase = Level.other
    }

    enum StrictStatus: String, Codable, Equatable, JSONDecodable { case active, suspended }

    enum EventKind: String, Codable, Equatable { case push = "PushEvent", fork = "ForkEvent" }

    struct Account: Codable, Equatable {
        let id: Int
        let status: Status
    }

    static let accounts = """
        [
          {"id": 1, "status": "active"},
          {"id": 2, "status": "frozen"}
        ]
        """

    @Test func unknownValuesDecodeAsTheFallbackWithKeelAndFoundation() throws {
        let expected = [Account(id: 1, status: .active), Account(id: 2, status: .unknown)]
        #expect(try KeelDecoder().decode([Account].self, from: Self.accounts) == expected)
        #expect(try JSONDecoder().decode([Account].self, from: Data(Self.accounts.utf8)) == expected)
        #expect(try KeelDecoder().decode([Level].self, from: "[1, 2, 7]") == [.low, .high, .other])
        #expect(try JSONDecoder().decode([Level].self, from: Data("[1, 2, 7]".utf8)) == [.low, .high, .other])
    }

    @Test func strictEnumsAndValuesOfTheWrongKindStayErrors() throws {
        #expect(throws: DecodingError.self) { try KeelDecoder().decode([StrictStatus].self, from: #"["frozen"]"#) }
        #expect(throws: DecodingError.self) { try KeelDecoder().decode([Status].self, from: "[3]") }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Status].self, from: Data("[3]".utf8)) }
        #expect(throws: JSONDecodingError.self) { try [StrictStatus].decode(parsing: #"["frozen"]"#) }
        #expect(throws: JSONDecodingError.self) { try [Status].decode(parsing: "[true]") }
    }

    @Test func collectingModeReportsEachFallbackAsAWarning() throws {
        let collected = KeelDecoder().decodeCollecting([Account].self, from: Self.accounts)
        #expect(collected.isComplete)
        #expect(collected.errors.isEmpty)
        #expect(collected.warnings.count == 1)
        let warning = try #require(collected.warnings.first)
        guard case .dataCorrupted(let context) = warning else {
            Issue.record("expected dataCorrupted, got \(warning)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "status"])
        let keel = try #require(warning.jsonDecodingError)
        #expect(keel.description == #"Unknown value at $[1].status (line 3, column 23): expected a raw value of Status (decoded as unknown), found "frozen"."#)
        // Strict decoding keeps no warnings and still succeeds.
        #expect(try KeelDecoder().decode([Account].self, from: Self.accounts).count == 2)
    }

    @Test func everyStyleFallsBackAndTheCollectingStyleWarns() throws {
        let document = try JSONDocument(parsing: #"{"statuses": ["active", "gone"]}"#)
        let root = document.root
        #expect(try [Status].decode(root["statuses"].get()) == [.active, .unknown])
        #expect(try root.decode([Status].self, forKey: "statuses") == [.active, .unknown])
        let statuses: [Status] = try root => "statuses"
        #expect(statuses == [.active, .unknown])
        let styleResult = CollectingJSONDecoder().decode([Status].self, from: #"["active", "gone", 4]"#)
        #expect(styleResult.value == [.active, .unknown])
        #expect(styleResult.errors.count == 1)   // 4 is not a string: still an error, and the element is dropped
        #expect(styleResult.warnings.map(\.locatedDescription) == [
            #"root([Status]) > [1](Status) : Unknown value "gone", expected a raw value of Status (decoded as unknown) (line 1, column 12)"#,
        ])
        let context = JSONDecodingContext(mode: .collecting)
        _ = try [Status].decode(JSONDocument(parsing: #"["x"]"#).root, in: context)
        #expect(context.warnings.count == 1)
        #expect(JSONDecodingContext.strict.warnings.isEmpty)
    }

    @Test func openEnumKeepsAnUnknownRawValueAndWritesItBack() throws {
        struct Event: Codable, Equatable { let type: OpenEnum<EventKind> }
        let text = #"[{"type":"PushEvent"},{"type":"SponsorEvent"}]"#
        let expected = [Event(type: .known(.push)), Event(type: .unknown("SponsorEvent"))]
        #expect(try KeelDecoder().decode([Event].self, from: text) == expected)
        #expect(try JSONDecoder().decode([Event].self, from: Data(text.utf8)) == expected)
        #expect(try KeelEncoder().encodeToString(expected) == text)
        #expect(expected[1].type.rawValue == "SponsorEvent")
        #expect(expected[1].type.known == nil)
        #expect(try [OpenEnum<EventKind>].decode(parsing: #"["ForkEvent", "Other"]"#) == [.known(.fork), .unknown("Other")])
        #expect([OpenEnum<EventKind>.unknown("x")].toJSON() == ["x"])
        let collected = KeelDecoder().decodeCollecting([Event].self, from: text)
        #expect(collected.warnings.count == 1)
        #expect(collected.warnings.first?.jsonDecodingError?.location?.line == 1)
    }
}
