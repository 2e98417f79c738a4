import Keel
import KeelOperators
import Testing

/// The throwing-operator style, after Decodable (`003_fee628676c9a96eb.txt`).
@Suite struct ThrowingStyleTests {
    struct User: ThrowingJSONDecodable, Equatable {
        let id: Int
        let login: String
        static func decode(_ j: JSONView) throws -> User { try User(id: j => "id", login: j => "login") }
    }

    /// Not decodable itself: built from a decoded string, as in the seed.
    struct Branch: Equatable { let name: String }

    struct Repository: ThrowingJSONDecodable, Equatable {
        let name: String
        let description: String
        let stargazersCount: Int
        let language: String?
        let owner: User
        let defaultBranch: Branch
        var fullName: String { "\(owner.login)/\(name)" }

        static func decode(_ j: JSONView) throws -> Repository {
            try Repository(
                name: j => "name",
                description: j => "description",
                stargazersCount: j => "stargazers_count",
                language: j => "language",
                owner: j => "owner",
                defaultBranch: Branch(name: j => "default_branch")
            )
        }
    }

    static let repository = """
        {"name": "Decodable", "description": "Object mapping", "stargazers_count": 1500, "language": "Swift",
         "owner": {"id": 1, "login": "anviking"}, "default_branch": "master"}
        """

    func root(_ text: String) throws -> JSONView { try JSONDocument(parsing: text).root }

    // MARK: The seed's examples

    @Test func theRepositoryExample() throws {
        let repository = try Repository.decode(root(Self.repository))
        #expect(repository == Repository(name: "Decodable", description: "Object mapping", stargazersCount: 1500,
                                         language: "Swift", owner: User(id: 1, login: "anviking"),
                                         defaultBranch: Branch(name: "master")))
        #expect(repository.fullName == "anviking/Decodable")
    }

    @Test func chainedKeysAndTheMissingKeyMessage() throws {
        let dict = try JSONDocument(["object": ["repo": ["owner": ["id": 1, "login": "anviking"]]]]).root
        let login: String = try dict => "object" => "repo" => "owner" => "login"
        #expect(login == "anviking")
        do {
            let username: String = try dict => "object" => "repo" => "owner" => "lllloogon"
            Issue.record("decoded \(username)")
        } catch {
            #expect(error.kind == .missingKey)
            #expect(error.path.pointer == "/object/repo/owner/lllloogon")
            // A tree has no source text of its own: the message names the path and the object, no line.
            #expect(error.description == #"Missing key "lllloogon" in the object at $.object.repo.owner: {"id":1,"login":"anviking"}."#)
            #expect(error.location == nil)
        }
    }

    @Test func lossyArraysDropTheFailingElements() throws {
        let j = try root(#"{"users": [{"id": 1, "login": "a"}, {"id": "2", "login": "b"}, {"id": 3, "login": "c"}]}"#)
        let users: [User] = try j =>? "users"
        #expect(users.map(\.id) == [1, 3])
        // The strict operator fails on the same array.
        #expect(throws: JSONDecodingError.self) { let _: [User] = try j => "users" }
    }

    // MARK: Behaviours

    @Test func optionalsAreNilWhenMissingOrNullButNotWhenWrong() throws {
        let j = try root(#"{"a": null, "n": 5, "s": "x"}"#)
        let missing: String? = try j => "missing"
        let null: String? = try j => "a"
        let present: Int? = try j => "n"
        #expect(missing == nil && null == nil && present == 5)
        #expect(throws: JSONDecodingError.self) { let _: String? = try j => "n" }
        #expect(throws: JSONDecodingError.self) { let _: String = try j => "a" }
        let chained: Int? = try j => "missing"
        #expect(chained == nil)
    }

    @Test func nestedModelsReportTheirPath() throws {
        let broken = Self.repository.replacingOccurrences(of: #""login": "anviking""#, with: #""login": 7"#)
        let error = #expect(throws: JSONDecodingError.self) { try Repository.decode(root(broken)) }
        #expect(error?.path.pointer == "/owner/login")
        #expect(error?.description == "Expected a String at $.owner.login (line 2, column 30) but found a number: 7.")
    }

    @Test func typeMismatchMessages() throws {
        let j = try root(#"{"count": "12", "flag": 1, "list": {"a": 1}}"#)
        let count = #expect(throws: JSONDecodingError.self) { let _: Int = try j => "count" }
        #expect(count?.description == #"Expected an Int at $.count (line 1, column 11) but found a string: "12"."#)
        let flag = #expect(throws: JSONDecodingError.self) { let _: Bool = try j => "flag" }
        #expect(flag?.found == "a number: 1")
        let list = #expect(throws: JSONDecodingError.self) { let _: [Int] = try j => "list" }
        #expect(list?.expected == "an array of Int")
        let step = #expect(throws: JSONDecodingError.self) { let _: Int = try j => "count" => "deeper" }
        #expect(step?.expected == #"an object with key "deeper""#)
    }

    @Test func numbersAtTheirLimits() throws {
        let j = try root(#"{"big": 18446744073709551615, "neg": -9223372036854775808, "half": 0.5}"#)
        let big: UInt64 = try j => "big"
        let neg: Int64 = try j => "neg"
        #expect(big == .max && neg == .min)
        #expect(throws: JSONDecodingError.self) { let _: Int = try j => "big" }
        #expect(throws: JSONDecodingError.self) { let _: Int = try j => "half" }
        let half: Double = try j => "half"
        #expect(half == 0.5)
    }

    @Test func lossyArraysStillRequireAnArray() throws {
        let j = try root(#"{"a": null, "b": 3, "c": []}"#)
        #expect(throws: JSONDecodingError.self) { let _: [Int] = try j =>? "a" }
        #expect(throws: JSONDecodingError.self) { let _: [Int] = try j =>? "b" }
        #expect(throws: JSONDecodingError.self) { let _: [Int] = try j =>? "missing" }
        let empty: [Int] = try j =>? "c"
        #expect(empty.isEmpty)
    }

    struct Thrower: ThrowingJSONDecodable {
        struct Oops: Error {}
        static func decode(_ j: JSONView) throws -> Thrower { throw Oops() }
    }

    @Test func foreignErrorsBecomeCustomErrors() throws {
        let error = #expect(throws: JSONDecodingError.self) { let _: Thrower = try root(#"{"t": 1}"#) => "t" }
        #expect(error?.kind == .custom)
        #expect(error?.path.pointer == "/t")
    }

    @Test func namedMethodsEqualTheOperators() throws {
        let j = try root(Self.repository)
        let name: String = try j => "name"
        #expect(try j.decode(String.self, forKey: "name") == name)
        let language: String? = try j => "language"
        #expect(try j.decodeIfPresent(String.self, forKey: "language") == language)
        #expect(try j.requiredMember("owner").decode(Int.self, forKey: "id") == 1)
    }
}
