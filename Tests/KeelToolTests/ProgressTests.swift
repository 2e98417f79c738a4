import Foundation
import KeelTestSupport
import Testing

/// Progress on standard error: on a terminal for long runs, never into a pipe or a file.
@Suite struct ProgressTests {
    /// A document big enough that formatting it takes longer than the progress line's first redraw.
    static func writeLargeDocument() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keel-progress-\(UUID().uuidString).json")
        let element = #"{"id": 12345, "name": "a fairly ordinary name", "tags": ["x", "y", "z"], "score": 0.125}"#
        let text = "[" + Array(repeating: element, count: 200_000).joined(separator: ",\n") + "]"
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Runs `keel ARGUMENTS` on a pseudo-terminal made by script(1), with progress shown at once. Standard
    /// output goes to /dev/null, so the text that comes back is only what the tool wrote to standard error,
    /// the terminal.
    static func runOnTerminal(_ arguments: String) throws -> (status: Int32, text: String) {
        guard let keel = Keel.executable else { throw ToolNotFound() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(keel.path) \(arguments) > /dev/null", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["KEEL_PROGRESS_DELAY"] = "0"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func aTerminalSeesProgressAndItIsErasedAfterwards() throws {
        let file = try Self.writeLargeDocument()
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, text) = try Self.runOnTerminal("format \(file.path)")
        #expect(status == 0)
        let name = file.path
        #expect(text.contains("reading \(name)") || text.contains("parsing \(name)") || text.contains("writing \(name)"),
                "no progress in \(text.debugDescription)")
        // Every line drawn is erased: the last thing written clears the line.
        #expect(text.hasSuffix("\r\u{1B}[K"))
    }

    /// A stream read from a regular file shows how far reading has gone, as a percentage, while records are
    /// validated on other threads.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func aStreamShowsHowFarItHasRead() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keel-progress-\(UUID().uuidString).jsonl")
        let line = #"{"id": 12345, "name": "a fairly ordinary name", "tags": ["x", "y", "z"], "score": 0.125}"#
        try Data((Array(repeating: line, count: 400_000).joined(separator: "\n") + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, text) = try Self.runOnTerminal("validate \(file.path)")
        #expect(status == 0)
        let prefix = "reading \(file.path) as JSON Lines: "
        let percentages = text.components(separatedBy: prefix).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(!percentages.isEmpty, "no percentage in \(text.debugDescription)")
        #expect(percentages.allSatisfy { (0...100).contains($0) } && percentages == percentages.sorted(), "\(percentages)")
        #expect(text.hasSuffix("\r\u{1B}[K"))
    }

    @Test func aPipeSeesNoProgress() throws {
        let file = try Self.writeLargeDocument()
        defer { try? FileManager.default.removeItem(at: file) }
        setenv("KEEL_PROGRESS_DELAY", "0", 1)
        defer { unsetenv("KEEL_PROGRESS_DELAY") }
        let run = try Keel.run(["format", "--compact", file.path])
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.output.hasPrefix(#"[{"id":12345,"#))
    }
}
