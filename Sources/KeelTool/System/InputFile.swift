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
    let path: SystemPath?

    /// The inputs for a list of arguments (as bytes: see ``CommandLineBytes``): standard input when the list
    /// is empty; `-` is standard input.
    static func resolve(_ arguments: [String]) -> [InputFile] {
        if arguments.isEmpty { return [InputFile(path: nil)] }
        return CommandLineBytes.bytes(of: arguments).map { InputFile(path: $0 == [UInt8(ascii: "-")] ? nil : SystemPath($0)) }
    }

    /// The name used in messages: the path as given (bytes that are not UTF-8 as `\xFF`), or `<stdin>`.
    var displayName: String { path?.display ?? "<stdin>" }

    /// Reads every byte, up to `options.maximumDocumentSize`.
    ///
    /// The size limit applies while reading, so endless input (`/dev/zero`, `yes`) costs no more memory than
    /// the limit. Input that is not a regular file is also parsed as it arrives, at sizes growing by 16×, and
    /// reading stops at the first error that more input could not undo (one before the end of what has
    /// arrived), so `keel validate /dev/zero` answers at once with the error a complete read would give.
    func read(options: JSONParsingOptions, progress: ProgressLine? = nil) throws(InputError) -> [UInt8] {
        let (descriptor, status) = try openForReading()
        defer { if path != nil { close(descriptor) } }

        let limit = min(options.maximumDocumentSize, JSONParsingOptions.largestDocumentSize)
        var bytes: [UInt8] = []
        var expectedSize: Int?
        var isRegular = false
        if let status {
            isRegular = status.st_mode & S_IFMT == S_IFREG
            if isRegular, status.st_size > 0 {
                if Int(status.st_size) > limit { throw .invalid(Self.tooLarge(limit: limit)) }
                expectedSize = Int(status.st_size)
                do {
                    try MemoryProbe.require(Int(status.st_size))
                } catch {
                    throw .unreadable(error)
                }
                bytes = try readRegularFile(descriptor, size: Int(status.st_size), progress: progress)
            }
        }
        var nextProbe = 1 << 16
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(SystemError(code: errno))
            }
            guard bytes.count + count <= limit else { throw .invalid(Self.tooLarge(limit: limit)) }
            if bytes.count + count > bytes.capacity {
                // The array grows by doubling; ask for the larger block first.
                let capacity = max(2 * bytes.capacity, bytes.count + count)
                guard MemoryProbe.canAllocate(capacity) else { throw .unreadable(MemoryProbe.refusal) }
                bytes.reserveCapacity(capacity)
            }
            bytes.append(contentsOf: chunk[..<count])
            if let progress {
                if let expectedSize {
                    progress.update("reading \(displayName): \(min(100, bytes.count * 100 / expectedSize))%")
                } else {
                    progress.update("reading \(displayName): \(describeSize(bytes.count))")
                }
            }
            if !isRegular, bytes.count >= nextProbe {
                nextProbe = bytes.count * 16
                if let error = Self.errorInPrefix(bytes, options: options) { throw .invalid(error) }
            }
        }
        return bytes
    }

    /// Calls `body` with a descriptor for the named file when it is a regular file (not standard input, a pipe
    /// or a device), and closes it after; `nil` when it is not one or cannot be opened.
    func withRegularFile<Result>(_ body: (Int32) -> Result) -> Result? {
        guard path != nil, let (descriptor, status) = try? openForReading() else { return nil }
        defer { close(descriptor) }
        guard let status, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return body(descriptor)
    }

    /// The input's descriptor (standard input, or the file opened for reading, which the caller closes) and
    /// what `fstat` says of it (`nil` if it cannot say); a directory is refused as unreadable.
    func openForReading() throws(InputError) -> (descriptor: Int32, status: stat?) {
        let descriptor: Int32
        if let path {
            descriptor = path.withCString { open($0, O_RDONLY) }
            guard descriptor >= 0 else { throw .unreadable(SystemError(code: errno)) }
        } else {
            descriptor = STDIN_FILENO
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return (descriptor, nil) }
        if status.st_mode & S_IFMT == S_IFDIR {
            if path != nil { close(descriptor) }
            throw .unreadable(SystemError(code: EISDIR))
        }
        return (descriptor, status)
    }

    /// Up to `size` bytes of a regular file, read straight into an array of exactly that size (held once,
    /// never copied to grow, and not zeroed first), in pieces of 64 MiB so that progress can be shown. Stops
    /// early if the file turns out shorter; the caller reads on if it grew.
    private func readRegularFile(_ descriptor: Int32, size: Int, progress: ProgressLine?) throws(InputError) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let piece = readBytes(descriptor, base + count, min(size - count, 1 << 26))
                if piece == 0 { break }
                if piece < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                count += piece
                progress?.update("reading \(displayName): \(count * 100 / size)%")
            }
        }
        if let failure { throw .unreadable(SystemError(code: failure)) }
        return bytes
    }

    /// The parser's error for `prefix` if it lies before the prefix's end: every longer input that starts
    /// with `prefix` fails there too.
    private static func errorInPrefix(_ prefix: [UInt8], options: JSONParsingOptions) -> JSONSyntaxError? {
        do {
            try JSONDocument.validate(prefix, options: options)
            return nil
        } catch {
            return error.byteOffset < prefix.count && error.kind != .unexpectedEndOfInput ? error : nil
        }
    }

    private static func tooLarge(limit: Int) -> JSONSyntaxError {
        JSONSyntaxError(kind: .documentTooLarge, byteOffset: 0, line: 1, column: 1,
                        expected: "at most \(limit) bytes", found: "more than \(limit) bytes", limit: limit)
    }
}

