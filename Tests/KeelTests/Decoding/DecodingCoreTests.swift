import Keel
import Testing

/// The core every style shares: the standard types' conformances, the error model and collecting mode.
@Suite struct DecodingCoreTests {
    func root(_ text: String) throws -> JSONView { try JSONDocument(parsing: text).root }

    @Test func integersAreExactOrAnError() throws {
        #expect(try Int.decode(root("1.0")) == 1)
        #expect(try Int.decode(root("1e2")) == 100)
        #expect(try UInt8.decode(root("255")) == 255)
        let fraction = #expect(throws: JSONDecodingError.self) { try Int.decode(root("1.5")) }
        #expect(fraction?.kind == .valueOutOfRange)
        #expect(fraction?.description == "Expected an Int at $ (line 1, column 1) but found 1.5, which is not an integer.")
        let wide = #expect(throws: JSONDecodingError.self) { try UInt8.decode(root("[300]")[0].get()) }
        #expect(wide?.description == "Expected a UInt8 at $[0] (line 1, column 2) but found 300, which is out of its range.")
        #expect(throws: JSONDecodingError.self) { try Int64.decode(root("9223372036854775808")) }
        #expect(try UInt64.decode(root("18446744073709551615")) == .max)
        #expect(throws: JSONDecodingError.self) { try Int.decode(root("\"1\"")) }
        #expect(throws: JSONDecodingError.self) { try Int.decode(root("true")) }
    }

    @Test func scalars() throws {
        #expect(try String.decode(root(#""a\nb""#)) == "a\nb")
        #expect(try Bool.decode(root("false")) == false)
        #expect(try Double.decode(root("2.5e-3")) == 0.0025)
        #expect(try Float.decode(root("0.1")) == Float(0.1))
        #expect(throws: JSONDecodingError.self) { try Double.decode(root("1e400")) }
        #expect(throws: JSONDecodingError.self) { try Bool.decode(root("1")) }
        #expect(throws: JSONDecodingError.self) { try String.decode(root("null")) }
        #expect(try JSON.decode(root(#"{"a":[1]}"#)) == ["a": [1]])
    }

    @Test func optionalsArraysSetsAndDictionaries() throws {
        #expect(try Int?.decode(root("null")) == nil)
        #expect(try Int?.decode(root("3")) == 3)
        #expect(throws: JSONDecodingError.self) { try Int?.decode(root("\"3\"")) }
        #expect(try [Int].decode(root("[1, 2, 3]")) == [1, 2, 3])
        #expect(try [Int?].decode(root("[1, null]")) == [1, nil])
        #expect(try Set<String>.decode(root(#"["a", "b", "a"]"#)) == ["a", "b"])
        #expect(try [String: Int].decode(root(#"{"a": 1, "b": 2, "a": 3}"#)) == ["a": 3, "b": 2])
        let bad = #expect(throws: JSONDecodingError.self) { try [Int].decode(root("[1, \"x\", 3]")) }
        #expect(bad?.path == [1])
        #expect(bad?.path.pointer == "/1")
        #expect(throws: JSONDecodingError.self) { try [Int].decode(root(#"{"a": 1}"#)) }
    }

    enum Role: String, JSONDecodable { case admin = "Admin", user = "User" }
    enum Level: Int, JSONDecodable { case low = 1, high = 2 }

    @Test func rawRepresentableByConformanceAlone() throws {
        #expect(try Role.decode(root(#""Admin""#)) == .admin)
        #expect(try Level.decode(root("2")) == .high)
        let unknown = #expect(throws: JSONDecodingError.self) { try Role.decode(root(#"["Root"]"#)[0].get()) }
        #expect(unknown?.kind == .unknownRawValue)
        #expect(unknown?.description == #"Unknown value at $[0] (line 1, column 2): expected a raw value of Role, found "Root"."#)
        #expect(throws: JSONDecodingError.self) { try Level.decode(root("3")) }
    }

    @Test func membersAndPaths() throws {
        let json = try root(#"{"user": {"name": "Ada", "tags": ["x"], "email": null}}"#)
        #expect(try json.decode(String.self, atPath: ["user", "name"]) == "Ada")
        #expect(try json.decodeIfPresent(String.self, atPath: ["user", "email"]) == nil)
        #expect(try json.decodeIfPresent(String.self, atPath: ["user", "phone"]) == nil)
        #expect(try json.decodeIfPresent(String.self, atPath: ["nobody", "phone"]) == nil)
        let missing = #expect(throws: JSONDecodingError.self) { try json.decode(String.self, atPath: ["user", "phone"]) }
        #expect(missing?.kind == .missingKey)
        #expect(missing?.path.pointer == "/user/phone")
        #expect(missing?.description == #"Missing key "phone" in the object at $.user (line 1, column 10): {"name":"Ada","tags":["x"],"email":null}."#)
        let null = #expect(throws: JSONDecodingError.self) { try json.decode(String.self, atPath: ["user", "email"]) }
        #expect(null?.kind == .typeMismatch)
        #expect(null?.found == "null")
        // A wrong type under an optional is still an error in strict mode.
        #expect(throws: JSONDecodingError.self) { try json.decodeIfPresent(Int.self, atPath: ["user", "name"]) }
    }

    @Test func errorsAreEquatableAndCombine() throws {
        let a = JSONDecodingError(kind: .custom, expected: "A", found: "", path: ["a"],
                                  location: JSONSourceLocation(byteOffset: 9, line: 1, column: 10))
        let b = JSONDecodingError(kind: .custom, expected: "B", found: "", path: ["b"],
                                  location: JSONSourceLocation(byteOffset: 2, line: 1, column: 3))
        let both = a + b
        #expect(both.kind == .multiple)
        #expect(both.errors == [b, a])   // document order
        #expect((both + a).errors.count == 3)  // flattened
        #expect(both.description == "2 errors: B at $.b (line 1, column 3); A at $.a (line 1, column 10).")
        #expect(a == a && a != b)
        #expect(JSONDecodingError.multiple([a]) == a)
    }

    @Test func collectingModeSalvagesArraysAndOptionals() throws {
        let json = try root("[1, \"two\", 3, null, 5]")
        let context = JSONDecodingContext(mode: .collecting)
        #expect(try [Int].decode(json, in: context) == [1, 3, 5])
        #expect(context.errors.map(\.path) == [[1], [3]])
        let optionals = JSONDecodingContext(mode: .collecting)
        #expect(try [Int?].decode(json, in: optionals) == [1, nil, 3, nil, 5])
        #expect(optionals.errors.map(\.path) == [[1]])
        let strict = JSONDecodingContext()
        #expect(throws: JSONDecodingError.self) { try [Int].decode(json, in: strict) }
        #expect(strict.errors.isEmpty)
    }

    @Test func jsonTreesDecodeThroughADocument() throws {
        let value: JSON = ["id": 7, "tags": ["a"]]
        #expect(try [String: JSON].decode(value)["id"] == 7)
        let error = #expect(throws: JSONDecodingError.self) { try [String: Int].decode(value) }
        #expect(error?.path == ["tags"])
        #expect(throws: JSONWritingError.self) { try JSONDocument(JSON(Double.nan)) }
    }
}
