import ArgumentParser
import Keel

/// `keel stats`: what a JSON document holds.
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show what a JSON document holds.",
        discussion: """
            For each input: its size, how many values of each kind, the deepest nesting, the largest array and \
            object and the longest string (with their JSON Pointers), and how many numbers a Double cannot hold \
            exactly: numbers whose value no Double has (0.1, 2^53 + 1, 1e400), which a reader that turns numbers \
            into Doubles would change. 2.5 and 2^63 are exact.

            Example:
              $ keel stats Examples/people.json

            With --lines or --records FORMAT (see 'keel validate --help'), the counts cover every record of the \
            stream, read in turn, and each place names its record.

            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read, 64 a usage error.
            """
    )

    @Argument(help: "JSON files ('-' or nothing for standard input).")
    var files: [String] = []

    @OptionGroup var input: InputOptions

    @OptionGroup var records: RecordOptions

    func run() throws {
        let progress = ProgressLine.startIfTerminal()
        defer { progress?.stop() }
        try InputFile.forEach(files) { file in
            if let format = records.format(for: file) {
                // Every record adds to one set of counts; places name the record.
                var statistics = DocumentStatistics()
                var count = 0
                let read = file.eachRecord(format: format, options: records.streamOptions(input), progress: progress) { record in
                    statistics.add(record.root, record: record.position)
                    count += 1
                }
                if read != .unreadable { StandardOutput.writeLine(statistics.report(name: file.displayName, records: count)) }
                return read
            }
            switch file.documentReportingErrors(options: input.parsingOptions(for: file), progress: progress) {
            case .success(let read):
                var statistics = DocumentStatistics()
                statistics.add(read.document.root, record: nil)
                StandardOutput.writeLine(statistics.report(name: file.displayName, bytes: read.bytes.count))
                return .success
            case .failure(let failure):
                return failure
            }
        }
    }
}

/// Counts gathered in one pass over a document, or over each record of a stream, in document order,
/// holding no more than one view at a time (``JSONView/forEachValue(_:)``) besides the three largest, so its
/// memory does not grow with the document or the stream.
struct DocumentStatistics {
    /// A value that is the largest of its kind so far, and the record it is in when reading a stream.
    typealias Largest = (view: JSONView, record: JSONRecordPosition?, count: Int)

    var counts = [Int](repeating: 0, count: 6)
    var keys = 0
    var maximumDepth = 0
    var largestArray: Largest?
    var largestObject: Largest?
    var longestString: Largest?
    var inexactNumbers = 0

    /// Adds the values of `root`, which is the record `record` of a stream, or a whole document.
    mutating func add(_ root: JSONView, record: JSONRecordPosition?) {
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
                if length > (longestString?.count ?? -1) { longestString = (value, record, length) }
            case .array:
                counts[4] += 1
                maximumDepth = max(maximumDepth, depth + 1)
                if value.count > (largestArray?.count ?? -1) { largestArray = (value, record, value.count) }
            case .object:
                counts[5] += 1
                maximumDepth = max(maximumDepth, depth + 1)
                keys += value.count
                if value.count > (largestObject?.count ?? -1) { largestObject = (value, record, value.count) }
            }
        }
    }

    /// The report for a document of `bytes` bytes, or a stream of `records` records.
    func report(name: String, bytes: Int? = nil, records: Int? = nil) -> String {
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
        func place(_ largest: Largest) -> String {
            let pointer = largest.view.path.pointer
            let inRecord = largest.record.map { " of \($0)" } ?? ""
            return " at " + (pointer.isEmpty ? "the root" : pointer) + inRecord
        }
        let size = records.map { "records: \($0)" } ?? "bytes: \(bytes ?? 0)"
        return """
            \(name)
              \(size)
              values: \(total) (objects \(count(.object)), arrays \(count(.array)), strings \(count(.string)), \
            numbers \(count(.number)), booleans \(count(.bool)), nulls \(count(.null))); keys: \(keys)
              maximum depth: \(maximumDepth)
              largest array: \(largestArray.map { "\($0.count) elements\(place($0))" } ?? "none")
              largest object: \(largestObject.map { "\($0.count) members\(place($0))" } ?? "none")
              longest string: \(longestString.map { "\($0.count) bytes\(place($0))" } ?? "none")
              numbers a Double cannot hold exactly: \(inexactNumbers)
            """
    }
}
