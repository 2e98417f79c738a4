import Foundation
import KeelTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `keel` binary under faults around it: full disks, file-size limits, closed pipes, signals, links,
/// FIFOs, long and non-UTF-8 names, endless input. Each case runs the real process, mostly through
/// `/bin/sh` so that the shell sets up the fault (`ulimit`, `trap`, redirections) as a user's would.
@Suite struct FaultCommandTests {
    /// A fresh folder, removed when `body` returns.
    static func inFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// A JSON document of about `megabytes` MB, compact.
    static func largeDocument(megabytes: Int) -> Data {
        let element = #"{"id":12345,"name":"abcdefghijklmnopqrstuvwxyz","tags":[1,2,3,4,5]},"#
        let count = megabytes * 1_000_000 / element.utf8.count
        return Data(("[" + String(repeating: element, count: count) + "1]").utf8)
    }

    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: Output that cannot be written

    @Test func aFullDeviceIsAnErrorInEveryCommand() throws {
        for command in ["format Examples/people.json", "validate Examples/people.json", "stats Examples/people.json",
                        "get Examples/people.json /people/0", "model Examples/people.json", "--help"] {
            let run = try Keel.shell("\"$KEEL\" \(command) > /dev/full")
            #expect(run.status == 2, "\(command)")
            #expect(run.error == "keel: cannot write to standard output: No space left on device\n", "\(command)")
        }
    }

    @Test func aFileSizeLimitIsAnErrorNotAShortFile() throws {
        try Self.inFolder { folder in
            try Self.largeDocument(megabytes: 2).write(to: folder.appendingPathComponent("big.json"))
            // ulimit -f counts blocks of 1024 bytes.
            let run = try Keel.shell("ulimit -f 100; \"$KEEL\" format -c big.json > out.json", in: folder)
            #expect(run.status == 2)
            #expect(run.error == "keel: cannot write to standard output: File too large\n")
        }
    }

    @Test func aClosedPipeEndsTheRunQuietlyEvenWithSigpipeIgnored() throws {
        try Self.inFolder { folder in
            try Self.largeDocument(megabytes: 2).write(to: folder.appendingPathComponent("big.json"))
            // The test process ignores SIGPIPE (see `ignoreBrokenPipes`), and so its children do unless told.
            for disposition in ["env --default-signal=PIPE", "env --ignore-signal=PIPE"] {
                let run = try Keel.shell(
                    "{ \(disposition) \"$KEEL\" format big.json 2>err.txt; echo $? > status.txt; } | head -c 10 > /dev/null",
                    in: folder)
                #expect(run.status == 0)
                let status = try String(contentsOf: folder.appendingPathComponent("status.txt"), encoding: .utf8)
                #expect(status == "141\n", "\(disposition): ended by SIGPIPE")
                #expect(try String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8) == "")
            }
        }
    }

    // MARK: Rewriting in place

