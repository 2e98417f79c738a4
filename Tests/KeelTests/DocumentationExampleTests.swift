import Keel
import KeelOperators
import KeelTestSupport
import Testing

/// The examples in the README and the documentation catalog, run as written, so that what they print
/// stays true.
@Suite struct DocumentationExampleTests {
    @Test func readmeReadingExample() throws {
        let document = try JSONDocument(parsing: #"{"people": [{"name": "Matt", "age": 32}]}"#)
        #expect(document.root["people"][0]["name"].string == .success("Matt"))
        #expect(try document.root[pointer: "/people/0/age"].int.get() == 32)
        let value: JSON = ["name": "Ada", "tags": ["math", nil]]
        #expect(value.description == #"{"name":"Ada","tags":["math",null]}"#)
        #expect(document.root["people"][0]["age"].string.failure?.description
                == "Expected a string at $.people[0].age (line 1, column 37) but found a number: 32.")
    }

    @Test func catalogRootExample() throws {
        let text = """
            {"people": [{"name": "Matt Mathias", "age": 32}, {"name": "Drew Mathias", "age": "33"}]}
            """
        let document = try JSONDocument(parsing: text)
        #expect(document.root["people"][0]["name"].string == .success("Matt Mathias"))
        #expect(document.root["people"][1]["age"].int.failure?.description
                == #"Expected an Int at $.people[1].age (line 1, column 82) but found a string: "33"."#)
        #expect(syntaxError(Array("[1, 2,]".utf8))?.description
                == "Unexpected ']' at line 1, column 7 (byte 6): expected a value.")
    }

    /// The Collecting Style article's `Person`, as written there (it once called a memberwise initializer
    /// that Swift does not generate once `init?(from:)` is declared).
    struct ArticlePerson: CollectingJSONDecodable {
        let id: Int, firstName: String, lastName: String, phoneNumber: String?, height: Double?
        static var idKey: String? { "person_id" }

        init?(from decoder: CollectingDecoder) {
            let id = decoder["person_id"] --> Int.self
            let firstName = decoder["first_name"] --> String.self
            let lastName = decoder["last_name"] --> String.self
            let phoneNumber = decoder["contact_info"]["phone_number"] --> String?.self
            let height = decoder["height"] --> Double?.self
            guard decoder.succeeded, let id, let firstName, let lastName else { return nil }
            // A struct that declares an initializer gets no memberwise one: assign the properties.
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.phoneNumber = phoneNumber
            self.height = height
        }
    }

    @Test func collectingArticle() {
        let json = #"{"person_id": 8675309, "first_name": "Jenny", "last_name": "Tutone", "height": "tall"}"#
        let result = CollectingJSONDecoder().decode(text: json, to: ArticlePerson.self)
        #expect(result.value?.id == 8675309)
        #expect(result.value?.height == nil)
        #expect(result.errors.map(\.description) == [#"root(ArticlePerson person_id=8675309) > "height"(Double) : Unexpectedly found a string"#])
    }

    @Test func writingOptionsExample() throws {
        let value: JSON = ["b": 1, "a": [true]]
        var options = JSONWritingOptions()
        options.layout = .pretty(indent: 2)
        options.sortsKeys = true
        let text = try value.jsonText(options: options)
        #expect(text == "{\n  \"a\": [\n    true\n  ],\n  \"b\": 1\n}")
    }

    @Test func editingArticle() throws {
        var config: JSON = ["server": ["port": 80, "hosts": ["a"]]]
        try config.set(8080, at: "/server/port")
        try config.set("b", at: "/server/hosts/-")
        try config.insert("first", at: "/server/hosts/0")
        let old = try config.remove(at: "/server/port")
        config[valueAt: "/server/tls"] = true
        #expect(old == 8080)
        #expect(config == ["server": ["hosts": ["first", "a", "b"], "tls": true]])

        var versioned: JSON = ["version": 4, "old": 1]
        let patch = try JSONPatch(JSON(parsing: """
            [{"op": "test", "path": "/version", "value": 3},
             {"op": "replace", "path": "/version", "value": 4},
             {"op": "move", "from": "/old", "path": "/new"}]
            """))
        #expect(throws: JSONEditError.self) { try versioned.apply(patch) }
        do { try versioned.apply(patch) } catch {
            #expect(error.description == "Patch operation 0 (test) failed at /version: expected 3, found 4.")
        }

        let document = try JSONDocument(parsing: "{\n  \"port\": 80,\n  \"ratio\": 1.50\n}")
        #expect(try document.text(setting: 8080, at: "/port") == Array("{\n  \"port\": 8080,\n  \"ratio\": 1.50\n}".utf8))
    }

    @Test func errorMessagesArticle() throws {
        let sample = try JSONDocument(parsing: AccessorTests.sample).root
        #expect(sample["people"][0]["age"].string.failure?.description
                == "Expected a string at $.people[0].age (line 4, column 42) but found a number: 32.")
        #expect(sample["people"][0]["nme"].string.failure?.description == """
            No value at $.people[0].nme (line 4, column 9): expected a member named "nme", \
            found an object with keys "name", "age", "spouse".
            """)
        #expect(sample["jobs"][3].string.failure?.description
                == "No value at $.jobs[3] (line 8, column 13): expected an index from 0 to 2, found index 3.")
        #expect(sample["states"]["Georgia"][0].uint8.failure?.description == """
            Expected a UInt8 at $.states.Georgia[0] (line 10, column 21) but found 30301, which is out of its range.
            """)
        #expect(syntaxError(Array(repeating: UInt8(ascii: "["), count: 600))?.description
                == "Nesting too deep at line 1, column 513 (byte 512): expected at most 512 levels of nesting.")
        #expect(syntaxError(Array("[1, 2".utf8))?.description
                == "Unexpected end of input at line 1, column 6 (byte 5): expected ',' or ']'.")
    }
}
