import ArgumentParser
import Keel

/// How the commands that read JSON are told to read an input as a stream of records rather than as one
/// document.
struct RecordOptions: ParsableArguments {
    @Flag(name: .customLong("lines"),
          help: "Read each input as JSON Lines, one value per line (the default for .jsonl and .ndjson files).")
    var lines = false

    @Option(name: .customLong("records"),
            help: "Read each input as a stream of records: lines (JSON Lines), seq (RFC 7464 text sequence), concatenated (values one after another) or array (the elements of one top-level array).")
    var records: RecordFormat?

    func validate() throws {
        if lines, let records, records != .lines {
            throw ValidationError("--lines and --records \(records.rawValue) ask for different formats.")
        }
    }

    /// The format to read `file` in, or `nil` to read it as one document.
    func format(for file: InputFile) -> JSONStream.Format? {
        if let records { return records.format }
        return lines || file.isNamedAsJSONLines ? .lines : nil
    }

    /// The stream's options: the parsing limits apply to each record, `--max-size` included.
    func streamOptions(_ input: InputOptions) -> JSONStream.Options {
        var options = JSONStream.Options()
        options.parsing = input.parsingOptions
        if let size = input.maximumSize { options.maximumRecordSize = size.value }
        return options
    }
}

/// The names `--records` takes.
enum RecordFormat: String, ExpressibleByArgument, CaseIterable {
    case lines, seq, concatenated, array

    var format: JSONStream.Format {
        switch self {
        case .lines: .lines
        case .seq: .textSequence
        case .concatenated: .concatenated
        case .array: .array
        }
    }
}
