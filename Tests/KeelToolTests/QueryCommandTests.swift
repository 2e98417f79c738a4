import Foundation
import Keel
import KeelTestSupport
import Testing

/// `keel query` run as a user runs it: output forms, exit statuses, streams, and the compliance suite through
/// the process.
@Suite struct QueryCommandTests {
    @Test func printsNodesAsLinesArraysRawAndWithPaths() throws {
        let lines = try Keel.run(["query", "Examples/people.json", "$.people[*].name"])
        #expect(lines.status == 0)
        #expect(lines.output == "\"Matt Mathias\"\n\"Sergeant Pepper\"\n")
        #expect(lines.error.isEmpty)
        #expect(try Keel.run(["query", "-r", "Examples/people.json", "$.people[*].name"]).output == "Matt Mathias\nSergeant Pepper\n")
        #expect(try Keel.run(["query", "--array", "Examples/people.json", "$.people[*].age"]).output == "[32,25]\n")
        #expect(try Keel.run(["query", "--paths", "Examples/people.json", "$.people[0]['name','age']"]).output
                    == "$['people'][0]['name']\t\"Matt Mathias\"\n$['people'][0]['age']\t32\n")
        #expect(try Keel.run(["query", "--array", "--paths", "Examples/people.json", "$.jobs[-1]"]).output
                    == #"[{"path":"$['jobs'][1]","value":"judge"}]"# + "\n")
    }

    @Test func aQueryThatSelectsNothingSucceedsQuietly() throws {
        let run = try Keel.run(["query", "Examples/people.json", "$.nobody"])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(try Keel.run(["query", "--array", "Examples/people.json", "$.nobody"]).output == "[]\n")
    }

    @Test func anInvalidQueryExits64WithItsColumnAndPrintsNothing() throws {
        let run = try Keel.run(["query", "Examples/people.json", "$.people[?@.age <]"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("keel query: Invalid JSONPath at column 18: "), "\(run.error)")
        #expect(run.error.contains("\n  $.people[?@.age <]\n                   ^\n"), "\(run.error)")
        // Checked before the input is read: an invalid query on a missing file is still a usage error.
        #expect(try Keel.run(["query", "Examples/missing.json", "$["]).status == 64)
    }

    @Test func invalidJSONAndUnreadableFiles() throws {
        let invalid = try Keel.run(["query", "Examples/invalid.json", "$..name"])
        #expect(invalid.status == 1)
        #expect(invalid.output.isEmpty)
        #expect(invalid.error.hasPrefix("Examples/invalid.json:3:28: "), "\(invalid.error)")
        #expect(try Keel.run(["query", "Examples/missing.json", "$"]).status == 2)
    }

    /// A query of names and then a wildcard or filter is answered while the file is read; what it prints must
    /// not change: nothing when the text turns out invalid after the selected nodes (with the error a whole
    /// parse reports), the last of repeated keys, and the same answer from standard input (parsed whole).
    @Test func aQueryAnsweredWhileReadingPrintsOnlyForValidText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-streamed-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let invalidText = #"{"items": [1, 2, 3], "after": [1,]}"#
        let invalid = folder.appendingPathComponent("invalid.json")
        try Data(invalidText.utf8).write(to: invalid)
        let run = try Keel.run(["query", invalid.path, "$.items[*]"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("\(invalid.path):1:34: "), "\(run.error)")

        let repeated = folder.appendingPathComponent("repeated.json")
        try Data(#"{"items": [1, 2], "other": {}, "items": [{"n": 3}, {"n": 4}]}"#.utf8).write(to: repeated)
        let last = try Keel.run(["query", "--paths", repeated.path, "$.items[?@.n > 3].n"])
        #expect(last.status == 0)
        #expect(last.output == "$['items'][1]['n']\t4\n")
        let fromInput = try Keel.run(["query", "--paths", "-", "$.items[?@.n > 3].n"],
                                     input: try String(contentsOf: repeated, encoding: .utf8))
        #expect(fromInput.output == last.output)
    }

    @Test func runsOnEachRecordOfAStream() throws {
        let input = "{\"id\": 1, \"tags\": [\"a\"]}\n{\"id\": 2, \"tags\": []}\n{\"id\": 3, \"tags\": [\"b\", \"c\"]}\n"
        let run = try Keel.run(["query", "--lines", "-", "$.tags[*]"], input: input)
        #expect(run.status == 0)
        #expect(run.output == "\"a\"\n\"b\"\n\"c\"\n")
        let arrays = try Keel.run(["query", "--lines", "--array", "-", "$[?@ == 2]"], input: "[1, 2]\n[2, 2]\n[3]\n")
        #expect(arrays.output == "[2]\n[2,2]\n[]\n")
        let bad = try Keel.run(["query", "--lines", "-", "$.id"], input: "{\"id\": 1}\n{\"id\": }\n{\"id\": 3}\n")
        #expect(bad.status == 1)
        #expect(bad.output == "1\n3\n")
    }

    /// The compliance suite's valid cases through the process: each node list, as `--array`, is the expected
    /// one (or one of the allowed orders); every invalid query exits 64 with nothing on standard output.
    @Test(.enabled(if: SharedFixtures.jsonPathComplianceSuite != nil, "jsonpath-compliance-test-suite not found beside the repository"))
    func theComplianceSuiteThroughTheTool() throws {
        let suite = try JSONDocument(parsing: SharedFixtures.bytes(of: try #require(SharedFixtures.jsonPathComplianceSuite)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-cts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var failures: [String] = []
        var ran = 0
        for (position, test) in try suite.root["tests"].array.get().enumerated() {
            let name = test.member("name")?.stringValue ?? "?"
            let selector = try #require(test.member("selector")?.stringValue)
            let file = folder.appendingPathComponent("\(position).json")
            try Data((test.member("document").map { $0.jsonText() } ?? "null").utf8).write(to: file)
            let run = try Keel.run(["query", "--array", "--paths", file.path, selector])
            ran += 1
            if test.member("invalid_selector")?.boolValue == true {
                if run.status != 64 || !run.output.isEmpty { failures.append("\(name): \(run.status) \(run.output)") }
                continue
            }
            guard run.status == 0, let printed = try? JSON(parsing: run.output), case .array(let nodes) = printed else {
                failures.append("\(name): exit \(run.status): \(run.error)")
                continue
            }
            let got = (values: nodes.map { $0["value"].value ?? .null }, paths: nodes.map { $0["path"].value ?? .null })
            var allowed: [(JSON, JSON)] = []
            if let values = test.member("result"), let paths = test.member("result_paths") { allowed.append((JSON(values), JSON(paths))) }
            if let many = test.member("results"), let paths = test.member("results_paths") {
                allowed += zip(many.elements.map(JSON.init), paths.elements.map(JSON.init))
            }
            if !allowed.contains(where: { $0.0 == JSON.array(JSONArray(got.values)) && $0.1 == JSON.array(JSONArray(got.paths)) }) {
                failures.append("\(name): \(selector) printed \(run.output)")
            }
        }
        #expect(ran >= 703)
        #expect(failures.isEmpty, "\(failures.count) failed:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
}
