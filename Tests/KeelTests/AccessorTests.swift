import Keel
import KeelTestSupport
import Testing

/// The accessor chain from the Freddy seed (`002_916a68ce38e482da.txt`): subscripts that carry the first
/// failure, typed accessors returning `Result`, `bind`/`map`, `collectResults`, and every failure kind with
/// its path. Each test runs against a `JSON` tree and a document view.
@Suite struct AccessorTests {
    /// The seed's sample document, without its trailing commas (which RFC 8259 does not allow).
    static let sample = """
        {
            "success": true,
            "people": [
                { "name": "Matt Mathias", "age": 32, "spouse": true },
                { "name": "Drew Mathias", "age": 33, "spouse": true },
                { "name": "Sergeant Pepper", "age": 25, "spouse": false }
            ],
            "jobs": ["teacher", "programmer", "judge"],
            "states": {
                "Georgia": [30301, 30302, 30303],
                "Wisconsin": [53000, 53001, 53002]
            }
        }
        """

    struct Person: Equatable {
        let name: String
        let age: Int
        let spouse: Bool

        /// The seed's `createWithJSONValue`, written with `bind` and `map`.
        static func create<V: JSONReadable>(_ value: V) -> Result<Person, JSONAccessError> {
            let name = value["name"].string
            let age = value["age"].int
            let isMarried = value["spouse"].bool
            return name.bind { n in age.bind { a in isMarried.map { m in Person(name: n, age: a, spouse: m) } } }
        }
    }

    static let people = [
        Person(name: "Matt Mathias", age: 32, spouse: true),
        Person(name: "Drew Mathias", age: 33, spouse: true),
        Person(name: "Sergeant Pepper", age: 25, spouse: false),
    ]

    @Test func theSeedSampleWithTrailingCommasIsRejected() throws {
        let original = Self.sample.replacingOccurrences(of: "\"spouse\": true }", with: "\"spouse\": true, }")
        let error = try #require(syntaxError(Array(original.utf8)))
        #expect(error.kind == .unexpectedCharacter)
        #expect(error.line == 4 && error.column == 62)
        #expect(error.expected == "a string key")
    }

    @Test func quickExamples() throws {
        func check1<V: JSONReadable>(_ json: V) throws {
            #expect(json["success"].bool == .success(true))
            #expect(json["people"][0]["name"].string == .success("Matt Mathias"))
            #expect(json["states"]["Wisconsin"][2].int == .success(53002))
            #expect(json[path: "people", 2, "age"].int == .success(25))
            #expect(json[pointer: "/people/1/name"].string == .success("Drew Mathias"))
            #expect(json["jobs"].array.map { $0.count } == .success(3))
        }
        try check1(try JSON(parsing: Self.sample))
        try check1(try JSONDocument(parsing: Self.sample).root)
    }

    @Test func peopleThroughBindAndCollectResults() throws {
        func check2<V: JSONReadable>(_ json: V) throws {
            // The seed's "more elegant way".
            let people = json.bind { $0["people"] }.array.bind { collectResults($0.map(Person.create)) }
            #expect(people == .success(Self.people))
            // The same with a loop over the array, as in the seed's first example.
            var collected: [Person] = []
            switch json["people"].array {
            case .success(let values):
                for value in values {
                    if case .success(let person) = Person.create(value) { collected.append(person) }
                }
            case .failure(let error):
                Issue.record("\(error)")
            }
            #expect(collected == Self.people)
        }
        try check2(try JSON(parsing: Self.sample))
        try check2(try JSONDocument(parsing: Self.sample).root)
    }

    @Test func collectResultsKeepsTheFirstFailure() throws {
        let text = #"[{"name":"A","age":1,"spouse":true},{"name":"B","age":"2","spouse":true},{"name":"C"}]"#
        func check3<V: JSONReadable>(_ json: V) throws {
            let result = json.array.bind { collectResults($0.map(Person.create)) }
            guard case .failure(let error) = result else { Issue.record("succeeded"); return }
            #expect(error.kind == .typeMismatch)
            #expect(error.expected == "an Int")
            #expect(error.found == "a string: \"2\"")
        }
        try check3(try JSON(parsing: text))
        try check3(try JSONDocument(parsing: text).root)
        #expect(collectResults([Result<Int, JSONAccessError>]()) == .success([]))
    }

