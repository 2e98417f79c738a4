import Foundation
import Keel

/// A JSON Lines stream made from twitter.json's statuses (one compact status per line, repeated to about
/// 20 MB): validating it, and decoding each line into the status model, against Foundation on lines split by
/// hand (`JSONSerialization` to validate, `JSONDecoder` to decode). Keel reads the stream from memory and,
/// as a user with a file would, from a file. The same records are also read as concatenated documents and,
/// joined into one top-level array, element by element (against `JSONSerialization` on the whole array).
enum JSONLinesBenchmark {
    struct Rows {
        let bytes: Int
        let records: Int
        let validation: [(String, Measurement)]
        let decoding: [(String, Measurement)]
    }

    static func run(twitter: URL, budget: Double) throws -> Rows {
        let document = try JSONDocument(parsing: Array(try Data(contentsOf: twitter)))
        let statuses = try document.root["statuses"].array.get()
        var oneRound: [UInt8] = []
        for status in statuses { oneRound += Array(try JSON(status).jsonText().utf8) + [0x0A] }
        var stream: [UInt8] = []
        while stream.count < 20_000_000 { stream += oneRound }
        let data = Data(stream)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keel-benchmark-\(getpid()).jsonl")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let records = stream.count / oneRound.count * statuses.count
        var array: [UInt8] = [UInt8(ascii: "[")]
        for line in stream.split(separator: 0x0A) {
            if array.count > 1 { array.append(UInt8(ascii: ",")) }
            array += line
        }
        array.append(UInt8(ascii: "]"))
        let arrayData = Data(array)

        // Check, outside the timed region, that every way reads every record.
        let lines = data.split(separator: 0x0A)
        let foundationCount = try lines.map { try JSONDecoder().decode(CodableTwitter.Status.self, from: $0) }.count
        let keelCount = try JSONLines(stream).decoded(as: CodableTwitter.Status.self, using: KeelDecoder()).map { try $0.get() }.count
        let fileCount = try JSONLines(contentsOfFile: file.path).decoded(as: ThrowingTwitter.Status.self).map { try $0.get() }.count
        let summary = JSONLines(contentsOfFile: file.path).validate()
        let arraySummary = JSONStream(array, format: .array).validate()
        let concatenatedSummary = JSONStream(stream, format: .concatenated).validate()
        guard foundationCount == records, keelCount == records, fileCount == records,
              summary.records == records, summary.errors == 0, arraySummary == summary, concatenatedSummary == summary else {
            throw BenchmarkError("JSON Lines: read \(foundationCount), \(keelCount), \(fileCount), \(summary.records), "
                + "\(arraySummary.records) and \(concatenatedSummary.records) records of \(records)")
        }

        var sequential = JSONLines.Options()
        sequential.threads = 1
        let threads = JSONLines.Options().threads
        let validation: [(String, () -> Void)] = [
            ("JSONSerialization, split by hand", {
                for line in data.split(separator: 0x0A) { blackHole(try? JSONSerialization.jsonObject(with: line)) }
            }),
            ("JSONLines.validate, memory, 1 thread", { blackHole(JSONLines(stream, options: sequential).validate()) }),
            ("JSONLines.validate, file, 1 thread", { blackHole(JSONLines(contentsOfFile: file.path, options: sequential).validate()) }),
            ("JSONLines.validate, memory, \(threads) threads", { blackHole(JSONLines(stream).validate()) }),
            ("JSONLines.validate, file, \(threads) threads", { blackHole(JSONLines(contentsOfFile: file.path).validate()) }),
            ("concatenated, memory, \(threads) threads", { blackHole(JSONStream(stream, format: .concatenated).validate()) }),
            ("JSONSerialization, one array", { blackHole(try? JSONSerialization.jsonObject(with: arrayData)) }),
            ("array elements, memory, 1 thread", { blackHole(JSONStream(array, format: .array, options: sequential).validate()) }),
            ("array elements, memory, \(threads) threads", { blackHole(JSONStream(array, format: .array).validate()) }),
        ]
        let decoding: [(String, () -> Void)] = [
            ("JSONDecoder, split by hand", {
                let decoder = JSONDecoder()
                for line in data.split(separator: 0x0A) { blackHole(try? decoder.decode(CodableTwitter.Status.self, from: line)) }
            }),
            ("KeelDecoder, JSONLines, memory, 1 thread", {
                for status in JSONLines(stream, options: sequential).decoded(as: CodableTwitter.Status.self, using: KeelDecoder()) {
                    blackHole(status)
                }
            }),
            ("KeelDecoder, JSONLines, memory, \(threads) threads", {
                for status in JSONLines(stream).decoded(as: CodableTwitter.Status.self, using: KeelDecoder()) { blackHole(status) }
            }),
            ("KeelDecoder, JSONLines, file, \(threads) threads", {
                for status in JSONLines(contentsOfFile: file.path).decoded(as: CodableTwitter.Status.self, using: KeelDecoder()) {
                    blackHole(status)
                }
            }),
            ("throwing style, JSONLines, file, \(threads) threads", {
                for status in JSONLines(contentsOfFile: file.path).decoded(as: ThrowingTwitter.Status.self) { blackHole(status) }
            }),
            ("JSONDecoder, one array", {
                blackHole(try? JSONDecoder().decode([CodableTwitter.Status].self, from: arrayData))
            }),
            ("KeelDecoder, array elements, \(threads) threads", {
                for status in JSONStream(array, format: .array).decoded(as: CodableTwitter.Status.self, using: KeelDecoder()) {
                    blackHole(status)
                }
            }),
        ]
        return Rows(bytes: stream.count, records: records,
                    validation: zip(validation.map(\.0), Measurement.measureInTurn(budget: budget, validation.map(\.1))).map { ($0, $1) },
                    decoding: zip(decoding.map(\.0), Measurement.measureInTurn(budget: budget, decoding.map(\.1))).map { ($0, $1) })
    }
}
