import Keel
import KeelOperators
import Testing

/// The functional style, after Argo (`000_cde3b02f46953644.txt`, early era `001_6cf25d33cc9cdeec.txt`).
@Suite struct FunctionalStyleTests {
    struct User: FunctionalJSONDecodable, Equatable {
        let id: Int
        let name: String
        let email: String?

        static func decode(_ json: JSONView) -> Decoded<User> {
            curry(User.init)
                <^> json <| "id"
                <*> json <| "name"
                <*> json <|? "email"
        }
    }

    /// The early era's curried creation function, without `curry`.
    struct EarlyUser: FunctionalJSONDecodable, Equatable {
        let id: Int
        let name: String
        static func create(id: Int) -> (String) -> EarlyUser { { name in EarlyUser(id: id, name: name) } }
        static func decode(_ j: JSONView) -> Decoded<EarlyUser> {
            EarlyUser.create <^> j <| "id" <*> j <| "name"
        }
    }

    /// The early era's enum decoded from its raw string, here by declaring conformance alone.
    enum RoleType: String, JSONDecodable { case admin = "Admin", user = "User" }

    struct Post: FunctionalJSONDecodable, Equatable {
        let title: String
        let city: String
        let role: RoleType
        let authors: [User]
        let tags: [String]?

        static func decode(_ json: JSONView) -> Decoded<Post> {
            curry(Post.init)
                <^> json <| "title"
                <*> json <| ["location", "city"]
                <*> json <| "role"
                <*> json <|| "authors"
                <*> json <||? "tags"
        }
    }

    func root(_ text: String) throws -> JSONView { try JSONDecodingFixtures.root(text) }

    // MARK: The seeds' examples

