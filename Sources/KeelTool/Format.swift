import ArgumentParser
import Keel

/// `keel format`: pretty-print or minify JSON, keeping every number and string exactly as written.
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pretty-print or minify JSON.",
        discussion: """
            Writes each input to standard output (or back to its file with --in-place), pretty with two spaces
            per level unless told otherwise. Numbers and strings keep the text they were written with. On a
            terminal the output is coloured, unless NO_COLOR is set (--color and --no-color decide otherwise).

            Examples:
              $ keel format Examples/people.json
              $ echo '{"b": 1, "a": [1, 2]}' | keel format -c -S
              {"a":[1,2],"b":1}
              $ keel format --indent 4 --in-place settings.json

            --in-place writes the new text to a temporary file in the same folder and renames it over the
            original only once it is complete, so an interrupted run never leaves a half-written file, and a
            signal that ends the run removes the temporary file (kill -9 cannot be caught: it leaves
            .NAME.keel-XXXXXX beside the intact original). A symbolic link is followed and its target
            rewritten; the file's permissions are kept, and its owner where the system allows. Only regular
            files are rewritten. A file with several hard links is refused, because the other names would
            keep the old text; --break-hard-links rewrites the named one anyway.

            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read or written (standard output
            included), 64 a usage error.
            """
    )

    @Argument(help: "JSON files to format ('-' or nothing for standard input).")
    var files: [String] = []

    @Option(help: "Spaces per level of indentation (default: 2).")
    var indent: Int?

    @Flag(name: [.customShort("c"), .long], help: "Write everything on one line, with no whitespace.")
    var compact = false

    @Flag(help: "Indent with one tab per level.")
    var tab = false

    @Flag(name: [.customShort("S"), .customLong("sort-keys")],
          help: "Write object members in the order of their keys' UTF-8 bytes.")
    var sortKeys = false

    @Flag(name: .customLong("in-place"), help: "Rewrite each file instead of printing it.")
    var inPlace = false

    @Flag(name: .customLong("break-hard-links"),
          help: "With --in-place, rewrite a file that has other names too (they keep the old text).")
    var breakHardLinks = false

    @Flag(inversion: .prefixedNo, help: "Colour the output (default: only on a terminal, and not with NO_COLOR).")
    var color: Bool?

    @OptionGroup var input: InputOptions

    func validate() throws {
        if compact, indent != nil || tab { throw ValidationError("--compact cannot be used with --indent or --tab.") }
        if tab, indent != nil { throw ValidationError("--tab and --indent cannot be used together.") }
        if let indent, indent < 0 || indent > 16 { throw ValidationError("--indent must be from 0 to 16.") }
        if inPlace, InputFile.resolve(files).contains(where: { $0.path == nil }) {
            throw ValidationError("--in-place needs file names; standard input cannot be rewritten.")
        }
    }

    func run() throws {
        var options = compact ? JSONWritingOptions() : JSONWritingOptions.pretty(indent: tab ? 1 : indent ?? 2)
        options.sortsKeys = sortKeys
        let colours = !inPlace && TerminalColors.wanted(forced: color)
        var writeFailed = false
        var inputs = files
        if inPlace {
            // Refuse what cannot be rewritten before reading it (a FIFO would block the read).
            inputs = zip(files, InputFile.resolve(files)).compactMap { argument, file in
                guard let path = file.path else { return argument }
                do {
                    _ = try OutputFile.checkReplaceable(path, breakingHardLinks: breakHardLinks)
                    return argument
                } catch {
                    printError("\(file.displayName): \(error)")
                    writeFailed = true
                    return nil
                }
            }
            if inputs.isEmpty { throw ExitCode(2) }
        }
        var status = InputFile.eachDocument(in: inputs, options: input.parsingOptions) { input, _, document, progress in
            // The text goes out a piece at a time as it is written, so it is never held whole.
            func writeText(to output: (UnsafeBufferPointer<UInt8>) -> Void) {
                var written = 0
                var tabs = TabIndentation()
                var colouring = TerminalColors()
                func emit(_ piece: UnsafeBufferPointer<UInt8>) {
                    guard tab || colours else { return output(piece) }
                    var bytes = tab ? tabs.convert(piece) : Array(piece)
                    if colours { bytes = bytes.withUnsafeBufferPointer { colouring.colour($0) } }
                    bytes.withUnsafeBufferPointer(output)
                }
                document.root.writeJSON(options: options) { piece in
                    emit(piece)
                    written += piece.count
                    progress?.update("writing \(input.displayName): \(describeSize(written))")
                }
                (colours ? colouring.finish() + [UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]).withUnsafeBufferPointer(output)
                progress?.clear()
            }
            if inPlace, let path = input.path {
                do {
                    try OutputFile.replace(path, breakingHardLinks: breakHardLinks, producing: writeText)
                } catch {
                    printError("\(input.displayName): \(error)")
                    writeFailed = true
                }
            } else {
                writeText(to: StandardOutput.write)
            }
        }
        if writeFailed { status = 2 }
        if status != 0 { throw ExitCode(status) }
    }
}
