import Foundation
import Keel
import KeelTestSupport
import Testing

/// Text that is not JSON, as an attacker or a broken network would send it: cut short anywhere, invalid
/// UTF-8 of every class, broken escapes and the extensions other parsers accept. Each is one clean, typed
/// error at the offending byte.
@Suite struct HostileTextTests {
    // MARK: Truncation

    /// Realistic documents: the README's example, the Codable fuzz seed, and one with every kind of value,
    /// escapes, multi-byte characters and CRLF lines.
    static func realisticDocuments() throws -> [[UInt8]] {
        let root = SharedFixtures.repositoryRoot
        return [
            try SharedFixtures.bytes(of: root.appendingPathComponent("Examples/people.json")),
            try SharedFixtures.bytes(of: root.appendingPathComponent("Fuzz/Seeds/FuzzCodable/every-kind.json")),
            Array("{\r\n \"naïve\": [true, false, null, -0.5e-3, 12345678901234567890],\r\n \"😀\": \"a\\u00e9\\uD83D\\uDE00\\n\",\r\n \"o\": {\"\": {}}, \"l\": [[], [{}]]\r\n}".utf8),
        ]
    }

    /// Every proper prefix of a document that ends with a bracket is incomplete: the error is at its end.
    @Test func truncationAtEveryOffsetIsAnErrorAtTheEnd() throws {
        for document in try Self.realisticDocuments() {
            let end = try #require(document.lastIndex { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") })
            #expect(syntaxError(document) == nil)
            for length in 0...end {
                let error = syntaxError(Array(document[..<length]))
                #expect(error?.kind == .unexpectedEndOfInput, "cut at \(length)")
                #expect(error?.byteOffset == length, "cut at \(length)")
                #expect(error?.found == "end of input", "cut at \(length)")
            }
        }
    }

    /// The same through the decoders: the Codable bridge gives dataCorrupted carrying the syntax error.
    @Test func truncatedTextThroughTheBridgeIsDataCorrupted() throws {
        let document = try Self.realisticDocuments()[1]
        for length in stride(from: 0, to: document.count - 1, by: 7) {
            do {
                _ = try KeelDecoder().decode(EveryKindOfField.self, from: Array(document[..<length]))
                Issue.record("decoded a prefix of \(length) bytes")
            } catch let error as DecodingError {
                guard case .dataCorrupted = error else { Issue.record("\(error)"); continue }
                #expect(error.jsonSyntaxError?.byteOffset == length)
            }
        }
    }

    // MARK: Invalid UTF-8

