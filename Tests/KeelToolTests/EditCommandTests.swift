import Foundation
import KeelTestSupport
import Testing

/// `keel set`, `keel delete` and `keel patch`, run as a user runs them.
@Suite struct EditCommandTests {
    static let settings = "{\n  \"server\": {\n    \"port\": 80,\n    \"ratio\": 1.50\n  },\n  \"debug\": true\n}\n"

    @Test func setDeleteAndPatchChangeOnlyTheirValues() throws {
        try FaultCommandTests.inFolder { folder in
            let file = folder.appendingPathComponent("settings.json")
            try Data(Self.settings.utf8).write(to: file)
            let set = try Keel.shell("\"$KEEL\" set settings.json /server/port 8080", in: folder)
            #expect(set.status == 0)
            #expect(set.output == Self.settings.replacingOccurrences(of: "80,", with: "8080,"))
            let string = try Keel.shell("\"$KEEL\" set --string settings.json /server/name 'web one'", in: folder)
            #expect(string.output.contains("\"ratio\": 1.50,\n    \"name\": \"web one\"\n"))
            let delete = try Keel.shell("\"$KEEL\" delete settings.json /debug --in-place", in: folder)
            #expect(delete.status == 0)
            #expect(delete.output == "")
            #expect(try String(contentsOf: file, encoding: .utf8) == "{\n  \"server\": {\n    \"port\": 80,\n    \"ratio\": 1.50\n  }\n}\n")
            try Data(#"[{"op": "add", "path": "/server/tls", "value": true}, {"op": "remove", "path": "/server/ratio"}]"#.utf8)
                .write(to: folder.appendingPathComponent("patch.json"))
            let patch = try Keel.shell("\"$KEEL\" patch settings.json patch.json", in: folder)
            #expect(patch.status == 0)
            #expect(patch.output == "{\n  \"server\": {\n    \"port\": 80,\n    \"tls\": true\n  }\n}\n")
            let merge = try Keel.shell("echo '{\"server\": {\"port\": null}}' | \"$KEEL\" patch settings.json -", in: folder)
            #expect(merge.output == "{\n  \"server\": {\n    \"ratio\": 1.50\n  }\n}\n")
        }
    }

    @Test func aRepeatedKeyInAMergePatchMeansItsLastAndLimitsApplyToTheValue() throws {
        try FaultCommandTests.inFolder { folder in
            try Data("{}\n".utf8).write(to: folder.appendingPathComponent("empty.json"))
            let merge = try Keel.shell(#"echo '{"a": 1, "a": null, "b": 2, "b": 3}' | "$KEEL" patch empty.json -"#, in: folder)
            #expect(merge.status == 0, "\(merge.error)")
            #expect(merge.output.filter { !$0.isWhitespace } == #"{"b":3}"#)
            // --max-depth limits the value given on the command line as it limits the file.
            let deep = try Keel.shell(#""$KEEL" set --max-depth 2 empty.json /a '[[[1]]]'"#, in: folder)
            #expect(deep.status == 64)
            #expect(deep.error.contains("VALUE is not JSON: Nesting too deep"))
            let shallow = try Keel.shell(#""$KEEL" set --max-depth 2 empty.json /a '[[1]]'"#, in: folder)
            #expect(shallow.status == 0, "\(shallow.error)")
        }
    }

    /// A negative number is a VALUE, wherever the options stand; `--` still works, and an option that is
    /// not one is still refused.
    @Test func negativeNumbersAreValues() throws {
        try FaultCommandTests.inFolder { folder in
            try Data(#"{"a": 1, "b": [2]}"#.utf8).write(to: folder.appendingPathComponent("n.json"))
            let set = try Keel.shell(#""$KEEL" set n.json /a -1"#, in: folder)
            #expect(set.status == 0, "\(set.error)")
            #expect(set.output == #"{"a": -1, "b": [2]}"#)
            let exponent = try Keel.shell(#""$KEEL" set n.json /b/- -2.5e3 --in-place && cat n.json"#, in: folder)
            #expect(exponent.output == #"{"a": 1, "b": [2,-2.5e3]}"#, "\(exponent.error)")
            let separated = try Keel.shell(#""$KEEL" set n.json -- /a -0"#, in: folder)
            #expect(separated.output == #"{"a": -0, "b": [2,-2.5e3]}"#)
            let option = try Keel.shell(#""$KEEL" set n.json /a -x"#, in: folder)
            #expect(option.status == 64)
        }
    }

    @Test func failedEditsWriteNothing() throws {
        try FaultCommandTests.inFolder { folder in
            let file = folder.appendingPathComponent("settings.json")
            try Data(Self.settings.utf8).write(to: file)
            let missing = try Keel.shell("\"$KEEL\" set settings.json /nope/x 1 --in-place", in: folder)
            #expect(missing.status == 1)
            #expect(missing.error == "settings.json: Cannot edit at /nope: expected a member named \"nope\", found an object with keys \"server\", \"debug\".\n")
            try Data(#"[{"op": "remove", "path": "/debug"}, {"op": "test", "path": "/server/port", "value": 81}]"#.utf8)
                .write(to: folder.appendingPathComponent("patch.json"))
            let failing = try Keel.shell("\"$KEEL\" patch settings.json patch.json --in-place", in: folder)
            #expect(failing.status == 1)
            #expect(failing.error == "settings.json: Patch operation 1 (test) failed at /server/port: expected 81, found 80.\n")
            #expect(try String(contentsOf: file, encoding: .utf8) == Self.settings)
            let badValue = try Keel.shell("\"$KEEL\" set settings.json /a nope", in: folder)
            #expect(badValue.status == 64)
            #expect(badValue.error.contains("VALUE is not JSON"))
            let badPatch = try Keel.shell("echo '[{\"op\": \"jump\"}]' | \"$KEEL\" patch settings.json -", in: folder)
            #expect(badPatch.status == 1)
            #expect(badPatch.error.contains("Patch operation 0 (jump) failed"))
            #expect(try FaultCommandTests.contents(of: folder) == ["patch.json", "settings.json"])
        }
    }
}
