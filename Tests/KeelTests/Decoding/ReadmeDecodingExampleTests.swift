import Keel
import KeelOperators
import Testing

/// The README's decoding section, as written: the same model in each style, and the errors it prints.
@Suite struct ReadmeDecodingExampleTests {
    struct User: Equatable { let id: Int; let name: String; let email: String? }

    struct UserR: JSONInitializable {
        let id: Int, name: String, email: String?
        init(json: JSONView) throws {
            id = try json.getInt(at: "id")
            name = try json.getString(at: "name")
            email = try json.getString(at: "email", alongPath: [.missingKeyBecomesNil, .nullBecomesNil])
        }
    }

    struct UserT: ThrowingJSONDecodable {
        let id: Int, name: String, email: String?
        static func decode(_ j: JSONView) throws -> UserT { try UserT(id: j => "id", name: j => "name", email: j => "email") }
    }

    struct UserC: CollectingJSONDecodable {
        let id: Int, name: String, email: String?
        init?(from d: CollectingDecoder) {
            let id = d["id"] --> Int.self, name = d["name"] --> String.self
            email = d["email"] --> String?.self
            guard d.succeeded, let id, let name else { return nil }
            (self.id, self.name) = (id, name)
        }
    }

    static let text = #"[{"id": 1, "name": "Ada", "email": null}, {"id": "2", "name": "Bo"}]"#

    @Test func everyStyleDecodesTheGoodRecordAndReportsTheBadOne() throws {
        let document = try JSONDocument(parsing: Self.text)
        let good = try #require(document.root.element(at: 0))
        let user: Decoded<User> = decode(good)
        #expect(user.value == User(id: 1, name: "Ada", email: nil))
        #expect(try UserR(json: good).name == "Ada")
        #expect(try UserT.decode(good).id == 1)

        let error = #expect(throws: JSONDecodingError.self) { try [UserT].decode(document.root) }
        #expect(error?.description == #"Expected an Int at $[1].id (line 1, column 50) but found a string: "2"."#)

        let collected = CollectingJSONDecoder().decode([UserC].self, from: Self.text)
        #expect(collected.value?.map(\.name) == ["Ada"])
        #expect(collected.errors.map(\.description) == [#"root([UserC]) > [1](UserC) > "id"(Int) : Unexpectedly found a string"#])
    }
}

extension ReadmeDecodingExampleTests.User: FunctionalJSONDecodable {
    static func decode(_ j: JSONView) -> Decoded<ReadmeDecodingExampleTests.User> {
        curry(ReadmeDecodingExampleTests.User.init) <^> j <| "id" <*> j <| "name" <*> j <|? "email"
    }
}
