import Foundation
import Keel
import KeelFuzzChecks
import KeelTestSupport
import Testing

/// The incremental parser: any chunking gives the one-shot parser's value and errors, and a snapshot at any
/// byte is consistent with the whole document.
@Suite struct IncrementalParserTests {
    /// The example of the parser's documentation.
    @Test func shoppingList() throws {
        var parser = JSONIncrementalParser()
        try parser.feed(#"{"title": "Shopping", "items": ["eggs", "mi"#)
        let snapshot = parser.snapshot()
        #expect(snapshot.value == ["title": "Shopping", "items": ["eggs", "mi"]])
        #expect(snapshot.openPath == ["items", 1])
        #expect(!snapshot.isComplete)
        #expect(snapshot.isFinished(at: ["title"]))
        #expect(snapshot.isFinished(at: ["items", 0]))
        #expect(!snapshot.isFinished(at: ["items", 1]))
        #expect(!snapshot.isFinished(at: ["items"]))
        try parser.feed(#"lk"]}"#)
        #expect(parser.snapshot().isComplete)
        #expect(try parser.finish() == ["title": "Shopping", "items": ["eggs", "milk"]])
    }

    /// What each kind of token shows while it is cut.
    @Test func cutsInsideTokens() throws {
        func snapshot(_ text: String, numbersInProgress: Bool = false) throws -> JSONSnapshot {
            var parser = JSONIncrementalParser()
            try parser.feed(text)
            return parser.snapshot(numbersInProgress: numbersInProgress)
        }
        // Nothing yet, then an empty container.
        #expect(try snapshot("").value == nil)
        #expect(try snapshot("").openPath == .root)
        #expect(try snapshot("  [").value == [])
        // A key still arriving, or a member whose value has not begun, is absent.
        #expect(try snapshot(#"{"a":1,"ke"#).value == ["a": 1])
        #expect(try snapshot(#"{"a":1,"key""#).value == ["a": 1])
        #expect(try snapshot(#"{"a":1,"key": "#).value == ["a": 1])
        #expect(try snapshot(#"{"a":1,"key": "#).openPath == .root)
        // A number is absent until whole, unless asked for; its text so far is given.
        #expect(try snapshot(#"{"n": 12"#).value == [:])
        #expect(try snapshot(#"{"n": 12"#).pendingText == "12")
        #expect(try snapshot(#"{"n": 12"#).openPath == ["n"])
        #expect(try snapshot(#"{"n": 12"#, numbersInProgress: true).value == ["n": 12])
        #expect(try snapshot(#"{"n": 1."#, numbersInProgress: true).value == [:])
        #expect(try snapshot(#"{"n": 12,"#).value == ["n": 12])
        // Literals once whole.
        #expect(try snapshot("[tr").value == [])
        #expect(try snapshot("[tr").pendingText == "tr")
        #expect(try snapshot("[true").value == [true])
        // Half an escape or half a character is left out until the rest arrives.
        #expect(try snapshot(#"["caf\u00"#).value == ["caf"])
        #expect(try snapshot(#"["caf\u00e9"#).value == ["café"])
        #expect(try snapshot(#"["x\"#).value == ["x"])
        #expect(try snapshot(#"["\ud83d"#).value == [""])
        #expect(try snapshot(#"["\ud83d\ude00"#).value == ["😀"])
        var parser = JSONIncrementalParser()
        try parser.feed(Array(#"["caf"#.utf8) + [0xC3])
        #expect(parser.snapshot().value == ["caf"])
        try parser.feed([0xA9])
        #expect(parser.snapshot().value == ["café"])
        // A top-level number ends with the input.
        var number = JSONIncrementalParser()
        try number.feed("-12.5e3")
        #expect(number.snapshot().value == nil)
        #expect(try number.finish() == .number(JSONNumber(literal: "-12.5e3")!))
    }

    /// Only what changes a snapshot counts as a change.
    @Test func changesAreCounted() throws {
        var parser = JSONIncrementalParser()
        try parser.feed(#"{"#)
        var last = parser.changeCount
        for (piece, changes) in [(#" "ke"#, false), (#"y": "#, false), ("\"v", true), ("a", true), ("l\"", true), (",", false),
                                 (#""n": 1"#, false), ("2", false), ("}", true)] {
            try parser.feed(piece)
            #expect((parser.changeCount != last) == changes, "after \(piece)")
            last = parser.changeCount
        }
    }

    /// Random documents cut at every byte: each snapshot agrees with the whole, and one byte at a time gives
    /// the whole document's value.
    @Test func everyCutOfRandomDocuments() throws {
        var documents = RandomDocuments(seed: 44)
        for _ in 0..<120 {
            let text = documents.document()
            let bytes = Array(text.utf8)
            let full = try JSON(parsing: bytes)
            var parser = JSONIncrementalParser()
            for index in bytes.indices {
                try parser.feed(bytes[index...index])
                let snapshot = parser.snapshot()
                if let problem = inconsistency(of: snapshot, with: full) {
                    Issue.record("\(text) cut after byte \(index): \(problem)")
                    break
                }
            }
            #expect(try parser.finish() == full, "\(text)")
        }
    }

    /// Random chunkings of random documents give the one-shot value.
    @Test func randomChunkings() throws {
        var documents = RandomDocuments(seed: 4_404)
        var generator = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let bytes = Array(documents.document().utf8)
            let sizes = (0..<5).map { _ in Int.random(in: 1...17, using: &generator) }
            var parser = try parser(fedWith: bytes, chunks: sizes)
            #expect(try parser.finish() == JSON(parsing: bytes))
        }
    }

    /// Every file of the corpus, in chunks of several sizes, gives the one-shot value; snapshots at sampled cuts
    /// agree with the whole.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"),
          arguments: SharedFixtures.files(in: SharedFixtures.corpus).filter { $0.hasSuffix(".json") })
    func corpusFile(_ name: String) throws {
        let bytes = try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name))
        let full = try JSON(parsing: bytes)
        for sizes in [[64], [1, 7, 4093], [bytes.count]] {
            var parser = try parser(fedWith: bytes, chunks: sizes)
            #expect(try parser.finish() == full, "\(name) in chunks of \(sizes)")
        }
        var generator = SplitMix64(seed: UInt64(bytes.count))
        let cuts = (0..<(bytes.count > 1_000_000 ? 12 : 40)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }.sorted()
        var parser = JSONIncrementalParser()
        var fed = 0
        for cut in cuts {
            try parser.feed(bytes[fed..<cut])
            fed = cut
            if let problem = inconsistency(of: parser.snapshot(), with: full) {
                Issue.record("\(name) cut at \(cut): \(problem)")
            }
        }
    }

    /// Whether `bytes` parse one shot and a byte at a time to the same value, or fail with the same error.
    static func agreement(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) -> String? {
        let oneShot = Result { () throws(JSONSyntaxError) in JSON(try JSONDocument(parsing: bytes, options: options).root) }
        for sizes in [[1], [bytes.count], [3, 1]] {
            let incremental = Result { () throws(JSONSyntaxError) -> JSON in
                var parser = try parser(fedWith: bytes, chunks: sizes, options: options)
                return try parser.finish()
            }
            switch (oneShot, incremental) {
            case (.success(let a), .success(let b)):
                if a != b { return "values differ in chunks of \(sizes): \(a) and \(b)" }
            case (.failure(let a), .failure(let b)):
                if a.kind == .unsupportedEncoding { continue }
                if a.kind != b.kind || a.byteOffset != b.byteOffset || a.line != b.line || a.column != b.column || a.expected != b.expected {
                    return "errors differ in chunks of \(sizes): \(a) and \(b)"
                }
            case (.success, .failure(let b)): return "only the incremental parser fails, in chunks of \(sizes): \(b)"
            case (.failure(let a), .success): return "only the one-shot parser fails, in chunks of \(sizes): \(a)"
            }
        }
        return nil
    }

    /// The JSONTestSuite: every file's verdict, and every error's kind, offset, line, column and message, are
    /// the one-shot parser's, whole or a byte at a time.
    @Test(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found"))
    func conformanceAgreesWithTheOneShotParser() throws {
        let suite = try #require(SharedFixtures.jsonTestSuite)
        let names = SharedFixtures.files(in: suite)
        #expect(names.count > 300)
        var replacing = JSONParsingOptions()
        replacing.loneSurrogates = .replace
        for name in names {
            let bytes = try SharedFixtures.bytes(of: suite.appendingPathComponent(name))
            if let problem = Self.agreement(bytes) { Issue.record("\(name): \(problem)") }
            if let problem = Self.agreement(bytes, options: replacing) { Issue.record("\(name), replacing lone surrogates: \(problem)") }
        }
    }

    /// Hand-made errors across lines, with each option's limit.
    @Test func errorsAgreeWithTheOneShotParser() {
        var shallow = JSONParsingOptions()
        shallow.maximumDepth = 3
        var short = JSONParsingOptions()
        short.maximumStringLength = 4
        short.maximumNumberLength = 3
        var unique = JSONParsingOptions()
        unique.duplicateKeys = .reject
        var noMark = JSONParsingOptions()
        noMark.byteOrderMark = .reject
        let cases: [(String, JSONParsingOptions)] = [
            ("{\n  \"a\": [1,\r\n 2,, 3]}", .init()), ("[\"ab\nc\"]", .init()), ("{\"a\" 1}", .init()), ("[1 2]", .init()),
            ("[-]", .init()), ("[01]", .init()), ("[1.]", .init()), ("[1e+]", .init()), ("[1.5x]", .init()), ("[\"\\x\"]", .init()),
            ("[\"\\u12g4\"]", .init()), ("[\"\\udc00\"]", .init()), ("[\"\\ud800x\"]", .init()), ("[\"\\ud800\\n\"]", .init()),
            ("[\"\\ud800\\u0041\"]", .init()), ("[\"\\ud800", .init()), ("[\"\\ud800\\", .init()), ("[nul]", .init()), ("[nul", .init()),
            ("[[[[1]]]]", shallow), ("[\"abcde\"]", short), ("[1234]", short), ("{\"a\":1,\"b\":2,\"a\":3}", unique), ("{} x", .init()),
            ("\u{FEFF}[1]", noMark), ("\u{FEFF}[1]", .init()), ("", .init()), ("   ", .init()), ("[1,", .init()), ("{\"a\":", .init()),
            ("{\"é\":\"\u{1F600}\", \n \"b\": tru }", .init()), ("12 ", .init()), ("-", .init()), ("1e", .init()),
        ]
        for (text, options) in cases {
            if let problem = Self.agreement(Array(text.utf8), options: options) { Issue.record("\(text.debugDescription): \(problem)") }
        }
        for bytes: [UInt8] in [[0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], [0x5B, 0x22, 0xE0, 0x80, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xF4, 0x90],
                               [0x5B, 0x22, 0xED, 0xA0, 0x80], [0x5B, 0x22, 0x80], [0x5B, 0x22, 0xE2, 0x82], [0xEF, 0xBB, 0x5B], [0xEF, 0xBB], [0xEF]] {
            if let problem = Self.agreement(bytes) { Issue.record("\(bytes): \(problem)") }
        }
    }

    /// After an error the parser stays failed.
    @Test func anErrorIsFinal() throws {
        var parser = JSONIncrementalParser()
        #expect(throws: JSONSyntaxError.self) { try parser.feed("[1,]") }
        #expect(throws: JSONSyntaxError.self) { try parser.feed("2]") }
        #expect(throws: JSONSyntaxError.self) { try parser.finish() }
    }

    /// Hostile input: deep nesting within the limit costs no recursion, and a string past the length limit
    /// stops growing in memory and fails at its end, as in `JSONDocument`.
    @Test func hostileInput() throws {
        var deep = JSONParsingOptions()
        deep.maximumDepth = 100_000
        var parser = JSONIncrementalParser(options: deep)
        try parser.feed(String(repeating: "[", count: 100_000))
        #expect(parser.snapshot().openPath?.components.count == 99_999)
        try parser.feed(String(repeating: "]", count: 100_000))
        _ = try parser.finish()
        var short = JSONParsingOptions()
        short.maximumStringLength = 1_000
        var long = JSONIncrementalParser(options: short)
        try long.feed("[\"")
        try long.feed(String(repeating: "x", count: 5_000))
        #expect(long.snapshot().value == [.string(String(repeating: "x", count: 1_000))])
        let error = #expect(throws: JSONSyntaxError.self) { try long.feed("\"]") }
        #expect(error?.kind == .stringTooLong)
        #expect(error?.byteOffset == 1)
    }
}

/// Every cut of four corpus files (the small ones, with twitter.json for its non-ASCII text): fed a byte at a time, the parser's open path always names a place
/// the whole document has, of a kind that can be open there (a container, a string, or a number or literal
/// whose text so far begins the document's). Full snapshots are checked at sampled cuts above; this covers
/// every byte.
@Suite struct IncrementalParserEveryCutTests {
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"),
          arguments: ["github_events.json", "apache_builds.json", "numbers.json", "twitter.json"])
    func everyCut(_ name: String) throws {
        let bytes = try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name))
        let whole = try JSON(parsing: bytes)
        var parser = JSONIncrementalParser()
        var problems = 0
        for index in bytes.indices {
            try parser.feed(bytes[index...index])
            guard let path = parser.openPath else {
                if !parser.isComplete { problems += 1 }
                continue
            }
            var value: JSON? = whole
            for step in path.components {
                switch (step, value) {
                case (.key(let key), .object(let object)?): value = object.last(where: { $0.key == key })?.value
                case (.index(let position), .array(let array)?): value = position < array.count ? array[position] : nil
                default: value = nil
                }
            }
            guard let value else {
                Issue.record("\(name) cut after byte \(index): \(path) is not in the document")
                problems += 1
                break
            }
            if let pending = parser.pendingText {
                let text: String
                switch value {
                case .number(let number): text = Self.literal(of: number, in: bytes, endingBefore: index + 1)
                case .bool(let flag): text = flag ? "true" : "false"
                case .null: text = "null"
                default:
                    Issue.record("\(name) cut after byte \(index): pending \(pending) where the document has \(value.kind)")
                    problems += 1
                    continue
                }
                if !text.hasPrefix(pending) { Issue.record("\(name) cut after byte \(index): \(pending) does not begin \(text)") }
            }
        }
        #expect(problems == 0)
        #expect(try parser.finish() == whole)
    }

    /// The number's text as written, read back from the bytes around the cut (its digits end at or after it).
    static func literal(of number: JSONNumber, in bytes: [UInt8], endingBefore cut: Int) -> String {
        var start = cut
        while start > 0, "-+.eE0123456789".utf8.contains(bytes[start - 1]) { start -= 1 }
        var end = cut
        while end < bytes.count, "-+.eE0123456789".utf8.contains(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
