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

    /// Validates the input's records, read in chunks (standard input too, never whole), on every core.
    /// Prints `<file>:<line>:<column>: <message>` for each bad record and a count at the end; returns the
    /// exit status: 0 when every record is valid, 1 when some is not, 2 when the input cannot be read.
    func validateRecords(format: JSONStream.Format, options: JSONStream.Options, progress: ProgressLine?) -> ExitStatus {
        withRecordStream(format: format, options: options, progress: progress) { stream, report in
            stream.validate(reporting: report)
        } finished: { summary in
            StandardOutput.writeLine("\(displayName): OK (\(Self.describe(records: summary.records)))")
        }
    }

    /// Reads the input's records in turn and calls `body` with each valid one (its document lives only
    /// during the call), reporting the others as ``validateRecords(format:options:progress:)`` does. Returns
    /// the exit status.
    func eachRecord(
        format: JSONStream.Format, options: JSONStream.Options, progress: ProgressLine?,
        _ body: (JSONStream.Record) -> Void
    ) -> ExitStatus {
        withRecordStream(format: format, options: options, progress: progress) { stream, report in
            var records = stream.makeIterator()
            while let result = records.next() {
                switch result {
                case .success(let record):
                    body(record)
                case .failure(let error):
                    report(error)
                }
            }
            return records.summary
        } finished: { _ in }
    }

    /// Calls `body` with the root of each valid record when the options ask for records (reporting the
    /// others as ``eachRecord(format:options:progress:_:)`` does), or with the root of the whole document.
    /// Returns the exit status of reading: the per-input loop of the commands that read values.
    func eachRoot(records: RecordOptions, input: InputOptions, _ body: (_ root: JSONView, _ record: JSONRecordPosition?) -> Void) -> ExitStatus {
        if let format = records.format(for: self) {
            let progress = ProgressLine.startIfTerminal()
            defer { progress?.stop() }
            return eachRecord(format: format, options: records.streamOptions(input), progress: progress) { body($0.root, $0.position) }
        }
        switch documentReportingErrors(options: input.parsingOptions(for: self)) {
        case .success(let read):
            body(read.document.root, nil)
            return .success
        case .failure(let status):
            return status
        }
    }

    /// Opens the input and hands `read` its stream and a function that prints a record's error; then prints
    /// a count of the invalid records, or calls `finished` when there are none. Returns the exit status.
    private func withRecordStream(
        format: JSONStream.Format, options: JSONStream.Options, progress: ProgressLine?,
        _ read: (JSONStream, (JSONRecordError) -> Void) -> JSONStream.Summary,
        finished: (JSONStream.Summary) -> Void
    ) -> ExitStatus {
        let descriptor: Int32
        let status: stat?
        do {
            (descriptor, status) = try openForReading()
        } catch {
            if case .unreadable(let error) = error { printError("\(displayName): \(error)") }
            return .unreadable
        }
        defer { if path != nil { close(descriptor) } }

        // The descriptor's offset says how far reading has gone in a regular file, whatever thread reads.
        let activity = "reading \(displayName) as \(Self.name(of: format))"
        let size = status.map { $0.st_mode & S_IFMT == S_IFREG ? Int($0.st_size) : 0 } ?? 0
        let describe: @Sendable () -> String = {
            let offset = Int(lseek(descriptor, 0, SEEK_CUR))
            guard size > 0, offset >= 0 else { return activity }
            return "\(activity): \(min(100, offset * 100 / size))%"
        }
        progress?.track(describe)
        var unreadable = false
        var invalidRecords = 0
        var framingErrors = 0
        let summary = read(JSONStream(fileDescriptor: descriptor, format: format, options: options)) { error in
            progress?.clear()
            if case .framing(let problem) = error.reason, !problem.isRecord {
                framingErrors += 1
            } else {
                invalidRecords += 1
            }
            if case .unreadable(let code) = error.reason {
                unreadable = true
                printError("\(displayName): \(SystemError(code: code))")
            } else {
                printError("\(displayName):\(error.line):\(error.column): \(error.reasonDescription) (record \(error.position.record))")
            }
            progress?.track(describe)
        }
        progress?.clear()
        if unreadable { return .unreadable }
        if invalidRecords + framingErrors > 0 {
            var message = "\(displayName): \(invalidRecords) of \(Self.describe(records: summary.records)) invalid"
            if framingErrors > 0 { message += ", and \(framingErrors) break\(framingErrors == 1 ? "" : "s") in the stream's framing" }
            printError(message)
            return .invalid
        }
        finished(summary)
        return .success
    }

    private static func describe(records: Int) -> String { records == 1 ? "1 record" : "\(records) records" }

    private static func name(of format: JSONStream.Format) -> String {
        switch format {
        case .lines: "JSON Lines"
        case .textSequence: "a JSON text sequence"
        case .concatenated: "concatenated JSON"
        case .array: "array elements"
        }
    }
}
