import Foundation
import Keel
import KeelModeling

/// What `keel model` does with a file: read it, parse it, infer the types of its samples and write them as
/// Swift, per corpus file, beside reading and parsing alone with Keel and with `JSONSerialization` (the
/// anchor: no Foundation API infers models). Also the types' JSON Schema from the compiled twitter model.
enum ModelInferenceBenchmark {
    struct Table {
        let file: String
        let bytes: Int
        let rows: [(String, Measurement)]
    }

    static func run(corpus: URL, files: [String], budget: Double) throws -> [Table] {
        try files.map { name in
            let url = corpus.appendingPathComponent(name)
            func read() -> [UInt8] { (try? Data(contentsOf: url)).map(Array.init) ?? [] }
            let bytes = read()
            // Outside the timed region: the run infers something and writes Swift.
            guard !model(of: bytes, name: name).isEmpty else { throw BenchmarkError("keel model wrote nothing for \(name)") }
            let cases: [(String, () -> Void)] = [
                ("JSONSerialization: read + parse", { blackHole(try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) }),
                ("Keel: read + parse", { blackHole(try? JSONDocument(parsing: read())) }),
                ("keel model: read + parse + infer + write Swift", { blackHole(model(of: read(), name: name).count) }),
            ]
            let measured = Measurement.measureInTurn(budget: budget, cases.map(\.1))
            return Table(file: name, bytes: bytes.count, rows: zip(cases.map(\.0), measured).map { ($0, $1) })
        }
    }

    /// The Swift `keel model` prints for a document: its top-level array's elements are the samples.
    private static func model(of bytes: [UInt8], name: String) -> String {
        guard let root = try? JSONDocument(parsing: bytes).root else { return "" }
        var inference = ModelInference(rootName: String(name.prefix { $0 != "." }))
        if root.kind == .array { inference.add(contentsOf: root.elements) } else { inference.add(root) }
        return SwiftModelSource(inference.models()).text
    }
}
