import Foundation
@_spi(Streaming) import Keel

/// JSONPath over a file of about 100 MB (twitter.json's statuses repeated in one `{"statuses": [...]}`
/// document), each case reading the file as `keel` does: validating it (what `keel validate` does), and
/// parsing it and running a descendant query and a filter query, and answering the filter while reading the
/// file, an element at a time (what `keel query` does for a query of that shape). Beside them,
/// Foundation (`JSONSerialization` and a hand-written walk that collects the same values) and, when it is
/// installed, jq run as a process on the same file with the equivalent filters.
enum QueryBenchmark {
    struct Rows {
        let bytes: Int
        let rows: [(String, Measurement)]
    }

    static let descendant = "$..screen_name"
    static let filter = "$.statuses[?@.retweet_count > 5].id"
    static let jqDescendant = ".. | .screen_name? // empty"
    static let jqFilter = ".statuses[] | select(.retweet_count > 5) | .id"

    /// `keel` is the release build of the tool, when there is one: it is then timed as a process too, the
    /// way jq is, its output read from a pipe.
    static func run(twitter: URL, keel: String?, budget: Double) throws -> Rows {
        let (file, bytes) = try RepeatedStatuses.writeFile(from: twitter, named: "query")
        defer { try? FileManager.default.removeItem(at: file) }

        let descendant = try JSONPathQuery(Self.descendant)
        let filter = try JSONPathQuery(Self.filter)
        guard let streamedFilter = StreamedQuery(filter) else { throw BenchmarkError("\(Self.filter) is not streamed") }
        func read() -> [UInt8] { FileReading.bytes(of: file) }

        // Check, outside the timed region, that every way finds the same values.
        let document = try JSONDocument(parsing: read())
        let names = descendant.select(in: document.root).compactMap(\.value.stringValue)
        let ids = filter.select(in: document.root).compactMap { $0.value.numberValue?.exactly(Int64.self) }
        let foundation = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        var foundationNames: [String] = []
        collectScreenNames(foundation, into: &foundationNames)
        guard !names.isEmpty, !ids.isEmpty, names.sorted() == foundationNames.sorted(), ids == foundationFilter(foundation) else {
            throw BenchmarkError("queries: \(names.count) names and \(ids.count) ids, Foundation \(foundationNames.count)")
        }
        if let jq = jqPath {
            let jqNames = try runJQ(jq, Self.jqDescendant, file).split(separator: "\n").count
            let jqIDs = try runJQ(jq, Self.jqFilter, file).split(separator: "\n").count
            guard jqNames == names.count, jqIDs == ids.count else {
                throw BenchmarkError("jq found \(jqNames) names and \(jqIDs) ids, Keel \(names.count) and \(ids.count)")
            }
        }

        var streamedIDs: [Int64] = []
        let descriptor = open(file.path, O_RDONLY)
        let outcome = streamedFilter.run(fileDescriptor: descriptor, options: JSONParsingOptions()) { node in
            node.value.numberValue?.exactly(Int64.self).map { streamedIDs.append($0) }
        } discardFound: {
            streamedIDs.removeAll()
        }
        close(descriptor)
        guard outcome == .answered, streamedIDs == ids else {
            throw BenchmarkError("the filter read as it goes found \(streamedIDs.count) ids, the document \(ids.count)")
        }

        var rows: [(String, Measurement)] = []
        let cases: [(String, () -> Void)] = [
            ("keel validate: read + validate", { blackHole(try? JSONDocument.validate(read())) }),
            ("read + parse to a document", { blackHole(try? JSONDocument(parsing: read())) }),
            ("read + parse + \(Self.descendant)", {
                blackHole((try? JSONDocument(parsing: read())).map { descendant.select(in: $0.root).count })
            }),
            ("read + parse + \(Self.filter)", {
                blackHole((try? JSONDocument(parsing: read())).map { filter.select(in: $0.root).count })
            }),
            ("read as it goes + \(Self.filter) (keel query's way)", {
                let descriptor = open(file.path, O_RDONLY)
                defer { close(descriptor) }
                var count = 0
                let outcome = streamedFilter.run(fileDescriptor: descriptor, options: JSONParsingOptions()) { _ in
                    count += 1
                } discardFound: {
                    count = 0
                }
                blackHole(outcome == .answered ? count : -1)
            }),
            ("Foundation: JSONSerialization + walk for screen_name", {
                var found: [String] = []
                if let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) { collectScreenNames(object, into: &found) }
                blackHole(found.count)
            }),
            ("Foundation: JSONSerialization + filter", {
                blackHole((try? JSONSerialization.jsonObject(with: Data(contentsOf: file))).map(foundationFilter)?.count)
            }),
        ]
        let measured = Measurement.measureInTurn(budget: budget, cases.map(\.1))
        rows = zip(cases.map(\.0), measured).map { ($0, $1) }
        // A process per run, so fewer runs: the best of five for every tool. The runs take turns (each
        // round runs every command once), because this machine has slow spells of a second or more in which
        // a process takes up to half as long again: five runs of one command in a row can all fall in one.
        var commands: [(label: String, executable: String, arguments: [String])] = []
        if let keel {
            commands.append(("keel validate (a process)", keel, ["validate", file.path]))
            for query in [Self.descendant, Self.filter] {
                commands.append(("keel query (a process): \(query)", keel, ["query", file.path, query]))
            }
        }
        if let jq = jqPath {
            let version = jqVersion(jq)
            for program in [Self.jqDescendant, Self.jqFilter] {
                commands.append(("\(version) (a process): \(program)", jq, ["-c", program, file.path]))
            }
        }
        var best = [Double](repeating: .infinity, count: commands.count)
        for _ in 0..<5 {
            for (index, command) in commands.enumerated() {
                let start = ContinuousClock.now
                _ = try runProcess(command.executable, command.arguments)
                best[index] = min(best[index], (ContinuousClock.now - start).seconds)
            }
        }
        rows += zip(commands, best).map { ($0.label, Measurement(seconds: $1)) }
        return Rows(bytes: bytes, rows: rows)
    }

    /// Every `screen_name` member's string, at any depth (in no particular order: JSONSerialization's
    /// dictionaries have none).
    static func collectScreenNames(_ value: Any, into names: inout [String]) {
        if let object = value as? [String: Any] {
            if let name = object["screen_name"] as? String { names.append(name) }
            for member in object.values { collectScreenNames(member, into: &names) }
        } else if let array = value as? [Any] {
            for element in array { collectScreenNames(element, into: &names) }
        }
    }

    static func foundationFilter(_ value: Any) -> [Int64] {
        guard let statuses = (value as? [String: Any])?["statuses"] as? [Any] else { return [] }
        return statuses.compactMap { status in
            guard let status = status as? [String: Any], let count = (status["retweet_count"] as? NSNumber)?.int64Value,
                  count > 5 else { return nil }
            return (status["id"] as? NSNumber)?.int64Value
        }
    }

    static let jqPath: String? = ["/usr/bin/jq", "/usr/local/bin/jq"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func jqVersion(_ jq: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "jq" }
        let version = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return version.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func runJQ(_ jq: String, _ program: String, _ file: URL) throws -> String {
        try runProcess(jq, ["-c", program, file.path])
    }

    /// Runs `executable` and returns its standard output, read from a pipe as a user's next command would.
    static func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("\(executable) exited with \(process.terminationStatus)")
        }
        return output
    }
}
