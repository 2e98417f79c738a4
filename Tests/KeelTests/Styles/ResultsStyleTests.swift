import Keel
import Testing

/// The results-and-subscripts style, after Freddy (`002_916a68ce38e482da.txt`): the accessor chain (see
/// `AccessorTests`), `init(json:) throws`, `createWithJSONValue`-style results with `bind`/`map`, and path
/// getters with options.
@Suite struct ResultsStyleTests {
    struct Person: JSONInitializable, Equatable {
        let name: String
        let age: Int
        let spouse: Bool

        init(name: String, age: Int, spouse: Bool) {
            self.name = name
            self.age = age
            self.spouse = spouse
        }

        init(json: JSONView) throws {
            name = try json.getString(at: "name")
            age = try json.getInt(at: "age")
            spouse = try json.getBool(at: "spouse")
        }

        /// The seed's `createWithJSONValue`, written with the accessor chain, `bind` and `map`.
        static func createWithJSONValue(_ value: JSONView) -> Result<Person, JSONAccessError> {
            let name = value["name"].string
            let age = value["age"].int
            let isMarried = value["spouse"].bool
            return name.bind { n in age.bind { a in isMarried.map { im in Person(name: n, age: a, spouse: im) } } }
        }
    }

    static let sample = AccessorTests.sample
    func root() throws -> JSONView { try JSONDocument(parsing: Self.sample).root }

    // MARK: The seed's examples

    @Test func quickExamples() throws {
        let json = try root()
        switch json["success"].bool {
        case .success(let success): #expect(success)
        case .failure(let error): Issue.record("\(error)")
        }
        switch json["people"][0]["name"].string {
        case .success(let name): #expect(name == "Matt Mathias")
        case .failure(let error): Issue.record("\(error)")
        }
    }

    @Test func peopleThroughTheArrayAndCreateWithJSONValue() throws {
        let json = try root()
        var people: [Person] = []
        switch json["people"].array {
        case .success(let values):
            for value in values {
                switch Person.createWithJSONValue(value) {
                case .success(let person): people.append(person)
                case .failure(let error): Issue.record("\(error)")
                }
            }
        case .failure(let error):
            Issue.record("\(error)")
        }
        #expect(people == AccessorTests.people.map { Person(name: $0.name, age: $0.age, spouse: $0.spouse) })
        // The "more elegant way".
        let elegant = json.bind { $0["people"] }.array.bind { collectResults($0.map(Person.createWithJSONValue)) }
        #expect(elegant == .success(people))
    }

    @Test func initJSONAndPathGetters() throws {
        let json = try root()
        #expect(try json.decode(at: "people", 0, type: Person.self) == Person(name: "Matt Mathias", age: 32, spouse: true))
        #expect(try json.getArray(at: "people").map(Person.init(json:)).count == 3)
        #expect(try json.getString(at: "jobs", 1) == "programmer")
        #expect(try json.getInt(at: "states", "Georgia", 2) == 30303)
        #expect(try json.getBool(at: "success"))
        #expect(try json.getDictionary(at: "states").keys.sorted() == ["Georgia", "Wisconsin"])
        #expect(Person.create(json: try json.getArray(at: "people")[2]) == .success(Person(name: "Sergeant Pepper", age: 25, spouse: false)))
    }

    // MARK: Behaviours

    @Test func missingKeysAndNullsBecomeNilOnlyWithOptions() throws {
        let json = try JSONDocument(parsing: #"{"a": null, "b": {"c": null}, "n": 1}"#).root
        #expect(throws: JSONDecodingError.self) { try json.getString(at: "missing") }
        #expect(throws: JSONDecodingError.self) { try json.getString(at: "a") }
        #expect(try json.getString(at: "missing", alongPath: .missingKeyBecomesNil) == nil)
        #expect(try json.getString(at: "a", alongPath: .nullBecomesNil) == nil)
        #expect(throws: JSONDecodingError.self) { try json.getString(at: "a", alongPath: .missingKeyBecomesNil) }
        #expect(throws: JSONDecodingError.self) { try json.getString(at: "missing", alongPath: .nullBecomesNil) }
        #expect(try json.getInt(at: "b", "c", alongPath: [.missingKeyBecomesNil, .nullBecomesNil]) == nil)
        #expect(try json.getInt(at: "a", "deeper", alongPath: .nullBecomesNil) == nil)
        #expect(try json.getInt(at: "n", alongPath: .nullBecomesNil) == 1)
        // A present value of the wrong type is an error, whatever the options.
        #expect(throws: JSONDecodingError.self) { try json.getString(at: "n", alongPath: [.missingKeyBecomesNil, .nullBecomesNil]) }
        #expect(try json.getArray(at: "x", alongPath: .missingKeyBecomesNil) == nil)
        #expect(try json.decode(at: "x", alongPath: .missingKeyBecomesNil, type: Person.self) == nil)
    }

    @Test func errorsNameThePathAndPlace() throws {
        let json = try root()
        let missing = #expect(throws: JSONDecodingError.self) { try json.getString(at: "people", 1, "nickname") }
        #expect(missing?.description == #"Missing key "nickname" in the object at $.people[1] (line 5, column 9): {"name":"Drew Mathias","age":33,"spouse":true}."#)
        let outOfBounds = #expect(throws: JSONDecodingError.self) { try json.getString(at: "jobs", 3) }
        #expect(outOfBounds?.path.pointer == "/jobs/3")
        let mismatch = #expect(throws: JSONDecodingError.self) { try json.getInt(at: "people", 0, "name") }
        #expect(mismatch?.description == #"Expected an Int at $.people[0].name (line 4, column 19) but found a string: "Matt Mathias"."#)
        let notArray = #expect(throws: JSONDecodingError.self) { try json.getString(at: "success", 0) }
        #expect(notArray?.kind == .typeMismatch)
        #expect(notArray?.expected == "an array with an element 0")
    }

    @Test func initJSONErrorsKeepTheirPath() throws {
        let json = try JSONDocument(parsing: #"{"people": [{"name": "A", "age": 1.5, "spouse": false}]}"#).root
        let error = #expect(throws: JSONDecodingError.self) { try json.decode(at: "people", 0, type: Person.self) }
        #expect(error?.path.pointer == "/people/0/age")
        #expect(error?.kind == .valueOutOfRange)
        #expect(Person.create(json: try json.getArray(at: "people")[0]).isFailure)
    }

    struct Thrower: JSONInitializable {
        struct Oops: Error, CustomStringConvertible { var description: String { "not today" } }
        init(json: JSONView) throws { throw Oops() }
    }

    @Test func foreignErrorsBecomeCustomErrors() throws {
        let error = #expect(throws: JSONDecodingError.self) { try JSONDocument(parsing: "[1]").root.decode(at: 0, type: Thrower.self) }
        #expect(error?.kind == .custom)
        #expect(error?.description == "not today at $[0] (line 1, column 2).")
    }

    @Test func bindMapAndCollectResultsOnDecodingResults() throws {
        let json = try root()
        let ages = json["people"].array.map { $0.map { Person.create(json: $0).map(\.age) } }
        #expect(try ages.get().map { try $0.get() } == [32, 33, 25])
        let all = collectResults(try json.getArray(at: "people").map(Person.create(json:)))
        #expect(try all.get().count == 3)
        let broken = try JSONDocument(parsing: #"[{"name": "A", "age": 1, "spouse": true}, {"name": "B"}]"#).root
        let first = collectResults(try broken.getArray().map(Person.create(json:)))
        #expect(first.isFailure)
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
