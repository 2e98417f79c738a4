import Foundation

// Prints, for every file of the corpus, parsing and writing throughput for Keel and Foundation side by side,
// and their ratio; decoding the twitter, citm_catalog and canada models through Foundation's JSONDecoder, the
// Codable bridge and each style, and again under a snake-case key strategy; encoding; and peak memory while parsing the largest file. Options: --corpus
// DIR (default ../shared/corpus from the repository root), --seconds S (time per case, default 0.5),
// --only SECTIONS (a comma-separated subset of parsing, writing, decoding, strategies, encoding, lines,
// query, schema, models, partial, memory, editing, anchors), and file names to restrict the run. The editing section
// and the query section run the release build of the `keel` tool (`swift build -c release --product keel`
// first); the query section leaves its process rows out without it.

// The memory measurement runs this executable again, in a process of its own.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--peak-memory-child",
    let parser = PeakMemory.Parser(rawValue: CommandLine.arguments[2]) {
    do {
        try PeakMemory.measureInChild(parser: parser, path: CommandLine.arguments[3])
        exit(0)
    } catch {
        print("\(error)")
        exit(1)
    }
}

// So does the editing measurement, to start the tool from a small process (see EditingBenchmark).
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--edit-measure-child" {
    do {
        try EditingBenchmark.measureInChild(CommandLine.arguments[2], Array(CommandLine.arguments.dropFirst(3)))
        exit(0)
    } catch {
        print("\(error)")
        exit(1)
    }
}

var corpusPath: String?
var budget = 0.5
var only: [String] = []
let allSections: Set = ["parsing", "writing", "decoding", "strategies", "encoding", "lines", "query", "schema", "models", "partial", "memory", "editing", "anchors"]
var sections = allSections
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--corpus": corpusPath = arguments.popFirst()
    case "--seconds": budget = arguments.popFirst().flatMap(Double.init) ?? budget
    case "--only":
        sections = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
        guard sections.isSubset(of: allSections), !sections.isEmpty else {
            print("--only takes a comma-separated subset of: \(allSections.sorted().joined(separator: ", "))")
            exit(2)
        }
    default: only.append(argument)
    }
}

let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = URL(fileURLWithPath: corpusPath ?? repositoryRoot.appendingPathComponent("../shared/corpus").path)
    .standardizedFileURL
guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else {
    print("No corpus at \(corpus.path); pass --corpus DIR.")
    exit(2)
}
let files = names.filter { $0.hasSuffix(".json") && (only.isEmpty || only.contains($0)) }.sorted()

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}
func figure(_ value: Double) -> String { String(format: value >= 100 ? "%.0f" : "%.1f", value) }

if sections.contains("parsing") {
print("Parsing, MB/s (best of repeated runs, \(budget) s per case, release build)")
print([pad("file", 20), pad("bytes", 9, right: true), pad("Keel doc", 10, right: true), pad("Keel JSON", 10, right: true),
       pad("JSONSer.", 10, right: true), pad("doc ×", 8, right: true), pad("JSON ×", 8, right: true),
       pad("JSONC doc", 10, right: true), pad("JSON5 doc", 10, right: true), pad("scalar doc", 11, right: true)].joined(separator: " "))
do {
    for row in try ParsingBenchmark.run(corpus: corpus, files: files, budget: budget) {
        let document = row.document.megabytesPerSecond(row.bytes)
        let tree = row.tree.megabytesPerSecond(row.bytes)
        let foundation = row.foundation.megabytesPerSecond(row.bytes)
        print([pad(row.file, 20), pad(String(row.bytes), 9, right: true), pad(figure(document), 10, right: true),
               pad(figure(tree), 10, right: true), pad(figure(foundation), 10, right: true),
               pad(figure(document / foundation), 8, right: true), pad(figure(tree / foundation), 8, right: true),
               pad(figure(row.jsonc.megabytesPerSecond(row.bytes)), 10, right: true),
               pad(figure(row.json5.megabytesPerSecond(row.bytes)), 10, right: true),
               pad(figure(row.scalar.megabytesPerSecond(row.bytes)), 11, right: true)]
            .joined(separator: " "))
    }
} catch {
    print("Benchmark check failed: \(error)")
    exit(1)
}
}

