import Keel
import Testing

/// `JSONEncodable`: the standard types' JSON, models built from them, and the round trip through the writer
/// and the decoder.
@Suite struct JSONEncodableTests {
    enum Role: String, JSONEncodable, JSONDecodable { case admin, guest }
    enum Level: Int, JSONEncodable { case low = 1, high = 9 }

    struct Person: JSONEncodable, Equatable {
        let name: String, age: UInt8, score: Double, ratio: Float, admin: Bool
        let email: String?, tags: [String], counts: [String: Int], role: Role, raw: JSON

        func toJSON() -> JSON {
            ["name": name.toJSON(), "age": age.toJSON(), "score": score.toJSON(), "ratio": ratio.toJSON(),
             "admin": admin.toJSON(), "email": email.toJSON(), "tags": tags.toJSON(), "counts": counts.toJSON(),
             "role": role.toJSON(), "raw": raw]
        }

        static func decode(_ json: JSONView) throws(JSONDecodingError) -> Person {
            Person(name: try json.decode(String.self, forKey: "name"), age: try json.decode(UInt8.self, forKey: "age"),
                   score: try json.decode(Double.self, forKey: "score"), ratio: try json.decode(Float.self, forKey: "ratio"),
                   admin: try json.decode(Bool.self, forKey: "admin"), email: try json.decodeIfPresent(String.self, forKey: "email"),
                   tags: try json.decode([String].self, forKey: "tags"), counts: try json.decode([String: Int].self, forKey: "counts"),
                   role: try json.decode(Role.self, forKey: "role"), raw: try json.decode(JSON.self, forKey: "raw"))
        }
    }

    @Test func standardTypesBecomeTheJSONTheyRead() throws {
        #expect(Int.min.toJSON().description == "-9223372036854775808")
        #expect(UInt64.max.toJSON().description == "18446744073709551615")
        #expect(Int8(-5).toJSON() == -5)
        #expect(0.1.toJSON().description == "0.1")
        #expect(Float(0.1).toJSON().description == "0.1")
        #expect(Float(16_777_216).toJSON() == 16_777_216)
        #expect(true.toJSON() == true)
        #expect("a\"b".toJSON().description == #""a\"b""#)
        #expect((nil as Int?).toJSON() == .null)
        #expect([1, 2].toJSON() == [1, 2])
        #expect(Set(["x"]).toJSON() == ["x"])
        #expect(["b": [1], "a": []].toJSON() == ["a": [], "b": [1]])
        #expect(Role.admin.toJSON() == "admin")
        #expect(Level.high.toJSON() == 9)
    }

    @Test func nonFiniteNumbersAreAnErrorWhenWritten() {
        let value: JSON = ["ok": 1.toJSON(), "bad": [Double.nan.toJSON()]]
        let error = #expect(throws: JSONWritingError.self) { try value.jsonText() }
        #expect(error?.path.pointer == "/bad/0")
        #expect(throws: JSONWritingError.self) { try Float.infinity.toJSON().jsonText() }
    }

    @Test func modelsRoundTripThroughTextAndBack() throws {
        let person = Person(name: "Ada", age: 36, score: 1e-7, ratio: 0.3, admin: true, email: nil,
                            tags: ["a", "é", "😀"], counts: ["x": -1, "y": Int.max], role: .guest,
                            raw: ["nested": [1.5, nil, "t"]])
        let text = try person.toJSON().jsonText(options: .pretty(indent: 4))
        let back = try Person.decode(JSONDocument(parsing: text).root)
        #expect(back == person)
        var sorted = JSONWritingOptions()
        sorted.sortsKeys = true
        sorted.omitsNullMembers = true
        #expect(try person.toJSON().jsonText(options: sorted).hasPrefix(#"{"admin":true,"age":36,"counts":{"x":-1,"y":9223372036854775807},"name":"Ada","#))
    }
}
