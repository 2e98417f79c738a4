import Foundation
import KeelTestSupport
import Testing

/// Runs the built `keel` binary as a user would: arguments, standard input, exit status, standard output and
/// standard error.
@Suite struct ValidateCommandTests {
    @Test func aValidFilePrintsOK() throws {
        let run = try Keel.run(["validate", "Examples/people.json"])
        #expect(run.status == 0)
        #expect(run.output == "Examples/people.json: OK\n")
        #expect(run.error == "")
    }

    @Test func anInvalidFileNamesFileLineAndColumn() throws {
        let run = try Keel.run(["validate", "Examples/invalid.json"])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.error == "Examples/invalid.json:3:28: Unexpected ']' at line 3, column 28 (byte 47): expected a value.\n")
    }

    @Test func standardInputWithNoFileOrADash() throws {
        let valid = try Keel.run(["validate"], input: "[1, 2]")
        #expect(valid.status == 0)
        #expect(valid.output == "<stdin>: OK\n")
        let invalid = try Keel.run(["validate", "-"], input: "{\"a\": tru}")
        #expect(invalid.status == 1)
        #expect(invalid.error == "<stdin>:1:10: Unexpected '}' at line 1, column 10 (byte 9): expected the literal 'true'.\n")
    }

    @Test func severalFilesReportEachAndTheWorstStatusWins() throws {
        let run = try Keel.run(["validate", "Examples/people.json", "Examples/invalid.json"])
        #expect(run.status == 1)
        #expect(run.output == "Examples/people.json: OK\n")
        let withMissing = try Keel.run(["validate", "Examples/invalid.json", "Examples/missing.json", "Examples/people.json"])
        #expect(withMissing.status == 2)
        #expect(withMissing.output == "Examples/people.json: OK\n")
        #expect(withMissing.error.contains("Examples/missing.json: No such file or directory\n"))
        #expect(withMissing.error.contains("Examples/invalid.json:3:28:"))
    }

    @Test func aFolderCannotBeRead() throws {
        let run = try Keel.run(["validate", "Examples"])
        #expect(run.status == 2)
        #expect(run.error == "Examples: Is a directory\n")
    }

    @Test func usageErrorsExit64() throws {
        let unknown = try Keel.run(["validate", "--no-such-flag"])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("Unknown option '--no-such-flag'"))
        let badDepth = try Keel.run(["validate", "--max-depth", "0", "Examples/people.json"])
        #expect(badDepth.status == 64)
        #expect(try Keel.run(["frobnicate"]).status == 64)
    }

    @Test func optionsReachTheParser() throws {
        let deep = try Keel.run(["validate", "--max-depth", "2"], input: "[[[]]]")
        #expect(deep.status == 1)
        #expect(deep.error.contains("Nesting too deep at line 1, column 3"))
        let duplicate = try Keel.run(["validate", "--reject-duplicate-keys"], input: #"{"a": 1, "a": 2}"#)
        #expect(duplicate.status == 1)
        #expect(duplicate.error.contains("Duplicate key \"a\""))
        #expect(try Keel.run(["validate"], input: #"{"a": 1, "a": 2}"#).status == 0)
    }

    /// Validation keeps only the bytes: a file of 12 million values (a parsed document would add 16 bytes
    /// each, 192 MB) validates within the file's size plus the process's own footprint.
    @Test(.enabled(if: Keel.canMeasurePeakMemory)) func aLargeFileValidatesInLittleMoreThanItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zeros.json")
        var text = [UInt8](repeating: UInt8(ascii: ","), count: 24_000_001)
        for index in stride(from: 1, to: text.count, by: 2) { text[index] = UInt8(ascii: "0") }
        text[0] = UInt8(ascii: "[")
        text[text.count - 1] = UInt8(ascii: "]")
        try Data(text).write(to: file)

        let small = SharedFixtures.repositoryRoot.appendingPathComponent("Examples/people.json")
        let baseline = try Keel.peakResidentBytes(["validate", small.path])
        let large = try Keel.peakResidentBytes(["validate", file.path])
        #expect(baseline.status == 0 && large.status == 0)
        let growth = large.peak - baseline.peak
        #expect(growth < text.count + 16_000_000, "peak grew by \(growth) bytes for a \(text.count)-byte file")
    }

    @Test func jsonLinesReportEveryBadRecordAndGoOn() throws {
        let run = try Keel.run(["validate", "--lines"], input: "{\"a\":1}\n{\"a\":}\r\n\n[1,2]\n[3,\n")
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.error == """
            <stdin>:2:6: Unexpected '}': expected a value (record 2)
            <stdin>:5:4: Unexpected end of input: expected a value (record 4)
            <stdin>: 2 of 4 records invalid

            """)
        let valid = try Keel.run(["validate", "--lines"], input: "1\n\"two\"\n[3]")
        #expect(valid.status == 0)
        #expect(valid.output == "<stdin>: OK (3 records)\n")
    }

    @Test func jsonLinesFilesAreRecognisedByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["events.jsonl", "events.NDJSON"] {
            let file = folder.appendingPathComponent(name)
            try Data("{\"id\":1}\n{\"id\":2}\n".utf8).write(to: file)
            let run = try Keel.run(["validate", file.path])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output == "\(file.path): OK (2 records)\n")
        }
        // The same text under a .json name is one document with trailing content.
        let plain = folder.appendingPathComponent("events.json")
        try Data("{\"id\":1}\n{\"id\":2}\n".utf8).write(to: plain)
        #expect(try Keel.run(["validate", plain.path]).status == 1)
        // --max-size limits each record, and reading goes on after one that is too large.
        let sized = try Keel.run(["validate", "--lines", "--max-size", "10"], input: "[1]\n[1,2,3,4,5,6,7]\n[2]\n")
        #expect(sized.status == 1)
        #expect(sized.error.contains("<stdin>:2:1: Record too large: 15 bytes, more than the limit of 10 (record 2)"), "\(sized.error)")
        #expect(sized.error.contains("<stdin>: 1 of 3 records invalid"))
        let folderRun = try Keel.run(["validate", "--lines", folder.path])
        #expect(folderRun.status == 2)
        #expect(folderRun.error == "\(folder.path): Is a directory\n")
    }

    @Test func helpShowsAnExample() throws {
        let run = try Keel.run(["validate", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("$ keel validate Examples/people.json"))
    }
}