if sections.contains("writing") {
print("")
print("Writing a JSON tree as text, MB/s of the original file; ratio to JSONSerialization.data(withJSONObject:)")
print([pad("file", 20), pad("compact", 10, right: true), pad("JSONSer.", 10, right: true), pad("×", 8, right: true),
       pad("pretty", 10, right: true), pad("JSONSer.", 10, right: true), pad("×", 8, right: true)].joined(separator: " "))
do {
    for row in try WritingBenchmark.run(corpus: corpus, files: files, budget: budget) {
        let compact = row.compact.megabytesPerSecond(row.bytes)
        let foundationCompact = row.foundationCompact.megabytesPerSecond(row.bytes)
        let pretty = row.pretty.megabytesPerSecond(row.bytes)
        let foundationPretty = row.foundationPretty.megabytesPerSecond(row.bytes)
        print([pad(row.file, 20), pad(figure(compact), 10, right: true), pad(figure(foundationCompact), 10, right: true),
               pad(figure(compact / foundationCompact), 8, right: true), pad(figure(pretty), 10, right: true),
               pad(figure(foundationPretty), 10, right: true), pad(figure(pretty / foundationPretty), 8, right: true)]
            .joined(separator: " "))
    }
} catch {
    print("Benchmark check failed: \(error)")
    exit(1)
}
}

/// Whether the run includes `section` for `file`.
@MainActor func runs(_ section: String, on file: String) -> Bool { sections.contains(section) && (only.isEmpty || only.contains(file)) }

