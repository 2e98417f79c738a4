import ArgumentParser
import Keel

/// `keel validate`: parse each input strictly; print `OK` for valid ones and a located error for the rest.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that each file holds exactly one valid JSON value.",
        discussion: """
            Reads standard input when no file is given, or for '-'. Prints '<file>: OK' for each valid input on \
            standard output, and '<file>:<line>:<column>: <message>' for each invalid one on standard error.

            Example:
              $ keel validate Examples/people.json
              Examples/people.json: OK
              $ echo '[1, 2,]' | keel validate
              <stdin>:1:7: Unexpected ']' at line 1, column 7 (byte 6): expected a value.

            Input larger than --max-size is refused as it is read; input from a pipe or device stops being \
            read at its first error.

            With --lines (the default for .jsonl and .ndjson files), each line is one record: every bad \
            record is reported as '<file>:<line>:<column>: <message>' and reading goes on; a valid stream \
            prints '<file>: OK (N records)'. Blank lines are skipped, CRLF is accepted, the input is read in \
            chunks (standard input too), and --max-size limits each record. --records FORMAT reads other \
            streams the same way: 'seq' (RFC 7464 text sequences), 'concatenated' (values one after another) \
            or 'array' (the elements of one top-level array, in bounded memory); 'lines' is --lines.

              $ printf '{"a":1}\\n{"a":}\\n' | keel validate --lines
              <stdin>:2:6: record 2 (line 2, byte 8): Unexpected '}' at line 1, column 6 (byte 5): expected a value.
              <stdin>: 1 of 2 records invalid

            Exit status: 0 when all inputs are valid, 1 when any is invalid, 2 when any cannot be read or the \
            output cannot be written.
            """
    )

    @Argument(help: "JSON files to check ('-' or nothing for standard input).")
    var files: [String] = []

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    func run() throws {
        // Validation keeps no document: each input needs its bytes and nothing in proportion to them.
        let progress = ProgressLine.startIfTerminal()
        defer { progress?.stop() }
        var status: Int32 = 0
        for file in InputFile.resolve(files) {
            if let format = records.format(for: file) {
                status = max(status, file.validateRecords(format: format, options: records.streamOptions(input), progress: progress).rawValue)
                continue
            }
            switch file.validateReportingErrors(options: input.parsingOptions, progress: progress) {
            case .success: StandardOutput.writeLine("\(file.displayName): OK")
            case .failure(let failure): status = max(status, failure.rawValue)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
