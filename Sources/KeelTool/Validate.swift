import ArgumentParser
import Keel

/// `keel validate`: parse each input strictly; print `OK` for valid ones and a located error for the rest.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that each file holds exactly one valid JSON value.",
        discussion: """
            Reads standard input when no file is given, or for '-'. Prints '<file>: OK' for each valid input on
            standard output, and '<file>:<line>:<column>: <message>' for each invalid one on standard error.

            Example:
              $ keel validate Examples/people.json
              Examples/people.json: OK
              $ echo '[1, 2,]' | keel validate
              <stdin>:1:7: Unexpected ']' at line 1, column 7 (byte 6): expected a value.

            Exit status: 0 when all inputs are valid, 1 when any is invalid, 2 when any cannot be read.
            """
    )

    @Argument(help: "JSON files to check ('-' or nothing for standard input).")
    var files: [String] = []

    @Option(name: .customLong("max-depth"), help: "The deepest nesting accepted (default: 512).")
    var maximumDepth: Int?

    @Flag(name: .customLong("reject-duplicate-keys"), help: "Treat a key repeated in one object as an error.")
    var rejectDuplicateKeys = false

    func validate() throws {
        if let maximumDepth, maximumDepth < 1 {
            throw ValidationError("--max-depth must be at least 1.")
        }
    }

    func run() throws {
        var options = JSONParsingOptions()
        if let maximumDepth { options.maximumDepth = maximumDepth }
        if rejectDuplicateKeys { options.duplicateKeys = .reject }

        let status = InputFile.eachDocument(in: files, options: options) { input, _, _, _ in
            print("\(input.displayName): OK")
        }
        if status != 0 { throw ExitCode(status) }
    }
}
