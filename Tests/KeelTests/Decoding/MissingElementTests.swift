@testable import Keel
import Testing

/// A path that names an array index past the end is a `missingElement` error that names the index and the
/// array, in the results style's getters and `decode(at:)` and in the collecting style, as the reading API
/// already did. (It used to read `Missing key "" in the object at $.people ...: an array of 3 elements.`)
@Suite struct MissingElementTests {
    static let text = """
        {
          "people": [
            {"name": "a"}, {"name": "b"}, {"name": "c"}
          ],
          "none": []
        }
        """
    static let expected = "Missing element 5 in the array at $.people (line 2, column 13): expected an index from 0 to 2."

    struct Person: JSONInitializable {
        let name: String
        init(json: JSONView) throws(JSONDecodingError) { name = try json.getString(at: "name") }
    }

    @Test func resultsStyle() throws {
        let json = try JSONDocument(parsing: Self.text).root
        do {
            _ = try json.getString(at: "people", 5, "name")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .missingElement)
            #expect(error.description == Self.expected)
            #expect(error.path == ["people", 5])
        }
        #expect(throws: JSONDecodingError.self) { try json.decode(at: "people", 5, type: Person.self) }
        do { _ = try json.decode(at: "people", 5, type: Person.self) } catch { #expect(error.description == Self.expected) }
        do { _ = try json.getString(at: "none", 0) } catch {
            #expect(error.description == "Missing element 0 in the array at $.none (line 5, column 11): expected an element, but the array is empty.")
        }
        #expect(try json.getString(at: "people", 5, "name", alongPath: .missingKeyBecomesNil) == nil)
    }

    struct Roster: CollectingJSONDecodable {
        let sixth: String?
        init?(from decoder: CollectingDecoder) {
            sixth = decoder["people"][5]["name"].decode(String.self)
            guard decoder.succeeded else { return nil }
        }
    }

    @Test func collectingStyle() {
        let result = CollectingJSONDecoder().decode(text: Self.text, to: Roster.self)
        #expect(result.value == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.error.kind == .missingElement)
        #expect(result.errors.first?.error.description == Self.expected)
        #expect(result.errors.first?.problem == "Required value is missing (an index from 0 to 2)")
    }

    @Test func readingErrorsBecomeTheSameKind() throws {
        let json = try JSONDocument(parsing: Self.text).root
        let error = try #require(json["people"][7].error)
        #expect(JSONDecodingError(error).kind == .missingElement)
    }
}
