import Foundation
import Keel
import KeelOperators
import KeelTestSupport
import Testing

/// One model in all four styles and through the Codable bridge, decoded from the same documents: they agree
/// on success and on the decoded value. (A collecting decoder succeeds *strictly* when it built a value and
/// recorded no error.)
@Suite struct DifferentialDecodingTests {
    typealias Functional = Account.Functional
    typealias Results = Account.Results
    typealias Throwing = Account.Throwing
    typealias Collecting = Account.Collecting

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
        let outcomes = Account.decodeInEveryWay(try JSONDocument(parsing: text).root)
        #expect(outcomes.disagreements == [], "\(outcomes)")
        // The collecting decoders record an error wherever the strict ones fail.
        #expect(outcomes.throwing != nil || outcomes.collectingErrors > 0)
        #expect(outcomes.throwing != nil || outcomes.bridgedCollectingErrors > 0)
    }

    @Test func theValidDocumentDecodesInEveryStyle() throws {
        let root = try JSONDocument(parsing: Self.valid).root
        let expected = Account(id: 1, name: "Ada", email: "ada@x", tags: ["a", "b"], score: 9.5, role: .admin)
        #expect(try Functional.decode(root).dematerialize().account == expected)
        #expect(try Results(json: root).account == expected)
        #expect(try Throwing.decode(root).account == expected)
        #expect(CollectingJSONDecoder().decode(root, to: Collecting.self).value?.account == expected)
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
