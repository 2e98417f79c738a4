import Keel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file named on the command line, or standard input.
struct InputFile {
    /// The path, or `nil` for standard input.
    let path: String?

    /// The inputs for a list of arguments: standard input when the list is empty; `-` is standard input.
    static func resolve(_ arguments: [String]) -> [InputFile] {
        arguments.isEmpty ? [InputFile(path: nil)] : arguments.map { InputFile(path: $0 == "-" ? nil : $0) }
    }

    /// The name used in messages: the path as given, or `<stdin>`.
    var displayName: String { path ?? "<stdin>" }

    /// Reads every byte.
    ///
    /// - Throws: ``ReadError`` naming the system's reason (for example "No such file or directory").
    func read(progress: ProgressLine? = nil) throws(ReadError) -> [UInt8] {
        let descriptor: Int32
        if let path {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw ReadError(code: errno) }
        } else {
            descriptor = STDIN_FILENO
        }
        defer { if path != nil { close(descriptor) } }

        var status = stat()
        var bytes: [UInt8] = []
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(code: EISDIR)
        }
        var expectedSize: Int?
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 {
            // Exactly the file's size, so that a large file is held once and never copied to grow.
            expectedSize = Int(status.st_size)
            bytes.reserveCapacity(Int(status.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            bytes.append(contentsOf: chunk[..<count])
            if let progress {
                if let expectedSize {
                    progress.update("reading \(displayName): \(min(100, bytes.count * 100 / expectedSize))%")
                } else {
                    progress.update("reading \(displayName): \(describeSize(bytes.count))")
                }
            }
        }
        return bytes
    }
}

extension InputFile {
    /// Reads the input, or prints why it cannot be read (`<file>: <reason>`) and returns `nil`.
    func readReportingErrors(progress: ProgressLine? = nil) -> [UInt8]? {
        do {
            return try read(progress: progress)
        } catch {
            progress?.clear()
            printError("\(displayName): \(error)")
            return nil
        }
    }

    /// Parses `bytes`, or prints the error with its place (`<file>:<line>:<column>: <message>`) and returns `nil`.
    func parseReportingErrors(
        _ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions(), progress: ProgressLine? = nil
    ) -> JSONDocument? {
        progress?.update("parsing \(displayName) (\(describeSize(bytes.count)))")
        defer { progress?.clear() }
        do {
            return try JSONDocument(parsing: bytes, options: options)
        } catch {
            progress?.clear()
            printError("\(displayName):\(error.line):\(error.column): \(error)")
            return nil
        }
    }
}

extension InputFile {
    /// Reads and parses each input named by `arguments`, reporting the ones that fail, and calls `body` with
    /// each document. Returns the exit status: 0, 1 when some input is not JSON, 2 when some cannot be read.
    /// Long runs show progress on a terminal (see ``ProgressLine``); `body` may update it too.
    static func eachDocument(
        in arguments: [String], options: JSONParsingOptions = JSONParsingOptions(),
        _ body: (InputFile, [UInt8], JSONDocument, ProgressLine?) throws -> Void
    ) rethrows -> Int32 {
        let progress = ProgressLine.startIfTerminal()
        defer { progress?.stop() }
        var status: Int32 = 0
        for input in resolve(arguments) {
            guard let bytes = input.readReportingErrors(progress: progress) else {
                status = 2
                continue
            }
            guard let document = input.parseReportingErrors(bytes, options: options, progress: progress) else {
                status = max(status, 1)
                continue
            }
            try body(input, bytes, document, progress)
        }
        return status
    }
}

/// A file that could not be read, with the system's reason.
struct ReadError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}

/// The system's `read`, under a name that the `read()` method above does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Writes a line to standard error (unbuffered, so it is never lost on exit).
func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if result <= 0 { break }
        written += result
    }
}
