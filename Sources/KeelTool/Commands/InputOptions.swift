import ArgumentParser
import Keel

/// The parsing limits every command that reads JSON takes.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("max-depth"), help: "The deepest nesting accepted (default: 512).")
    var maximumDepth: Int?

    @Option(name: .customLong("max-size"),
            help: "The largest input accepted, in bytes, or with a suffix: 64K, 100M, 2G (default and most: 4G less one byte).")
    var maximumSize: ByteCount?

    @Flag(name: .customLong("reject-duplicate-keys"), help: "Treat a key repeated in one object as an error.")
    var rejectDuplicateKeys = false

    @Option(help: ArgumentHelp(
        "The grammar: strict (RFC 8259), jsonc (comments and trailing commas) or json5 (JSON5 1.0.0).",
        discussion: "Default: json5 for .json5 files; jsonc for .jsonc files and files such as tsconfig.json, "
            + ".vscode/settings.json and devcontainer.json; strict for other files and standard input."))
    var syntax: SyntaxChoice?

    func validate() throws {
        if let maximumDepth, maximumDepth < 1 { throw ValidationError("--max-depth must be at least 1.") }
        if let maximumSize, maximumSize.value > JSONParsingOptions.largestDocumentSize {
            throw ValidationError("--max-size can be at most \(JSONParsingOptions.largestDocumentSize) bytes.")
        }
    }

    /// The parser's options for `file`: these limits, and the syntax `--syntax` names or the file's name implies.
    func parsingOptions(for file: InputFile) -> JSONParsingOptions {
        var options = parsingOptions
        options.syntax = syntax?.syntax ?? SyntaxChoice.implied(by: file.path)
        return options
    }

    /// The parser's options with these limits, and the syntax `--syntax` names (strict without it).
    var parsingOptions: JSONParsingOptions {
        var options = JSONParsingOptions()
        if let maximumDepth { options.maximumDepth = maximumDepth }
        if let maximumSize { options.maximumDocumentSize = maximumSize.value }
        if rejectDuplicateKeys { options.duplicateKeys = .reject }
        if let syntax { options.syntax = syntax.syntax }
        return options
    }
}

/// A size in bytes written as a whole number with an optional K, M or G (powers of 1024).
struct ByteCount: ExpressibleByArgument {
    let value: Int

    init?(argument: String) {
        var digits = Substring(argument)
        var scale = 1
        switch digits.last.map({ Character($0.uppercased()) }) {
        case "K": scale = 1 << 10
        case "M": scale = 1 << 20
        case "G": scale = 1 << 30
        default: break
        }
        if scale > 1 { digits = digits.dropLast() }
        guard let number = Int(digits), number >= 0 else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        value = product
    }
}
