import ArgumentParser
import Keel

/// `keel stats`: what a JSON document holds.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a JSON document holds.",
        discussion: """
            For each input: its size, how many values of each kind, the deepest nesting, the largest array and
            object and the longest string (with their JSON Pointers), and how many numbers a Double cannot hold
            exactly (reading them as Double and writing them back would change them).

            Example:
              $ keel stats Examples/people.json

            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read, 64 a usage error.
            """
    )

    @Argument(help: "JSON files ('-' or nothing for standard input).")
    var files: [String] = []

    func run() throws {
        let status = InputFile.eachDocument(in: files) { input, bytes, document, _ in
            print(DocumentStatistics(document.root).report(name: input.displayName, bytes: bytes.count))
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Counts gathered in one pass over a document, without recursion.
struct DocumentStatistics {
    var counts: [JSONKind: Int] = [:]
    var keys = 0
    var maximumDepth = 0
    var largestArray: (view: JSONView, count: Int)?
    var largestObject: (view: JSONView, count: Int)?
    var longestString: (view: JSONView, bytes: Int)?
    var inexactNumbers = 0

    init(_ root: JSONView) {
        var pending: [(JSONView, depth: Int)] = [(root, 0)]
        while let (value, depth) = pending.popLast() {
            counts[value.kind, default: 0] += 1
            switch value.kind {
            case .array:
                maximumDepth = max(maximumDepth, depth + 1)
                if value.count > (largestArray?.count ?? -1) { largestArray = (value, value.count) }
                pending.append(contentsOf: value.elements.reversed().map { ($0, depth + 1) })
            case .object:
                maximumDepth = max(maximumDepth, depth + 1)
                if value.count > (largestObject?.count ?? -1) { largestObject = (value, value.count) }
                let members = value.members
                keys += members.count
                pending.append(contentsOf: members.reversed().map { ($0.value, depth + 1) })
            case .string:
                let length = value.stringValue?.utf8.count ?? 0
                if length > (longestString?.bytes ?? -1) { longestString = (value, length) }
            case .number:
                if let number = value.numberValue, !Self.fitsDouble(number) { inexactNumbers += 1 }
            default:
                break
            }
        }
    }

    /// Whether reading `number` as a Double and writing that back gives the same value.
    static func fitsDouble(_ number: JSONNumber) -> Bool {
        guard let double = number.double, let back = JSONNumber(literal: double.description) else { return false }
        return back == number
    }

    func report(name: String, bytes: Int) -> String {
        func count(_ kind: JSONKind) -> Int { counts[kind] ?? 0 }
        let total = counts.values.reduce(0, +)
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
