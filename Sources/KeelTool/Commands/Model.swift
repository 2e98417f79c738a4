import ArgumentParser
import Keel
import KeelModeling

/// `keel model`: Swift model types for sample JSON.
struct Model: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Print Swift @JSONModel types that decode every sample.",
        discussion: """
            Reads every input as samples of one kind of value: a document is a sample, the elements of a \
            top-level array are samples, and with --lines or --records FORMAT (see 'keel validate --help') each \
            record is. Prints Swift source declaring the types that read them all, with what the samples show: \
            members missing from some samples or seen as null are optional, numbers with a fraction or exponent \
            are Double, strings that are all dates in one format are JSONTimestamp, objects under one key with \
            much the same members are one type, objects whose keys are data are dictionaries, and objects of \
            different shapes told apart by a tag member (such as "type") are an enum.

            Examples:
              $ keel model Examples/people.json
              $ keel model --name Event --lines events.jsonl > Event.swift

            The types are named after --name, or the first file (in the singular when its top level is an \
            array). The output imports Keel and KeelMacros; the same samples always give the same text.

            With --schema SCHEMA, the types are those a JSON Schema describes instead (objects, required \
            members, string enums, oneOf with a const tag member, nullable types, dictionaries, dates and \
            local $refs, named after their $defs), with each keyword a model does not check written as a \
            comment beside its member, and what no Swift type here can hold typed JSON:
              $ keel model --schema Examples/people.schema.json

            Exit status: 0 success, 1 invalid JSON (nothing is printed), 2 a file that cannot be read, 64 a \
            usage error.
            """
    )

    @Argument(help: "JSON files of samples ('-' or nothing for standard input).")
    var files: [String] = []

    @Option(name: .long, help: "The samples' type name (default: from the first file's name).")
    var name: String?

    @Option(name: .long, help: "A JSON Schema whose types to write, instead of samples.")
    var schema: String?

    @Flag(name: .customLong("keep-nulls"),
          help: "Type members seen as null JSONField, which keeps null and absent apart and writes null back.")
    var keepNulls = false

    @Flag(name: .customLong("public"), help: "Declare the types and their properties public.")
    var isPublic = false

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    func validate() throws {
        if schema != nil, !files.isEmpty {
            throw ValidationError("Give samples or --schema, not both.")
        }
        if let name, name.allSatisfy({ !$0.isLetter && !$0.isNumber }) {
            throw ValidationError("--name must hold a letter or a digit.")
        }
    }

    func run() throws {
        if let schema { return try runFromSchema(schema) }
        var samples: [JSONView] = []
        var topLevelArrays = true
        var names: [String] = []
        // Any input that fails ends the run before a line is printed: a model of some samples is not asked for.
        try InputFile.forEach(files) { file in
            names.append(file.displayName)
            var refused: Int?
            let status = file.eachRoot(records: records, input: input) { root, record in
                if record == nil, root.kind == .array {
                    // Inference keeps a few views (16 bytes each) of every sample and of what they hold:
                    // asked for first, so that a refusal is a clean exit rather than a trap.
                    guard MemoryProbe.canAllocate(96 * root.count) else {
                        refused = 96 * root.count
                        return
                    }
                    samples += root.elements
                } else {
                    topLevelArrays = false
                    samples.append(root)
                }
            }
            if let refused {
                printError("\(file.displayName): \(MemoryProbe.refusal) (inferring a model of it needs about \(refused) bytes)")
                return .unreadable
            }
            return status
        }
        let rootName = name ?? ModelInference.typeName(for: Self.stem(of: names.first ?? "-"), singular: topLevelArrays)
        var inference = ModelInference(rootName: rootName)
        inference.add(contentsOf: samples)
        let models = inference.models()
        var options = SwiftModelSource.Options()
        options.keepsNulls = keepNulls
        options.isPublic = isPublic
        let from = names.count == 1 ? Self.fileName(of: names[0]) : "\(names.count) files"
        let count = models.samples == 1 ? "1 sample" : "\(models.samples) samples"
        options.header = ["Models for \(from), inferred by `keel model` from \(count)."]
        StandardOutput.write(Array(SwiftModelSource(models, options: options).text.utf8))
    }

    /// Writes the types of the schema in `path`, named after --name, the schema's `title` or the file.
    private func runFromSchema(_ path: String) throws {
        var written: String?
        try InputFile.forEach([path]) { file in
            switch file.documentReportingErrors(options: input.parsingOptions(for: file)) {
            case .success(let read):
                let root = read.document.root
                let title = root.member("title")?.stringValue
                let models = ModelSet(schema: root, rootName: name ?? title ?? Self.stem(of: file.displayName))
                var options = SwiftModelSource.Options()
                options.keepsNulls = keepNulls
                options.isPublic = isPublic
                options.header = ["Models for the schema \(Self.fileName(of: file.displayName)), written by `keel model --schema`."]
                written = SwiftModelSource(models, options: options).text
                return .success
            case .failure(let failure):
                return failure
            }
        }
        if let written { StandardOutput.write(Array(written.utf8)) }
    }

    /// The file name without its folders: `data/users.json` → `users.json`.
    static func fileName(of name: String) -> String {
        name.split(separator: "/").last.map(String.init) ?? name
    }

    /// The file name without its folders and extension: `data/users.json` → `users`; standard input → `Root`.
    static func stem(of name: String) -> String {
        guard name != "<stdin>" else { return "Root" }
        let file = fileName(of: name)
        let stem = file.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? file
        return stem.isEmpty ? file : stem
    }
}
