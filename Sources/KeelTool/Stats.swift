import ArgumentParser
import Keel

/// `keel stats`: what a JSON document holds.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a JSON document holds.",
        discussion: """
            For each input: its size, how many values of each kind, the deepest nesting, the largest array and
            object and the longest string (with their JSON Pointers), and how many numbers a Double cannot hold
            exactly: numbers whose value no Double has (0.1, 2^53 + 1, 1e400), which a reader that turns numbers
            into Doubles would change. 2.5 and 2^63 are exact.

            Example:
              $ keel stats Examples/people.json

            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read, 64 a usage error.
            """
    )

    @Argument(help: "JSON files ('-' or nothing for standard input).")
    var files: [String] = []

    @OptionGroup var input: InputOptions

    func run() throws {
        let status = InputFile.eachDocument(in: files, options: input.parsingOptions) { input, bytes, document, _ in
            StandardOutput.writeLine(DocumentStatistics(document.root).report(name: input.displayName, bytes: bytes.count))
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Counts gathered in one pass over a document, in document order, holding no more than one view at a
/// time (``JSONView/forEachValue(_:)``), so its memory does not grow with the document.
struct DocumentStatistics {
    var counts = [Int](repeating: 0, count: 6)
    var keys = 0
    var maximumDepth = 0
    var largestArray: (view: JSONView, count: Int)?
    var largestObject: (view: JSONView, count: Int)?
    var longestString: (view: JSONView, bytes: Int)?
    var inexactNumbers = 0

    init(_ root: JSONView) {
        root.forEachValue { value, depth in
            switch value.kind {
            case .null: counts[0] += 1
            case .bool: counts[1] += 1
            case .number:
                counts[2] += 1
                if let number = value.numberValue, !number.isExactlyRepresentableAsDouble { inexactNumbers += 1 }
            case .string:
                counts[3] += 1
                let length = value.stringValue?.utf8.count ?? 0
                if length > (longestString?.bytes ?? -1) { longestString = (value, length) }
            case .array:
                counts[4] += 1
                maximumDepth = max(maximumDepth, depth + 1)
                if value.count > (largestArray?.count ?? -1) { largestArray = (value, value.count) }
            case .object:
                counts[5] += 1
                maximumDepth = max(maximumDepth, depth + 1)
                keys += value.count
                if value.count > (largestObject?.count ?? -1) { largestObject = (value, value.count) }
            }
        }
    }

    func report(name: String, bytes: Int) -> String {
        func count(_ kind: JSONKind) -> Int {
            switch kind {
            case .null: counts[0]
            case .bool: counts[1]
            case .number: counts[2]
            case .string: counts[3]
            case .array: counts[4]
            case .object: counts[5]
            }
        }
        let total = counts.reduce(0, +)
        func place(_ view: JSONView?) -> String {
            guard let view else { return "" }
            let pointer = view.path.pointer
            return " at " + (pointer.isEmpty ? "the root" : pointer)
        }
        return """
            \(name)
              bytes: \(bytes)
              values: \(total) (objects \(count(.object)), arrays \(count(.array)), strings \(count(.string)), \
            numbers \(count(.number)), booleans \(count(.bool)), nulls \(count(.null))); keys: \(keys)
              maximum depth: \(maximumDepth)
              largest array: \(largestArray.map { "\($0.count) elements\(place($0.view))" } ?? "none")
              largest object: \(largestObject.map { "\($0.count) members\(place($0.view))" } ?? "none")
              longest string: \(longestString.map { "\($0.bytes) bytes\(place($0.view))" } ?? "none")
              numbers a Double cannot hold exactly: \(inexactNumbers)
            """
    }
}
