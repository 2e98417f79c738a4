import Foundation
import Keel

/// Writing each corpus file's value as text: Keel's `JSON` tree to compact and to pretty bytes, against
/// Foundation's `JSONSerialization.data(withJSONObject:)` on its own tree of the same file.
enum WritingBenchmark {
    struct Row {
        let file: String
        let bytes: Int
        let compact: Measurement
        let pretty: Measurement
        let foundationCompact: Measurement
        let foundationPretty: Measurement
    }

    static func run(corpus: URL, files: [String], budget: Double) throws -> [Row] {
        var rows: [Row] = []
        for file in files {
            let data = try Data(contentsOf: corpus.appendingPathComponent(file))
            let tree = try JSON(parsing: Array(data))
            let foundationTree = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            try check(file: file, tree: tree, foundationTree: foundationTree)
            let pretty = JSONWritingOptions.pretty(indent: 2)
            rows.append(Row(
                file: file, bytes: data.count,
                compact: Measurement.measure(budget: budget) { blackHole(try? tree.jsonBytes()) },
                pretty: Measurement.measure(budget: budget) { blackHole(try? tree.jsonBytes(options: pretty)) },
                foundationCompact: Measurement.measure(budget: budget) {
                    blackHole(try? JSONSerialization.data(withJSONObject: foundationTree, options: [.fragmentsAllowed]))
                },
                foundationPretty: Measurement.measure(budget: budget) {
                    blackHole(try? JSONSerialization.data(withJSONObject: foundationTree, options: [.fragmentsAllowed, .prettyPrinted]))
                }))
        }
        return rows
    }

    /// Checks, outside the timed region, that both writers wrote the whole value: Keel's compact and pretty
    /// text parse back equal to the tree, and Foundation's text holds as many values as the file.
    static func check(file: String, tree: JSON, foundationTree: Any) throws {
        for options in [JSONWritingOptions(), .pretty(indent: 2)] {
            guard try JSON(parsing: tree.jsonBytes(options: options)) == tree else {
                throw BenchmarkError("\(file): Keel's text does not parse back to the same value")
            }
        }
        let written = try JSONSerialization.data(withJSONObject: foundationTree, options: [.fragmentsAllowed])
        let reread = try JSONSerialization.jsonObject(with: written, options: [.fragmentsAllowed])
        guard ParsingBenchmark.countValues(reread) == ParsingBenchmark.countValues(foundationTree) else {
            throw BenchmarkError("\(file): Foundation's text does not hold every value")
        }
    }
}
