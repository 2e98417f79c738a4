import Foundation
import KeelTestSupport
import Testing

/// `keel format` and `keel get`, run as a user runs them.
@Suite struct FormatAndGetCommandTests {
    @Test func formatPrettyPrintsByDefaultAndKeepsLiterals() throws {
        let run = try Keel.run(["format"], input: #"{"a": [1, 2.50, "\u00e9"], "b": {}}"#)
        #expect(run.status == 0)
        #expect(run.output == "{\n  \"a\": [\n    1,\n    2.50,\n    \"\\u00e9\"\n  ],\n  \"b\": {}\n}\n")
    }

    @Test func formatCompactSortedAndIndented() throws {
        let compact = try Keel.run(["format", "--compact", "--sort-keys"], input: #"{"b": 1, "a": [1, 2]}"#)
        #expect(compact.output == "{\"a\":[1,2],\"b\":1}\n")
        let four = try Keel.run(["format", "--indent", "4"], input: "[1]")
        #expect(four.output == "[\n    1\n]\n")
    }

    @Test func formatJqStyleFlagsTabsAndColour() throws {
        #expect(try Keel.run(["format", "-c", "-S"], input: #"{"b": 1, "a": [1, 2]}"#).output == "{\"a\":[1,2],\"b\":1}\n")
        #expect(try Keel.run(["format", "--tab"], input: #"{"a": [1]}"#).output == "{\n\t\"a\": [\n\t\t1\n\t]\n}\n")
        // Into a pipe there is no colour unless asked for.
        #expect(try Keel.run(["format", "-c"], input: "[1]").output == "[1]\n")
        let key = "\u{1B}[1;34m", string = "\u{1B}[32m", number = "\u{1B}[36m", literal = "\u{1B}[33m"
        let null = "\u{1B}[90m", reset = "\u{1B}[0m"
        let coloured = try Keel.run(["format", "-c", "--color"], input: #"{"a": [1, true, null, "s\"x"], "b": -2e3}"#)
        #expect(coloured.output == "{\(key)\"a\"\(reset):[\(number)1\(reset),\(literal)true\(reset),\(null)null\(reset),"
                + "\(string)\"s\\\"x\"\(reset)],\(key)\"b\"\(reset):\(number)-2e3\(reset)}\n")
        #expect(try Keel.run(["format", "-c", "--no-color"], input: "[1]").output == "[1]\n")
        #expect(try Keel.run(["format", "--tab", "--indent", "2"], input: "1").status == 64)
    }

    @Test func formatReportsInvalidInputAndUsageErrors() throws {
        let invalid = try Keel.run(["format", "Examples/invalid.json"])
        #expect(invalid.status == 1)
        #expect(invalid.error.hasPrefix("Examples/invalid.json:3:28: Unexpected ']'"))
        #expect(try Keel.run(["format", "--compact", "--indent", "2"], input: "1").status == 64)
        #expect(try Keel.run(["format", "--in-place"], input: "1").status == 64)
        #expect(try Keel.run(["format", "Examples/missing.json"]).status == 2)
    }

    @Test func formatInPlaceReplacesTheFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("data.json")
        try Data(#"{"z": [1, {"y": null}], "a": true}"#.utf8).write(to: file)
        let run = try Keel.run(["format", "--in-place", "--compact", "--sort-keys", file.path])
        #expect(run.status == 0)
        #expect(run.output == "")
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"a\":true,\"z\":[1,{\"y\":null}]}\n")
        // Nothing else is left in the folder (the temporary file was renamed over the original).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["data.json"])
        // An invalid file is left as it was.
        try Data("[1,".utf8).write(to: file)
        #expect(try Keel.run(["format", "--in-place", file.path]).status == 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == "[1,")
    }

    @Test func getPrintsValuesAtPointers() throws {
        let run = try Keel.run(["get", "Examples/people.json", "/people/0/name", "/jobs", "/people/1/age"])
        #expect(run.status == 0)
        #expect(run.output == "\"Matt Mathias\"\n[\"teacher\",\"judge\"]\n25\n")
        let raw = try Keel.run(["get", "--raw", "Examples/people.json", "/people/0/name", ""])
        #expect(raw.output.hasPrefix("Matt Mathias\n{\"success\":true,"))
        let stdin = try Keel.run(["get", "-", "/a~1b"], input: #"{"a/b": [true]}"#)
        #expect(stdin.output == "[true]\n")
    }

    @Test func getReportsWhatDoesNotResolve() throws {
        let run = try Keel.run(["get", "Examples/people.json", "/people/5", "/jobs/0"])
        #expect(run.status == 1)
        #expect(run.output == "\"teacher\"\n")
        #expect(run.error == "Examples/people.json:3:13: No value at $.people[5] (line 3, column 13): expected an index from 0 to 1, found index 5.\n")
        #expect(try Keel.run(["get", "Examples/people.json"]).status == 64)
        #expect(try Keel.run(["get", "Examples/invalid.json", "/name"]).status == 1)
        #expect(try Keel.run(["get", "Examples/missing.json", "/name"]).status == 2)
    }

    @Test func helpShowsExamples() throws {
        #expect(try Keel.run(["format", "--help"]).output.contains("$ keel format Examples/people.json"))
        #expect(try Keel.run(["get", "--help"]).output.contains("$ keel get Examples/people.json /people/0/name"))
    }
}
