import Foundation
import Keel
import KeelTestSupport
import Testing

/// Every field of a model, in turn, holding a value of every other kind: each style and the bridge fail
/// with a typed error naming that field's path, and the collecting decoders report it (never a crash, never
/// a value made up).
@Suite struct TypeConfusionTests {
    /// The account document with the value at `path` replaced by `replacement`.
    static func document(replacing path: JSONPath, with replacement: JSON) throws -> JSON {
        let json = try JSON(parsing: #"{"id": 1, "name": "Ada", "email": "ada@x", "tags": ["a", "b"], "score": 9.5, "meta": {"role": "admin"}}"#)
        return replacing(json, at: path.components[...], with: replacement)
    }

    static func replacing(_ json: JSON, at path: ArraySlice<JSONPath.Component>, with replacement: JSON) -> JSON {
        guard let first = path.first else { return replacement }
        switch (json, first) {
        case (.object(var object), .key(let key)):
            object[key] = replacing(object[key] ?? nil, at: path.dropFirst(), with: replacement)
            return .object(object)
        case (.array(var array), .index(let index)):
            array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
            return .array(array)
        default:
            return json
        }
    }

    static let fields: [(path: JSONPath, accepts: [JSONKind])] = [
        (["id"], [.number]), (["name"], [.string]), (["email"], [.string, .null]), (["tags"], [.array]),
        (["tags", 1], [.string]), (["score"], [.number]), (["meta"], [.object]), (["meta", "role"], []),
    ]

    static let intruders: [JSON] = ["text", 7, 2.5, true, nil, [1, "x"], ["role": "admin"]]

    @Test func everyFieldWithEveryWrongKind() throws {
        var cases = 0
        for (path, accepts) in Self.fields {
            for intruder in Self.intruders where !accepts.contains(intruder.kind) {
                cases += 1
                let json = try Self.document(replacing: path, with: intruder)
                let root = try JSONDocument(parsing: json.jsonBytes()).root  // parsed text, so errors have a line and column
                let outcomes = Account.decodeInEveryWay(root)
                #expect(outcomes.throwing == nil, "\(path) = \(intruder)")
                #expect(outcomes.disagreements == [], "\(path) = \(intruder): \(outcomes)")
                // The strict styles name the field (an array element failing names the element).
                do {
                    _ = try Account.Throwing.decode(root)
                } catch let error as JSONDecodingError {
                    #expect(error.path == path, "\(path) = \(intruder): \(error)")
                    #expect(error.location != nil)
                }
                do {
                    _ = try KeelDecoder().decode(Account.Bridged.self, from: root)
                } catch let error as DecodingError {
                    #expect(error.jsonDecodingError?.path == path, "bridge: \(path) = \(intruder): \(error)")
                }
                // The collecting decoders record the error at the field.
                let styleResult = CollectingJSONDecoder().decode(root, to: Account.Collecting.self)
                #expect(styleResult.errors.contains { $0.error.path == path }, "collecting: \(path) = \(intruder)")
                let collected = KeelDecoder().decodeCollecting(Account.Bridged.self, from: root)
                #expect(collected.errors.contains { $0.jsonDecodingError?.path == path }, "bridge collecting: \(path) = \(intruder)")
            }
        }
        #expect(cases == 46)
    }

    /// In collecting mode a wrong element is left out and a wrong optional becomes nil: the partial value
    /// comes back with every error, in document order.
    @Test func collectingGivesThePartialValueAndEveryError() throws {
        let json = Self.replacing(try Self.document(replacing: ["tags", 1], with: 5), at: ["email"], with: 42)
        let root = try JSONDocument(parsing: json.jsonBytes()).root  // parsed text, so errors have a line and column
        let styleResult = CollectingJSONDecoder().decode(root, to: [String: JSON].self)
        #expect(styleResult.errors.isEmpty)

        struct Lenient: Decodable, Equatable { let name: String; let email: String?; let tags: [String] }
        let collected = KeelDecoder().decodeCollecting(Lenient.self, from: root)
        #expect(collected.value == Lenient(name: "Ada", email: nil, tags: ["a"]))
        #expect(collected.errors.compactMap { $0.jsonDecodingError?.path } == [["email"], ["tags", 1]])
    }
}
