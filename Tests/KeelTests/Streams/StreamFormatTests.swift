import Foundation
@testable import Keel
import KeelTestSupport
import Testing

/// JSON text sequences, concatenated documents and top-level arrays: records and their positions (line and
/// column of their first byte), breaks in the framing, records past the limit, every chunk boundary, and the
/// corpus written in each format.
@Suite struct StreamFormatTests {
    typealias Outcome = JSONLinesTests.Outcome

    static func outcomes(_ stream: JSONStream) -> [Outcome] { JSONLinesTests.outcomes(stream) }

    static func at(_ record: Int, line: Int, column: Int, byte: Int) -> JSONRecordPosition {
        JSONRecordPosition(record: record, start: JSONSourceLocation(byteOffset: byte, line: line, column: column))
    }

    // MARK: Text sequences

    @Test func textSequenceRecordsBlankTextsAndCutShortScalars() {
        let text = "\u{1E}{\"a\":1}\n\u{1E}[1,\n2]\n\u{1E}\n\u{1E}3\n\u{1E}  {\"b\":}\n\u{1E}4"
        let stream = JSONStream(text, format: .textSequence)
        #expect(Self.outcomes(stream) == [
            .record(Self.at(1, line: 1, column: 2, byte: 1), #"{"a":1}"#),
            .record(Self.at(2, line: 2, column: 2, byte: 10), "[1,2]"),
            .record(Self.at(3, line: 5, column: 2, byte: 20), "3"),
            .error(Self.at(4, line: 6, column: 4, byte: 25), line: 6, column: 9, reason: "syntax unexpectedCharacter"),
            // The last text has no whitespace after it: it may have been cut short.
            .error(Self.at(5, line: 7, column: 2, byte: 33), line: 7, column: 2, reason: "framing truncatedText"),
        ])
        #expect(stream.validate() == JSONStream.Summary(records: 5, errors: 2, blankLines: 1))
    }

    @Test func textBeforeTheFirstSeparatorIsOneErrorAndReadingResumes() {
        let stream = JSONStream("junk {\n\u{1E}1\n\u{1E}\"x\"", format: .textSequence)
        #expect(Self.outcomes(stream) == [
            .error(Self.at(1, line: 1, column: 1, byte: 0), line: 1, column: 1, reason: "framing missingRecordSeparator"),
            .record(Self.at(1, line: 2, column: 2, byte: 8), "1"),
            .record(Self.at(2, line: 3, column: 2, byte: 11), "\"x\""),
        ])
        #expect(stream.validate() == JSONStream.Summary(records: 2, errors: 1, blankLines: 0))
    }

    // MARK: Concatenated documents

    @Test func concatenatedDocumentsSplitWhereTheyEnd() {
        let text = "{\"a\":1}{\"b\":\"}{\"} 3 \"x\"[true]\n  nul 4\n{\n  \"c\": tru\n}-5.5e3"
        let stream = JSONStream(text, format: .concatenated)
        #expect(Self.outcomes(stream) == [
            .record(Self.at(1, line: 1, column: 1, byte: 0), #"{"a":1}"#),
            .record(Self.at(2, line: 1, column: 8, byte: 7), #"{"b":"}{"}"#),
            .record(Self.at(3, line: 1, column: 19, byte: 18), "3"),
            .record(Self.at(4, line: 1, column: 21, byte: 20), "\"x\""),
            .record(Self.at(5, line: 1, column: 24, byte: 23), "[true]"),
            .error(Self.at(6, line: 2, column: 3, byte: 32), line: 2, column: 6, reason: "syntax unexpectedEndOfInput"),
            .record(Self.at(7, line: 2, column: 7, byte: 36), "4"),
            .error(Self.at(8, line: 3, column: 1, byte: 38), line: 4, column: 11, reason: "syntax unexpectedCharacter"),
            .record(Self.at(9, line: 5, column: 2, byte: 52), "-5.5e3"),
        ])
        #expect(JSONStream(text, format: .concatenated).validate() == JSONStream.Summary(records: 9, errors: 2, blankLines: 0))
        #expect(Self.outcomes(JSONStream(" \n ", format: .concatenated)) == [])
    }

    @Test func columnsAfterMultiByteCharactersCountScalars() throws {
        let text = "\"é日\" {\"a\": x}"
        let errors = Self.outcomes(JSONStream(text, format: .concatenated)).compactMap { outcome -> Outcome? in
            if case .error = outcome { outcome } else { nil }
        }
        // "é日" is 6 bytes but 4 scalars with its quotes, so the object starts at column 6.
        #expect(errors == [.error(Self.at(2, line: 1, column: 6, byte: 8), line: 1, column: 12, reason: "syntax unexpectedCharacter")])
    }

    // MARK: Arrays

    @Test func arrayElementsOneByOne() {
        let text = "[1, {\"a\":[2,3]}, \"x,]\"  ,\n  [4] ]\n"
        let stream = JSONStream(text, format: .array)
        #expect(Self.outcomes(stream) == [
            .record(Self.at(1, line: 1, column: 2, byte: 1), "1"),
            .record(Self.at(2, line: 1, column: 5, byte: 4), #"{"a":[2,3]}"#),
            .record(Self.at(3, line: 1, column: 18, byte: 17), #""x,]""#),
            .record(Self.at(4, line: 2, column: 3, byte: 28), "[4]"),
        ])
        #expect(stream.validate() == JSONStream.Summary(records: 4, errors: 0, blankLines: 0))
        for empty in ["[]", "  [ \n ]  \n"] {
            #expect(Self.outcomes(JSONStream(empty, format: .array)) == [])
            #expect(JSONStream(empty, format: .array).validate() == JSONStream.Summary())
        }
    }

    @Test func brokenArraysAreErrorsAtTheirPlace() {
        func reasons(_ text: String) -> [String] {
            Self.outcomes(JSONStream(text, format: .array)).map { outcome in
                switch outcome {
                case .record(_, let text): text
                case .error(let position, let line, let column, let reason): "\(reason) r\(position.record) \(line):\(column)"
                }
            }
        }
        #expect(reasons("[1,,2]") == ["1", "framing missingElement r2 1:4", "2"])
        #expect(reasons("[1,]") == ["1", "framing missingElement r2 1:4"])
        #expect(reasons("[,1]") == ["framing missingElement r1 1:2", "1"])
        #expect(reasons("[1 2, 3]") == ["syntax trailingContent r1 1:4", "3"])
        #expect(reasons("[1, 2") == ["1", "2", "framing unclosedArray r3 1:6"])
        #expect(reasons("[1, {\"a\": [") == ["1", "syntax unexpectedEndOfInput r2 1:12", "framing unclosedArray r3 1:12"])
        #expect(reasons("[1] x") == ["1", "framing contentAfterArray r2 1:5"])
        #expect(reasons("{\"a\": 1}") == ["framing notAnArray r1 1:1"])
        #expect(reasons("") == ["framing notAnArray r1 1:1"])
        #expect(reasons("[") == ["framing unclosedArray r1 1:2"])
        #expect(JSONStream("[1,,2] x", format: .array).validate() == JSONStream.Summary(records: 3, errors: 2, blankLines: 0))
    }

    @Test func anElementPastTheLimitIsSkippedAndTheNextRead() {
        var options = JSONStream.Options()
        options.maximumRecordSize = 50
        let long = "[" + String(repeating: "\"a,]\",", count: 20) + "0]"
        let text = "[1, \(long), {\"after\": [\"]\"]}]"
        for format in [JSONStream.Format.array] {
            #expect(Self.outcomes(JSONStream(text, format: format, options: options)) == [
                .record(Self.at(1, line: 1, column: 2, byte: 1), "1"),
                .error(Self.at(2, line: 1, column: 5, byte: 4), line: 1, column: 5, reason: "tooLarge 123 > 50"),
                .record(Self.at(3, line: 1, column: 130, byte: 129), #"{"after":["]"]}"#),
            ])
        }
    }

    // MARK: Every format

    /// A sample of each format, with strings holding brackets, escaped quotes, multi-byte characters and
    /// `\u` escapes, and a bad record.
    static let samples: [(JSONStream.Format, String)] = [
        (.lines, "{\"a\":\"[\\\"]\"}\n\n[\"日本語\",\"\\ud83d\\ude00\"]\r\n{\"b\": tru}\n7\n"),
        (.textSequence, "\u{1E}{\"a\":\"[\\\"]\"}\n\u{1E}[\"日本語\",\n\"\\ud83d\\ude00\"]\n\u{1E}{\"b\": tru}\n\u{1E}7\n"),
        (.concatenated, "{\"a\":\"[\\\"]\"}[\"日本語\",\n\"\\ud83d\\ude00\"] {\"b\": tru}\n7 \"é\\\\\"{}"),
        (.array, "[{\"a\":\"[\\\"]\"},[\"日本語\",\n\"\\ud83d\\ude00\"], {\"b\": tru}, 7 ,\"é\\\\\",{}]"),
    ]

    /// Every chunk size from one byte up, through a file: the same records, errors and positions as from
    /// memory, with records cut inside multi-byte characters, escapes and separators.
    @Test(arguments: samples.map(\.0))
    func everySplitPointReadsTheSame(format: JSONStream.Format) throws {
        let text = try #require(Self.samples.first { $0.0 == format }).1
        let expected = Self.outcomes(JSONStream(text, format: format))
        #expect(expected.count >= 4)
        #expect(expected.filter { if case .error = $0 { true } else { false } }.count == 1, "\(expected)")
        let file = try JSONLinesTests.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        for chunkSize in 1...(text.utf8.count + 1) {
            var options = JSONStream.Options()
            options.chunkSize = chunkSize
            let stream = JSONStream(contentsOfFile: file.path, format: format, options: options)
            #expect(Self.outcomes(stream) == expected, "chunk size \(chunkSize)")
            #expect(stream.validate() == JSONStream(text, format: format).validate(), "chunk size \(chunkSize)")
        }
    }

    /// The values of the corpus's documents written in every format, compact and pretty-printed: every record
    /// reads back equal to its value, from memory and from a file read in small chunks.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func corpusValuesInEveryFormat() throws {
        var values: [JSON] = []
        for name in ["twitter.json", "citm_catalog.json"] {
            let json = try JSON(parsing: try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name)))
            guard case .object(let members) = json else { continue }
            values += members.values
            values.append(json)
        }
        values += [12, "plain", true, nil, []]
        for pretty in [false, true] {
            let texts = try values.map { try $0.jsonText(options: pretty ? .pretty() : JSONWritingOptions()) }
            var encodings: [(JSONStream.Format, String)] = []
            encodings.append((.textSequence, texts.map { "\u{1E}" + $0 + "\n" }.joined()))
            encodings.append((.concatenated, texts.joined(separator: pretty ? "\n" : " ")))
            let elements: String = texts.joined(separator: pretty ? ",\n" : ",")
            encodings.append((.array, "[" + elements + "]"))
            if !pretty { encodings.append((.lines, texts.joined(separator: "\n"))) }
            for (format, text) in encodings {
                let file = try JSONLinesTests.temporaryFile(Array(text.utf8))
                defer { try? FileManager.default.removeItem(at: file) }
                var options = JSONStream.Options()
                options.chunkSize = 4093
                for stream in [JSONStream(text, format: format), JSONStream(contentsOfFile: file.path, format: format, options: options)] {
                    let records = try stream.map { try JSON($0.get().root) }
                    #expect(records == values, "\(format), pretty: \(pretty)")
                }
            }
        }
    }
}

