import Foundation
import Keel
import KeelMacros

/// Keel beside two same-machine anchors, in one run: msgspec (a C typed JSON library) decoding and encoding
/// the benchmark's three models, and simdjson's DOM parse (pysimdjson), both measured by
/// `Benchmarks/Anchors/anchors.py` in a Python process. Keel's side: the `@JSONModel` models' `decode(parsing:)`
/// and `jsonBytes()`, and `JSONDocument(parsing:)`. Encoding is compared in bytes of output per second, each
/// library's own output (msgspec writes absent optionals as `null`; Keel leaves them out).
enum AnchorsBenchmark {
    struct Row {
        let file: String
        let what: String
        let keel: Double
        let anchor: Double
        /// The anchor's name and what the figures count (MB/s of input, or of output for encoding).
        let unit: String
    }

    private struct AnchorFigure: Decodable {
        let `case`: String?
        let file: String?
        let seconds: Double?
        let input_bytes: Int?
        let output_bytes: Int?
        let missing: String?
    }

    /// The anchors' figures, or a reason why there are none (no python3, or a module missing).
    static func run(corpus: URL, script: URL, budget: Double) throws -> (rows: [Row], missing: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, corpus.path, String(budget)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return ([], ["anchors.py exited with \(process.terminationStatus)"]) }
        let figures = try output.split(separator: UInt8(ascii: "\n")).map {
            try JSONDecoder().decode(AnchorFigure.self, from: Data($0))
        }
        let missing = figures.compactMap(\.missing)
        func anchor(_ name: String, _ file: String) -> AnchorFigure? {
            figures.first { $0.case == name && $0.file == file }
        }

        var rows: [Row] = []
        for file in ["twitter.json", "citm_catalog.json", "canada.json"] {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
            let (decode, encode, outputBytes) = try measureModel(file, bytes, budget: budget)
            if let theirs = anchor("msgspec decode", file), let seconds = theirs.seconds {
                rows.append(Row(file: file, what: "@JSONModel decode", keel: Double(bytes.count) / decode / 1e6,
                                anchor: Double(bytes.count) / seconds / 1e6, unit: "msgspec, MB/s of input"))
            }
            if let theirs = anchor("msgspec encode", file), let seconds = theirs.seconds, let written = theirs.output_bytes {
                rows.append(Row(file: file, what: "@JSONModel encode", keel: Double(outputBytes) / encode / 1e6,
                                anchor: Double(written) / seconds / 1e6, unit: "msgspec, MB/s of output"))
            }
            if let theirs = anchor("simdjson DOM parse", file), let seconds = theirs.seconds {
                let parse = Measurement.measure(budget: budget) { blackHole(try? JSONDocument(parsing: bytes)) }
                rows.append(Row(file: file, what: "parse to a document", keel: parse.megabytesPerSecond(bytes.count),
                                anchor: Double(bytes.count) / seconds / 1e6, unit: "simdjson DOM, MB/s of input"))
            }
        }
        return (rows, missing)
    }

    /// Encodes the file's `@JSONModel` model again and again for `seconds` (with `codable`, its `Codable`
    /// model through `KeelEncoder`), for a profiler to watch.
    static func profileEncoding(corpus: URL, file: String, mode: String, seconds: Double) throws {
        let codable = mode == "codable"
        let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
        func loop<T: JSONDecodable & JSONEncodable, C: Codable>(_ type: T.Type, _ plain: C.Type) throws {
            let value = try T.decode(parsing: bytes)
            let plainValue = try JSONDecoder().decode(C.self, from: Data(bytes))
            let encoder = KeelEncoder()
            let clock = ContinuousClock()
            let start = clock.now
            while (clock.now - start).seconds < seconds {
                if mode == "decode" {
                    blackHole(try? T.decode(parsing: bytes))
                } else if mode == "parse" {
                    blackHole(try? JSONDocument(parsing: bytes))
                } else if codable {
                    blackHole(try? encoder.encodeToBytes(plainValue))
                } else {
                    blackHole(try? value.jsonBytes())
                }
            }
        }
        switch file {
        case "twitter.json": try loop(MacroTwitter.Timeline.self, CodableTwitter.Timeline.self)
        case "citm_catalog.json": try loop(MacroCitm.Catalog.self, CodableCitm.Catalog.self)
        default: try loop(MacroCanada.FeatureCollection.self, CodableCanada.FeatureCollection.self)
        }
    }

    /// Seconds per decode and per encode of the file's `@JSONModel` model, and the encoded size.
    private static func measureModel(_ file: String, _ bytes: [UInt8], budget: Double) throws -> (Double, Double, Int) {
        func measure<T: JSONDecodable & JSONEncodable>(_ type: T.Type) throws -> (Double, Double, Int) {
            let value = try T.decode(parsing: bytes)
            let written = try value.jsonBytes().count
            let decode = Measurement.measure(budget: budget) { blackHole(try? T.decode(parsing: bytes)) }
            let encode = Measurement.measure(budget: budget) { blackHole(try? value.jsonBytes()) }
            return (decode.seconds, encode.seconds, written)
        }
        switch file {
        case "twitter.json": return try measure(MacroTwitter.Timeline.self)
        case "citm_catalog.json": return try measure(MacroCitm.Catalog.self)
        default: return try measure(MacroCanada.FeatureCollection.self)
        }
    }
}