/// The built tool, found beside the test bundle.
enum Keel {
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    static let executable = builtExecutable(named: "keel")

    /// Runs `keel` with `arguments` in the repository root, feeding `input` to standard input.
    static func run(_ arguments: [String], input: String = "") throws -> Run {
        let process = Process()
        guard let executable else { throw ToolNotFound() }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = SharedFixtures.repositoryRoot
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // keel may stop reading at the first error; the rest of the input then meets a closed pipe, which
        // must not end the test process.
        _ = ignoreBrokenPipes
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                   error: String(decoding: error, as: UTF8.self))
    }
}

extension Keel {
    /// Whether ``peakResidentBytes(_:)`` works here: Linux reports a child's peak in kilobytes.
    static var canMeasurePeakMemory: Bool {
        #if os(Linux)
        return executable != nil
        #else
        return false
        #endif
    }

    /// Runs `keel` with `arguments` (paths absolute: it runs in the test's folder), output discarded, and returns its exit status and
    /// the peak resident set of that one process (`wait4` reports it for the child waited for).
    static func peakResidentBytes(_ arguments: [String]) throws -> (status: Int32, peak: Int) {
        #if os(Linux)
        guard let executable else { throw ToolNotFound() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv + [nil], environ)
        guard spawned == 0 else { throw ToolNotFound() }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, usage.ru_maxrss * 1024)
        #else
        throw ToolNotFound()
        #endif
    }
}

/// Makes writing to a closed pipe an error (`EPIPE`) in the test process instead of its end.
let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

/// The `keel` binary was not found beside the test bundle.
struct ToolNotFound: Error, CustomStringConvertible {
    var description: String { "the keel binary was not built beside the tests" }
}
