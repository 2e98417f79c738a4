import Keel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension InputFile {
    /// Whether the name says JSON Lines: `.jsonl` or `.ndjson`.
    var isNamedAsJSONLines: Bool {
        guard let path else { return false }
        let name = path.display.lowercased()
        return name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson")
    }

    /// Validates the input as JSON Lines, record by record, read in chunks (standard input too, never
    /// whole). Prints `<file>:<line>:<column>: <message>` for each bad record and a count at the end; returns
    /// the exit status: 0 when every record is valid, 1 when some is not, 2 when the input cannot be read.
    func validateLines(options: JSONLines.Options, progress: ProgressLine?) -> ExitStatus {
        let descriptor: Int32
        if let path {
            descriptor = path.withCString { open($0, O_RDONLY) }
            guard descriptor >= 0 else {
                printError("\(displayName): \(SystemError(code: errno))")
                return .unreadable
            }
        } else {
            descriptor = STDIN_FILENO
        }
        defer { if path != nil { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            printError("\(displayName): \(SystemError(code: EISDIR))")
            return .unreadable
        }

        progress?.update("validating \(displayName) as JSON Lines")
        var unreadable = false
        let summary = JSONLines(fileDescriptor: descriptor, options: options).validate { error in
            progress?.clear()
            if case .unreadable(let code) = error.reason {
                unreadable = true
                printError("\(displayName): \(SystemError(code: code))")
            } else {
                printError("\(displayName):\(error.line):\(error.column): \(error)")
            }
            progress?.update("validating \(displayName) as JSON Lines")
        }
        progress?.clear()
        if unreadable { return .unreadable }
        let records = summary.records == 1 ? "1 record" : "\(summary.records) records"
        if summary.errors > 0 {
            printError("\(displayName): \(summary.errors) of \(records) invalid")
            return .invalid
        }
        StandardOutput.writeLine("\(displayName): OK (\(records))")
        return .success
    }
}
