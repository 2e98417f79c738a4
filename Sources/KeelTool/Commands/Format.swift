import ArgumentParser
import Keel

/// `keel format`: pretty-print or minify JSON, keeping every number and string exactly as written.
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Pretty-print or minify JSON.",
        discussion: """
            Writes each input to standard output (or back to its file with --in-place), pretty with two spaces \
            per level unless told otherwise. Numbers and strings keep the text they were written with. On a \
            terminal the output is coloured, unless NO_COLOR is set (--color and --no-color decide otherwise).

            Examples:
              $ keel format Examples/people.json
              $ echo '{"b": 1, "a": [1, 2]}' | keel format -c -S
              {"a":[1,2],"b":1}
              $ keel format --indent 4 --in-place settings.json

            --in-place writes the new text to a temporary file in the same folder and renames it over the \
            original only once it is complete, so an interrupted run never leaves a half-written file, and a \
            signal that ends the run removes the temporary file (kill -9 cannot be caught: it leaves \
            .NAME.keel-XXXXXX beside the intact original). A symbolic link is followed and its target \
            rewritten; the file's permissions are kept, and its owner where the system allows. Only regular \
            files are rewritten. A file with several hard links is refused, because the other names would \
            keep the old text; --break-hard-links rewrites the named one anyway.

            A JSONC or JSON5 file (see --syntax) keeps its comments: each stays after the code it followed on \
            its line, or on its own line indented with the code below it; a JSON5 file also keeps its names \
            without quotes, its single quotes and its numbers as written. --strict writes plain JSON instead \
            (a JSON5 NaN or Infinity, which JSON cannot hold, is then an error naming its path).

            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read or written (standard output \
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

    @Flag(help: "Write strict JSON: the comments and trailing commas of a JSONC file are left out.")
    var strict = false

    @Flag(name: .customLong("in-place"), help: "Rewrite each file instead of printing it.")
    var inPlace = false

    @Flag(name: .customLong("break-hard-links"),
          help: "With --in-place, rewrite a file that has other names too (they keep the old text).")
    var breakHardLinks = false

    @Flag(inversion: .prefixedNo, help: "Colour the output (default: only on a terminal, and not with NO_COLOR).")
    var color: Bool?

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    func validate() throws {
        if compact, indent != nil || tab { throw ValidationError("--compact cannot be used with --indent or --tab.") }
        if tab, indent != nil { throw ValidationError("--tab and --indent cannot be used together.") }
        if let indent, indent < 0 || indent > 16 { throw ValidationError("--indent must be from 0 to 16.") }
        if inPlace, InputFile.resolve(files).contains(where: { $0.path == nil }) {
            throw ValidationError("--in-place needs file names; standard input cannot be rewritten.")
        }
    }

    /// How values are written: pretty unless `--compact`; for a stream of records, compact unless `--indent`
    /// or `--tab` asks for pretty.
    func writingOptions(forRecords: Bool) -> JSONWritingOptions {
        let isCompact = compact || (forRecords && indent == nil && !tab)
        var options = isCompact ? JSONWritingOptions() : JSONWritingOptions.pretty(indent: tab ? 1 : indent ?? 2)
        options.sortsKeys = sortKeys
        return options
    }

    /// Writes what `produce` makes to standard output, or with `--in-place` over the input's file (where
    /// `produce` returning `false` keeps the file as it was). Returns whether it was written, printing why not.
    fileprivate func write(to input: InputFile, producing produce: ((UnsafeBufferPointer<UInt8>) -> Void) -> Bool) -> Bool {
        guard inPlace, let path = input.path else {
            _ = produce(StandardOutput.write)
            return true
        }
        do {
            try OutputFile.replace(path, breakingHardLinks: breakHardLinks, producing: produce)
            return true
        } catch .abandoned {
            return true  // the reason has been reported
        } catch {
            printError("\(input.displayName): \(error)")
            return false
        }
    }

    /// Writes the records of a stream, each in the layout asked for and framed as the input was: a line
    /// each (lines, concatenated), after an RS (text sequences), or as the elements of one array. Invalid
    /// records are reported and left out; with `--in-place` the file is then not rewritten. Returns the
    /// exit status for the reading.
    private func formatRecords(
        of input: InputFile, format: JSONStream.Format, colours: Bool, progress: ProgressLine?, writeFailed: inout Bool
    ) -> ExitStatus {
        let options = writingOptions(forRecords: true)
        let isPretty = options.layout != .compact
        // What goes before each record, the first and the others, and, for a pretty array, the margin that
        // indents its elements one level in.
        let (firstPrefix, prefix): ([UInt8], [UInt8]) = switch format {
        case .textSequence: ([0x1E], [0x1E])
        case .array: isPretty ? ([UInt8(ascii: "\n")], Array(",\n".utf8)) : ([], [UInt8(ascii: ",")])
        default: ([], [])
        }
        let margin = tab ? [UInt8(ascii: "\t")] : [UInt8](repeating: UInt8(ascii: " "), count: indent ?? 2)
        var status = ExitStatus.success
        let written = write(to: input) { output in
            var count = 0
            if format == .array { [UInt8(ascii: "[")].withUnsafeBufferPointer(output) }
            status = input.eachRecord(format: format, options: records.streamOptions(self.input), progress: progress) { record in
                (count == 0 ? firstPrefix : prefix).withUnsafeBufferPointer(output)
                var writer = ValueWriter(options: options, tabs: tab, colours: colours)
                if format == .array, isPretty {
                    // An element is one level in: its lines are indented once more.
                    margin.withUnsafeBufferPointer(output)
                    let indented = { (piece: UnsafeBufferPointer<UInt8>) in
                        var bytes: [UInt8] = []
                        bytes.reserveCapacity(piece.count)
                        for byte in piece {
                            bytes.append(byte)
                            if byte == UInt8(ascii: "\n") { bytes += margin }
                        }
                        bytes.withUnsafeBufferPointer(output)
                    }
                    writer.write(record.root, to: indented)
                    writer.finish(indented)
                } else {
                    writer.write(record.root, to: output)
                    writer.finish(output)
                }
                if format != .array { [UInt8(ascii: "\n")].withUnsafeBufferPointer(output) }
                count += 1
            }
            if format == .array {
                let end = count > 0 && isPretty ? "\n]\n" : "]\n"
                Array(end.utf8).withUnsafeBufferPointer(output)
            }
            if inPlace, status != .success {
                printError("\(input.displayName): not rewritten, because some records are invalid")
                return false
            }
            return true
        }
        if !written { writeFailed = true }
        return status
    }

    func run() throws {
        let options = writingOptions(forRecords: false)
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
            if inputs.isEmpty { throw ExitCode(ExitStatus.unreadable) }
        }
        let progress = ProgressLine.startIfTerminal()
        defer { progress?.stop() }
        // A write that failed (here or above) makes the run's status `unreadable`, whatever the inputs were.
        try InputFile.forEach(inputs, startingFrom: writeFailed ? .unreadable : .success) { input in
            if let format = records.format(for: input) {
                let status = formatRecords(of: input, format: format, colours: colours, progress: progress, writeFailed: &writeFailed)
                return writeFailed ? max(status, .unreadable) : status
            }
            let document: JSONDocument
            switch input.documentReportingErrors(options: self.input.parsingOptions(for: input), progress: progress) {
            case .success(let read): document = read.document
            case .failure(let failure): return failure
            }
            // Sorted keys of a file without comments are written as plain JSON, as sorting cannot keep a layout.
            if document.syntax != .strict, !strict, !(sortKeys && !document.hasComments) {
                return formatKeepingComments(document, of: input, writeFailed: &writeFailed)
            }
            do {
                try document.root.checkWritableAsJSON()
            } catch {
                printError("\(input.displayName): \(error) Format it as JSON5 (without --strict) to keep it.")
                return .invalid
            }
            // The text goes out a piece at a time as it is written, so it is never held whole.
            func writeText(to output: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
                var written = 0
                var writer = ValueWriter(options: options, tabs: tab, colours: colours)
                writer.write(document.root) { piece in
                    output(piece)
                    written += piece.count
                    progress?.update("writing \(input.displayName): \(describeSize(written))")
                }
                writer.finish(output)
                [UInt8(ascii: "\n")].withUnsafeBufferPointer(output)
                progress?.clear()
                return true
            }
            if !write(to: input, producing: writeText) {
                writeFailed = true
                return .unreadable
            }
            return .success
        }
    }
}

extension Format {
    /// Writes a JSONC document laid out afresh with its comments (``JSONDocument/formattedText(layout:)``).
    /// Sorting keys would part comments from the members they describe, so a file with comments is then
    /// refused (with `--strict` it is written as plain JSON, sorted).
    private func formatKeepingComments(_ document: JSONDocument, of input: InputFile, writeFailed: inout Bool) -> ExitStatus {
        if sortKeys, document.hasComments {
            printError("\(input.displayName): --sort-keys would part the comments from their members; "
                       + "add --strict to write plain JSON without them")
            return .invalid
        }
        let layout = writingOptions(forRecords: false).layout
        var text = document.formattedText(layout: layout)
        if tab {
            var indentation = TabIndentation()
            text = text.withUnsafeBufferPointer { indentation.convert($0) }
        }
        text.append(UInt8(ascii: "\n"))
        let written = write(to: input) { output in
            text.withUnsafeBufferPointer(output)
            return true
        }
        if !written {
            writeFailed = true
            return .unreadable
        }
        return .success
    }
}

/// Writes one value as text, a piece at a time, with tabs for indentation and terminal colours when asked.
struct ValueWriter {
    let options: JSONWritingOptions
    let tabs: Bool
    let colours: Bool
    private var tabIndentation = TabIndentation()
    private var colouring = TerminalColors()

    init(options: JSONWritingOptions, tabs: Bool, colours: Bool) {
        self.options = options
        self.tabs = tabs
        self.colours = colours
    }

    /// Writes `value`'s text to `output` in pieces.
    mutating func write(_ value: JSONView, to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        value.writeJSON(options: options) { piece in
            guard tabs || colours else { return output(piece) }
            var bytes = tabs ? tabIndentation.convert(piece) : Array(piece)
            if colours { bytes = bytes.withUnsafeBufferPointer { colouring.colour($0) } }
            bytes.withUnsafeBufferPointer(output)
        }
    }

    /// Ends the colouring, if any.
    mutating func finish(_ output: (UnsafeBufferPointer<UInt8>) -> Void) {
        if colours { colouring.finish().withUnsafeBufferPointer(output) }
    }
}