extension StreamFormatTests {
    /// A UTF-8 byte order mark that starts the stream is skipped under the default policy, in every format
    /// and at every chunk size; under `.reject` it is an error; a part of one is an error too.
    @Test(arguments: JSONStream.Format.allCases)
    func aByteOrderMarkAtTheStartIsSkipped(format: JSONStream.Format) throws {
        let text = Array(try #require(Self.samples.first { $0.0 == format }).1.utf8)
        func values(_ stream: JSONStream) -> [JSON?] { stream.map { try? JSON($0.get().root) } }
        let expected = values(JSONStream(text, format: format))
        let marked = [0xEF, 0xBB, 0xBF] + text
        let file = try JSONLinesTests.temporaryFile(marked)
        defer { try? FileManager.default.removeItem(at: file) }
        for chunkSize in 1...5 {
            var options = JSONStream.Options()
            options.chunkSize = chunkSize
            #expect(values(JSONStream(contentsOfFile: file.path, format: format, options: options)) == expected, "chunks of \(chunkSize)")
        }
        #expect(values(JSONStream(marked, format: format)) == expected)

        var rejecting = JSONStream.Options()
        rejecting.parsing.byteOrderMark = .reject
        let rejected = JSONStream(marked, format: format, options: rejecting).validate()
        if format == .array {
            // A stream that does not start with '[' is not read any further.
            #expect(rejected == JSONStream.Summary(records: 0, errors: 1, blankLines: 0))
        } else {
            #expect(rejected.errors == JSONStream(text, format: format).validate().errors + 1, "\(rejected)")
        }

        let partial = Self.outcomes(JSONStream([0xEF, 0xBB] + text, format: format))
        guard case .error(_, _, _, let reason) = partial.first else {
            Issue.record("a partial mark should be an error: \(partial)")
            return
        }
        #expect(reason == "framing partialByteOrderMark")
        #expect(Self.outcomes(JSONStream([0xEF], format: format)).count == 1)
    }

    /// A byte order mark anywhere but at the stream's start is an error in the record it starts, after
    /// whitespace or not, and the records around it are read as usual: only a stream, not each record, may
    /// start with one (a fuzzed JSON Lines stream once had ` \u{FEFF}1` on a line pass as a record).
    @Test(arguments: JSONStream.Format.allCases)
    func aByteOrderMarkInsideTheStreamIsAnError(format: JSONStream.Format) {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let separator: [UInt8] = switch format {
        case .lines: [0x0A]
        case .textSequence: [0x0A, 0x1E]
        case .concatenated: [0x20]
        case .array: [0x2C]
        }
        for gap in [[], [0x20], [0x20, 0x09]] as [[UInt8]] {
            var bytes: [UInt8] = format == .textSequence ? [0x1E] : format == .array ? [0x5B] : []
            bytes += Array("[1]".utf8) + separator + gap + mark + Array("[2]".utf8) + separator + Array("[3]".utf8)
            bytes += format == .array ? [0x5D] : format == .textSequence || format == .lines ? [0x0A] : []
            let outcomes = JSONStream(bytes, format: format).map { (try? JSON($0.get().root)) }
            // Concatenated documents end the stray mark at the bracket after it, a record of its own.
            let expected: [JSON?] = format == .concatenated ? [[1], nil, [2], [3]] : [[1], nil, [3]]
            #expect(outcomes == expected, "\(format), gap \(gap)")
            #expect(JSONStream(bytes, format: format).validate().errors == 1, "\(format), gap \(gap)")
        }
    }
}

extension StreamFormatTests {
    /// Every record's start and every error's place, in generated streams of multi-byte text, line feeds and
    /// bad values, equal the location counted afresh from the start of the whole stream: the lines and
    /// columns the reader keeps (eight bytes at a time) never drift, from memory or at any chunk size.
    @Test func positionsMatchCountingFromTheStart() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\"é\"", "\"日本\"", "\"😀x\"", "[\"a\\\"]\", 1]", "{\"k\": \"ü\"}", "tru", "\"bad \u{01}\"", "{\"a\": ]}", "12",
                      // Long records over several lines, so that lines and columns are counted a word at a time.
                      "{\n  \"ключ\": [\n    \"😀😀 and more text\",\n    1\n  ],\n  \"日本語のテキスト\": \"ü\"\n}",
                      "[\n  \"a long string of text\",\n  \"é é é é é\",\n  12345678, x\n]"]
        let gaps = [" ", "\n", "  \n\t", "\r\n", "\n\n ", ""]
        for round in 0..<40 {
            var text = ""
            for _ in 0..<(20 + round) {
                text += pieces.randomElement(using: &generator)!
                text += gaps.randomElement(using: &generator)! + " "
            }
            let bytes = Array(text.utf8)
            func expectPlaces(_ stream: JSONStream, _ label: String) {
                bytes.withUnsafeBufferPointer { whole in
                    for result in stream {
                        switch result {
                        case .success(let record):
                            #expect(record.position.start == JSONSourceLocation(byteOffset: record.position.byteOffset, in: whole), "\(label)")
                        case .failure(let error):
                            guard case .syntax(let syntax) = error.reason else { continue }
                            let offset = error.position.byteOffset + syntax.byteOffset
                            #expect(error.position.start == JSONSourceLocation(byteOffset: error.position.byteOffset, in: whole), "\(label)")
                            #expect(error.location == JSONSourceLocation(byteOffset: offset, in: whole), "\(label): \(error)")
                        }
                    }
                }
            }
            expectPlaces(JSONStream(bytes, format: .concatenated), "memory, round \(round)")
            let file = try JSONLinesTests.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(at: file) }
            var options = JSONStream.Options()
            options.chunkSize = Int.random(in: 1...40, using: &generator)
            expectPlaces(JSONStream(contentsOfFile: file.path, format: .concatenated, options: options),
                         "chunks of \(options.chunkSize), round \(round)")
        }
    }
}

