import Foundation
@_spi(Testing) import Keel

/// Parsing each corpus file: Keel to a document, Keel to a `JSON` tree, Foundation's `JSONSerialization`,
/// and Keel to a document read as JSONC (the cost of the comment pass and the copy it scans) and as JSON5 (the
/// cost of the grammar pass that rewrites the text as JSON); and to a document with the vector loops off (the
/// scanner's eight-byte loops alone, what an arm64 build ran before it had NEON kernels).
enum ParsingBenchmark {
    struct Row {
        let file: String
        let bytes: Int
        let document: Measurement
        let tree: Measurement
        let foundation: Measurement
        let jsonc: Measurement
        let json5: Measurement
        let scalar: Measurement
    }

    static func run(corpus: URL, files: [String], budget: Double) throws -> [Row] {
        var rows: [Row] = []
        for file in files {
            let data = try Data(contentsOf: corpus.appendingPathComponent(file))
            let bytes = Array(data)
            try check(file: file, bytes: bytes, data: data)
            let document = Measurement.measure(budget: budget) {
                blackHole(try? JSONDocument(parsing: bytes))
            }
            let tree = Measurement.measure(budget: budget) {
                blackHole(try? JSON(parsing: bytes))
            }
            let foundation = Measurement.measure(budget: budget) {
                blackHole(try? JSONSerialization.jsonObject(with: data))
            }
            var commented = JSONParsingOptions()
            commented.syntax = .jsonc
            let jsonc = Measurement.measure(budget: budget) {
                blackHole(try? JSONDocument(parsing: bytes, options: commented))
            }
            var json5Options = JSONParsingOptions()
            json5Options.syntax = .json5
            let json5 = Measurement.measure(budget: budget) {
                blackHole(try? JSONDocument(parsing: bytes, options: json5Options))
            }
            var scalarOptions = JSONParsingOptions()
            scalarOptions.usesVectorInstructions = false
            let scalar = Measurement.measure(budget: budget) {
                blackHole(try? JSONDocument(parsing: bytes, options: scalarOptions))
            }
            rows.append(Row(file: file, bytes: bytes.count, document: document, tree: tree, foundation: foundation,
                            jsonc: jsonc, json5: json5, scalar: scalar))
        }
        return rows
    }

    /// Checks, outside the timed region, that each parser really parsed the file: the number of values
    /// (keys included) Keel's document holds equals the number in Foundation's tree, and the tree Keel
    /// builds prints to text that parses back equal.
    static func check(file: String, bytes: [UInt8], data: Data) throws {
        let document = try JSONDocument(parsing: bytes)
        let foundationTree = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let expected = countValues(foundationTree)
        guard document.valueCount == expected else {
            throw BenchmarkError("\(file): Keel's document holds \(document.valueCount) values, Foundation's tree \(expected)")
        }
        let tree = JSON(document.root)
        guard try JSON(parsing: tree.description) == tree else {
            throw BenchmarkError("\(file): the tree does not survive printing and parsing again")
        }
    }

    /// Values in a Foundation tree, counting each object key as one, as a Keel document does.
    static func countValues(_ value: Any) -> Int {
        if let object = value as? [String: Any] {
            return 1 + object.values.reduce(0) { $0 + 1 + countValues($1) }
        }
        if let array = value as? [Any] {
            return 1 + array.reduce(0) { $0 + countValues($1) }
        }
        return 1
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
