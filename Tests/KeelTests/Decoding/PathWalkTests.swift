import Keel
import KeelOperators
import Testing

/// One path type (`JSONPath`: keys, indices, or both; written as an array literal) and one walker serve every
/// style: a missing element is `missingElement` and a missing key `missingKey` whichever style asked, and
/// `[String]` paths keep working.
@Suite struct PathWalkTests {
    static let text = #"{"items": [{"name": "a", "tags": ["x"]}, {"name": null}], "meta": null}"#
    func root() throws -> JSONView { try JSONDocument(parsing: Self.text).root }

    @Test func everyStyleTakesKeysAndIndices() throws {
        let json = try root()
        let functional: Decoded<String> = json <| ["items", 0, "tags", 0]
        #expect(functional == .success("x"))
        #expect(try json.decode(String.self, atPath: ["items", 0, "name"]) == "a")
        #expect(try json.getString(at: "items", 0, "name") == "a")
        #expect(try json.decodeLossyArray(of: String.self, atPath: ["items", 0, "tags"]) == ["x"])
        let keys: [String] = ["items"]
        #expect(try json.decode([JSONView].self, atPath: keys).count == 2)
        #expect(try json.value(at: JSONPath(keys: keys)).count == 2)
    }

    @Test func missingStepsAreTheSameErrorInEveryStyle() throws {
        let json = try root()
        let functional: Decoded<String> = json <| ["items", 5, "name"]
        var errors: [JSONDecodingError] = [try #require(functional.error)]
        do { _ = try json.getString(at: "items", 5, "name") } catch { errors.append(error) }
        do { _ = try json.decode(String.self, atPath: ["items", 5, "name"]) } catch { errors.append(error) }
        do { _ = try json.value(at: ["items", 5, "name"]) } catch { errors.append(error) }
        #expect(errors.count == 4)
        for error in errors {
            #expect(error.kind == .missingElement)
            #expect(error.description == "Missing element 5 in the array at $.items (line 1, column 11): expected an index from 0 to 1.")
        }
    }

    @Test func optionalFormsGiveNilForMissingStepsAndNullsOnTheWay() throws {
        let json = try root()
        let missing: Decoded<String?> = json <|? ["items", 5, "name"]
        #expect(missing == .success(nil))
        let throughNull: Decoded<String?> = json <|? ["meta", "version"]
        #expect(throughNull == .success(nil))
        #expect(try json.decodeIfPresent(String.self, atPath: ["items", 1, "name"]) == nil)
        // A wrong kind on the way is still an error.
        let wrong: Decoded<String?> = json <|? ["items", 0, "name", "first"]
        #expect(wrong.error?.kind == .typeMismatch)
        #expect(wrong.error?.path == ["items", 0, "name"])
    }
}
