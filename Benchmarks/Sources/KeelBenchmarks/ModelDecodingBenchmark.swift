import Foundation
import Keel

/// Decoding one corpus file into one model through Foundation's `JSONDecoder`, the Codable bridge and each
/// Keel style. Every case includes parsing, as `JSONDecoder` does. Before timing, each case's result is
/// encoded (sorted keys) and compared with `JSONDecoder`'s, so no case can be measured doing less.
enum ModelDecodingBenchmark {
    struct Case: Sendable {
        let name: String
        let decode: @Sendable (_ bytes: [UInt8], _ data: Data) throws -> any Encodable
    }

    static func run(file: URL, cases: [Case], budget: Double) throws -> (bytes: Int, rows: [DecodingBenchmark.Row]) {
        let data = try Data(contentsOf: file)
        let bytes = Array(data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = try encoder.encode(cases[0].decode(bytes, data))
        for candidate in cases.dropFirst() where try encoder.encode(candidate.decode(bytes, data)) != expected {
            throw BenchmarkError("\(candidate.name) decoded \(file.lastPathComponent) differently from \(cases[0].name)")
        }
        let rows = cases.map { candidate in
            DecodingBenchmark.Row(name: candidate.name, measurement: Measurement.measure(budget: budget) {
                blackHole(try? candidate.decode(bytes, data))
            })
        }
        return (bytes.count, rows)
    }

    /// The value a collecting decoder built, or an error when it recorded any.
    static func complete<T>(_ result: Collected<T, CollectedError>) throws -> T {
        guard let value = result.value, result.errors.isEmpty else {
            throw BenchmarkError("the collecting style reported \(result.errors.count) errors")
        }
        return value
    }

    static let citm: [Case] = [
        Case(name: "Foundation JSONDecoder") { _, data in try JSONDecoder().decode(CodableCitm.Catalog.self, from: data) },
        Case(name: "Codable bridge (KeelDecoder)") { bytes, _ in try KeelDecoder().decode(CodableCitm.Catalog.self, from: bytes) },
        Case(name: "functional (Argo)") { bytes, _ in
            try FunctionalCitm.Catalog.decode(JSONDocument(parsing: bytes).root).dematerialize()
        },
        Case(name: "results (Freddy)") { bytes, _ in try ResultsCitm.Catalog(json: JSONDocument(parsing: bytes).root) },
        Case(name: "throwing (Decodable)") { bytes, _ in try ThrowingCitm.Catalog.decode(JSONDocument(parsing: bytes).root) },
        Case(name: "collecting (LastMile)") { bytes, _ in
            try complete(CollectingJSONDecoder().decode(data: bytes, to: CollectingCitm.Catalog.self))
        },
        Case(name: "@JSONModel") { bytes, _ in try MacroCitm.Catalog.decode(JSONDocument(parsing: bytes).root) },
        Case(name: "KeelDecoder + @JSONModel") { bytes, _ in try KeelDecoder().decode(MacroCitm.Catalog.self, from: bytes) },
    ]

    static let canada: [Case] = [
        Case(name: "Foundation JSONDecoder") { _, data in try JSONDecoder().decode(CodableCanada.FeatureCollection.self, from: data) },
        Case(name: "Codable bridge (KeelDecoder)") { bytes, _ in
            try KeelDecoder().decode(CodableCanada.FeatureCollection.self, from: bytes)
        },
        Case(name: "functional (Argo)") { bytes, _ in
            try FunctionalCanada.FeatureCollection.decode(JSONDocument(parsing: bytes).root).dematerialize()
        },
        Case(name: "results (Freddy)") { bytes, _ in try ResultsCanada.FeatureCollection(json: JSONDocument(parsing: bytes).root) },
        Case(name: "throwing (Decodable)") { bytes, _ in
            try ThrowingCanada.FeatureCollection.decode(JSONDocument(parsing: bytes).root)
        },
        Case(name: "collecting (LastMile)") { bytes, _ in
            try complete(CollectingJSONDecoder().decode(data: bytes, to: CollectingCanada.FeatureCollection.self))
        },
        Case(name: "@JSONModel") { bytes, _ in try MacroCanada.FeatureCollection.decode(JSONDocument(parsing: bytes).root) },
        Case(name: "KeelDecoder + @JSONModel") { bytes, _ in
            try KeelDecoder().decode(MacroCanada.FeatureCollection.self, from: bytes)
        },
    ]
}
