import Foundation
import Keel
import KeelOperators
import Testing

/// One model in all four styles and through the Codable bridge, decoded from the same documents: they agree
/// on success and on the decoded value. (A collecting decoder succeeds *strictly* when it built a value and
/// recorded no error.)
@Suite struct DifferentialDecodingTests {
    struct Account: Equatable {
        let id: Int
        let name: String
        let email: String?
        let tags: [String]
        let score: Double
        let role: Role
    }

    enum Role: String, JSONDecodable, Decodable { case admin, member }

    /// The same model as a Codable type, for ``KeelDecoder``.
    struct Bridged: Decodable {
        let account: Account
        private struct Meta: Decodable { let role: Role }
        private enum CodingKeys: String, CodingKey { case id, name, email, tags, score, meta }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            account = Account(
                id: try c.decode(Int.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                email: try c.decodeIfPresent(String.self, forKey: .email), tags: try c.decode([String].self, forKey: .tags),
                score: try c.decode(Double.self, forKey: .score), role: try c.decode(Meta.self, forKey: .meta).role)
        }
    }

    struct Functional: FunctionalJSONDecodable {
        let account: Account
        static func decode(_ j: JSONView) -> Decoded<Functional> {
            let make = curry(Account.init)
                <^> j <| "id"
                <*> j <| "name"
                <*> j <|? "email"
                <*> j <|| "tags"
                <*> j <| "score"
                <*> j <| ["meta", "role"]
            return make.map(Functional.init)
        }
    }

    struct Results: JSONInitializable {
        let account: Account
        init(json: JSONView) throws {
            account = Account(
                id: try json.getInt(at: "id"),
                name: try json.getString(at: "name"),
                email: try json.getString(at: "email", alongPath: [.missingKeyBecomesNil, .nullBecomesNil]),
                tags: try json.decode(at: "tags", type: [String].self),
                score: try json.getDouble(at: "score"),
                role: try json.decode(at: "meta", "role", type: Role.self))
        }
    }

    struct Throwing: ThrowingJSONDecodable {
        let account: Account
        static func decode(_ j: JSONView) throws -> Throwing {
            Throwing(account: try Account(id: j => "id", name: j => "name", email: j => "email", tags: j => "tags",
                                          score: j => "score", role: j => "meta" => "role"))
        }
    }

    struct Salvaged: SalvagingJSONDecodable {
        let account: Account
        init?(from d: SalvagingDecoder) {
            let id = d["id"] --> Int.self
            let name = d["name"] --> String.self
            let email = d["email"] --> String?.self
            let tags = d["tags"] --> [String].self
            let score = d["score"] --> Double.self
            let role = d["meta"]["role"] --> Role.self
            guard d.succeeded, let id, let name, let tags, let score, let role else { return nil }
            account = Account(id: id, name: name, email: email, tags: tags, score: score, role: role)
        }
    }

    static let valid = #"{"id": 1, "name": "Ada", "email": "ada@x", "tags": ["a", "b"], "score": 9.5, "meta": {"role": "admin"}}"#

    static let documents: [String] = [
        valid,
        #"{"id": 1, "name": "Ada", "tags": [], "score": 0, "meta": {"role": "member"}}"#,
        #"{"id": 1, "name": "Ada", "email": null, "tags": [], "score": -1e-3, "meta": {"role": "member"}}"#,
        #"{"id": 1.0, "name": "Ada", "tags": ["x"], "score": 1e2, "meta": {"role": "member"}, "extra": [1, 2]}"#,
        #"{"id": 1, "id": 2, "name": "Ada", "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        // Broken in one place each.
        #"{"name": "Ada", "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": null, "name": "Ada", "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": "1", "name": "Ada", "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": 1.5, "name": "Ada", "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": 1, "name": "Ada", "email": 5, "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": 1, "name": "Ada", "tags": ["a", 2], "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": 1, "name": "Ada", "tags": null, "score": 1, "meta": {"role": "admin"}}"#,
        #"{"id": 1, "name": "Ada", "tags": [], "score": 1e400, "meta": {"role": "admin"}}"#,
        #"{"id": 1, "name": "Ada", "tags": [], "score": 1, "meta": {"role": "root"}}"#,
        #"{"id": 1, "name": "Ada", "tags": [], "score": 1, "meta": null}"#,
        #"{"id": 1, "name": "Ada", "tags": [], "score": 1, "meta": {}}"#,
        #"{"id": 99999999999999999999, "name": "Ada", "tags": [], "score": 1, "meta": {"role": "admin"}}"#,
        #"[1, 2]"#,
        #"null"#,
    ]

    @Test(arguments: documents)
    func theFourStylesAgree(_ text: String) throws {
        let root = try JSONDocument(parsing: text).root
        let functional = try? Functional.decode(root).dematerialize().account
        let results = try? Results(json: root).account
        let throwing = try? Throwing.decode(root).account
        let salvaged = SalvagingJSONDecoder().decode(root, to: Salvaged.self)
        let collecting = salvaged.errors.isEmpty ? salvaged.value?.account : nil
        #expect(functional == results, "functional vs results")
        #expect(results == throwing, "results vs throwing")
        #expect(throwing == collecting, "throwing vs collecting")
        let bridged = try? KeelDecoder().decode(Bridged.self, from: root).account
        let bridgedCollecting = KeelDecoder().decodeCollecting(Bridged.self, from: root)
        #expect(throwing == bridged, "throwing vs the Codable bridge")
        #expect(bridged == (bridgedCollecting.errors.isEmpty ? bridgedCollecting.value?.account : nil), "the bridge, collecting")
        // Every style reaches the same value through the core protocol as well.
        #expect((try? Throwing.decode(root, in: JSONDecodingContext()).account) == throwing)
    }

    @Test func theValidDocumentDecodesInEveryStyle() throws {
        let root = try JSONDocument(parsing: Self.valid).root
        let expected = Account(id: 1, name: "Ada", email: "ada@x", tags: ["a", "b"], score: 9.5, role: .admin)
        #expect(try Functional.decode(root).dematerialize().account == expected)
        #expect(try Results(json: root).account == expected)
        #expect(try Throwing.decode(root).account == expected)
        #expect(SalvagingJSONDecoder().decode(root, to: Salvaged.self).value?.account == expected)
    }

    /// Where exactly one thing is wrong, the strict styles name the same path.
    @Test func strictStylesNameTheSamePath() throws {
        for text in Self.documents.dropFirst(5).dropLast(2) {
            let root = try JSONDocument(parsing: text).root
            let functional = Functional.decode(root).error
            let throwing = #expect(throws: JSONDecodingError.self) { try Throwing.decode(root) }
            let results = #expect(throws: JSONDecodingError.self) { try Results(json: root) }
            #expect(functional?.path == throwing?.path, "\(text)")
            #expect(results?.path == throwing?.path, "\(text)")
        }
    }
}