    /// Each class of ill-formed UTF-8, with the offset (from the start of the sequence) of the byte that
    /// shows it is ill-formed.
    static let invalidSequences: [(name: String, bytes: [UInt8], badByte: Int)] = [
        ("lone continuation byte", [0x80], 0),
        ("lone last continuation byte", [0xBF], 0),
        ("two-byte sequence cut short", [0xC3], 1),
        ("three-byte sequence cut short", [0xE2, 0x82], 2),
        ("four-byte sequence cut short", [0xF0, 0x9F, 0x98], 3),
        ("overlong NUL", [0xC0, 0x80], 0),
        ("overlong slash", [0xC0, 0xAF], 0),
        ("overlong C1 lead", [0xC1, 0xBF], 0),
        ("overlong three-byte form", [0xE0, 0x80, 0xAF], 1),
        ("overlong four-byte form", [0xF0, 0x80, 0x80, 0xAF], 1),
        ("UTF-16 high surrogate encoded", [0xED, 0xA0, 0x80], 1),
        ("UTF-16 low surrogate encoded", [0xED, 0xBF, 0xBF], 1),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], 1),
        ("F5 lead byte", [0xF5, 0x80, 0x80, 0x80], 0),
        ("FE", [0xFE], 0),
        ("FF", [0xFF], 0),
    ]

    @Test func invalidUTF8InStringsAndKeysIsAnErrorAtTheBadByte() {
        for (name, sequence, bad) in Self.invalidSequences {
            // In a string, followed by more text: the bad byte is where the sequence goes wrong.
            let inString = Array(#"["a"#.utf8) + sequence + Array(#"b"]"#.utf8)
            let stringError = syntaxError(inString)
            #expect(stringError?.kind == .invalidUTF8, "\(name)")
            #expect(stringError?.byteOffset == 3 + bad, "\(name)")
            // In a key.
            let inKey = Array(#"{"k"#.utf8) + sequence + Array(#"": 1}"#.utf8)
            let keyError = syntaxError(inKey)
            #expect(keyError?.kind == .invalidUTF8, "\(name)")
            #expect(keyError?.byteOffset == 3 + bad, "\(name)")
            // Outside strings no byte above 0x7F is allowed at all.
            let outside = Array("[1, ".utf8) + sequence + Array("]".utf8)
            let outsideError = syntaxError(outside)
            #expect(outsideError?.kind == .unexpectedCharacter, "\(name)")
            #expect(outsideError?.byteOffset == 4, "\(name)")
            // And through the tree parser and the bridge, the same error.
            #expect(throws: JSONSyntaxError.self, "\(name)") { try JSON(parsing: inString) }
            #expect(throws: DecodingError.self, "\(name)") { try KeelDecoder().decode([String].self, from: inString) }
        }
    }

    /// Runs of non-ASCII characters, read several bytes at a time by the scanner, against the standard
    /// library's reading of the same bytes: every sequence of up to four pieces (well-formed characters of
    /// each length, the edge cases of E0 and ED leads, and ill-formed ones) after 0-7 ASCII bytes is
    /// accepted exactly when it is well-formed UTF-8, reads back as the same text, and is otherwise an
    /// invalid-UTF-8 error.
    @Test func nonASCIIRunsAgreeWithTheStandardLibrary() throws {
        let pieces: [[UInt8]] = [
            [0xE6, 0x97, 0xA5], [0xEF, 0xBF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xD0, 0x96],
            [0xF0, 0x9F, 0x98, 0x80], [0x61], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0x80],
        ]
        var sequences: [[UInt8]] = [[]]
        for _ in 0..<4 { sequences = sequences + sequences.filter { $0.count < 12 }.flatMap { s in pieces.map { s + $0 } } }
        var checked = Set<[UInt8]>()
        for body in sequences where checked.insert(body).inserted {
            for prefix in 0..<8 {
                let text = [UInt8](repeating: UInt8(ascii: "a"), count: prefix) + body
                let document = [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
                let expected = String(decoding: text, as: UTF8.self)
                if Array(expected.utf8) == text {
                    #expect(try JSONDocument(parsing: document).root.stringValue == expected, "\(text)")
                } else {
                    #expect(syntaxError(document)?.kind == .invalidUTF8, "\(text)")
                }
            }
        }
        #expect(checked.count > 10_000)
    }

    /// A sequence cut short by the end of the input is an unexpected end, not invalid UTF-8.
    @Test func aSequenceCutByTheEndOfInputIsAnUnexpectedEnd() {
        for sequence: [UInt8] in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98]] {
            let error = syntaxError([UInt8(ascii: "\"")] + sequence)
            #expect(error?.kind == .unexpectedEndOfInput)
            #expect(error?.byteOffset == 1 + sequence.count)
        }
    }

    // MARK: Escapes

    @Test func brokenEscapes() {
        let cases: [(text: String, kind: JSONSyntaxError.Kind, offset: Int)] = [
            (#""\uD800""#, .loneSurrogate, 1),
            (#""\uDC00""#, .loneSurrogate, 1),
            (#""\uDC00\uD800""#, .loneSurrogate, 1),
            (#""\uD800\uD800""#, .loneSurrogate, 1),
            (#""\uD800a""#, .loneSurrogate, 1),
            (#""\uD800\n""#, .loneSurrogate, 1),
            (#""\uD800\u0041""#, .loneSurrogate, 1),
            (#""\u12G4""#, .invalidEscape, 5),
            (#""\x""#, .invalidEscape, 1),
            (#""\U0041""#, .invalidEscape, 1),
            (#""\"#, .unexpectedEndOfInput, 2),
            (#""\u12"#, .unexpectedEndOfInput, 5),
            (#""\uD800\"#, .unexpectedEndOfInput, 8),
        ]
        for (text, kind, offset) in cases {
            let error = syntaxError(Array(text.utf8))
            #expect(error?.kind == kind, "\(text)")
            #expect(error?.byteOffset == offset, "\(text)")
        }
    }

    @Test func escapesThatAreValid() throws {
        #expect(try JSON(parsing: #""\u0000""#) == "\u{0}")
        #expect(try JSON(parsing: #""\uD83D\uDE00""#) == "😀")
        #expect(try JSON(parsing: #""\u00e9\u00E9""#) == "éé")
        // Under the replacing policy each lone surrogate becomes U+FFFD and nothing else changes.
        var options = JSONParsingOptions()
        options.loneSurrogates = .replace
        #expect(try JSON(parsing: #""a\uD800b\uDC00c\uDC00\uD800""#, options: options) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}")
        #expect(try JSON(parsing: #""\uD800\uD83D\uDE00""#, options: options) == "\u{FFFD}😀")
    }

    // MARK: Extensions strict mode rejects

    @Test func extensionsOtherParsersAcceptAreRejected() {
        let cases: [(text: String, kind: JSONSyntaxError.Kind, offset: Int)] = [
            ("// comment\n[1]", .unexpectedCharacter, 0),
            ("/* comment */ [1]", .unexpectedCharacter, 0),
            ("[1] // comment", .trailingContent, 4),
            ("[1,]", .unexpectedCharacter, 3),
            (#"{"a":1,}"#, .unexpectedCharacter, 7),
            ("['a']", .unexpectedCharacter, 1),
            ("{'a': 1}", .unexpectedCharacter, 1),
            ("{a: 1}", .unexpectedCharacter, 1),
            ("[NaN]", .unexpectedCharacter, 1),
            ("[Infinity]", .unexpectedCharacter, 1),
            ("[-Infinity]", .invalidNumber, 2),
            ("[0x10]", .unexpectedCharacter, 2),
            ("[+1]", .unexpectedCharacter, 1),
            ("[01]", .invalidNumber, 2),
            ("[.5]", .unexpectedCharacter, 1),
            ("[5.]", .invalidNumber, 3),
            ("[undefined]", .unexpectedCharacter, 1),
            ("[1,,2]", .unexpectedCharacter, 3),
            ("\"tab\there\"", .controlCharacterInString, 4),
        ]
        for (text, kind, offset) in cases {
            let error = syntaxError(Array(text.utf8))
            #expect(error?.kind == kind, "\(text)")
            #expect(error?.byteOffset == offset, "\(text)")
            #expect(error?.description.isEmpty == false)
        }
    }
}
