import ArgumentParser
import Keel

/// `keel get`: print the values at JSON Pointers.
struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the value at each JSON Pointer (RFC 6901).",
        discussion: """
            Prints each value as compact JSON on its own line; with --raw, strings are printed as their text.

            Examples:
              $ keel get Examples/people.json /people/0/name
              "Matt Mathias"
              $ keel get --raw Examples/people.json /people/0/name /jobs
              Matt Mathias
              ["teacher","judge"]

            With --lines or --records FORMAT (see 'keel validate --help'), the pointers are looked up in each \
            record in turn, and the values printed in record order.

              $ printf '{"id":1}\\n{"id":2}\\n' | keel get --lines - /id
              1
              2

            Exit status: 0 success, 1 invalid JSON or a pointer that does not resolve, 2 a file that cannot be \
            read, 64 a usage error.
            """
    )

    @Argument(help: "The JSON file ('-' for standard input).")
    var file: String

    @Argument(help: "JSON Pointers, such as /people/0/name ('' is the whole document).")
    var pointers: [String]

    @Flag(name: [.customShort("r"), .long], help: "Print strings as their text, without quotes or escapes.")
    var raw = false

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    func validate() throws {
        if pointers.isEmpty { throw ValidationError("Give at least one JSON Pointer.") }
    }

    func run() throws {
        // The file and the pointers as bytes, in command-line order (see CommandLineBytes).
        let arguments = CommandLineBytes.bytes(of: [file] + pointers)
        let source = InputFile(path: arguments[0] == [UInt8(ascii: "-")] ? nil : SystemPath(arguments[0]))
        var pointers: [String] = []
        var failed = false
        for pointerBytes in arguments.dropFirst() {
            guard let pointer = CommandLineBytes.text(pointerBytes) else {
                printError("\(source.displayName): the pointer \(CommandLineBytes.display(pointerBytes)) is not "
                    + "UTF-8 text, so it names no member")
                failed = true
                continue
            }
            pointers.append(pointer)
        }
        // Each record in turn (its values, or where a pointer does not resolve in it), or the whole document.
        let status = source.eachRoot(records: records, input: input) { root, record in
            if !printValues(in: root, at: pointers, source: source, record: record) { failed = true }
        }
        if status != .success { throw ExitCode(status) }
        if failed { throw ExitCode(ExitStatus.invalid) }
    }

    /// Prints the value at each pointer in `root`, or where and why a pointer does not resolve (in the
    /// stream's terms for a record); returns whether all resolved.
    private func printValues(in root: JSONView, at pointers: [String], source: InputFile, record: JSONRecordPosition?) -> Bool {
        var resolved = true
        for pointer in pointers {
            switch root[pointer: pointer].result {
            case .success(let value):
                if raw, let string = value.stringValue {
                    StandardOutput.write(Array(string.utf8) + [UInt8(ascii: "\n")])
                } else {
                    StandardOutput.write(value.jsonBytes() + [UInt8(ascii: "\n")])
                }
            case .failure(let error):
                let location = error.location.map { inRecord in record?.streamLocation(of: inRecord) ?? inRecord }
                let place = location.map { ":\($0.line):\($0.column)" } ?? ""
                if let record {
                    // The place once, in the stream's terms, then the record's number.
                    printError("\(source.displayName)\(place): \(error.reasonDescription) (record \(record.record))")
                } else {
                    printError("\(source.displayName)\(place): \(error)")
                }
                resolved = false
            }
        }
        return resolved
    }
}
