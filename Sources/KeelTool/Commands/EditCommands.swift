import ArgumentParser
import Keel

/// What `keel set`, `keel delete` and `keel patch` share: read one document, change it, and write the new
/// text to standard output or back to the file, changing only the bytes of the edited values.
struct EditTarget: ParsableArguments {
    @Argument(help: "The JSON file ('-' for standard input).")
    var file: String

    @Flag(name: .customLong("in-place"), help: "Rewrite the file instead of printing the result (see 'keel format --help').")
    var inPlace = false

    @Flag(name: .customLong("break-hard-links"),
          help: "With --in-place, rewrite a file that has other names too (they keep the old text).")
    var breakHardLinks = false

    @OptionGroup var input: InputOptions

    func validate() throws {
        if inPlace, file == "-" { throw ValidationError("--in-place needs a file name; standard input cannot be rewritten.") }
    }

    /// Reads the input, hands it to `edit` for the new text (strict JSON as text to walk, other syntaxes as a
    /// document), and writes that; exits with the shared statuses (1 for an edit that cannot be made, with
    /// the reason on standard error).
    func run(_ edit: (EditableInput, JSONParsingOptions) throws(JSONEditError) -> [UInt8]) throws {
        let source = InputFile.resolve([file])[0]
        if inPlace, let path = source.path {
            do {
                _ = try OutputFile.checkReplaceable(path, breakingHardLinks: breakHardLinks)
            } catch {
                printError("\(source.displayName): \(error)")
                throw ExitCode(ExitStatus.unreadable)
            }
        }
        let options = input.parsingOptions(for: source)
        let document: EditableInput
        switch source.editableReportingErrors(options: options) {
        case .success(let read): document = read
        case .failure(let status): throw ExitCode(status)
        }
        // The edit's working memory, asked for first so that a refusal is a clean exit: for strict JSON, the
        // text in pieces and the text joined (pieces are released as they are copied, but the joined text is
        // asked for whole), and at most a third more for what the walks remember; for other syntaxes also
        // the trees the edit is checked against.
        let workingMemory: Int
        switch document {
        case .text(let text): workingMemory = 2 * text.bytes.count + text.bytes.count / 3 + (1 << 20)
        case .document(let document): workingMemory = 8 * document.bytes.count + (1 << 20)
        }
        guard MemoryProbe.canAllocate(workingMemory) else {
            printError("\(source.displayName): \(MemoryProbe.refusal) (an edit of it needs about \(workingMemory) bytes)")
            throw ExitCode(ExitStatus.unreadable)
        }
        var text: [UInt8]
        do {
            text = try edit(document, options)
        } catch {
            printError("\(source.displayName): \(error)")
            throw ExitCode(ExitStatus.invalid)
        }
        // Keep a final line break as the file had it.
        if document.bytes.last == UInt8(ascii: "\n"), text.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
        if inPlace, let path = source.path {
            do {
                try OutputFile.replace(path, breakingHardLinks: breakHardLinks) { write in
                    text.withUnsafeBufferPointer(write)
                    return true
                }
            } catch {
                printError("\(source.displayName): \(error)")
                throw ExitCode(ExitStatus.unreadable)
            }
        } else {
            StandardOutput.write(text)
        }
    }
}

/// Reads a JSON value given on the command line, reporting where it is not JSON.
func parseArgumentValue(_ text: String, name: String, options: JSONParsingOptions) throws -> JSON {
    // The limits apply; the syntax is JSON's, whatever the file's.
    var options = options
    options.syntax = .strict
    do {
        return try JSON(parsing: text, options: options)
    } catch {
        throw ValidationError("\(name) is not JSON: \(error) (give a string in quotes, '\"text\"', or use --string).")
    }
}

/// `keel set`: put a value at a JSON Pointer.
struct SetValue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the value at a JSON Pointer, changing nothing else in the file.",
        discussion: """
            Replaces the value at POINTER, or adds the member or (with '-' or the count as the last step) the \
            array element it names; the parent must exist. Only the bytes of that value change: indentation, \
            number spellings and key order elsewhere stay exactly as they were.

            A negative number is taken as VALUE, not as an option: 'keel set f.json /offset -5'.

            Examples:
              $ keel set settings.json /server/port 8080 --in-place
              $ keel set Examples/people.json /people/0/name '"Ada"'
              $ keel set --string Examples/people.json /people/0/name Ada

            Exit status: 0 success, 1 invalid JSON or an edit that cannot be made, 2 a file that cannot be read \
            or written, 64 a usage error.
            """
    )

    @OptionGroup var target: EditTarget

    @Argument(help: "Where: a JSON Pointer such as /server/port.")
    var pointer: String

    @Argument(help: "The new value, as JSON text (a string needs its quotes, or --string).")
    var value: String

    @Flag(name: .customLong("string"), help: "Take VALUE as a string, not JSON text.")
    var isString = false

    /// The command line with a negative number given as VALUE (`keel set f.json /delta -1`) moved behind
    /// `--`, where every argument is positional: the argument parser would otherwise take `-1` for an
    /// option. No option of `set` starts with a dash and a digit, so nothing else can be meant.
    static func negativeValuesAsPositional(_ arguments: [String]) -> [String] {
        guard arguments.first == "set" else { return arguments }
        let end = arguments.firstIndex(of: "--") ?? arguments.count
        func isNegativeNumber(_ argument: String) -> Bool {
            let bytes = Array(argument.utf8.prefix(2))
            return bytes.count == 2 && bytes[0] == UInt8(ascii: "-") && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[1])
        }
        let negatives = arguments[..<end].filter(isNegativeNumber)
        guard !negatives.isEmpty else { return arguments }
        return arguments[..<end].filter { !isNegativeNumber($0) } + ["--"] + negatives + arguments[min(end + 1, arguments.count)...]
    }

    func run() throws {
        let pointer = try pointerArgument(pointer)
        let newValue = isString ? JSON.string(value) : try parseArgumentValue(value, name: "VALUE", options: target.input.parsingOptions)
        try target.run { input, _ throws(JSONEditError) in
            switch input {
            case .text(let text): try text.applying(.set(newValue), at: pointer).bytes
            case .document(let document): try document.text(setting: newValue, at: pointer)
            }
        }
    }
}

