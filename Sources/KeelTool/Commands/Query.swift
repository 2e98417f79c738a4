import ArgumentParser
@_spi(Streaming) import Keel

/// `keel query`: print the nodes a JSONPath query selects.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the nodes a JSONPath query (RFC 9535) selects.",
        discussion: """
            Prints each selected node as compact JSON on its own line (JSON Lines), in the order the RFC \
            defines; --array prints the whole node list as one JSON array instead, --raw prints strings as \
            their text (on lines; an --array is always JSON), and --paths prints each node's normalized path \
            and a tab before it.

            Examples:
              $ keel query Examples/people.json '$.people[*].name'
              "Matt Mathias"
              "Sergeant Pepper"
              $ keel query --raw Examples/people.json '$.people[?@.age < 30].name'
              Sergeant Pepper
              $ keel query --paths Examples/people.json '$..jobs[0]'
              $['jobs'][0]\t"teacher"
              $ keel query --array Examples/people.json '$.people[*].age'
              [32,25]

            With --lines or --records FORMAT (see 'keel validate --help'), the query runs on each record in \
            turn, and the nodes are printed in record order (with --array, one array per record).

            Exit status: 0 when the query ran (whether or not it selected anything), 1 invalid JSON, 2 a file \
            that cannot be read, 64 an invalid query (its column named on standard error, nothing printed) \
            or another usage error.
            """
    )

    @Argument(help: "The JSON file ('-' for standard input).")
    var file: String

    @Argument(help: "The JSONPath query, such as '$.people[?@.age > 30].name'.")
    var query: String

    @Flag(help: "Print the node list as one JSON array instead of one node per line.")
    var array = false

    @Flag(name: [.customShort("r"), .long], help: "Print strings as their text, without quotes or escapes.")
    var raw = false

    @Flag(help: "Print each node's normalized path, then a tab, before the node.")
    var paths = false

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    func run() throws {
        let arguments = CommandLineBytes.bytes(of: [file, query])
        let source = InputFile(path: arguments[0] == [UInt8(ascii: "-")] ? nil : SystemPath(arguments[0]))
        guard let text = CommandLineBytes.text(arguments[1]) else {
            printError("keel query: the query \(CommandLineBytes.display(arguments[1])) is not UTF-8 text")
            throw ExitCode(ExitStatus.usage)
        }
        let compiled: JSONPathQuery
        do {
            compiled = try JSONPathQuery(text)
        } catch {
            printError("keel query: \(error)\n  \(text)\n  \(String(repeating: " ", count: max(0, error.column - 1)))^")
            throw ExitCode(ExitStatus.usage)
        }
        if records.format(for: source) == nil, let streamed = StreamedQuery(compiled), answer(streamed, from: source) {
            return
        }
        let status = source.eachRoot(records: records, input: input) { root, _ in
            var printer = NodePrinter(array: array, raw: raw, paths: paths, flushes: true)
            for node in compiled.select(in: root) { printer.add(node.value, path: node.normalizedPath) }
            printer.finish()
        }
        if status != .success { throw ExitCode(status) }
    }

    /// Answers a query of the shape ``StreamedQuery`` takes while reading a regular file, and prints the
    /// nodes once the whole text has proved valid. False when the file must be parsed whole instead (standard
    /// input, a pipe, invalid text, an unusual option): nothing has been printed then.
    private func answer(_ streamed: StreamedQuery, from source: InputFile) -> Bool {
        var printer = NodePrinter(array: array, raw: raw, paths: paths, flushes: false)
        let outcome = source.withRegularFile { descriptor in
            streamed.run(fileDescriptor: descriptor, options: input.parsingOptions(for: source)) { node in
                printer.add(node.value, path: node.path.normalizedPath, first: node.comesFirst)
            } discardFound: {
                printer.discardAll()
            }
        }
        guard outcome == .answered else { return false }
        printer.finish()
        return true
    }
}

/// The nodes of one query run as `keel query` prints them: JSON Lines, or one array (`--array`), strings raw
/// (`--raw`), paths before values (`--paths`).
private struct NodePrinter {
    let array: Bool
    let raw: Bool
    let paths: Bool
    /// Whether output may be written before ``finish()`` (when the document is known to be valid).
    let flushes: Bool
    /// The nodes' text, each after a comma in an array but the first; `first` holds the nodes that go
    /// before all others (only when nothing is written before ``finish()``).
    private var output: [UInt8] = []
    private var first: [UInt8] = []
    private var outputNodes = 0
    private var written = false

    init(array: Bool, raw: Bool, paths: Bool, flushes: Bool) {
        self.array = array
        self.raw = raw
        self.paths = paths
        self.flushes = flushes
    }

    /// Adds a node; `path` is its normalized path, read only with `--paths`. A node added `first` goes before
    /// every node added without.
    mutating func add(_ value: JSONView, path: @autoclosure () -> String, first isFirst: Bool = false) {
        var text: [UInt8] = []
        if array {
            if isFirst ? !first.isEmpty : outputNodes > 0 { text.append(UInt8(ascii: ",")) }
            if paths {
                text += #"{"path":"#.utf8
                text += JSON.string(path()).description.utf8
                text += #","value":"#.utf8
                text += value.jsonBytes()
                text.append(UInt8(ascii: "}"))
            } else {
                text += value.jsonBytes()
            }
        } else {
            if paths {
                text += path().utf8
                text.append(UInt8(ascii: "\t"))
            }
            if raw, let string = value.stringValue {
                text += string.utf8
            } else {
                text += value.jsonBytes()
            }
            text.append(UInt8(ascii: "\n"))
        }
        if isFirst {
            first += text
        } else {
            output += text
            outputNodes += 1
        }
        if flushes, output.count >= 1 << 16 {
            write(ending: false)
        }
    }

    /// Forgets every node added so far.
    mutating func discardAll() {
        output.removeAll(keepingCapacity: true)
        first.removeAll()
        outputNodes = 0
    }

    /// Writes what is left, and the array's end.
    mutating func finish() { write(ending: true) }

    private mutating func write(ending: Bool) {
        var text = first
        if array, !first.isEmpty, !output.isEmpty, output.first != UInt8(ascii: ",") { text.append(UInt8(ascii: ",")) }
        text += output
        first = []
        output.removeAll(keepingCapacity: true)
        if array {
            if !written { text.insert(UInt8(ascii: "["), at: 0) }
            if ending { text += "]\n".utf8 }
        }
        written = true
        StandardOutput.write(text)
    }
}
