import Foundation
import KeelTestSupport
import Testing

/// The commands on streams of records (`--lines`, `--records FORMAT`, `.jsonl` names): what each prints for
/// good and bad records, rewriting a stream in place only when every record is good, and output that cannot
/// be written.
@Suite struct StreamCommandTests {
    static let events = "{\"id\":1,\"tags\":[\"a\",\"b\"]}\n{\"id\":}\n\n{\"id\":3, \"name\": \"x\"}\n"

    @Test func validateReadsEveryFormat() throws {
        let cases: [(arguments: [String], input: String, status: Int32, output: String, error: String)] = [
            (["--records", "seq"], "\u{1E}{\"a\":1}\n\u{1E}[2]\n", 0, "<stdin>: OK (2 records)\n", ""),
            (["--records", "concatenated"], "{\"a\":1}{\"a\":2} 3", 0, "<stdin>: OK (3 records)\n", ""),
            (["--records", "array"], "[{\"a\":1},\n {\"a\":2}]", 0, "<stdin>: OK (2 records)\n", ""),
            (["--records", "array"], "[1,,2]", 1, "", """
                <stdin>:1:4: Expected an array element before this ',' or ']' (record 2)
                <stdin>: 1 of 3 records invalid

                """),
            (["--records", "array"], "[1, 2", 1, "", """
                <stdin>:1:6: The stream ended before the array's closing ']' (record 3)
                <stdin>: 0 of 2 records invalid, and 1 break in the stream's framing

                """),
            (["--records", "concatenated"], "{\"a\":1}\n {\"a\": x}", 1, "", """
                <stdin>:2:8: Unexpected 'x': expected a value (record 2)
                <stdin>: 1 of 2 records invalid

                """),
        ]
        for item in cases {
            let run = try Keel.run(["validate"] + item.arguments, input: item.input)
            #expect(run.status == item.status, "\(item.arguments) \(item.input)")
            #expect(run.output == item.output, "\(item.arguments) \(item.input)")
            #expect(run.error == item.error, "\(item.arguments) \(item.input)")
        }
        let clash = try Keel.run(["validate", "--lines", "--records", "array"], input: "[]")
        #expect(clash.status == 64)
    }

    @Test func formatWritesEachGoodRecordAndReportsTheRest() throws {
        let lines = try Keel.run(["format", "--lines", "-S"], input: Self.events)
        #expect(lines.status == 1)
        #expect(lines.output == "{\"id\":1,\"tags\":[\"a\",\"b\"]}\n{\"id\":3,\"name\":\"x\"}\n")
        #expect(lines.error == """
            <stdin>:2:7: Unexpected '}': expected a value (record 2)
            <stdin>: 1 of 3 records invalid

            """)
        // Pretty records, one after another; a text sequence keeps its RS; an array stays one array.
        let pretty = try Keel.run(["format", "--records", "concatenated", "--indent", "1"], input: "{\"a\":[1]} 2")
        #expect(pretty.output == "{\n \"a\": [\n  1\n ]\n}\n2\n")
        let sequence = try Keel.run(["format", "--records", "seq"], input: "\u{1E}{ \"a\" : 1 }\n\u{1E}[ 2 ]\n")
        #expect(sequence.output == "\u{1E}{\"a\":1}\n\u{1E}[2]\n")
        let array = try Keel.run(["format", "--records", "array", "--indent", "2"], input: "[{\"a\":1},\n 3]")
        #expect(array.output == "[\n  {\n    \"a\": 1\n  },\n  3\n]\n")
        let compactArray = try Keel.run(["format", "--records", "array"], input: " [ {\"a\" : 1} , 3 ] ")
        #expect(compactArray.output == "[{\"a\":1},3]\n")
        let emptyArray = try Keel.run(["format", "--records", "array", "--indent", "2"], input: "[ ]")
        #expect(emptyArray.output == "[]\n")
        // What format writes reads back as the same records.
        let reread = try Keel.run(["validate", "--records", "array"], input: array.output)
        #expect(reread.output == "<stdin>: OK (2 records)\n")
    }

    @Test func formatInPlaceRewritesOnlyAStreamWithNoBadRecord() throws {
        try FaultCommandTests.inFolder { folder in
            let good = folder.appendingPathComponent("good.jsonl")
            try Data("{ \"b\" : 1, \"a\" : 2 }\n\n[ 1 ]\n".utf8).write(to: good)
            let rewritten = try Keel.run(["format", "--in-place", "-S", good.path])
            #expect(rewritten.status == 0, "\(rewritten.error)")
            #expect(try String(contentsOf: good, encoding: .utf8) == "{\"a\":2,\"b\":1}\n[1]\n")

            let bad = folder.appendingPathComponent("bad.jsonl")
            try Data(Self.events.utf8).write(to: bad)
            let refused = try Keel.run(["format", "--in-place", bad.path])
            #expect(refused.status == 1)
            #expect(refused.error.contains("\(bad.path): not rewritten, because some records are invalid"), "\(refused.error)")
            #expect(try String(contentsOf: bad, encoding: .utf8) == Self.events)
            #expect(try FaultCommandTests.contents(of: folder) == ["bad.jsonl", "good.jsonl"])
        }
    }

    @Test func getLooksUpEachRecord() throws {
        let run = try Keel.run(["get", "--lines", "-r", "-", "/id", "/name"], input: Self.events)
        #expect(run.status == 1)
        #expect(run.output == "1\n3\nx\n")
        #expect(run.error.contains("<stdin>:2:7: Unexpected '}': expected a value (record 2)"), "\(run.error)")
        #expect(run.error.contains("<stdin>:1:1: No value at $.name: "), "a missing /name in record 1: \(run.error)")
        #expect(run.error.contains("(record 1)\n"), "a missing /name in record 1: \(run.error)")
        let array = try Keel.run(["get", "--records", "array", "-", "/a/1"], input: "[{\"a\":[1,2]},\n {\"a\":[3,4]}]")
        #expect(array.status == 0)
        #expect(array.output == "2\n4\n")
    }

    @Test func statsCountEveryRecord() throws {
        let run = try Keel.run(["stats", "--records", "concatenated"], input: "{\"a\":[1,2,3]} {\"b\":\"long string\"}\n[true,null]")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == """
            <stdin>
              records: 3
              values: 10 (objects 2, arrays 2, strings 1, numbers 3, booleans 1, nulls 1); keys: 2
              maximum depth: 2
              largest array: 3 elements at /a of record 1 (line 1, byte 0)
              largest object: 1 members at the root of record 1 (line 1, byte 0)
              longest string: 11 bytes at /b of record 2 (line 1, column 15, byte 14)
              numbers a Double cannot hold exactly: 0

            """)
    }

    @Test func recordOutputThatCannotBeWrittenIsAnError() throws {
        for command in ["format --lines", "get --lines - /id", "stats --lines", "validate --lines", "model --lines"] {
            let run = try Keel.shell("printf '{\"id\":1}\\n' | \"$KEEL\" \(command) > /dev/full")
            #expect(run.status == 2, "\(command)")
            #expect(run.error == "keel: cannot write to standard output: No space left on device\n", "\(command)")
        }
    }
}
