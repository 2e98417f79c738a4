import ArgumentParser
import Keel

/// `keel query`: print the nodes a JSONPath query selects.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
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
        let status = source.eachRoot(records: records, input: input) { root, _ in printNodes(compiled.select(in: root)) }
        if status != .success { throw ExitCode(status) }
    }

    private func printNodes(_ nodes: [JSONPathNode]) {
        if array {
            var output: [UInt8] = [UInt8(ascii: "[")]
            for (position, node) in nodes.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if paths {
                    output += #"{"path":"#.utf8
                    output += JSON.string(node.normalizedPath).description.utf8
                    output += #","value":"#.utf8
                    output += node.value.jsonBytes()
                    output.append(UInt8(ascii: "}"))
                } else {
                    output += node.value.jsonBytes()
                }
                if output.count >= 1 << 16 {
                    StandardOutput.write(output)
                    output.removeAll(keepingCapacity: true)
                }
            }
            output += "]\n".utf8
            StandardOutput.write(output)
            return
        }
        var output: [UInt8] = []
        for node in nodes {
            if paths {
                output += node.normalizedPath.utf8
                output.append(UInt8(ascii: "\t"))
            }
            if raw, let string = node.value.stringValue {
                output += string.utf8
            } else {
                output += node.value.jsonBytes()
            }
            output.append(UInt8(ascii: "\n"))
            if output.count >= 1 << 16 {
                StandardOutput.write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        StandardOutput.write(output)
    }
}