/// Prints one decoding table: MB/s of the input, and the ratio to the first row (JSONDecoder); with
/// `compare`, also the speed of one named row as a share of another's.
func printDecodingTable(_ title: String, compare: (String, String)? = nil,
                        _ run: () throws -> (bytes: Int, rows: [DecodingBenchmark.Row])) {
    print("")
    print(title)
    do {
        let (bytes, rows) = try run()
        let baseline = rows[0].measurement.megabytesPerSecond(bytes)
        for row in rows {
            let speed = row.measurement.megabytesPerSecond(bytes)
            print([pad(row.name, 30), pad(figure(speed), 10, right: true), pad(String(format: "%.2f×", speed / baseline), 9, right: true)]
                .joined(separator: " "))
        }
        if let (name, other) = compare, let row = rows.first(where: { $0.name == name }),
            let otherRow = rows.first(where: { $0.name == other }) {
            let share = row.measurement.megabytesPerSecond(bytes) / otherRow.measurement.megabytesPerSecond(bytes)
            print("\(name): \(String(format: "%.0f%%", share * 100)) of the speed of \(other)")
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if runs("decoding", on: "twitter.json") {
    printDecodingTable("Decoding twitter.json into a model (parse + decode), MB/s; ratio to JSONDecoder") {
        try DecodingBenchmark.run(file: corpus.appendingPathComponent("twitter.json"), budget: budget)
    }
}
if runs("decoding", on: "citm_catalog.json") {
    printDecodingTable("Decoding citm_catalog.json into a model (parse + decode), MB/s; ratio to JSONDecoder") {
        try ModelDecodingBenchmark.run(file: corpus.appendingPathComponent("citm_catalog.json"), cases: ModelDecodingBenchmark.citm,
                                       budget: budget)
    }
}
if runs("decoding", on: "canada.json") {
    printDecodingTable("Decoding canada.json into a model (parse + decode), MB/s; ratio to JSONDecoder") {
        try ModelDecodingBenchmark.run(file: corpus.appendingPathComponent("canada.json"), cases: ModelDecodingBenchmark.canada,
                                       budget: budget)
    }
}

// The same models under `convertFromSnakeCase`, against explicit coding keys on the same document.
let strategyComparison = (KeyStrategyBenchmark.keelSnakeCase, KeyStrategyBenchmark.keelExplicit)
if runs("strategies", on: "twitter.json") {
    printDecodingTable("Decoding twitter.json with keyDecodingStrategy = .convertFromSnakeCase, MB/s; ratio to JSONDecoder with it",
                       compare: strategyComparison) {
        try KeyStrategyBenchmark.run(data: Data(contentsOf: corpus.appendingPathComponent("twitter.json")),
                                     cases: KeyStrategyBenchmark.cases(SnakeCaseTwitter.Timeline.self, CodableTwitter.Timeline.self),
                                     budget: budget)
    }
}
if runs("strategies", on: "citm_catalog.json") {
    printDecodingTable("Decoding citm_catalog.json, names rewritten in snake case, with .convertFromSnakeCase; ratio to JSONDecoder with it",
                       compare: strategyComparison) {
        let original = try Data(contentsOf: corpus.appendingPathComponent("citm_catalog.json"))
        return try KeyStrategyBenchmark.run(data: KeyStrategyBenchmark.snakeCased(original),
                                            cases: KeyStrategyBenchmark.cases(CodableCitm.Catalog.self, SnakeCaseCitm.Catalog.self),
                                            budget: budget)
    }
}
if runs("strategies", on: "canada.json") {
    printDecodingTable("Decoding canada.json with .convertFromSnakeCase (one-word names), MB/s; ratio to JSONDecoder with it",
                       compare: strategyComparison) {
        try KeyStrategyBenchmark.run(data: Data(contentsOf: corpus.appendingPathComponent("canada.json")),
                                     cases: KeyStrategyBenchmark.cases(CodableCanada.FeatureCollection.self,
                                                                       CodableCanada.FeatureCollection.self),
                                     budget: budget)
    }
}

/// Prints rows of MB/s for an input of `bytes`, each with its ratio to the first row.
func printRatioRows(_ rows: [(String, Measurement)], bytes: Int, nameWidth: Int) {
    let baseline = rows[0].1.megabytesPerSecond(bytes)
    for (name, measurement) in rows {
        let speed = measurement.megabytesPerSecond(bytes)
        print([pad(name, nameWidth), pad(figure(speed), 10, right: true), pad(String(format: "%.2f×", speed / baseline), 9, right: true)]
            .joined(separator: " "))
    }
}

/// Prints one encoding table: MB/s of Keel's output, and the ratio to the first row (JSONEncoder).
func printEncodingTable(_ title: String, _ run: () throws -> EncodingBenchmark.Result) {
    print("")
    print(title)
    do {
        let result = try run()
        printRatioRows(result.rows, bytes: result.bytes, nameWidth: 30)
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if runs("encoding", on: "twitter.json") {
    let file = corpus.appendingPathComponent("twitter.json")
    printEncodingTable("Encoding the twitter model as compact text, MB/s of output; ratio to JSONEncoder") {
        try EncodingBenchmark.run(file: file, plain: CodableTwitter.Timeline.self, declared: MacroTwitter.Timeline.self, budget: budget)
    }
    printEncodingTable("Encoding the twitter model with keys renamed to snake case, MB/s of output; ratio to JSONEncoder") {
        try EncodingBenchmark.runSnakeCase(file: file, budget: budget)
    }
}
if runs("encoding", on: "twitter.json") {
    printEncodingTable("Encoding a [String: Int] of 100,000 members, MB/s of output; ratio to JSONEncoder (unsorted)") {
        try EncodingBenchmark.runLargeDictionary(count: 100_000, budget: budget)
    }
}
if runs("encoding", on: "citm_catalog.json") {
    printEncodingTable("Encoding the citm_catalog model as compact text, MB/s of output; ratio to JSONEncoder") {
        try EncodingBenchmark.run(file: corpus.appendingPathComponent("citm_catalog.json"), plain: CodableCitm.Catalog.self,
                                  declared: MacroCitm.Catalog.self, budget: budget)
    }
}
if runs("encoding", on: "canada.json") {
    printEncodingTable("Encoding the canada model as compact text, MB/s of output; ratio to JSONEncoder") {
        try EncodingBenchmark.run(file: corpus.appendingPathComponent("canada.json"), plain: CodableCanada.FeatureCollection.self,
                                  declared: MacroCanada.FeatureCollection.self, budget: budget)
    }
}

// JSON Lines made from twitter.json's statuses: validating and decoding each record.
if runs("lines", on: "twitter.json") {
    print("")
    do {
        let rows = try JSONLinesBenchmark.run(twitter: corpus.appendingPathComponent("twitter.json"), budget: budget)
        for (title, table) in [("Validating", rows.validation), ("Decoding each record into the status model,", rows.decoding)] {
            print("\(title) JSON Lines (\(rows.records) twitter statuses, \(rows.bytes) bytes), MB/s; ratio to the first row")
            printRatioRows(table, bytes: rows.bytes, nameWidth: 38)
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if runs("query", on: "twitter.json") {
    print("")
    do {
        let rows = try QueryBenchmark.run(twitter: corpus.appendingPathComponent("twitter.json"),
                                              keel: EditingBenchmark.toolPath(repositoryRoot: repositoryRoot), budget: budget)
        print("JSONPath over one \(rows.bytes)-byte document (twitter statuses repeated), read from a file each time, MB/s;")
        print("ratio to the first row (what keel validate does)")
        printRatioRows(rows.rows, bytes: rows.bytes, nameWidth: 58)
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if sections.contains("anchors") {
    // KEEL_PROFILE_ENCODE=FILE encodes that file's model alone for the time budget, for `perf record`
    // (KEEL_PROFILE_ENCODE=FILE:codable its Codable model through KeelEncoder; FILE:decode decodes the
    // `@JSONModel` model instead, FILE:parse parses the file to a document).
    if let profiled = ProcessInfo.processInfo.environment["KEEL_PROFILE_ENCODE"] {
        let parts = profiled.split(separator: ":").map(String.init)
        try? AnchorsBenchmark.profileEncoding(corpus: corpus, file: parts[0], mode: parts.count > 1 ? parts[1] : "", seconds: budget)
        exit(0)
    }
    // msgspec and simdjson, measured by Benchmarks/Anchors/anchors.py in a Python process of the same run.
    print("")
    do {
        let script = repositoryRoot.appendingPathComponent("Benchmarks/Anchors/anchors.py")
        let (rows, missing) = try AnchorsBenchmark.run(corpus: corpus, script: script, budget: budget)
        for reason in missing { print("anchors: \(reason) is not installed (pip install msgspec pysimdjson)") }
        print("Keel beside same-machine anchors (msgspec, simdjson through pysimdjson), MB/s")
        print([pad("file", 18), pad("case", 20), pad("Keel", 8, right: true), pad("anchor", 8, right: true),
               pad("Keel ×", 8, right: true), "  anchor"].joined(separator: " "))
        for row in rows {
            print([pad(row.file, 18), pad(row.what, 20), pad(figure(row.keel), 8, right: true), pad(figure(row.anchor), 8, right: true),
                   pad(String(format: "%.2f", row.keel / row.anchor), 8, right: true), "  " + row.unit].joined(separator: " "))
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if runs("schema", on: "twitter.json") {
    do {
        for table in try SchemaBenchmark.run(corpus: corpus, schemas: repositoryRoot.appendingPathComponent("Benchmarks/Schemas"), budget: budget) {
            print("")
            print(table.title + "; ratio to the first row")
            printRatioRows(table.rows, bytes: table.bytes, nameWidth: 52)
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if sections.contains("models") {
    do {
        let modelFiles = files.filter { ["twitter.json", "citm_catalog.json", "canada.json"].contains($0) }
        for table in try ModelInferenceBenchmark.run(corpus: corpus, files: modelFiles, budget: budget) {
            print("")
            print("Models from samples (keel model) of \(table.file), \(table.bytes) bytes: MB/s, and ms per run; ratio to the first row")
            let baseline = table.rows[0].1.megabytesPerSecond(table.bytes)
            for (name, measurement) in table.rows {
                let speed = measurement.megabytesPerSecond(table.bytes)
                print([pad(name, 52), pad(figure(speed), 10, right: true), pad(String(format: "%.1f ms", measurement.seconds * 1000), 10, right: true),
                       pad(String(format: "%.2f×", speed / baseline), 9, right: true)].joined(separator: " "))
            }
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

if runs("partial", on: "twitter.json") {
    // KEEL_PROFILE_PARTIAL=json|typed|decoder|bytes|whole runs that case alone for the time budget, for `perf record`.
    if let which = ProcessInfo.processInfo.environment["KEEL_PROFILE_PARTIAL"] {
        try? PartialBenchmark.profile(which, file: corpus.appendingPathComponent("twitter.json"), seconds: budget)
        exit(0)
    }
    do {
        let (bytes, rows) = try PartialBenchmark.run(file: corpus.appendingPathComponent("twitter.json"), budget: budget)
        print("")
        print("A document still arriving: twitter.json (\(bytes) bytes) in 64-byte chunks, a snapshot every 4 KB and at the end;")
        print("ms per whole run, and the ratio to the whole parse (JSON rows) or the whole decode (typed rows) with Keel")
        let parse = rows[1].1.seconds
        let decode = rows[5].1.seconds
        for (index, (name, measurement)) in rows.enumerated() {
            let base = index < 4 ? parse : decode
            print([pad(name, 44), pad(String(format: "%.2f ms", measurement.seconds * 1000), 11, right: true),
                   pad(String(format: "%.2f×", measurement.seconds / base), 9, right: true)].joined(separator: " "))
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

// Peak memory while parsing the largest file of the run, each parser in a fresh process.
let sizes = files.map { name in
    ((try? FileManager.default.attributesOfItem(atPath: corpus.appendingPathComponent(name).path)[.size] as? Int) ?? 0, name)
}
if sections.contains("memory"), let (size, largest) = sizes.max(by: { $0.0 < $1.0 }) {
    print("")
    print("Peak memory while reading and parsing the largest file, \(largest) (\(size) bytes): growth of the peak resident set")
    do {
        let file = corpus.appendingPathComponent(largest)
        for (name, parser) in [("Keel document", PeakMemory.Parser.keel), ("JSONSerialization", .foundation)] {
            let growth = try PeakMemory.measure(parser: parser, file: file)
            print([pad(name, 30), pad(String(format: "%.1f MB", Double(growth) / 1e6), 10, right: true),
                   pad(String(format: "%.2f× the file", Double(growth) / Double(size)), 16, right: true)].joined(separator: " "))
        }
    } catch {
        print("Benchmark check failed: \(error)")
        exit(1)
    }
}

// The tool's edits at scale, each command in a process of its own.
if sections.contains("editing") {
    print("")
    if let keel = EditingBenchmark.toolPath(repositoryRoot: repositoryRoot) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-editing-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try EditingBenchmark.run(keel: keel, corpus: corpus, folder: folder)
        } catch {
            print("Benchmark check failed: \(error)")
            exit(1)
        }
    } else {
        print("Editing: skipped, no release build of the tool (run swift build -c release --product keel first).")
    }
}
