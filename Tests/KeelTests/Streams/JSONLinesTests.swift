import Foundation
@testable import Keel
import KeelTestSupport
import Testing

/// JSON Lines read from memory, files and descriptors: records, blank lines, CRLF, errors that name their
/// record, line, byte and column, records past the size limit, and records split at every chunk boundary.
@Suite struct JSONLinesTests {
    /// What a pass gives, in a form easy to compare: each record's position and compact text, or its
    /// error's position, line, column and kind of reason.
    enum Outcome: Equatable {
        case record(JSONRecordPosition, String)
        case error(JSONRecordPosition, line: Int, column: Int, reason: String)
    }

    static func outcomes(_ lines: JSONLines) -> [Outcome] { outcomes(Array(lines)) }

    static func outcomes(_ results: [Result<JSONStream.Record, JSONRecordError>]) -> [Outcome] {
        results.map { result in
            switch result {
            case .success(let record):
                return .record(record.position, (try? JSON(record.root).jsonText()) ?? "?")
            case .failure(let error):
                let reason: String
                switch error.reason {
                case .syntax(let syntax): reason = "syntax \(syntax.kind)"
                case .tooLarge(let size, let limit): reason = "tooLarge \(size) > \(limit)"
                case .decoding: reason = "decoding"
                case .unreadable(let code): reason = "unreadable \(code)"
                case .framing(let problem): reason = "framing \(Self.name(of: problem))"
                }
                return .error(error.position, line: error.line, column: error.column, reason: reason)
            }
        }
    }

    static func name(of problem: JSONStreamProblem) -> String {
        switch problem {
        case .missingRecordSeparator: "missingRecordSeparator"
        case .truncatedText: "truncatedText"
        case .notAnArray: "notAnArray"
        case .missingElement: "missingElement"
        case .unclosedArray: "unclosedArray"
        case .contentAfterArray: "contentAfterArray"
        case .partialByteOrderMark: "partialByteOrderMark"
        }
    }