    @Test func inPlaceFollowsASymbolicLink() throws {
        try Self.inFolder { folder in
            try Data(#"{"a":[1,2]}"#.utf8).write(to: folder.appendingPathComponent("target.json"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path,
                                                       withDestinationPath: "target.json")
            let run = try Keel.shell("\"$KEEL\" format --in-place --indent 1 link.json", in: folder)
            #expect(run.status == 0, "\(run.error)")
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.json").path)
            #expect(link == "target.json")
            #expect(try String(contentsOf: folder.appendingPathComponent("target.json"), encoding: .utf8)
                    == "{\n \"a\": [\n  1,\n  2\n ]\n}\n")
            #expect(try Self.contents(of: folder) == ["link.json", "target.json"])
        }
    }

    @Test func inPlaceRefusesWhatIsNotARegularFile() throws {
        try Self.inFolder { folder in
            #expect(mkfifo(folder.appendingPathComponent("fifo.json").path, 0o644) == 0)
            // A FIFO with no writer would block a read: the refusal must come first.
            let run = try Keel.shell("timeout 20 \"$KEEL\" format --in-place fifo.json", in: folder)
            #expect(run.status == 2)
            #expect(run.error == "fifo.json: not a regular file; --in-place rewrites regular files only\n")
            let device = try Keel.shell("\"$KEEL\" format --in-place /dev/null")
            #expect(device.status == 2)
            #expect(device.error.contains("not a regular file"))
        }
    }

    @Test func inPlaceKeepsHardLinksTogetherUnlessTold() throws {
        try Self.inFolder { folder in
            let first = folder.appendingPathComponent("a.json"), second = folder.appendingPathComponent("b.json")
            try Data("[1,  2]".utf8).write(to: first)
            try FileManager.default.linkItem(at: first, to: second)
            let refused = try Keel.shell("\"$KEEL\" format -c --in-place a.json", in: folder)
            #expect(refused.status == 2)
            #expect(refused.error.contains("a.json: the file has 2 names (hard links)"))
            #expect(try String(contentsOf: first, encoding: .utf8) == "[1,  2]")
            let forced = try Keel.shell("\"$KEEL\" format -c --in-place --break-hard-links a.json", in: folder)
            #expect(forced.status == 0)
            #expect(try String(contentsOf: first, encoding: .utf8) == "[1,2]\n")
            #expect(try String(contentsOf: second, encoding: .utf8) == "[1,  2]")
        }
    }

    @Test func inPlaceKeepsModeAndOwner() throws {
        try Self.inFolder { folder in
            let file = folder.appendingPathComponent("data.json")
            try Data("[1,  2]".utf8).write(to: file)
            #expect(chmod(file.path, 0o640) == 0)
            let asRoot = getuid() == 0
            if asRoot { #expect(chown(file.path, 1234, 5678) == 0) }
            let run = try Keel.shell("\"$KEEL\" format -c --in-place data.json", in: folder)
            #expect(run.status == 0)
            var status = stat()
            #expect(stat(file.path, &status) == 0)
            #expect(status.st_mode & 0o7777 == 0o640)
            if asRoot {
                #expect(status.st_uid == 1234)
                #expect(status.st_gid == 5678)
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "[1,2]\n")
        }
    }

    @Test func inPlaceWorksWithTheLongestNames() throws {
        try Self.inFolder { folder in
            for length in [242, 243, 250, 255] {
                let name = String(repeating: "n", count: length - 5) + ".json"
                try Data("[1,  2]".utf8).write(to: folder.appendingPathComponent(name))
                let run = try Keel.shell("\"$KEEL\" format -c --in-place \(name)", in: folder)
                #expect(run.status == 0, "\(length): \(run.error)")
                #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == "[1,2]\n")
            }
            #expect(try Self.contents(of: folder).count == 4)
        }
    }

    /// The document rewritten whole, and as a stream of its array's elements (written as they are read).
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP], [false, true])
    func aSignalDuringInPlaceRemovesTheTemporaryFile(_ signalNumber: Int32, asRecords: Bool) throws {
        try Self.inFolder { folder in
            let file = folder.appendingPathComponent("big.json")
            let original = Self.largeDocument(megabytes: 8)
            try original.write(to: file)
            let process = Process()
            guard let executable = Keel.executable else { throw ToolNotFound() }
            process.executableURL = executable
            process.arguments = ["format", "--in-place", file.path] + (asRecords ? ["--records", "array"] : [])
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait for the temporary file to appear, then signal while it is being written.
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline, try Self.contents(of: folder).count < 2 { usleep(1_000) }
            let caught = try Self.contents(of: folder).count == 2
            kill(process.processIdentifier, signalNumber)
            process.waitUntilExit()
            #expect(caught, "the temporary file was seen before the signal")
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == signalNumber)
            #expect(try Self.contents(of: folder) == ["big.json"])
            #expect(try Data(contentsOf: file) == original)
        }
    }

    @Test func aFileSizeLimitDuringInPlaceLeavesTheOriginal() throws {
        try Self.inFolder { folder in
            let original = Self.largeDocument(megabytes: 1)
            try original.write(to: folder.appendingPathComponent("big.json"))
            let run = try Keel.shell("ulimit -f 500; \"$KEEL\" format --in-place big.json", in: folder)
            #expect(run.status == 2)
            #expect(run.error == "big.json: File too large\n")
            #expect(try Self.contents(of: folder) == ["big.json"])
            #expect(try Data(contentsOf: folder.appendingPathComponent("big.json")) == original)
        }
    }

    // MARK: Memory

    /// `[0,0,...,0]` of `count` bytes (odd): half a value per byte, the most tape for the text.
    static func zeros(count: Int) -> Data {
        var zeros = Data(repeating: UInt8(ascii: ","), count: count)
        for index in stride(from: 1, to: count, by: 2) { zeros[index] = UInt8(ascii: "0") }
        zeros[0] = UInt8(ascii: "[")
        zeros[count - 1] = UInt8(ascii: "]")
        return zeros
    }

    /// A document whose tape the system refuses (an address-space limit) is a clean error with exit status
    /// 2, in every command that builds one; validation, which keeps no tape, still succeeds.
    @Test func refusedMemoryIsAnErrorNotACrash() throws {
        try Self.inFolder { folder in
            // 12 million values need 192 MB of tape; the limit leaves room for the program and the 24 MB input.
            let zeros = Self.zeros(count: 24_000_001)
            try zeros.write(to: folder.appendingPathComponent("zeros.json"))
            for command in ["format zeros.json", "stats zeros.json", "get zeros.json /0",
                            "validate --reject-duplicate-keys zeros.json"] {
                let run = try Keel.shell("ulimit -v 180000; \"$KEEL\" \(command) > /dev/null", in: folder)
                #expect(run.status == 2, "\(command): \(run.error)")
                #expect(run.error.hasPrefix("zeros.json: Not enough memory to parse: expected memory for "), "\(command): \(run.error)")
            }
            let validate = try Keel.shell("ulimit -v 180000; \"$KEEL\" validate zeros.json", in: folder)
            #expect(validate.status == 0, "\(validate.error)")
            #expect(validate.output == "zeros.json: OK\n")
        }
    }

    /// Memory the system refuses for the input itself, for a model or for an endless stream ends every command
    /// with exit status 2 and one line, never a trap and its backtrace; edits, which keep no tape, need no more
    /// than the input and the output.
    @Test func refusedMemoryEndsEveryCommandCleanly() throws {
        try Self.inFolder { folder in
            let zeros = Self.zeros(count: 24_000_001)
            try zeros.write(to: folder.appendingPathComponent("zeros.json"))
            try Data(#"{"a": null}"#.utf8).write(to: folder.appendingPathComponent("merge.json"))
            let commands = ["validate zeros.json", "format zeros.json", "stats zeros.json", "get zeros.json /0",
                            "query zeros.json '$[0]'", "model zeros.json", "set zeros.json /0 1", "delete zeros.json /0",
                            "patch zeros.json merge.json"]
            // Room for the program (about 77 MB of address space in a debug build) but not for the 24 MB input.
            for command in commands {
                let run = try Keel.shell("ulimit -v 90000; \"$KEEL\" \(command) > /dev/null", in: folder)
                #expect(run.status == 2, "\(command): \(run.error)")
                #expect(run.error == "zeros.json: Cannot allocate memory\n", "\(command): \(run.error)")
            }
            // 8 MB of four million values: room for the input and the output (107 MB in all), not for a tape
            // (64 MB more): edits work. Room for a tape but not for what inference keeps of four million samples:
            // a model is refused before it starts.
            try Self.zeros(count: 8_000_001).write(to: folder.appendingPathComponent("eight.json"))
            let tape = try Keel.shell("ulimit -v 110000; \"$KEEL\" format eight.json > /dev/null", in: folder)
            #expect(tape.status == 2, "\(tape.error)")
            let set = try Keel.shell("ulimit -v 110000; \"$KEEL\" set eight.json /1 -1 | head -c 8", in: folder)
            #expect(set.status == 0, "\(set.error)")
            #expect(set.output == "[0,-1,0,")
            let delete = try Keel.shell("ulimit -v 110000; \"$KEEL\" delete eight.json /0 /0 | wc -c", in: folder)
            #expect(delete.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(8_000_001 - 4)", "\(delete.error)")
            let model = try Keel.shell("ulimit -v 250000; \"$KEEL\" model eight.json", in: folder)
            #expect(model.status == 2)
            #expect(model.error.hasPrefix("eight.json: Cannot allocate memory (inferring a model of it needs about "))
            #expect(model.error.filter { $0 == "\n" }.count == 1)
            // Standard input that never ends, valid as far as it goes: refused as it grows.
            let endless = try Keel.shell("(echo '['; yes '1,' 2>/dev/null) | (ulimit -v 120000; \"$KEEL\" validate)")
            #expect(endless.status == 2)
            #expect(endless.error == "<stdin>: Cannot allocate memory\n")
        }
    }

    // MARK: Input without end

    @Test func endlessInputStopsAtItsFirstError() throws {
        let zeros = try Keel.shell("timeout 60 \"$KEEL\" validate /dev/zero")
        #expect(zeros.status == 1)
        #expect(zeros.error == "/dev/zero:1:1: Unexpected U+0000 at line 1, column 1 (byte 0): expected a value.\n")
        let lines = try Keel.shell("yes '[1]' 2>/dev/null | timeout 60 \"$KEEL\" validate")
        #expect(lines.status == 1)
        #expect(lines.error.hasPrefix("<stdin>:2:1: Unexpected '['"))
    }

    @Test func inputPastTheSizeLimitIsRefusedWhileReading() throws {
        // Valid so far (spaces), so only the limit can stop it.
        let piped = try Keel.shell("head -c 3000000 /dev/zero 2>/dev/null | tr '\\0' ' ' 2>/dev/null | \"$KEEL\" validate --max-size 1M")
        #expect(piped.status == 1)
        #expect(piped.error == "<stdin>:1:1: Document too large at line 1, column 1 (byte 0): expected at most 1048576 bytes.\n")
        try Self.inFolder { folder in
            try Data("[1, 2, 3]".utf8).write(to: folder.appendingPathComponent("small.json"))
            let file = try Keel.shell("\"$KEEL\" validate --max-size 8 small.json", in: folder)
            #expect(file.status == 1)
            #expect(file.error.contains("expected at most 8 bytes"))
            #expect(try Keel.shell("\"$KEEL\" validate --max-size 9 small.json", in: folder).status == 0)
        }
        #expect(try Keel.shell("\"$KEEL\" validate --max-size 5G Examples/people.json").status == 64)
    }

    // MARK: Depth

    @Test func aDeepPointerResolves() throws {
        let depth = 20_000
        let document = String(repeating: #"{"a":["#, count: depth) + "7" + String(repeating: "]}", count: depth)
        let pointer = String(repeating: "/a/0", count: depth)
        let run = try Keel.run(["get", "--max-depth", "\(2 * depth + 1)", "-", pointer], input: document)
        #expect(run.status == 0, "\(run.error.prefix(200))")
        #expect(run.output == "7\n")
    }

    // MARK: Names that are not UTF-8

    @Test func fileNamesAndPointersAreTakenAsBytes() throws {
        try Self.inFolder { folder in
            // The name's bytes are ff fe: not UTF-8. A document with the key U+FFFD, which is what the
            // argument would read as if its bytes were repaired into text.
            let run = try Keel.shell("""
                name=$(printf '\\377\\376.json'); printf '{"\\\\ufffd": 1, "a": 2}' > "$name"
                "$KEEL" validate "$name" && "$KEEL" get "$name" /a && "$KEEL" get "$name" "$(printf '/\\377')"
                """, in: folder)
            #expect(run.output == "\\xFF\\xFE.json: OK\n2\n")
            #expect(run.status == 1)
            #expect(run.error == "\\xFF\\xFE.json: the pointer /\\xFF is not UTF-8 text, so it names no member\n")
            let formatted = try Keel.shell(#"name=$(printf '\377\376.json'); "$KEEL" format -c --in-place "$name" && cat "$name""#,
                                           in: folder)
            #expect(formatted.status == 0)
            #expect(formatted.output == "{\"\\ufffd\":1,\"a\":2}\n")
            let missing = try Keel.shell(#""$KEEL" validate "$(printf 'no\377.json')""#, in: folder)
            #expect(missing.status == 2)
            #expect(missing.error == "no\\xFF.json: No such file or directory\n")
        }
    }
}

extension Keel {
    /// Runs `script` with `/bin/sh` in `folder` (default: the repository root), with `$KEEL` naming the
    /// built tool and standard input empty.
    static func shell(_ script: String, in folder: URL = SharedFixtures.repositoryRoot) throws -> Run {
        let process = Process()
        guard let executable else { throw ToolNotFound() }
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["KEEL"] = executable.path
        environment["LC_ALL"] = "C"
        process.environment = environment
        process.currentDirectoryURL = folder
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                   error: String(decoding: error, as: UTF8.self))
    }
}