/// An input read for an edit: strict JSON text, or a document of another syntax.
enum EditableInput {
    case text(EditableText)
    case document(JSONDocument)

    /// The bytes as read (for a document of another syntax, as written).
    var bytes: [UInt8] {
        switch self {
        case .text(let text): text.bytes
        case .document(let document): document.bytes
        }
    }
}

/// Why an input could not be had: a system error (exit status 2), or text that is not JSON (status 1).
enum InputError: Error {
    case unreadable(SystemError)
    case invalid(JSONSyntaxError)
}

extension InputFile {
    /// Reads and parses the input, or prints why not (`<file>: <reason>`, or `<file>:<line>:<column>:
    /// <message>` for invalid JSON) and returns the exit status to use.
    func documentReportingErrors(
        options: JSONParsingOptions = JSONParsingOptions(), progress: ProgressLine? = nil
    ) -> Result<(bytes: [UInt8], document: JSONDocument), ExitStatus> {
        readReportingErrors(options: options, progress: progress, doing: "parsing") { bytes throws(JSONSyntaxError) in
            (bytes, try JSONDocument(parsing: bytes, options: options))
        }
    }

    /// Reads the input for an edit: strict UTF-8 JSON is validated and kept as text, to be edited by walking
    /// it (no tape, no tree: memory stays near the file's size); other text is parsed into a document.
    /// Prints why not as ``documentReportingErrors(options:progress:)`` does.
    func editableReportingErrors(
        options: JSONParsingOptions = JSONParsingOptions(), progress: ProgressLine? = nil
    ) -> Result<EditableInput, ExitStatus> {
        readReportingErrors(options: options, progress: progress, doing: "validating") { bytes throws(JSONSyntaxError) in
            if let text = try EditableText(validating: bytes, options: options) { return .text(text) }
            return .document(try JSONDocument(parsing: bytes, options: options))
        }
    }

    /// Reads the input and checks that it is one JSON value, keeping nothing but the bytes (see
    /// `JSONDocument.validate`), or prints why not as ``documentReportingErrors(options:progress:)`` does.
    func validateReportingErrors(
        options: JSONParsingOptions = JSONParsingOptions(), progress: ProgressLine? = nil
    ) -> Result<Void, ExitStatus> {
        readReportingErrors(options: options, progress: progress, doing: "validating") { bytes throws(JSONSyntaxError) in
            try JSONDocument.validate(bytes, options: options)
        }
    }

    /// Reads the input and hands its bytes to `check`; prints a read failure or the syntax error `check`
    /// throws (`<file>: <reason>`, `<file>:<line>:<column>: <message>`) and returns the exit status for it.
    private func readReportingErrors<Checked>(
        options: JSONParsingOptions, progress: ProgressLine?, doing activity: String,
        _ check: ([UInt8]) throws(JSONSyntaxError) -> Checked
    ) -> Result<Checked, ExitStatus> {
        let bytes: [UInt8]
        do {
            bytes = try read(options: options, progress: progress)
        } catch {
            progress?.clear()
            switch error {
            case .unreadable(let error):
                printError("\(displayName): \(error)")
                return .failure(.unreadable)
            case .invalid(let error):
                printError("\(displayName):\(error.line):\(error.column): \(error)")
                return .failure(.invalid)
            }
        }
        progress?.update("\(activity) \(displayName) (\(describeSize(bytes.count)))")
        defer { progress?.clear() }
        do {
            return .success(try check(bytes))
        } catch {
            progress?.clear()
            if error.kind == .insufficientMemory {
                // Not a fault of the text: the input could not be handled here, as with a read error.
                printError("\(displayName): \(error)")
                return .failure(.unreadable)
            }
            printError("\(displayName):\(error.line):\(error.column): \(error)")
            return .failure(.invalid)
        }
    }
}

/// The system's `read`, under a name that the `read()` method above does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