extension StreamFormatTests {
    /// Decoding the records of every format on several threads gives what decoding them in turn gives, in
    /// stream order, errors included.
    @Test(arguments: JSONStream.Format.allCases)
    func everyFormatDecodesOnSeveralThreadsInOrder(format: JSONStream.Format) {
        var records: [String] = []
        for id in 0..<600 {
            records.append(id % 97 == 5 ? "{\"id\": \"\(id)\", \"name\": \"typo\"}" : "{\"id\": \(id), \"name\": \"n\(id)\"}")
        }
        let text: String
        switch format {
        case .lines: text = records.joined(separator: "\n")
        case .textSequence: text = records.map { "\u{1E}" + $0 + "\n" }.joined()
        case .concatenated: text = records.joined(separator: " ")
        case .array: text = "[" + records.joined(separator: ",\n") + "]"
        }
        func describe(_ results: [Result<JSONLinesTests.Event, JSONRecordError>]) -> [String] {
            results.map { result in
                switch result {
                case .success(let event): "\(event.id) \(event.name)"
                case .failure(let error): "error \(error.position) \(error.line):\(error.column)"
                }
            }
        }
        var sequential = JSONStream.Options()
        sequential.threads = 1
        let expected = describe(Array(JSONStream(text, format: format, options: sequential).decoded(as: JSONLinesTests.Event.self)))
        #expect(expected.count == 600 && expected.filter { $0.hasPrefix("error") }.count == 7)
        for threads in [2, 3] {
            var options = JSONStream.Options()
            options.threads = threads
            options.batchSize = 700
            let native = describe(Array(JSONStream(text, format: format, options: options).decoded(as: JSONLinesTests.Event.self)))
            let bridged = describe(Array(JSONStream(text, format: format, options: options)
                .decoded(as: JSONLinesTests.Event.self, using: KeelDecoder())))
            #expect(native == expected, "\(threads) threads")
            #expect(bridged == expected, "\(threads) threads, KeelDecoder")
        }
    }
}

extension StreamFormatTests {
    /// Foundation's `Data` and file URLs read as the bytes and the path do; a URL that is not a file is one
    /// unreadable error, not a crash or an empty stream.
    @Test func dataAndFileURLs() throws {
        let text = "[{\"a\":1}, 2]"
        let expected = Self.outcomes(JSONStream(text, format: .array))
        #expect(Self.outcomes(JSONStream(Data(text.utf8), format: .array)) == expected)
        let file = try JSONLinesTests.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(Self.outcomes(JSONStream(contentsOf: file, format: .array)) == expected)
        let web = try #require(URL(string: "https://example.com/events.jsonl"))
        #expect(Self.outcomes(JSONStream(contentsOf: web)) == [
            .error(JSONRecordPosition(record: 1, line: 1, byteOffset: 0), line: 1, column: 1, reason: "unreadable \(EINVAL)"),
        ])
    }
}
