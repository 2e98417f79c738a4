import Foundation
import Keel
import KeelMacros

/// Encoding a model (decoded once from its corpus file) as compact text: `JSONEncoder` and `KeelEncoder` on
/// the `Codable` model (`KeelEncoder` also as `Data`, which `JSONEncoder` returns and users swapping one for the
/// other keep), the `@JSONModel` model written by its generated `write(to:)`, and `KeelEncoder` on
/// that model. For twitter also both encoders with `keyEncodingStrategy = .convertToSnakeCase` (on the model
/// whose property names are camel case).
enum EncodingBenchmark {
    struct Result {
        /// Bytes of Keel's output, the measure for MB/s.
        let bytes: Int
        /// JSONEncoder first, the baseline.
        let rows: [(String, Measurement)]
    }

    static func run<Plain: Codable, Declared: JSONCodable>(
        file: URL, plain: Plain.Type, declared: Declared.Type, budget: Double
    ) throws -> Result {
        let name = file.lastPathComponent
        let value = try JSONDecoder().decode(Plain.self, from: Data(contentsOf: file))
        let keelEncoder = KeelEncoder()
        let foundationEncoder = JSONEncoder()
        // Outside the timed region: every way wrote the whole model, and the texts are the same JSON.
        let ours = try keelEncoder.encodeToBytes(value)
        let theirs = try foundationEncoder.encode(value)
        guard try JSON(parsing: ours) == JSON(parsing: theirs), try keelEncoder.encode(value) == Data(ours) else {
            throw BenchmarkError("\(name): KeelEncoder's text is not the JSON that JSONEncoder writes")
        }
        let model = try Declared.decode(parsing: Array(theirs))
        guard try JSON(parsing: model.jsonBytes()) == JSON(parsing: ours),
              try keelEncoder.encodeToBytes(model) == model.jsonBytes()
        else {
            throw BenchmarkError("\(name): the @JSONModel model's text is not the JSON that JSONEncoder writes")
        }
        let measurements = Measurement.measureInTurn(budget: budget, [
            { blackHole(try? foundationEncoder.encode(value)) },
            { blackHole(try? keelEncoder.encodeToBytes(value)) },
            { blackHole(try? keelEncoder.encode(value)) },
            { blackHole(try? model.jsonBytes()) },
            { blackHole(try? keelEncoder.encodeToBytes(model)) },
        ])
        return Result(bytes: ours.count, rows: zip(
            ["JSONEncoder", "KeelEncoder", "KeelEncoder, as Data", "@JSONModel jsonBytes()", "KeelEncoder + @JSONModel"], measurements
        ).map { ($0, $1) })
    }

    /// Both encoders renaming the camel-case twitter model's keys to snake case.
    static func runSnakeCase(file: URL, budget: Double) throws -> Result {
        let foundationEncoder = JSONEncoder()
        let timeline = try JSONDecoder().decode(CodableTwitter.Timeline.self, from: Data(contentsOf: file))
        let snakeDecoder = JSONDecoder()
        snakeDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let camelCase = try snakeDecoder.decode(SnakeCaseTwitter.Timeline.self, from: foundationEncoder.encode(timeline))
        var keelSnakeEncoder = KeelEncoder()
        keelSnakeEncoder.keyEncodingStrategy = .convertToSnakeCase
        let foundationSnakeEncoder = JSONEncoder()
        foundationSnakeEncoder.keyEncodingStrategy = .convertToSnakeCase
        let ours = try keelSnakeEncoder.encodeToBytes(camelCase)
        guard try JSON(parsing: ours) == JSON(parsing: foundationSnakeEncoder.encode(camelCase)),
              try JSON(parsing: ours) == JSON(parsing: KeelEncoder().encodeToBytes(timeline))
        else {
            throw BenchmarkError("twitter.json: KeelEncoder's snake-case text is not the JSON that JSONEncoder writes")
        }
        let measurements = Measurement.measureInTurn(budget: budget, [
            { blackHole(try? foundationSnakeEncoder.encode(camelCase)) },
            { blackHole(try? keelSnakeEncoder.encodeToBytes(camelCase)) },
        ])
        return Result(bytes: ours.count, rows: zip(["JSONEncoder, snake case", "KeelEncoder, snake case"], measurements).map { ($0, $1) })
    }

    /// Both encoders on one `[String: Int]` of `count` members, sorted and not: an object this large must
    /// cost no more per member than a small one (finding repeated keys once took time growing with the square
    /// of the count).
    static func runLargeDictionary(count: Int, budget: Double) throws -> Result {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<count).map { ("member\($0)", $0) })
        let foundationEncoder = JSONEncoder()
        let keelEncoder = KeelEncoder()
        let foundationSorted = JSONEncoder()
        foundationSorted.outputFormatting = .sortedKeys
        var keelSorted = KeelEncoder()
        keelSorted.writingOptions.sortsKeys = true
        let ours = try keelEncoder.encodeToBytes(dictionary)
        guard try JSON(parsing: ours) == JSON(parsing: foundationEncoder.encode(dictionary)),
              try JSON(parsing: keelSorted.encodeToBytes(dictionary)) == JSON(parsing: ours)
        else {
            throw BenchmarkError("[String: Int]: KeelEncoder's text is not the JSON that JSONEncoder writes")
        }
        let measurements = Measurement.measureInTurn(budget: budget, [
            { blackHole(try? foundationEncoder.encode(dictionary)) },
            { blackHole(try? keelEncoder.encodeToBytes(dictionary)) },
            { blackHole(try? foundationSorted.encode(dictionary)) },
            { blackHole(try? keelSorted.encodeToBytes(dictionary)) },
        ])
        return Result(bytes: ours.count, rows: zip(
            ["JSONEncoder", "KeelEncoder", "JSONEncoder, sorted keys", "KeelEncoder, sorted keys"], measurements
        ).map { ($0, $1) })
    }
}