    static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keel-lines-\(UUID().uuidString).jsonl")
        try Data(bytes).write(to: url)
        return url
    }

    static let sample = "{\"a\":1}\r\n\n  \n[1,2]\n{\"b\": tru}\n\"é\\u00e9\"\n{\"c\":[true,null]}"

    @Test func recordsBlankLinesCRLFAndPositions() throws {
        let outcomes = Self.outcomes(JSONLines(Self.sample))
        #expect(outcomes == [
            .record(JSONRecordPosition(record: 1, line: 1, byteOffset: 0), #"{"a":1}"#),
            .record(JSONRecordPosition(record: 2, line: 4, byteOffset: 13), "[1,2]"),
            .error(JSONRecordPosition(record: 3, line: 5, byteOffset: 19), line: 5, column: 10,
                   reason: "syntax unexpectedCharacter"),
            .record(JSONRecordPosition(record: 4, line: 6, byteOffset: 30), "\"éé\""),
            .record(JSONRecordPosition(record: 5, line: 7, byteOffset: 41), #"{"c":[true,null]}"#),
        ])
        let summary = JSONLines(Self.sample).validate()
        #expect(summary == JSONLines.Summary(records: 5, errors: 1, blankLines: 2))
        // Records and errors and blank lines are the lines.
        #expect(summary.records + summary.blankLines == Self.sample.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count)
    }

    @Test func anErrorSaysWhereInTheStream() throws {
        var reported: [JSONRecordError] = []
        JSONLines(Self.sample).validate { reported.append($0) }
        let error = try #require(reported.first)
        #expect(reported.count == 1)
        // The place once, in the stream's terms, then the record's number.
        #expect(error.description == "Unexpected '}' at line 5, column 10 (byte 28): expected the literal 'true' (record 3).")
        #expect(error.line == 5 && error.column == 10)
    }

    /// Every chunk size from one byte up, through a file: the same records and errors as from memory, with
    /// records cut inside multi-byte characters, escapes and CRLF pairs.
    @Test func everySplitPointReadsTheSame() throws {
        let text = Self.sample + "\n[\"日本語\",\"\\ud83d\\ude00\"]\r\n{\"k\":\"v\"}\n"
        let expected = Self.outcomes(JSONLines(text))
        #expect(expected.count == 7)
        let file = try Self.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        for chunkSize in 1...(text.utf8.count + 1) {
            var options = JSONLines.Options()
            options.chunkSize = chunkSize
            #expect(Self.outcomes(JSONLines(contentsOfFile: file.path, options: options)) == expected, "chunk size \(chunkSize)")
            #expect(JSONLines(contentsOfFile: file.path, options: options).validate()
                    == JSONLines(text).validate(), "chunk size \(chunkSize)")
        }
    }

    @Test func aRecordPastTheLimitIsAnErrorAndReadingGoesOn() throws {
        let long = "[" + String(repeating: "1,", count: 500) + "1]"
        let text = "[1]\n\(long)\r\n{\"after\":true}\n\(long)"
        var options = JSONLines.Options()
        options.maximumRecordSize = 100
        let fromMemory = Self.outcomes(JSONLines(text, options: options))
        #expect(fromMemory == [
            .record(JSONRecordPosition(record: 1, line: 1, byteOffset: 0), "[1]"),
            // The CR before the line feed is whitespace, and counts in the size.
            .error(JSONRecordPosition(record: 2, line: 2, byteOffset: 4), line: 2, column: 1, reason: "tooLarge 1004 > 100"),
            .record(JSONRecordPosition(record: 3, line: 3, byteOffset: 1009), #"{"after":true}"#),
            .error(JSONRecordPosition(record: 4, line: 4, byteOffset: 1024), line: 4, column: 1, reason: "tooLarge 1003 > 100"),
        ])
        let file = try Self.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        for chunkSize in [7, 64, 1000, 1 << 20] {
            options.chunkSize = chunkSize
            #expect(Self.outcomes(JSONLines(contentsOfFile: file.path, options: options)) == fromMemory, "chunk size \(chunkSize)")
        }
    }

    @Test func aFileThatCannotBeOpenedIsOneError() {
        let outcomes = Self.outcomes(JSONLines(contentsOfFile: "/no/such/file.jsonl"))
        #expect(outcomes == [.error(JSONRecordPosition(record: 1, line: 1, byteOffset: 0), line: 1, column: 1,
                                    reason: "unreadable \(ENOENT)")])
    }

    @Test func aDescriptorIsReadToItsEnd() throws {
        let file = try Self.temporaryFile(Array(Self.sample.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(Self.outcomes(JSONLines(fileDescriptor: descriptor)) == Self.outcomes(JSONLines(Self.sample)))
        // The descriptor stays open, and is at its end.
        #expect(Self.outcomes(JSONLines(fileDescriptor: descriptor)) == [])
    }

    @Test func emptyStreamsAndALastLineWithoutLineFeed() {
        #expect(Self.outcomes(JSONLines("")) == [])
        #expect(Self.outcomes(JSONLines("\n\n")) == [])
        #expect(JSONLines("\n\n").validate() == JSONLines.Summary(records: 0, errors: 0, blankLines: 2))
        #expect(Self.outcomes(JSONLines("1\n2")) == [
            .record(JSONRecordPosition(record: 1, line: 1, byteOffset: 0), "1"),
            .record(JSONRecordPosition(record: 2, line: 2, byteOffset: 2), "2"),
        ])
    }

    struct Event: Codable, Equatable, JSONDecodable {
        var id: Int
        var name: String

        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Event {
            Event(id: try value.decode(forKey: "id", in: context), name: try value.decode(forKey: "name", in: context))
        }
    }

    @Test func recordsDecodeInTheStylesAndThroughKeelDecoder() throws {
        let text = """
            {"id": 1, "name": "start"}
            {"id": "2", "name": "typo"}
            not json
            {"id": 4, "name": "end"}
            """
        let native = Array(JSONLines(text).decoded(as: Event.self))
        let bridged = Array(JSONLines(text).decoded(as: Event.self, using: KeelDecoder()))
        for results in [native, bridged] {
            #expect(results.count == 4)
            #expect(try results[0].get() == Event(id: 1, name: "start"))
            #expect(try results[3].get() == Event(id: 4, name: "end"))
            guard case .failure(let typo) = results[1], case .decoding = typo.reason else {
                Issue.record("record 2 should fail to decode: \(results[1])")
                continue
            }
            #expect(typo.position == JSONRecordPosition(record: 2, line: 2, byteOffset: 27))
            #expect(typo.line == 2 && typo.column == 8, "\(typo)")
            guard case .failure(let notJSON) = results[2], case .syntax = notJSON.reason else {
                Issue.record("record 3 should be a syntax error: \(results[2])")
                continue
            }
            #expect(notJSON.line == 3)
        }
    }

    /// Validation on several threads reports the same errors, in the same order, with the same counts, as on
    /// one: a generated stream of valid, invalid, blank and oversized lines, in batches of every few records.
    @Test func validationOnSeveralThreadsMatchesOneThread() throws {
        var generator = SystemRandomNumberGenerator()
        let shapes = ["{\"id\": 1, \"tags\": [\"a\", \"b\"]}", "[1, 2,]", "", "   ", "\"é\"", "{\"a\": tru}",
                      "[" + String(repeating: "7,", count: 40) + "7]", "null\r", "{\"k\": \"\\u00e9\"}", "1 2"]
        let text = (0..<3_000).map { _ in shapes.randomElement(using: &generator) ?? "" }.joined(separator: "\n")
        let file = try Self.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }

        func run(_ lines: JSONLines) -> (JSONLines.Summary, [String]) {
            var reported: [String] = []
            let summary = lines.validate { reported.append("\($0.line):\($0.column) \($0)") }
            return (summary, reported)
        }
        var options = JSONLines.Options()
        options.maximumRecordSize = 60
        options.threads = 1
        let (summary, reported) = run(JSONLines(text, options: options))
        #expect(summary.errors == reported.count && summary.errors > 300)
        #expect(reported.contains { $0.contains("Record too large") })
        for threads in [2, 3, 7] {
            for batchSize in [1, 50, 4096, 1 << 20] {
                options.threads = threads
                options.batchSize = batchSize
                options.chunkSize = 333
                let fromMemory = run(JSONLines(text, options: options))
                #expect(fromMemory.0 == summary && fromMemory.1 == reported, "\(threads) threads, batches of \(batchSize)")
                let fromFile = run(JSONLines(contentsOfFile: file.path, options: options))
                #expect(fromFile.0 == summary && fromFile.1 == reported, "file, \(threads) threads, batches of \(batchSize)")
            }
        }
    }

    /// Records decoded on several threads come out in stream order, the same values and errors as decoding
    /// each record in turn; with every batch size and thread count, from memory and from a file.
    @Test func decodingOnSeveralThreadsKeepsStreamOrder() throws {
        var generator = SystemRandomNumberGenerator()
        let shapes = [#"{"id": 1, "name": "a"}"#, #"{"id": "2", "name": "b"}"#, "{", "", #"{"id": 3}"#,
                      #"{"id": 4, "name": "\u00e9"}"#, "[" + String(repeating: "0,", count: 40) + "0]"]
        let text = (0..<2_000).map { index in
            (shapes.randomElement(using: &generator) ?? "").replacingOccurrences(of: "1,", with: "\(index),")
        }.joined(separator: "\n")
        let file = try Self.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }

        func describe<E>(_ results: [Result<Event, E>]) -> [String] {
            results.map { result in
                switch result {
                case .success(let event): return "\(event.id) \(event.name)"
                case .failure(let error): return "\(error)"
                }
            }
        }
        var options = JSONLines.Options()
        options.maximumRecordSize = 60
        // The reference: each record in turn, decoded on this thread.
        let expected = describe(JSONLines(text, options: options).map { record in
            record.flatMap { record -> Result<Event, JSONRecordError> in
                do throws(JSONDecodingError) {
                    return .success(try Event.decode(record.root))
                } catch {
                    return .failure(JSONRecordError(position: record.position, reason: .decoding(error)))
                }
            }
        })
        #expect(expected.count > 1_500 && expected.contains { $0.contains("Record too large") })
        for threads in [1, 2, 5] {
            for batchSize in [1, 100, 1 << 20] {
                options.threads = threads
                options.batchSize = batchSize
                options.chunkSize = 257
                let native: ConcurrentlyDecodedRecords<Event> = JSONLines(text, options: options).decoded(as: Event.self)
                #expect(describe(Array(native)) == expected, "\(threads) threads, batches of \(batchSize)")
                let bridged: ConcurrentlyDecodedRecords<Event> = JSONLines(contentsOfFile: file.path, options: options)
                    .decoded(as: Event.self, using: KeelDecoder())
                let bridgedOutcomes = Array(bridged)
                #expect(bridgedOutcomes.count == expected.count)
                #expect(zip(bridgedOutcomes, expected).allSatisfy { outcome, reference in
                    switch outcome {
                    case .success(let event): return reference == "\(event.id) \(event.name)"
                    case .failure(let error):
                        // Said with the place inside the record, or before a problem with the record as a whole.
                        return reference.hasSuffix("(record \(error.position.record)).") || reference.hasPrefix("record \(error.position.record) ")
                    }
                }, "\(threads) threads, batches of \(batchSize)")
            }
        }
    }

    /// A stream and its decoded records can be handed to another task.
    @Test func streamsAreSendable() async {
        let lines = JSONLines("{\"id\": 1, \"name\": \"a\"}")
        let events = lines.decoded(as: Event.self)
        let count = await Task.detached { (lines.validate().records, Array(events).count) }.value
        #expect(count == (1, 1))
    }

    /// A type that is not `Sendable` decodes record by record on the calling thread.
    final class Note: JSONDecodable {
        var text: String
        init(text: String) { self.text = text }
        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Note {
            Note(text: try value.decode(forKey: "text", in: context))
        }
    }

    @Test func aTypeThatIsNotSendableDecodesInTurn() {
        let notes: LazyMapSequence<JSONLines, Result<Note, JSONRecordError>> =
            JSONLines("{\"text\": \"a\"}\n{\"text\": 1}\n{\"text\": \"c\"}").decoded(as: Note.self)
        let read = Array(notes.map { (try? $0.get())?.text ?? "error" })
        #expect(read == ["a", "error", "c"])
    }

    /// A stream of the corpus's documents, one per line: every record reads back equal to its file.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func corpusDocumentsAsLines() throws {
        let names = ["twitter.json", "citm_catalog.json", "canada.json"]
        var lines: [UInt8] = []
        var expected: [JSON] = []
        for name in names {
            let json = try JSON(parsing: try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name)))
            expected.append(json)
            lines += Array(try json.jsonText().utf8) + [0x0A]
        }
        let file = try Self.temporaryFile(lines)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = JSONLines.Options()
        options.chunkSize = 65_536
        let records = try JSONLines(contentsOfFile: file.path, options: options).map { try JSON($0.get().root) }
        #expect(records == expected)
        #expect(JSONLines(contentsOfFile: file.path).validate() == JSONLines.Summary(records: 3, errors: 0, blankLines: 0))
    }
}
