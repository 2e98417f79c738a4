import Foundation
import Keel
import KeelTestSupport
import Testing

/// `keel validate --schema` run as a user runs it: failures with file, line, column, pointer and keyword
/// path; exit statuses; records; references through `--schema-dir`; formats on request.
@Suite struct ValidateSchemaCommandTests {
    @Test func aValidFileIsOKAndEveryFailureIsLocated() throws {
        let valid = try Keel.run(["validate", "--schema", "Examples/people.schema.json", "Examples/people.json"])
        #expect(valid.status == 0)
        #expect(valid.output == "Examples/people.json: OK\n")

        let input = "{\"success\": true,\n \"people\": [{\"name\": \"Ann\", \"age\": -4, \"pet\": \"cat\"}, {\"age\": 2.5}]}"
        let invalid = try Keel.run(["validate", "--schema", "Examples/people.schema.json", "-"], input: input)
        #expect(invalid.status == 1)
        #expect(invalid.output.isEmpty)
        let lines = invalid.error.split(separator: "\n").map(String.init)
        #expect(lines == [
            "<stdin>:2:36: expected a number at least 0, found -4 (at /people/0/age, schema #/properties/people/items/$ref/properties/age/minimum)",
            "<stdin>:2:13: expected no property beyond those the schema lists, found \"pet\" (at /people/0, schema #/properties/people/items/$ref/additionalProperties)",
            "<stdin>:2:55: missing the required property \"name\" (at /people/1, schema #/properties/people/items/$ref/required)",
            "<stdin>:2:63: expected integer, found a number 2.5 (at /people/1/age, schema #/properties/people/items/$ref/properties/age/type)",
        ])
    }

    @Test func anyInvalidFileMakesTheStatusOneAndSyntaxErrorsStaySyntaxErrors() throws {
        let run = try Keel.run(["validate", "--schema", "Examples/people.schema.json", "Examples/people.json", "Examples/invalid.json"])
        #expect(run.status == 1)
        #expect(run.output == "Examples/people.json: OK\n")
        #expect(run.error.hasPrefix("Examples/invalid.json:3:28: "), "\(run.error)")
        #expect(try Keel.run(["validate", "--schema", "Examples/people.schema.json", "Examples/missing.json"]).status == 2)
    }

    @Test func eachRecordIsValidatedAndReportedByRecord() throws {
        let input = "{\"success\":true,\"people\":[]}\n{\"people\":[]}\n{\"success\":false,\"people\":[{\"name\":\"\",\"age\":1}]}\n"
        let run = try Keel.run(["validate", "--lines", "--schema", "Examples/people.schema.json", "-"], input: input)
        #expect(run.status == 1)
        #expect(run.error.contains("<stdin>:2:1: record 2: missing the required property \"success\" (at the root, schema #/required)"), "\(run.error)")
        #expect(run.error.contains("<stdin>:3:36: record 3: expected at least 1 characters, found 0 (at /people/0/name, schema #/properties/people/items/$ref/properties/name/minLength)"), "\(run.error)")
        #expect(run.error.hasSuffix("<stdin>: 2 of 3 records do not match the schema\n"), "\(run.error)")
        let good = try Keel.run(["validate", "--lines", "--schema", "Examples/people.schema.json", "-"], input: "{\"success\":true,\"people\":[]}\n")
        #expect(good.status == 0)
        #expect(good.output == "<stdin>: OK (1 record)\n")
    }

    @Test func referencesToOtherFilesResolveThroughSchemaDir() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-schemas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("defs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"$ref": "defs/age.json"}"#.write(to: folder.appendingPathComponent("main.json"), atomically: true, encoding: .utf8)
        try #"{"type": "integer", "minimum": 0}"#.write(to: folder.appendingPathComponent("defs/age.json"), atomically: true, encoding: .utf8)
        try #"{"$id": "https://example.com/name", "type": "string"}"#.write(to: folder.appendingPathComponent("defs/name.json"), atomically: true, encoding: .utf8)
        let main = folder.appendingPathComponent("main.json").path

        let missing = try Keel.run(["validate", "--schema", main, "-"], input: "3")
        #expect(missing.status == 64)
        #expect(missing.error.contains("the reference file://\(folder.path)/defs/age.json names no schema"), "\(missing.error)")
        #expect(missing.error.contains("--schema-dir"))

        let found = try Keel.run(["validate", "--schema", main, "--schema-dir", folder.path, "-"], input: "-3")
        #expect(found.status == 1)
        #expect(found.error.contains("expected a number at least 0, found -3"), "\(found.error)")

        let byID = folder.appendingPathComponent("by-id.json")
        try #"{"$ref": "https://example.com/name"}"#.write(to: byID, atomically: true, encoding: .utf8)
        #expect(try Keel.run(["validate", "--schema", byID.path, "--schema-dir", folder.path, "-"], input: "\"x\"").status == 0)
        #expect(try Keel.run(["validate", "--schema", byID.path, "--schema-dir", folder.path, "-"], input: "1").status == 1)
    }

    @Test func formatsAreCheckedOnRequest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-format-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"format": "date-time"}"#.write(to: folder, atomically: true, encoding: .utf8)
        #expect(try Keel.run(["validate", "--schema", folder.path, "-"], input: "\"yesterday\"").status == 0)
        let asserted = try Keel.run(["validate", "--assert-formats", "--schema", folder.path, "-"], input: "\"yesterday\"")
        #expect(asserted.status == 1)
        #expect(asserted.error.contains("expected a string in the date-time format"), "\(asserted.error)")
        #expect(try Keel.run(["validate", "--assert-formats", "--schema", folder.path, "-"], input: "\"2026-11-25T19:00:00Z\"").status == 0)
    }

    @Test func aSchemaThatDoesNotCompileIsAUsageError() throws {
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("keel-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: schema) }
        try #"{"minimum": "3"}"#.write(to: schema, atomically: true, encoding: .utf8)
        let run = try Keel.run(["validate", "--schema", schema.path, "Examples/people.json"])
        #expect(run.status == 64)
        #expect(run.error.contains("minimum must be a number, not a string"), "\(run.error)")
        #expect(run.output.isEmpty)
        try "{".write(to: schema, atomically: true, encoding: .utf8)
        #expect(try Keel.run(["validate", "--schema", schema.path, "Examples/people.json"]).status == 64)
    }
}
