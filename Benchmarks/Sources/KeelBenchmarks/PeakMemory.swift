import Foundation
import Keel

/// Peak memory while parsing one file, measured in a child process of its own (a fresh process, so the
/// peak belongs to this parse alone): the growth of the peak resident set from just before the file is read
/// to just after it is parsed, which counts the file's bytes, the document and anything parsing allocated.
enum PeakMemory {
    enum Parser: String { case keel, foundation }

    /// Runs in the child: reads and parses `path`, then prints the growth in bytes.
    static func measureInChild(parser: Parser, path: String) throws {
        let before = peakResidentBytes()
        switch parser {
        case .keel:
            let document = try JSONDocument(parsing: try readBytes(path))
            let after = peakResidentBytes()
            blackHole(document)
            print(after - before)
        case .foundation:
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let object = try JSONSerialization.jsonObject(with: data)
            let after = peakResidentBytes()
            blackHole(object)
            print(after - before)
        }
    }

    /// Runs this executable again to measure `parser` on `file`; the growth in bytes.
    static func measure(parser: Parser, file: URL) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        process.arguments = ["--peak-memory-child", parser.rawValue, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let bytes = Int(text) else {
            throw BenchmarkError("the memory measurement failed: \(text)")
        }
        return bytes
    }

    /// The file's bytes, read straight into one array.
    static func readBytes(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw BenchmarkError("cannot open \(path)") }
        defer { fclose(file) }
        fseek(file, 0, SEEK_END)
        let size = ftell(file)
        fseek(file, 0, SEEK_SET)
        let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buffer, count in
            count = buffer.baseAddress.map { fread($0, 1, buffer.count, file) } ?? 0
        }
        guard bytes.count == size else { throw BenchmarkError("short read of \(path)") }
        return bytes
    }

    /// The process's peak resident set so far, in bytes. On Linux from `VmHWM` in /proc/self/status, which
    /// starts afresh with the new program (`ru_maxrss` would carry the parent's peak across `exec`).
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        let kilobytes = line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        return kilobytes * 1024
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on Apple platforms
        #endif
    }
}
