import Foundation
import Keel
import KeelFuzzChecks
import KeelTestSupport
import Testing

/// `JSONPartialDecoder` read as `JSON` against `JSONIncrementalParser`: after every chunk its snapshot is the
/// parser's snapshot value, its errors are the parser's (kind, offset, line, column, message) and come from
/// the same chunk, and its final value is the parser's.
@Suite struct PartialDecoderTests {
    static func disagreement(
        _ bytes: [UInt8], chunks sizes: [Int], comparingEvery every: Int = 1, options: JSONParsingOptions = JSONParsingOptions()
    ) -> String? {
        partialDecoderDisagreement(bytes, chunks: sizes, comparingEvery: every, options: options)
    }

    @Test func aListArriving() throws {
        let decoder = JSONPartialDecoder(JSON.self)
        try decoder.feed(#"{"title": "Shopping", "items": ["eggs", "mi"#)
        #expect(try decoder.snapshot() == ["title": "Shopping", "items": ["eggs", "mi"]])
        #expect(!decoder.isComplete)
        try decoder.feed(#"lk", 12"#)
        // A number at the end of what has arrived may go on, so it is not shown yet.
        #expect(try decoder.snapshot() == ["title": "Shopping", "items": ["eggs", "milk"]])
        try decoder.feed("]}")
        #expect(try decoder.snapshot() == ["title": "Shopping", "items": ["eggs", "milk", 12]])
        #expect(decoder.isComplete)
        #expect(try decoder.finish() == ["title": "Shopping", "items": ["eggs", "milk", 12]])
        #expect(decoder.byteCount == #"{"title": "Shopping", "items": ["eggs", "milk", 12]}"#.utf8.count)
    }

    /// A type that keeps the view it was decoded from, as a hand-written one may.
    struct KeptView: JSONPartialDecodable {
        let view: JSONView
        static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> KeptView {
            KeptView(view: value)
        }
    }

    /// Finished values are views of one tape that grows as the text arrives. A view kept from an early
    /// snapshot must still read its own value after the tape and the bytes have grown many times over, and
    /// so must views of the finished document.
    @Test func viewsKeptFromEarlySnapshotsOutliveTheTapeGrowing() throws {
        let decoder = JSONPartialDecoder([KeptView].self)
        try decoder.feed(#"[{"name": "first", "tags": [1, 2, 3]}, "#)
        let early = try #require(try decoder.snapshot())
        #expect(early.count == 1)
        for index in 0..<5_000 {
            try decoder.feed(#"{"name": "item \#(index)", "tags": [\#(index), true, null]}, "#)
            if index % 500 == 0 { _ = try decoder.snapshot() }
        }
        try decoder.feed(#""last"]"#)
        let all = try decoder.finish()
        #expect(all.count == 5_002)
        #expect(JSON(early[0].view) == ["name": "first", "tags": [1, 2, 3]])
        #expect(JSON(all[4_000].view) == ["name": "item 3999", "tags": [3999, true, nil]])
    }

    @Test func everyCutOfRandomDocuments() {
        var documents = RandomDocuments(seed: 2026_11_27)
        for _ in 0..<150 {
            let bytes = Array(documents.document().utf8)
            if let problem = Self.disagreement(bytes, chunks: [1]) { Issue.record("\(String(decoding: bytes, as: UTF8.self)): \(problem)") }
        }
    }

    @Test func randomChunkings() {
        var documents = RandomDocuments(seed: 44)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let bytes = Array(("  " + documents.document() + "\n").utf8)
            let sizes = (0..<5).map { _ in Int.random(in: 1...40, using: &generator) }
            if let problem = Self.disagreement(bytes, chunks: sizes) { Issue.record("\(String(decoding: bytes, as: UTF8.self)) in \(sizes): \(problem)") }
        }
    }

    /// Typed decoders of standard types finish as a whole decode does, whatever their snapshots decoded
    /// before: documents of the type (a `null`, a string or a fraction where a number belongs now and then),
    /// in random chunks, snapshots after every chunk or every third.
    @Test func typedDecodersFinishAsAWholeDecode() {
        var generator = SplitMix64(seed: 929)
        func number() -> String {
            switch Int.random(in: 0..<30, using: &generator) {
            case 0: return "null"
            case 1: return #""n""#
            case 2: return "2.5"
            default: return String(Int.random(in: -99...99, using: &generator))
            }
        }
        for _ in 0..<300 {
            let objects = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                "{" + (0..<Int.random(in: 0...3, using: &generator)).map { key in
                    #""k\#(key)": ["# + (0..<Int.random(in: 0...4, using: &generator)).map { _ in number() }.joined(separator: ",") + "]"
                }.joined(separator: ", ") + "}"
            }
            let bytes = Array(("[" + objects.joined(separator: ", ") + "]").utf8)
            let sizes = [Int.random(in: 1...9, using: &generator), Int.random(in: 1...30, using: &generator)]
            for every in [1, 3] {
                if let problem = typedPartialDisagreement([[String: [Int?]]].self, bytes, chunks: sizes, snapshotEvery: every) {
                    Issue.record("\(String(decoding: bytes, as: UTF8.self)) in \(sizes): \(problem)")
                }
            }
        }
    }

    /// Every one-byte change of a document, at every place: the same error as the parser, from the same chunk,
    /// also when snapshots are taken only now and then (the decoder scans what has piled up when asked).
    @Test func everyChangeOfOneByte() {
        let text = Array(#"{"a": [1, -2.5e3, "x\u00e9\n", true, null], "b": {"c": "d"}, "é": false}"#.utf8)
        for index in text.indices {
            for replacement: UInt8 in [0x22, 0x5C, 0x7D, 0x5D, 0x2C, 0x3A, 0x31, 0x20, 0x00, 0xC3, 0xFF, 0x65] where text[index] != replacement {
                var changed = text
                changed[index] = replacement
                for (sizes, every) in [([1], 1), ([1], 7), ([3, 11], 1), ([2, 5], 3), ([changed.count], 1)] {
                    if let problem = Self.disagreement(changed, chunks: sizes, comparingEvery: every) {
                        Issue.record("\(String(decoding: changed, as: UTF8.self)) in \(sizes) every \(every): \(problem)")
                    }
                }
            }
        }
    }

    @Test func limitsAndOptions() {
        var shallow = JSONParsingOptions()
        shallow.maximumDepth = 3
        var short = JSONParsingOptions()
        short.maximumStringLength = 4
        short.maximumNumberLength = 3
        var unique = JSONParsingOptions()
        unique.duplicateKeys = .reject
        var noMark = JSONParsingOptions()
        noMark.byteOrderMark = .reject
        var small = JSONParsingOptions()
        small.maximumDocumentSize = 10
        let cases: [(String, JSONParsingOptions)] = [
            ("[[[1]]]", shallow), ("[[[[1]]]]", shallow), (#"{"a": [[{"b": 1}]]}"#, shallow), (#"{"a": [{"b": 1}]}"#, shallow),
            (#"["abcd", "abcde"]"#, short), ("[123, 1234]", short), (#"{"a":1,"b":2,"a":3}"#, unique),
            (#"{"a":{"x":1,"x":2}}"#, unique), (#"{"a\u0062":1,"ab":2}"#, unique), (#"{"a":1,"b":2}"#, unique),
            ("\u{FEFF}[1]", noMark), ("\u{FEFF}[1]", .init()), ("\u{FEFF}", .init()), ("", .init()), ("   ", .init()),
            ("[1, 2, 3, 4, 5]", small), ("[1, 2]", small), ("{} x", .init()), ("12 ", .init()), ("-", .init()), ("1e", .init()),
            (#""just a string""#, .init()), ("true", .init()), ("tru", .init()), ("[1,", .init()), (#"{"a":"#, .init()),
        ]
        for (text, options) in cases {
            for sizes in [[1], [2], [5], [text.utf8.count]] {
                if let problem = Self.disagreement(Array(text.utf8), chunks: sizes, options: options) {
                    Issue.record("\(text.debugDescription) in \(sizes): \(problem)")
                }
            }
        }
    }

    @Test(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found"))
    func conformance() throws {
        let suite = try #require(SharedFixtures.jsonTestSuite)
        for name in SharedFixtures.files(in: suite) {
            let bytes = try SharedFixtures.bytes(of: suite.appendingPathComponent(name))
            guard bytes.count < 100_000 else { continue }
            for sizes in [[1], [bytes.count]] {
                if let problem = Self.disagreement(bytes, chunks: sizes) { Issue.record("\(name) in \(sizes): \(problem)") }
            }
        }
    }

    /// The corpus in network-sized chunks: the snapshot at sampled cuts, and the whole at the end.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func corpusDocuments() throws {
        let corpus = try #require(SharedFixtures.corpus)
        for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
            let bytes = try SharedFixtures.bytes(of: corpus.appendingPathComponent(name))
            let decoder = JSONPartialDecoder(JSON.self)
            for (chunk, turn) in ChunkCuts(count: bytes.count, sizes: [1_460]) {
                try decoder.feed(bytes[chunk])
                guard turn % 97 == 96 else { continue }
                let end = chunk.upperBound
                var parser = JSONIncrementalParser()
                try parser.feed(bytes[..<end])
                #expect(try decoder.snapshot() == parser.snapshot().value, "\(name) at \(end)")
            }
            #expect(try decoder.finish() == JSON(parsing: bytes), "\(name)")
        }
    }

    /// Asked rarely, the decoder meets large pieces: a finished container is taken whole, and a document
    /// nested deeply within the limit costs no recursion.
    @Test func deepAndLargePieces() throws {
        var deep = JSONParsingOptions()
        deep.maximumDepth = 20_000
        let decoder = JSONPartialDecoder(JSON.self, options: deep)
        try decoder.feed(String(repeating: "[", count: 20_000))
        _ = try decoder.snapshot()
        try decoder.feed(String(repeating: "]", count: 20_000))
        #expect(try decoder.snapshot() != nil)
        _ = try decoder.finish()
        // A long string arriving in small pieces, with escapes and characters cut between pieces.
        let words = String(repeating: "naïve \\\"café\\\" 😀 \\u00e9 ", count: 2_000)
        let long = JSONPartialDecoder([String: String].self)
        let text = Array(#"{"reply": ""#.utf8) + Array(words.utf8) + Array(#""}"#.utf8)
        var shown = 0
        for start in stride(from: 0, to: text.count, by: 97) {
            try long.feed(text[start..<min(text.count, start + 97)])
            if let reply = try long.snapshot()?["reply"] {
                #expect(reply.utf8.count >= shown)
                shown = reply.utf8.count
            }
        }
        let whole = try long.finish()
        #expect(whole["reply"] == String(repeating: "naïve \"café\" 😀 é ", count: 2_000))
        let large = JSONPartialDecoder([Int].self)
        try large.feed("[" + (0..<10_000).map(String.init).joined(separator: ","))
        #expect(try large.snapshot()?.count == 9_999)
        try large.feed("]")
        #expect(try large.finish() == Array(0..<10_000))
    }

    /// After an error every call throws it again.
    /// A string cut by a snapshot and then outrun by a large chunk is read again by the scan rather than by
    /// its parser; cut again at the same place, its parser reads it from then on. Each snapshot shows its
    /// text so far, whichever read it, and an error inside it is the incremental parser's, at its byte.
    @Test func aStringCutAgainAndAgainShowsItsTextSoFar() throws {
        let decoder = JSONPartialDecoder(JSON.self)
        let head = #"{"note": ""#
        try decoder.feed(head + "ab")
        #expect(try decoder.snapshot() == ["note": "ab"])
        // Far more than the parser had read: the scan reads the string again from its quote.
        let long = String(repeating: "é-", count: 600)
        try decoder.feed(long)
        #expect(try decoder.snapshot() == ["note": .string("ab" + long)])
        // Cut at the same string again: its parser goes on, a few bytes at a time, a character cut in two.
        let e = Array("é".utf8)
        try decoder.feed([e[0]])
        #expect(try decoder.snapshot() == ["note": .string("ab" + long)])
        try decoder.feed([e[1]] + Array(#"é"#.utf8))
        #expect(try decoder.snapshot() == ["note": .string("ab" + long + "éé")])
        try decoder.feed(#"", "n": 1}"#)
        #expect(try decoder.finish() == ["note": .string("ab" + long + "éé"), "n": 1])

        let broken = JSONPartialDecoder(JSON.self)
        try broken.feed(head + "ab")
        _ = try broken.snapshot()
        try broken.feed(String(repeating: "x", count: 100) + #"\q"#)
        var parser = JSONIncrementalParser()
        let expected = #expect(throws: JSONSyntaxError.self) { try parser.feed(Array((head + "ab" + String(repeating: "x", count: 100) + #"\q"#).utf8)) }
        let error = #expect(throws: JSONSyntaxError.self) { try broken.snapshot() }
        #expect(error == expected)
        #expect(error?.byteOffset == head.utf8.count + 102)
    }

    /// Snapshots from a source of single bytes see every character of an open string once: a byte that
    /// completes no character is no change.
    @Test func singleBytesShowEachCharacterOnce() async throws {
        struct Bytes: AsyncSequence, Sendable {
            let bytes: [UInt8]
            struct AsyncIterator: AsyncIteratorProtocol {
                var rest: ArraySlice<UInt8>
                mutating func next() async -> UInt8? { rest.popFirst() }
            }
            func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: bytes[...]) }
        }
        var shown: [JSON] = []
        for try await snapshot in JSONPartialSnapshots(JSON.self, from: Bytes(bytes: Array(#"["añ"]"#.utf8))) {
            shown.append(snapshot)
        }
        // The first byte of "ñ" changes nothing shown; the closing quote and bracket finish values (shown
        // again, as finished).
        #expect(shown == [[], [""], ["a"], ["añ"], ["añ"], ["añ"]])
    }

    @Test func anErrorIsFinal() throws {
        let decoder = JSONPartialDecoder(JSON.self)
        try decoder.feed("[1,]")
        let error = #expect(throws: JSONSyntaxError.self) { try decoder.snapshot() }
        #expect(error?.byteOffset == 3)
        #expect(throws: JSONSyntaxError.self) { try decoder.feed("2]") }
        #expect(throws: JSONSyntaxError.self) { try decoder.finish() }
    }
}
