import Foundation
import Keel
import KeelMacros

/// Encoding the twitter model (decoded once from twitter.json) as compact text: Keel's `KeelEncoder` against
/// Foundation's `JSONEncoder`, both with default options and both with `keyEncodingStrategy = .convertToSnakeCase`
/// (on the model whose property names are camel case).
enum EncodingBenchmark {
    struct Result {
        /// Bytes of Keel's output, the measure for MB/s.
        let bytes: Int
        let keel: Measurement
        let foundation: Measurement
        let keelSnakeCase: Measurement
        let foundationSnakeCase: Measurement
        /// The same model declared with `@JSONModel`, written by its generated `toJSON()` and Keel's writer.
        let macro: Measurement
    }

    static func run(file: URL, budget: Double) throws -> Result {
        let timeline = try JSONDecoder().decode(CodableTwitter.Timeline.self, from: Data(contentsOf: file))
        let keelEncoder = KeelEncoder()
        let foundationEncoder = JSONEncoder()
        // Outside the timed region: both encoders wrote the whole model, and their texts are the same JSON.
        let ours = try keelEncoder.encodeToBytes(timeline)
        let theirs = try foundationEncoder.encode(timeline)
        guard try JSON(parsing: ours) == JSON(parsing: theirs) else {
            throw BenchmarkError("twitter.json: KeelEncoder's text is not the JSON that JSONEncoder writes")
        }

        let snakeDecoder = JSONDecoder()
        snakeDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let camelCase = try snakeDecoder.decode(SnakeCaseTwitter.Timeline.self, from: foundationEncoder.encode(timeline))
        var keelSnakeEncoder = KeelEncoder()
        keelSnakeEncoder.keyEncodingStrategy = .convertToSnakeCase
        let foundationSnakeEncoder = JSONEncoder()
        foundationSnakeEncoder.keyEncodingStrategy = .convertToSnakeCase
        guard try JSON(parsing: keelSnakeEncoder.encodeToBytes(camelCase)) == JSON(parsing: foundationSnakeEncoder.encode(camelCase)),
            try JSON(parsing: keelSnakeEncoder.encodeToBytes(camelCase)) == JSON(parsing: ours)
        else {
            throw BenchmarkError("twitter.json: KeelEncoder's snake-case text is not the JSON that JSONEncoder writes")
        }
        let declared = try MacroTwitter.Timeline.decode(parsing: Array(foundationEncoder.encode(timeline)))
        guard try JSON(parsing: declared.toJSON().jsonBytes()) == JSON(parsing: ours) else {
            throw BenchmarkError("twitter.json: the @JSONModel model's text is not the JSON that JSONEncoder writes")
        }
        let measurements = Measurement.measureInTurn(budget: budget, [
            { blackHole(try? keelEncoder.encodeToBytes(timeline)) },
            { blackHole(try? foundationEncoder.encode(timeline)) },
            { blackHole(try? keelSnakeEncoder.encodeToBytes(camelCase)) },
            { blackHole(try? foundationSnakeEncoder.encode(camelCase)) },
            { blackHole(try? declared.toJSON().jsonBytes()) },
        ])
        return Result(bytes: ours.count, keel: measurements[0], foundation: measurements[1],
                      keelSnakeCase: measurements[2], foundationSnakeCase: measurements[3], macro: measurements[4])
    }
}