/// `keel delete`: remove the values at JSON Pointers.
struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove the values at JSON Pointers, changing nothing else in the file.",
        discussion: """
            Removes each value in turn (an object member with its key, an array element), with one separating \
            comma; every other byte stays as it was. A pointer that names nothing is an error, and then \
            nothing is written.

            Example:
              $ keel delete settings.json /server/debug /plugins/0 --in-place

            Exit status: 0 success, 1 invalid JSON or an edit that cannot be made, 2 a file that cannot be read \
            or written, 64 a usage error.
            """
    )

    @OptionGroup var target: EditTarget

    @Argument(help: "JSON Pointers of the values to remove, applied in order.")
    var pointers: [String]

    func validate() throws {
        if pointers.isEmpty { throw ValidationError("Give at least one JSON Pointer.") }
    }

    func run() throws {
        let patch = JSONPatch(try pointers.map { .remove(path: try pointerArgument($0)) })
        try target.run { input, options throws(JSONEditError) in
            switch input {
            case .text(let text): try text.applying(patch).bytes
            case .document(let document): try document.text(applying: patch, options: options)
            }
        }
    }
}

/// `keel patch`: apply a JSON Patch or a JSON Merge Patch.
struct Patch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patch",
        abstract: "Apply a JSON Patch (RFC 6902) or JSON Merge Patch (RFC 7386), all or nothing.",
        discussion: """
            PATCH is a file holding a JSON Patch (an array of operations) or, with --merge or when it holds an \
            object, a JSON Merge Patch. Every operation applies or none does; only the bytes of the values \
            the patch changes are rewritten.

            Examples:
              $ keel patch config.json changes.json --in-place
              $ echo '{"debug": null}' | keel patch config.json - --merge

            Exit status: 0 success, 1 invalid JSON or a patch that cannot be applied (the failing operation \
            is named), 2 a file that cannot be read or written, 64 a usage error.
            """
    )

    @OptionGroup var target: EditTarget

    @Argument(help: "The patch file ('-' for standard input).")
    var patchFile: String

    @Flag(help: "Read PATCH as a JSON Merge Patch even when it is not an object.")
    var merge = false

    func validate() throws {
        if patchFile == "-", target.file == "-" { throw ValidationError("The file and the patch cannot both be standard input.") }
    }

    func run() throws {
        let patchInput = InputFile.resolve([target.file, patchFile])[1]
        let patchDocument: JSON
        switch patchInput.documentReportingErrors(options: target.input.parsingOptions(for: patchInput)) {
        case .success(let read): patchDocument = JSON(read.document.root)
        case .failure(let status): throw ExitCode(status)
        }
        let isMerge = merge || patchDocument.kind != .array
        let jsonPatch: JSONPatch?
        if isMerge {
            jsonPatch = nil
        } else {
            do {
                jsonPatch = try JSONPatch(patchDocument)
            } catch {
                printError("\(patchInput.displayName): \(error)")
                throw ExitCode(ExitStatus.invalid)
            }
        }
        try target.run { input, options throws(JSONEditError) in
            switch (input, jsonPatch) {
            case (.text(let text), let patch?): try text.applying(patch).bytes
            case (.text(let text), nil): try text.merging(patchDocument).bytes
            case (.document(let document), let patch?): try document.text(applying: patch, options: options)
            case (.document(let document), nil): try document.text(merging: patchDocument)
            }
        }
    }
}

/// A pointer argument, checked to be UTF-8 (see ``CommandLineBytes``).
func pointerArgument(_ pointer: String) throws -> String {
    let bytes = CommandLineBytes.bytes(of: [pointer])[0]
    guard let text = CommandLineBytes.text(bytes) else {
        throw ValidationError("The pointer \(CommandLineBytes.display(bytes)) is not UTF-8 text, so it names no member.")
    }
    return text
}
