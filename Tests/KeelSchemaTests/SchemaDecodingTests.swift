import Foundation
import Keel
import KeelSchema
import Testing

/// Validating and decoding in one call: one parse, schema failures in the shape of Keel's decoding errors,
/// and collecting mode reporting both kinds together.
@Suite struct SchemaDecodingTests {
    struct Person: Codable, Equatable {
        var name: String
        var age: Int
    }

    static let schema = try! JSONSchema(parsing: """
        {"type": "array", "items": {"type": "object", "properties": {"name": {"minLength": 1}, "age": {"minimum": 0}}}}
        """)

    @Test func aValidDocumentDecodes() throws {
        let people = try KeelDecoder().decode([Person].self, from: Array(#"[{"name": "Ann", "age": 30}]"#.utf8), validatingAgainst: Self.schema)
        #expect(people == [Person(name: "Ann", age: 30)])
    }

    @Test func schemaFailuresStopDecodingWithEveryFailureUnderneath() throws {
        let text = #"[{"name": "", "age": 30}, {"name": "Bo", "age": -1}]"#
        do {
            _ = try KeelDecoder().decode([Person].self, from: Array(text.utf8), validatingAgainst: Self.schema)
            Issue.record("decoded an invalid document")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
            #expect(context.codingPath.map(\.stringValue) == ["0", "name"])
            #expect(context.debugDescription.hasPrefix("The value does not match the schema: 2 failures"))
            let underlying = try #require(error.jsonDecodingError)
            #expect(underlying.kind == .multiple)
            #expect(underlying.errors.map(\.kind) == [.schemaViolation, .schemaViolation])
            #expect(underlying.errors.map(\.path.pointer) == ["/0/name", "/1/age"])
            #expect(underlying.errors[1].description
                        == "Schema violation at $[1].age (line 1, column 49): expected a number at least 0, found -1 (schema #/items/properties/age/minimum).")
        }
        // Text that is not JSON is the decoder's usual syntax error.
        #expect(throws: DecodingError.self) {
            try KeelDecoder().decode([Person].self, from: Array("[".utf8), validatingAgainst: Self.schema)
        }
    }

    @Test func collectingReportsSchemaAndDecodingFailuresTogetherInDocumentOrder() throws {
        let text = #"[{"name": "Ann", "age": "thirty"}, {"name": "", "age": 4}, {"name": "Cy", "age": 5}]"#
        let result = KeelDecoder().decodeCollecting([Person].self, from: Array(text.utf8), validatingAgainst: Self.schema)
        #expect(result.value == [Person(name: "", age: 4), Person(name: "Cy", age: 5)])
        #expect(result.errors.count == 2)
        #expect(result.errors.compactMap { $0.jsonDecodingError?.kind } == [.typeMismatch, .schemaViolation])
        #expect(result.errors.compactMap { $0.jsonDecodingError?.path.pointer } == ["/0/age", "/1/name"])
    }
}
