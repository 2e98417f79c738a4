import Foundation
@testable import Keel
import KeelOperators
import KeelTestSupport
import PropertyBased
import Testing

/// A `JSON` tree becomes a document by writing its text and tape in one walk, with no parse. The tape must be
/// exactly what the scanner records for that text (same kinds, flags, offsets, lengths, key links, counts,
/// ends and key indexes), and every style decodes from a tree as from parsed text, with paths but no line
/// and column in its errors.
@Suite struct TreeDocumentTests {
    /// The tape entries and key-index positions of a document, to compare.
    static func shape(of document: JSONDocument) -> (entries: [[UInt64]], indexed: [Int]) {
        let tape = document.storage.tape
        let entries = (0..<tape.count).map { [tape.base[$0].header, tape.base[$0].payload] }
        return (entries, document.storage.keyIndexes.keys.sorted())
    }

    static func expectSameAsParsed(_ value: JSON, _ comment: Comment? = nil) throws {
        let written = try JSONDocument(value)
        let parsed = try JSONDocument(parsing: value.jsonBytes())
        #expect(written.bytes == parsed.bytes, comment)
        let (a, b) = (shape(of: written), shape(of: parsed))
        #expect(a.entries == b.entries, comment)
        #expect(a.indexed == b.indexed, comment)
        #expect(written.storage.hasSourceText == false)
    }

    @Test func generatedTreesGiveTheScannersTape() async {
        await propertyCheck(count: 400, input: Gen.uint8().array(of: 0...300)) { program in
            try Self.expectSameAsParsed(GeneratedJSON.build(from: program))
        }
    }

    @Test func edgeCasesGiveTheScannersTape() throws {
        let large = JSON.object(JSONObject(members: (0..<200).map { ("k\($0 % 150)", JSON(Double($0))) }))
        for value: JSON in [
            .null, true, false, 0, -1.5, "", "a\"b\\c\u{1}é\u{1F600}", [], [:], [[], [:], [[[]]]],
            ["a": 1, "a": 2, "b\n": ["x": nil]], JSON(1e300), large, ["big": large, "list": [large, large]],
        ] {
            try Self.expectSameAsParsed(value, "\(value)")
        }
    }

    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func corpusFilesGiveTheScannersTape() throws {
        let folder = try #require(SharedFixtures.corpus)
        for name in ["twitter.json", "citm_catalog.json", "canada.json", "twitterescaped.json"] {
            let tree = try JSON(parsing: SharedFixtures.bytes(of: folder.appendingPathComponent(name)))
            try Self.expectSameAsParsed(tree, "\(name)")
        }
    }

    @Test func nonFiniteNumbersAreWritingErrorsWithTheirPath() {
        let value: JSON = ["a": [1, JSON(Double.nan)]]
        #expect(throws: JSONWritingError.self) { try JSONDocument(value) }
        do { _ = try JSONDocument(value) } catch { #expect(error.path == ["a", 1]) }
    }

    /// Written in the throwing style; any `JSONDecodable` type decodes in every style.
    struct User: ThrowingJSONDecodable, Equatable {
        let id: Int, name: String
        static func decode(_ j: JSONView) throws -> User { try User(id: j => "id", name: j => "name") }
    }

    @Test func everyStyleDecodesFromATree() throws {
        let tree: JSON = ["user": ["id": 7, "name": "Ann"], "others": [["id": 8, "name": "Bo"]]]
        let ann = User(id: 7, name: "Ann")
        // Throwing: `=>` takes a tree on its left.
        #expect(try tree => "user" as User == ann)
        #expect(try tree => "user" => "name" as String == "Ann")
        #expect(try tree => "missing" as String? == nil)
        // Functional.
        let decoded: Decoded<User> = decode(tree, rootKey: "user")
        #expect(decoded == .success(ann))
        #expect((tree <| "user") == Decoded<User>.success(ann))
        // Results.
        #expect(try tree.decode(at: "others", 0, type: User.self) == User(id: 8, name: "Bo"))
        // Collecting.
        #expect(CollectingJSONDecoder().decode([String: JSON].self, from: tree).value?["user"] == tree["user"].value)
        #expect(CollectingJSONDecoder().decode(User.self, from: try #require(tree["user"].value)).value == ann)
        // The core.
        #expect(try [User].decode(try #require(tree["others"].value)) == [User(id: 8, name: "Bo")])
    }

    @Test func errorsFromATreeNamePathsButNoLineOrColumn() throws {
        let tree: JSON = ["user": ["id": "seven"]]
        do {
            _ = try tree => "user" as User
            Issue.record("expected an error")
        } catch {
            #expect(error.path == ["user", "id"])
            #expect(error.location == nil)
            #expect(error.description == #"Expected an Int at $.user.id but found a string: "seven"."#)
        }
        let access = try JSONDocument(tree).root["user"]["name"].error
        #expect(access?.location == nil)
        #expect(access?.path == ["user", "name"])
    }
}
