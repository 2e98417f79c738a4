import Foundation
import Keel

/// Encoding the twitter model (decoded once from twitter.json) as compact text: Keel's `KeelEncoder` against
/// Foundation's `JSONEncoder`, both with default options.
enum EncodingBenchmark {
    struct Result {
        /// Bytes of Keel's output, the measure for MB/s.
        let bytes: Int
        let keel: Measurement
        let foundation: Measurement
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
        return Result(
            bytes: ours.count,
            keel: Measurement.measure(budget: budget) { blackHole(try? keelEncoder.encodeToBytes(timeline)) },
            foundation: Measurement.measure(budget: budget) { blackHole(try? foundationEncoder.encode(timeline)) })
    }
}
