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

    @Flag(name: [.customShort("r"), .long], help: "Print strings as their text, without quotes or escapes.")
    var raw = false

    @OptionGroup var input: InputOptions

    func validate() throws {
        if pointers.isEmpty { throw ValidationError("Give at least one JSON Pointer.") }
    }

    func run() throws {
        // The file and the pointers as bytes, in command-line order (see CommandLineBytes).
        let arguments = CommandLineBytes.bytes(of: [file] + pointers)
        let source = InputFile(path: arguments[0] == [UInt8(ascii: "-")] ? nil : SystemPath(arguments[0]))
        let document: JSONDocument
        switch source.documentReportingErrors(options: input.parsingOptions) {
        case .success(let read): document = read.document
        case .failure(let status): throw ExitCode(status.rawValue)
        }
        var failed = false
        for pointerBytes in arguments.dropFirst() {
            guard let pointer = CommandLineBytes.text(pointerBytes) else {
                printError("\(source.displayName): the pointer \(CommandLineBytes.display(pointerBytes)) is not "
                    + "UTF-8 text, so it names no member")
                failed = true
                continue
            }
            switch document.root[pointer: pointer].result {
            case .success(let value):
                if raw, let string = value.stringValue {
                    StandardOutput.write(Array(string.utf8) + [UInt8(ascii: "\n")])
                } else {
                    StandardOutput.write(value.jsonBytes() + [UInt8(ascii: "\n")])
                }
            case .failure(let error):
                let place = error.location.map { ":\($0.line):\($0.column)" } ?? ""
                printError("\(source.displayName)\(place): \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
