import Foundation
import Keel

/// Decoding twitter.json into the same model through each Keel style and through Foundation's `JSONDecoder`.
/// Every Keel case includes parsing, as `JSONDecoder` does.
enum DecodingBenchmark {
    struct Row {
        let name: String
        let measurement: Measurement
    }

    static func run(file: URL, budget: Double) throws -> (bytes: Int, rows: [Row]) {
        let data = try Data(contentsOf: file)
        let bytes = Array(data)
        let root = { try JSONDocument(parsing: bytes).root }

        // Check, outside the timed region, that every decoder produces the same digest as JSONDecoder.
        let expected = CodableTwitter.digest(try CodableTwitter.decode(data))
        let collected = CollectingJSONDecoder().decode(data: bytes, to: CollectingTwitter.Timeline.self)
        let digests: [(String, TwitterDigest?)] = [
            ("functional", FunctionalTwitter.digest(try FunctionalTwitter.Timeline.decode(root()).dematerialize())),
            ("results", ResultsTwitter.digest(try ResultsTwitter.Timeline(json: root()))),
            ("throwing", ThrowingTwitter.digest(try ThrowingTwitter.Timeline.decode(root()))),
            ("collecting", collected.errors.isEmpty ? collected.value.map(CollectingTwitter.digest) : nil),
            ("Codable bridge", CodableTwitter.digest(try KeelDecoder().decode(CodableTwitter.Timeline.self, from: bytes))),
            ("@JSONModel", MacroTwitter.digest(try MacroTwitter.Timeline.decode(root()))),
            ("KeelDecoder + @JSONModel", MacroTwitter.digest(try KeelDecoder().decode(MacroTwitter.Timeline.self, from: bytes))),
        ]
        for (name, digest) in digests where digest != expected {
            throw BenchmarkError("the \(name) style decoded \(digest.map(String.init(describing:)) ?? "nothing"), JSONDecoder \(expected)")
        }

        let cases: [(String, () -> Void)] = [
            ("Foundation JSONDecoder", { blackHole(try? CodableTwitter.decode(data)) }),
            ("Codable bridge (KeelDecoder)", { blackHole(try? KeelDecoder().decode(CodableTwitter.Timeline.self, from: bytes)) }),
            ("functional (Argo)", { blackHole(try? FunctionalTwitter.Timeline.decode(root()).dematerialize()) }),
            ("results (Freddy)", { blackHole(try? ResultsTwitter.Timeline(json: root())) }),
            ("throwing (Decodable)", { blackHole(try? ThrowingTwitter.Timeline.decode(root())) }),
            ("collecting (LastMile)", { blackHole(CollectingJSONDecoder().decode(data: bytes, to: CollectingTwitter.Timeline.self)) }),
            ("@JSONModel", { blackHole(try? MacroTwitter.Timeline.decode(root())) }),
            ("KeelDecoder + @JSONModel", { blackHole(try? KeelDecoder().decode(MacroTwitter.Timeline.self, from: bytes)) }),
        ]
        return (bytes.count, cases.map { Row(name: $0.0, measurement: Measurement.measure(budget: budget, $0.1)) })
    }
}