    @Test func keyNotFound() throws {
        let view = try JSONDocument(parsing: Self.sample).root
        let error = try #require(view["people"][0]["nme"].string.failure)
        #expect(error.kind == .missingKey)
        #expect(error.path == ["people", 0, "nme"])
        #expect(error.path.pointer == "/people/0/nme")
        #expect(error.location == JSONSourceLocation(byteOffset: 47, line: 4, column: 9))
        #expect(error.description == """
            No value at $.people[0].nme (line 4, column 9): expected a member named "nme", \
            found an object with keys "name", "age", "spouse".
            """)
        let tree = try JSON(parsing: Self.sample)
        let treeError = try #require(tree["people"][0]["nme"].string.failure)
        #expect(treeError.kind == .missingKey)
        #expect(treeError.location == nil)
        #expect(treeError.description == """
            No value at $.people[0].nme: expected a member named "nme", found an object with keys "name", "age", "spouse".
            """)
    }

    @Test func indexOutOfBounds() throws {
        func check4<V: JSONReadable>(_ json: V) throws {
            let error = try #require(json["jobs"][3].string.failure)
            #expect(error.kind == .missingElement)
            #expect(error.path.description == "$.jobs[3]")
            #expect(error.expected == "an index from 0 to 2")
            #expect(error.found == "index 3")
            #expect(json["jobs"][-1].string.failure?.kind == .missingElement)
        }
        try check4(try JSON(parsing: Self.sample))
        try check4(try JSONDocument(parsing: Self.sample).root)
        func check5<V: JSONReadable>(_ json: V) throws {
            #expect(json["a"][0].string.failure?.expected == "an element, but the array is empty")
        }
        try check5(try JSON(parsing: "{\"a\": []}"))
        try check5(try JSONDocument(parsing: "{\"a\": []}").root)
    }

    @Test func notSubscriptable() throws {
        func check6<V: JSONReadable>(_ json: V) throws {
            let byKey = try #require(json["jobs"]["first"].string.failure)
            #expect(byKey.kind == .notSubscriptable)
            #expect(byKey.path.description == "$.jobs.first")
            #expect(byKey.expected == "an object")
            #expect(byKey.found == #"an array: ["teacher","programmer","judge"]"#)
            let byIndex = try #require(json["success"][0].int.failure)
            #expect(byIndex.kind == .notSubscriptable)
            #expect(byIndex.expected == "an array")
            #expect(byIndex.found == "a boolean: true")
        }
        try check6(try JSON(parsing: Self.sample))
        try check6(try JSONDocument(parsing: Self.sample).root)
    }

    @Test func typeMismatchAndNumbers() throws {
        let view = try JSONDocument(parsing: Self.sample).root
        let error = try #require(view["people"][0]["age"].string.failure)
        #expect(error.kind == .typeMismatch)
        #expect(error.description == "Expected a string at $.people[0].age (line 4, column 42) but found a number: 32.")
        func check7<V: JSONReadable>(_ json: V) throws {
            #expect(json["people"][0]["name"].int.failure?.kind == .typeMismatch)
            #expect(json["people"][0]["age"].bool.failure?.found == "a number: 32")
            #expect(json["states"]["Georgia"][0].uint8.failure?.kind == .valueOutOfRange)
            #expect(json["states"]["Georgia"][0].uint8.failure?.found == "30301, which is out of its range")
            #expect(json["states"]["Wisconsin"][0].int16.failure?.kind == .valueOutOfRange)
            #expect(json["states"]["Georgia"][0].int32 == .success(30301))
            #expect(json["states"].array.failure?.expected == "an array")
            #expect(json["jobs"].object.failure?.found.hasPrefix("an array: [") == true)
            #expect(json["people"][0].dictionary.map { $0.keys.sorted() } == .success(["age", "name", "spouse"]))
            #expect(json["people"][0].object.map { $0.map(\.key) } == .success(["name", "age", "spouse"]))
        }
        try check7(try JSON(parsing: Self.sample))
        try check7(try JSONDocument(parsing: Self.sample).root)
    }

    @Test func theFirstFailureCarriesThroughTheChain() throws {
        func check8<V: JSONReadable>(_ json: V) throws {
            let lookup = json["nobody"][0]["name"]["first"]
            #expect(lookup.error?.kind == .missingKey)
            #expect(lookup.error?.path == ["nobody"])
            #expect(lookup.string.failure == lookup.error)
            #expect(lookup.value == nil)
            #expect(throws: JSONAccessError.self) { try lookup.get() }
        }
        try check8(try JSON(parsing: Self.sample))
        try check8(try JSONDocument(parsing: Self.sample).root)
    }

    @Test func isNullTellsNullFromMissing() throws {
        func check9<V: JSONReadable>(_ json: V) throws {
            #expect(json["a"].isNull == .success(true))
            #expect(json["b"].isNull == .success(false))
            #expect(json["c"].isNull.failure?.kind == .missingKey)
            #expect(json["a"].string.failure?.found == "null")
        }
        try check9(try JSON(parsing: #"{"a": null, "b": 1}"#))
        try check9(try JSONDocument(parsing: #"{"a": null, "b": 1}"#).root)
    }

    @Test func jsonPointers() throws {
        let text = #"{"a/b": {"m~n": [10, 20]}, "": 1, "0": "zero", "arr": [[5]]}"#
        func check10<V: JSONReadable>(_ json: V) throws {
            #expect(json[pointer: "/a~1b/m~0n/1"].int == .success(20))
            #expect(json[pointer: "/"].int == .success(1))
            #expect(json[pointer: "/0"].string == .success("zero"))
            #expect(json[pointer: "/arr/0/0"].int == .success(5))
            #expect(json[pointer: ""].object.map(\.count) == .success(4))
            #expect(json[pointer: "a"].error?.kind == .invalidPointer)
            #expect(json[pointer: "/a~2"].error?.kind == .invalidPointer)
            #expect(json[pointer: "/arr/01"].error?.kind == .missingElement)
            #expect(json[pointer: "/arr/-"].error?.kind == .missingElement)
            #expect(json[pointer: "/arr/x"].error?.path.pointer == "/arr/x")
            #expect(json[pointer: "/missing/0"].error?.path.pointer == "/missing")
        }
        try check10(try JSON(parsing: text))
        try check10(try JSONDocument(parsing: text).root)
        #expect(JSONAccessError(kind: .invalidPointer, path: .root, expected: "x", found: "\"a\"").description
                == "Invalid JSON Pointer: expected x, found \"a\".")
    }

    @Test func pathsRender() {
        let path: JSONPath = ["people", 2, "first name", "a/b~c", "ключ"]
        #expect(path.description == #"$.people[2]["first name"]["a/b~c"].ключ"#)
        #expect(path.pointer == "/people/2/first name/a~1b~0c/ключ")
        #expect(JSONPath.root.description == "$")
        #expect(JSONPath.root.pointer == "")
    }

    @Test func viewsKnowTheirFullPathAfterBind() throws {
        let view = try JSONDocument(parsing: Self.sample).root
        let people = try view["people"].array.get()
        // A lookup that starts at an element still reports the full path, because a view knows its place.
        let error = try #require(people[2]["height"].double.failure)
        #expect(error.path.description == "$.people[2].height")
        #expect(people[2].path.pointer == "/people/2")
        // For a tree, paths count from where the lookup started; bind keeps the prefix.
        let tree = try JSON(parsing: Self.sample)
        #expect(tree["people"].bind { $0[1]["x"] }.error?.path.description == "$.people[1].x")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
