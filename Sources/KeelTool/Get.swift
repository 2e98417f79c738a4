import ArgumentParser
import Keel

/// `keel get`: print the values at JSON Pointers.
struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the value at each JSON Pointer (RFC 6901).",
        discussion: """
            Prints each value as compact JSON on its own line; with --raw, strings are printed as their text.

            Examples:
              $ keel get Examples/people.json /people/0/name
              "Matt Mathias"
              $ keel get --raw Examples/people.json /people/0/name /jobs
              Matt Mathias
              ["teacher","judge"]

            Exit status: 0 success, 1 invalid JSON or a pointer that does not resolve, 2 a file that cannot be
            read, 64 a usage error.
            """
    )

    @Argument(help: "The JSON file ('-' for standard input).")
    var file: String

    @Argument(help: "JSON Pointers, such as /people/0/name ('' is the whole document).")
    var pointers: [String]

    @Flag(help: "Print strings as their text, without quotes or escapes.")
    var raw = false

    func validate() throws {
        if pointers.isEmpty { throw ValidationError("Give at least one JSON Pointer.") }
    }

    func run() throws {
        let input = InputFile.resolve([file])[0]
        guard let bytes = input.readReportingErrors() else { throw ExitCode(2) }
        guard let document = input.parseReportingErrors(bytes) else { throw ExitCode(1) }
        var failed = false
        for pointer in pointers {
            switch document.root[pointer: pointer].result {
            case .success(let value):
                if raw, let string = value.stringValue {
                    writeOutput(Array(string.utf8) + [UInt8(ascii: "\n")])
                } else {
                    writeOutput(value.jsonBytes() + [UInt8(ascii: "\n")])
                }
            case .failure(let error):
                let place = error.location.map { ":\($0.line):\($0.column)" } ?? ""
                printError("\(input.displayName)\(place): \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
