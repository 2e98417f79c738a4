import Keel
import KeelOperators
import Testing

/// The collecting style, after LastMile (`004_c893fb3d14340fe2.txt`).
@Suite struct CollectingStyleTests {
    struct Person: CollectingJSONDecodable, Equatable {
        let id: Int
        let firstName: String
        let lastName: String
        let phoneNumber: String?
        let height: Double?

        static var idKey: String? { "person_id" }

        init(id: Int, firstName: String, lastName: String, phoneNumber: String?, height: Double?) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.phoneNumber = phoneNumber
            self.height = height
        }

        init?(from decoder: CollectingDecoder) {
            let id = decoder["person_id"] --> Int.self
            let firstName = decoder["first_name"] --> String.self
            let lastName = decoder["last_name"] --> String.self
            let phoneNumber = decoder["contact_info"]["phone_number"] --> String?.self
            let height = decoder["height"] --> Double?.self
            guard decoder.succeeded, let id, let firstName, let lastName else { return nil }
            self.init(id: id, firstName: firstName, lastName: lastName, phoneNumber: phoneNumber, height: height)
        }
    }

    struct Team: CollectingJSONDecodable {
        let name: String
        let members: [Person]
        let lead: Person?
        init?(from decoder: CollectingDecoder) {
            let name = decoder["name"] --> String.self
            let members = decoder["members"] --> [Person].self
            lead = decoder["lead"] --> Person?.self
            guard decoder.succeeded, let name, let members else { return nil }
            self.name = name
            self.members = members
        }
    }

    static let seed = """
        {
            "person_id": 8675309,
            "first_name": "Mary",
            "last_name": "Smith",
            "contact_info": {
                "phone_number": "(312) 555-1212"
            },
            "height": "really tall"
        }
        """

    static func person(_ id: Int, height: String = "1.7") -> String {
        #"{"person_id": \#(id), "first_name": "P\#(id)", "last_name": "L", "height": \#(height)}"#
    }

    // MARK: The seed's example

    @Test func theSeedExampleSalvagesAndReports() {
        let result = CollectingJSONDecoder().decode(text: Self.seed, to: Person.self)
        #expect(result.value == Person(id: 8675309, firstName: "Mary", lastName: "Smith",
                                       phoneNumber: "(312) 555-1212", height: nil))
        #expect(result.errors.map(\.description) == [
            #"root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string"#,
        ])
        let error = result.errors[0].error
        #expect(error.path.pointer == "/height")
        #expect(error.location == JSONSourceLocation(byteOffset: 164, line: 8, column: 15))
        #expect(!result.isComplete)
    }

    // MARK: Behaviours

    @Test func oneBadElementOfAHundred() {
        let people = (0..<100).map { Self.person($0) }
        var broken = people
        broken[42] = #"{"person_id": 42, "first_name": "P42"}"#
        let result = CollectingJSONDecoder().decode(text: "[" + broken.joined(separator: ",") + "]", to: [Person].self)
        #expect(result.value?.count == 99)
        #expect(result.value?.contains { $0.id == 42 } == false)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.description == #"root([Person]) > [42](Person person_id=42) > "last_name"(String) : Required value is missing (a value for key "last_name")"#)
        #expect(result.errors.first?.error.path.pointer == "/42/last_name")
    }

    @Test func aRequiredFieldFailsItsParent() {
        let result = CollectingJSONDecoder().decode(text: #"{"person_id": 1, "first_name": 5, "last_name": "L"}"#, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Person person_id=1) > "first_name"(String) : Unexpectedly found a number"#])
    }

    @Test func nullForARequiredFieldIsAnError() {
        let result = CollectingJSONDecoder().decode(text: #"{"person_id": 1, "first_name": null, "last_name": "L"}"#, to: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.first?.description.hasSuffix("Unexpectedly found null") == true)
    }

    @Test func missingOptionalsAreSilent() {
        let result = CollectingJSONDecoder().decode(text: #"{"person_id": 1, "first_name": "F", "last_name": "L"}"#, to: Person.self)
        #expect(result.value == Person(id: 1, firstName: "F", lastName: "L", phoneNumber: nil, height: nil))
        #expect(result.errors.isEmpty)
        #expect(result.isComplete)
    }

    @Test func aMissingIntermediateObjectMakesAnOptionalNil() {
        let text = #"{"person_id": 1, "first_name": "F", "last_name": "L", "contact_info": null}"#
        let result = CollectingJSONDecoder().decode(text: text, to: Person.self)
        #expect(result.value?.phoneNumber == nil)
        #expect(result.errors.isEmpty)
        let wrong = #"{"person_id": 1, "first_name": "F", "last_name": "L", "contact_info": "none"}"#
        let wrongResult = CollectingJSONDecoder().decode(text: wrong, to: Person.self)
        #expect(wrongResult.value != nil)
        #expect(wrongResult.errors.map(\.description) == [#"root(Person person_id=1) > "contact_info" > "phone_number"(String) : Unexpectedly found a string"#])
    }

    @Test func nestedRecordsShowTheirIds() {
        let text = #"{"name": "T", "members": [\#(Self.person(1)), \#(Self.person(2, height: "\"tall\""))], "lead": \#(Self.person(3, height: "true"))}"#
        let result = CollectingJSONDecoder().decode(text: text, to: Team.self)
        #expect(result.value?.members.count == 2)
        #expect(result.value?.lead?.id == 3)
        #expect(result.errors.map(\.description) == [
            #"root(Team) > "members"([Person]) > [1](Person person_id=2) > "height"(Double) : Unexpectedly found a string"#,
            #"root(Team) > "lead"(Person person_id=3) > "height"(Double) : Unexpectedly found a boolean"#,
        ])
    }

    @Test func aFailedOptionalRecordIsNilAndReported() {
        let text = #"{"name": "T", "members": [], "lead": {"person_id": 9}}"#
        let result = CollectingJSONDecoder().decode(text: text, to: Team.self)
        #expect(result.value != nil)
        #expect(result.value?.lead == nil)
        #expect(result.errors.count == 2)
        #expect(result.errors.allSatisfy { $0.description.hasPrefix(#"root(Team) > "lead"(Person person_id=9) > "#) })
    }

    @Test func errorsComeInDocumentOrder() {
        let text = #"{"person_id": "x", "first_name": 1, "last_name": 2}"#
        let result = CollectingJSONDecoder().decode(text: text, to: Person.self)
        #expect(result.errors.map(\.error.path.pointer) == ["/person_id", "/first_name", "/last_name"])
    }

    @Test func numbersOutOfRangeAndStandardTypes() {
        let result = CollectingJSONDecoder().decode(text: "[1, 300, -1, 2.5, 7]", to: [UInt8].self)
        #expect(result.value == [1, 7])
        #expect(result.errors.map(\.description) == [
            "root([UInt8]) > [1](UInt8) : Value out of range: 300, which is out of its range",
            "root([UInt8]) > [2](UInt8) : Value out of range: -1, which is out of its range",
            "root([UInt8]) > [3](UInt8) : Value out of range: 2.5, which is not an integer",
        ])
        let map = CollectingJSONDecoder().decode(text: #"{"a": 1, "b": "2"}"#, to: [String: Int].self)
        #expect(map.value == ["a": 1])
        #expect(map.errors.map(\.description) == [#"root([String: Int]) > "b"(Int) : Unexpectedly found a string"#])
    }

    /// Every error knows its line and column, and can print them after the LastMile-format sentence.
    @Test func errorsHaveLineAndColumn() {
        let result = CollectingJSONDecoder().decode(text: "[1,\n \"x\", 3]", to: [Int].self)
        #expect(result.errors.first?.location?.line == 2)
        #expect(result.errors.first?.location?.column == 2)
        #expect(result.errors.first?.locatedDescription == "root([Int]) > [1](Int) : Unexpectedly found a string (line 2, column 2)")
    }

    /// The trail names the member of a `[String: T]` a record sits in, as it names an array's index.
    @Test func dictionaryMembersAppearInTheTrail() {
        let text = #"{"x": {"person_id": 1, "first_name": "A", "last_name": "B"}, "y": {"person_id": 2, "first_name": 5}}"#
        let result = CollectingJSONDecoder().decode(text: text, to: [String: Person].self)
        #expect(result.value?.keys.sorted() == ["x"])
        #expect(result.errors.map(\.description) == [
            #"root([String: Person]) > "y"(Person person_id=2) > "last_name"(String) : Required value is missing (a value for key "last_name")"#,
            #"root([String: Person]) > "y"(Person person_id=2) > "first_name"(String) : Unexpectedly found a number"#,
        ])
    }

    @Test func syntaxErrorsComeBackAsErrors() {
        let result = CollectingJSONDecoder().decode(text: "[1,", to: [Int].self)
        #expect(result.value == nil)
        #expect(result.errors.first?.description == "root : Unexpected end of input at line 1, column 4 (byte 3): expected a value.")
    }

    @Test func succeededTracksOnlyRequiredValues() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": "x"}"#)
        let context = JSONDecodingContext(mode: .collecting)
        let decoder = CollectingDecoder(document.root, context: context)
        #expect(decoder["b"] --> Int?.self == nil)
        #expect(decoder.succeeded)
        #expect(decoder["a"] --> Int.self == 1)
        #expect(decoder["c"] --> Int.self == nil)
        #expect(!decoder.succeeded)
        #expect(decoder.errors.count == 2)
    }

    @Test func strictStylesTreatRecordedErrorsAsFailures() throws {
        let root = try JSONDocument(parsing: Self.seed).root
        let error = #expect(throws: JSONDecodingError.self) { try Person.decode(root) }
        #expect(error?.path.pointer == "/height")
    }
}
