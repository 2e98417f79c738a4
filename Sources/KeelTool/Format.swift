import ArgumentParser
import Keel

/// `keel format`: pretty-print or minify JSON, keeping every number and string exactly as written.
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pretty-print or minify JSON.",
        discussion: """
            Writes each input to standard output (or back to its file with --in-place), pretty with two spaces
            per level unless told otherwise. Numbers and strings keep the text they were written with.

            Examples:
              $ keel format Examples/people.json
              $ echo '{"b": 1, "a": [1, 2]}' | keel format --compact --sort-keys
              {"a":[1,2],"b":1}
              $ keel format --indent 4 --in-place settings.json

            --in-place writes the new text to a temporary file in the same folder and renames it over the
            original only once it is complete, so an interrupted run never leaves a half-written file.

            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read or written, 64 a usage error.
            """
    )

    @Argument(help: "JSON files to format ('-' or nothing for standard input).")
    var files: [String] = []

    @Option(help: "Spaces per level of indentation (default: 2).")
    var indent: Int?

    @Flag(help: "Write everything on one line, with no whitespace.")
    var compact = false

    @Flag(name: .customLong("sort-keys"), help: "Write object members in the order of their keys' UTF-8 bytes.")
    var sortKeys = false

    @Flag(name: .customLong("in-place"), help: "Rewrite each file instead of printing it.")
    var inPlace = false

    func validate() throws {
        if compact, indent != nil { throw ValidationError("--compact and --indent cannot be used together.") }
        if let indent, indent < 0 || indent > 16 { throw ValidationError("--indent must be from 0 to 16.") }
        if inPlace, InputFile.resolve(files).contains(where: { $0.path == nil }) {
            throw ValidationError("--in-place needs file names; standard input cannot be rewritten.")
        }
    }

    func run() throws {
        var options = compact ? JSONWritingOptions() : JSONWritingOptions.pretty(indent: indent ?? 2)
        options.sortsKeys = sortKeys
        var writeFailed = false
        var status = InputFile.eachDocument(in: files) { input, _, document, progress in
            // The text goes out a piece at a time as it is written, so it is never held whole.
            func writeText(to output: (UnsafeBufferPointer<UInt8>) -> Void) {
                var written = 0
                document.root.writeJSON(options: options) { piece in
                    output(piece)
                    written += piece.count
                    progress?.update("writing \(input.displayName): \(describeSize(written))")
                }
                [UInt8(ascii: "\n")].withUnsafeBufferPointer(output)
                progress?.clear()
            }
            if inPlace, let path = input.path {
                do {
                    try OutputFile.replace(path, producing: writeText)
                } catch {
                    printError("\(path): \(error)")
                    writeFailed = true
                }
            } else {
                writeText(to: writeOutput)
            }
        }
        if writeFailed { status = 2 }
        if status != 0 { throw ExitCode(status) }
    }
}
