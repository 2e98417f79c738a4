import Foundation
import Keel

/// Decoding with `keyDecodingStrategy = .convertFromSnakeCase`, the setup most REST clients use, against the
/// same document decoded with explicit coding keys: JSONDecoder and KeelDecoder, from `[UInt8]` and `Data`.
/// The twitter document is snake_case already; citm_catalog's camel-case names are rewritten in snake case
/// in memory first; canada's one-word names are the same either way, so it measures the strategy's overhead.
enum KeyStrategyBenchmark {
    struct Case: Sendable {
        let name: String
        /// Cases of one group decode one type; each is checked against the first case of its group.
        let group: Int
        let decode: @Sendable (_ bytes: [UInt8], _ data: Data) throws -> any Encodable
    }

    static func run(data: Data, cases: [Case], budget: Double) throws -> (bytes: Int, rows: [DecodingBenchmark.Row]) {
        let bytes = Array(data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var references: [Int: (name: String, text: Data)] = [:]
        for candidate in cases {
            let text = try encoder.encode(candidate.decode(bytes, data))
            if let reference = references[candidate.group] {
                guard reference.text == text else {
                    throw BenchmarkError("\(candidate.name) decoded differently from \(reference.name)")
                }
            } else {
                references[candidate.group] = (candidate.name, text)
            }
        }
        let measurements = Measurement.measureInTurn(budget: budget, cases.map { candidate in
            { blackHole(try? candidate.decode(bytes, data)) }
        })
        return (bytes.count, zip(cases, measurements).map { DecodingBenchmark.Row(name: $0.name, measurement: $1) })
    }

    static let foundationSnakeCase = "JSONDecoder, snake case"
    static let keelSnakeCase = "KeelDecoder, snake case"
    static let keelExplicit = "KeelDecoder, explicit keys"

    /// Rows for one model: `Snake` decoded with the strategy, `Explicit` with its coding keys.
    @_specialize(where Snake == SnakeCaseTwitter.Timeline, Explicit == CodableTwitter.Timeline)
    @_specialize(where Snake == CodableCitm.Catalog, Explicit == SnakeCaseCitm.Catalog)
    @_specialize(where Snake == CodableCanada.FeatureCollection, Explicit == CodableCanada.FeatureCollection)
    static func cases<Snake: Codable & SendableMetatype, Explicit: Codable & SendableMetatype>(_ snake: Snake.Type, _ explicit: Explicit.Type) -> [Case] {
        [
            Case(name: foundationSnakeCase, group: 0) { _, data in
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return try decoder.decode(Snake.self, from: data)
            },
            Case(name: keelSnakeCase, group: 0) { bytes, _ in
                var decoder = KeelDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return try decoder.decode(Snake.self, from: bytes)
            },
            Case(name: "KeelDecoder, snake case, Data", group: 0) { _, data in
                var decoder = KeelDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return try decoder.decode(Snake.self, from: data)
            },
            Case(name: "JSONDecoder, explicit keys", group: 1) { _, data in try JSONDecoder().decode(Explicit.self, from: data) },
            Case(name: keelExplicit, group: 1) { bytes, _ in try KeelDecoder().decode(Explicit.self, from: bytes) },
        ]
    }

    /// The document with every camel-case member name rewritten in snake case (`areaNames` → `area_names`);
    /// other names, such as the catalog's numeric identifiers, are left as they are. Pretty-printed, as the
    /// original is, so that whitespace is a similar share of the text.
    static func snakeCased(_ data: Data) throws -> Data {
        func rewrite(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return Dictionary(uniqueKeysWithValues: object.map { (snakeCase($0.key), rewrite($0.value)) })
            }
            if let array = value as? [Any] { return array.map(rewrite) }
            return value
        }
        return try JSONSerialization.data(withJSONObject: rewrite(try JSONSerialization.jsonObject(with: data)),
                                          options: [.prettyPrinted, .sortedKeys])
    }

    static func snakeCase(_ name: String) -> String {
        var result = ""
        var previousIsLower = false
        for character in name {
            if character.isUppercase && previousIsLower {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
            previousIsLower = character.isLowercase
        }
        return result
    }
}
