import ArgumentParser
import Keel
import KeelSchema

/// `keel validate`: parse each input strictly; print `OK` for valid ones and a located error for the rest.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that each file holds exactly one valid JSON value.",
        discussion: """
            Reads standard input when no file is given, or for '-'. Prints '<file>: OK' for each valid input on \
            standard output, and '<file>:<line>:<column>: <message>' for each invalid one on standard error. \
            A file read as JSON with comments (a .jsonc file, tsconfig.json and the like, or --syntax jsonc) \
            prints '<file>: OK (JSONC)'; a JSON5 file (.json5, or --syntax json5) '<file>: OK (JSON5)'.

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
              <stdin>:2:6: Unexpected '}': expected a value (record 2)
              <stdin>: 1 of 2 records invalid

            With --schema SCHEMA, each input (or each record) must also match that JSON Schema (draft-04, \
            -06, -07, 2019-09 or 2020-12, from its $schema; 2020-12 when it names none). Every failure is \
            printed as '<file>:<line>:<column>: <message> (at <instance pointer>, schema <keyword path>)'. \
            References to other schema files resolve through --schema-dir FOLDER (each file named by its $id \
            and its file:// URI); nothing is fetched over the network. Formats are checked with \
            --assert-formats.

              $ keel validate --schema Examples/people.schema.json Examples/people.json
              Examples/people.json: OK
              $ echo '{"success": true, "people": [{"name": "Ann", "age": -4}]}' | keel validate --schema Examples/people.schema.json
              <stdin>:1:53: expected a number at least 0, found -4 (at /people/0/age, schema #/properties/people/items/$ref/properties/age/minimum)

            Exit status: 0 when all inputs are valid, 1 when any is invalid, 2 when any cannot be read or the \
            output cannot be written, 64 when the schema does not compile.
            """
    )

    @Argument(help: "JSON files to check ('-' or nothing for standard input).")
    var files: [String] = []

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    @OptionGroup var schemaOptions: SchemaOptions

    func run() throws {
        if let schema = try schemaOptions.compile() {
            try validate(against: schema)
            return
        }
        // Validation keeps no document: each input needs its bytes and nothing in proportion to them.
        let progress = ProgressLine.startIfTerminal()
        defer { progress?.stop() }
        try InputFile.forEach(files) { file in
            if let format = records.format(for: file) {
                return file.validateRecords(format: format, options: records.streamOptions(input), progress: progress)
            }
            let options = input.parsingOptions(for: file)
            switch file.validateReportingErrors(options: options, progress: progress) {
            case .success:
                // Say so when the file was read as something other than strict JSON.
                StandardOutput.writeLine("\(file.displayName): OK" + (options.syntax == .strict ? "" : " (\(options.syntax))"))
                return .success
            case .failure(let failure):
                return failure
            }
        }
    }

    /// Parses each input (or record) and checks it against the schema, printing every failure.
    private func validate(against schema: JSONSchema) throws {
        try InputFile.forEach(files) { file in
            var recordCount = 0
            var mismatched = 0
            let reading = file.eachRoot(records: records, input: input) { root, record in
                recordCount += 1
                let result = schema.validate(root)
                guard !result.isValid else { return }
                mismatched += 1
                for failure in result.failures {
                    var location = failure.sourceLocation ?? root.location
                    var prefix = ""
                    if let record {
                        location = record.streamLocation(of: location)
                        prefix = "record \(record.record): "
                    }
                    let pointer = failure.instancePointer.isEmpty ? "the root" : failure.instancePointer
                    printError("\(file.displayName):\(location.line):\(location.column): \(prefix)\(failure.message) (at \(pointer), schema \(failure.keywordLocation))")
                }
            }
            if mismatched > 0 {
                if records.format(for: file) != nil {
                    printError("\(file.displayName): \(mismatched) of \(recordCount) records do not match the schema")
                }
            } else if reading == .success {
                let count = records.format(for: file) != nil ? " (\(recordCount) record\(recordCount == 1 ? "" : "s"))" : ""
                StandardOutput.writeLine("\(file.displayName): OK\(count)")
            }
            return max(reading, mismatched > 0 ? .invalid : .success)
        }
    }
}