    @Test func decodeChoosesOptionalOrDecodedByReturnType() throws {
        let j = try root(#"{"id": 1, "name": "Ada"}"#)
        let user: User? = decode(j)
        let decodedUser: Decoded<User> = decode(j)
        #expect(user == User(id: 1, name: "Ada", email: nil))
        #expect(decodedUser == .success(User(id: 1, name: "Ada", email: nil)))
        let broken = try root(#"{"id": 1}"#)
        let none: User? = decode(broken)
        #expect(none == nil)
        let failure: Decoded<User> = decode(broken)
        #expect(failure.error?.kind == .missingKey)
    }

    @Test func theEarlyEraCreateFunctionAndRoleType() throws {
        let user: EarlyUser? = decode(try root(#"{"id": 2, "name": "Bo"}"#))
        #expect(user == EarlyUser(id: 2, name: "Bo"))
        #expect(try RoleType.decode(root(#""Admin""#)) == .admin)
        let role: RoleType? = decode(try root(#""Root""#))
        #expect(role == nil)
    }

    @Test func nestedKeyPathsArraysAndOptionalArrays() throws {
        let text = #"{"title": "T", "location": {"city": "Oslo"}, "role": "User", "authors": [{"id": 1, "name": "A", "email": "a@x"}]}"#
        let post: Decoded<Post> = decode(try root(text))
        #expect(post == .success(Post(title: "T", city: "Oslo", role: .user,
                                      authors: [User(id: 1, name: "A", email: "a@x")], tags: nil)))
    }

    @Test func typeMismatchAndMissingKeyFailures() throws {
        let mismatch: Decoded<User> = decode(try root(#"{"id": "1", "name": "Ada"}"#))
        #expect(mismatch.error?.kind == .typeMismatch)
        #expect(mismatch.error?.expected == "an Int")
        #expect(mismatch.error?.found == #"a string: "1""#)
        #expect(mismatch.error?.description == #"Expected an Int at $.id (line 1, column 8) but found a string: "1"."#)
        let missing: Decoded<User> = decode(try root(#"{"id": 1}"#))
        #expect(missing.error?.description == #"Missing key "name" in the object at $ (line 1, column 1): {"id":1}."#)
    }

    // MARK: Behaviours

    @Test func independentFailuresAreAllReported() throws {
        let both: Decoded<User> = decode(try root(#"{"id": "x", "email": 5}"#))
        let error = try #require(both.error)
        #expect(error.kind == .multiple)
        #expect(error.errors.map(\.kind) == [.missingKey, .typeMismatch, .typeMismatch])
        #expect(error.errors.map(\.path.pointer) == ["/name", "/id", "/email"])
        #expect(error.description == #"3 errors: Missing key "name" in the object at $ (line 1, column 1): {"id":"x","email":5}; Expected an Int at $.id (line 1, column 8) but found a string: "x"; Expected a String at $.email (line 1, column 22) but found a number: 5."#)
    }

    @Test func optionalOperatorsTreatMissingAndNullAsNil() throws {
        let null: Decoded<Int?> = try root(#"{"a": null}"#) <|? "a"
        let missing: Decoded<Int?> = try root(#"{}"#) <|? "a"
        let nestedNull: Decoded<Int?> = try root(#"{"a": {"b": null}}"#) <|? ["a", "b"]
        let present: Decoded<Int?> = try root(#"{"a": 4}"#) <|? "a"
        #expect(null == .success(nil) && missing == .success(nil) && nestedNull == .success(nil))
        #expect(present == .success(4))
        // Present with the wrong type: a failure, not nil.
        let wrong: Decoded<Int?> = try root(#"{"a": "4"}"#) <|? "a"
        #expect(wrong.error?.kind == .typeMismatch)
        let missingArray: Decoded<[Int]?> = try root("{}") <||? "a"
        #expect(missingArray == .success(nil))
    }

    @Test func requiredOperatorsRejectNull() throws {
        let null: Decoded<Int> = try root(#"{"a": null}"#) <| "a"
        #expect(null.error?.description == "Expected an Int at $.a (line 1, column 7) but found null.")
    }

    @Test func arraysFailOnTheirFirstBadElement() throws {
        let bad: Decoded<[Int]> = try root(#"{"a": [1, 2, "3"]}"#) <|| "a"
        #expect(bad.error?.path.pointer == "/a/2")
        #expect(bad.error?.location?.column == 14)
    }

    @Test func nestedPathsNameTheFullPath() throws {
        let missing: Decoded<String> = try root(#"{"location": {"town": "x"}}"#) <| ["location", "city"]
        #expect(missing.error?.path.pointer == "/location/city")
        let notObject: Decoded<String> = try root(#"{"location": "x"}"#) <| ["location", "city"]
        #expect(notObject.error?.kind == .typeMismatch)
    }

    @Test func alternativesAndFlatMap() throws {
        let j = try root(#"{"nick": "ada", "count": "3"}"#)
        let name: Decoded<String> = j <| "name" <|> j <| "nick"
        #expect(name == .success("ada"))
        let countText: Decoded<String> = j <| "count"
        let count: Decoded<Int> = countText >>- { Decoded.fromOptional(Int($0)) }
        #expect(count == .success(3))
        let none: Decoded<Int> = Decoded<String>.success("x") >>- { Decoded.fromOptional(Int($0)) }
        #expect(none.error?.kind == .custom)
        #expect(none.error?.expected == "Expected a Int but found nil")
    }

    @Test func rootKeyValueErrorAndDematerialize() throws {
        let j = try root(#"{"user": {"id": 1, "name": "Ada"}}"#)
        let user: Decoded<User> = decode(j, rootKey: "user")
        #expect(user.value == User(id: 1, name: "Ada", email: nil))
        #expect(user.error == nil)
        let optional: User? = decode(j, rootKey: "user")
        #expect(optional != nil)
        let missing: Decoded<User> = decode(j, rootKey: "admin")
        #expect(throws: JSONDecodingError.self) { try missing.dematerialize() }
        #expect(missing.value == nil)
    }

    @Test func numbersAtTheirLimits() throws {
        let tooBig: Decoded<Int8> = try root(#"{"n": 128}"#) <| "n"
        #expect(tooBig.error?.description == "Expected an Int8 at $.n (line 1, column 7) but found 128, which is out of its range.")
        let exact: Decoded<Int8> = try root(#"{"n": -1.28e2}"#) <| "n"
        #expect(exact == .success(-128))
        let unsigned: Decoded<UInt> = try root(#"{"n": -1}"#) <| "n"
        #expect(unsigned.error?.kind == .valueOutOfRange)
    }

    @Test func unknownRawValuesFail() throws {
        let post: Decoded<Post> = decode(try root(#"{"title": "T", "location": {"city": "C"}, "role": "Root", "authors": []}"#))
        #expect(post.error?.kind == .unknownRawValue)
        #expect(post.error?.path.pointer == "/role")
    }

    struct Twenty: Equatable {
        let values: [Int]
        init(_ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int, _ a8: Int, _ a9: Int,
             _ a10: Int, _ a11: Int, _ a12: Int, _ a13: Int, _ a14: Int, _ a15: Int, _ a16: Int, _ a17: Int,
             _ a18: Int, _ a19: Int, _ a20: Int) {
            values = [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20]
        }
    }

    @Test func curryTakesTwentyArguments() throws {
        let j = try root("{" + (1...20).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
        let f = Decoded.success(curry(Twenty.init))
        let a: Decoded<Twenty> = f.apply(j.decoded(at: "k1")).apply(j.decoded(at: "k2")).apply(j.decoded(at: "k3"))
            .apply(j.decoded(at: "k4")).apply(j.decoded(at: "k5")).apply(j.decoded(at: "k6")).apply(j.decoded(at: "k7"))
            .apply(j.decoded(at: "k8")).apply(j.decoded(at: "k9")).apply(j.decoded(at: "k10")).apply(j.decoded(at: "k11"))
            .apply(j.decoded(at: "k12")).apply(j.decoded(at: "k13")).apply(j.decoded(at: "k14")).apply(j.decoded(at: "k15"))
            .apply(j.decoded(at: "k16")).apply(j.decoded(at: "k17")).apply(j.decoded(at: "k18")).apply(j.decoded(at: "k19"))
            .apply(j.decoded(at: "k20"))
        #expect(a.value?.values == Array(1...20))
    }

    @Test func namedFunctionsEqualTheOperators() throws {
        let j = try root(#"{"id": 1, "name": "Ada", "email": "a@x"}"#)
        let named = Decoded.success(curry(User.init)).apply(j.decoded(at: "id")).apply(j.decoded(at: "name"))
            .apply(j.decodedIfPresent(at: "email"))
        #expect(named == User.decode(j))
    }
}

/// Shared helpers for the decoding tests.
enum JSONDecodingFixtures {
    static func root(_ text: String) throws -> JSONView { try JSONDocument(parsing: text).root }
}
