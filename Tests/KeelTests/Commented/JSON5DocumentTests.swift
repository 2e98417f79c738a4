import Foundation
import Keel
import Testing

/// JSON5 documents: places told in the text as written, values JSON cannot hold read and decoded exactly,
/// edits and layout that keep every comment, name and quote, and writing JSON5 on request.
@Suite struct JSON5DocumentTests {
    static var json5: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .json5
        return options
    }

    static let config = """
        // Build settings
        {
          name: 'keel',      // the package
          version: +2.,
          mask: 0xFF,
          /* limits */
          ratio: .5,
          ceiling: Infinity,
          'dirs': ['src', "tests",],
        }

        """

    func document(_ text: String = config) throws -> JSONDocument { try JSONDocument(parsing: text, options: Self.json5) }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theDocumentKeepsTheTextAsWritten() throws {
        let document = try document()
        #expect(document.syntax == .json5)
        #expect(document.hasComments)
        #expect(text(document.bytes) == Self.config)
        #expect(JSON(document.root) == ["name": "keel", "version": .number(try #require(JSONNumber(literal: "2.0"))),
                                        "mask": 255, "ratio": .number(try #require(JSONNumber(literal: "0.5"))),
                                        "ceiling": .number(JSONNumber(Double.infinity)), "dirs": ["src", "tests"]])
    }

    @Test func locationsAreInTheTextAsWritten() throws {
        let root = try document().root
        // Each rewritten token (quotes added to names, '+' dropped, hexadecimal) leaves the rest in place.
        #expect(root["mask"].value?.location == JSONSourceLocation(byteOffset: 80, line: 5, column: 9))
        #expect(root["ceiling"].value?.location.line == 8)
        #expect(root["ceiling"].value?.location.column == 12)
        #expect(root["dirs"][1].value?.location.column == 19)
    }

    @Test func errorsTheScannerFindsAreToldInTheTextAsWritten() {
        var options = Self.json5
        options.duplicateKeys = .reject
        #expect(throws: JSONSyntaxError(kind: .duplicateKey, byteOffset: 13, line: 2, column: 2, expected: "each key once per object",
                                        found: "\"a\"", syntax: .json5)) {
            try JSONDocument(parsing: "{a: 0xFFFF,\n 'a': 2}", options: options)
        }
        do {
            _ = try JSONDocument(parsing: "{a: 'x',\n bb: '\\uDC00'}", options: Self.json5)
            Issue.record("a lone surrogate accepted")
        } catch {
            #expect(error.kind == .loneSurrogate)
            #expect(error.location == JSONSourceLocation(byteOffset: 15, line: 2, column: 7))
            #expect(error.description.contains("in JSON5"))
        }
    }

    @Test func limitsApplyToTheTextAsWritten() {
        var options = Self.json5
        options.maximumDepth = 2
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "[[[1]]]", options: options) }
        options.maximumDepth = 512
        options.maximumNumberLength = 4
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "0x1234", options: options) }
        #expect(throws: Never.self) { try JSONDocument(parsing: "0x12", options: options) }
        // A long hexadecimal literal converts in bounded time: 10,000 digits.
        options.maximumNumberLength = 10_002
        let long = "0x" + String(repeating: "f", count: 10_000)
        let value = try? JSON(parsing: long, options: options)
        #expect(value?.numberValue?.text.count == 12_042)
    }

    @Test func nonFiniteNumbersDecodeAsThemselves() throws {
        struct Limits: Codable, Equatable {
            var low: Double
            var high: Double
            var undefined: Float
        }
        let text = "{low: -Infinity, high: +Infinity, undefined: NaN}"
        let decoded = try KeelDecoder(parsingOptions: Self.json5).decode(Limits.self, from: Data(text.utf8))
        #expect(decoded.low == -.infinity && decoded.high == .infinity && decoded.undefined.isNaN)
        let view = try JSONDocument(parsing: text, options: Self.json5).root
        // The direct path of generated decoders, and the general one through a view.
        #expect(try view.decode(Double.self, forKey: "high") == .infinity)
        #expect(try view.decode(Double.self, forKey: "undefined").isNaN)
        #expect(try Double.decode(try #require(view["low"].value), in: .strict) == -.infinity)
        #expect(try Float.decode(try #require(view["low"].value), in: .strict) == -.infinity)
        // The results style too.
        #expect(try view["high"].double.get() == .infinity)
        #expect(try view["undefined"].float.get().isNaN)
        #expect(throws: JSONAccessError.self) { try huge(Self.json5)["a"].double.get() }
        // No integer is NaN or infinite.
        #expect(throws: JSONDecodingError.self) { try view.decode(Int.self, forKey: "high") }
        #expect(throws: JSONDecodingError.self) { try view.decode(Int.self, forKey: "undefined") }
        // A finite literal beyond Double's range is still an error, as in JSON.
        #expect(throws: JSONDecodingError.self) { try Double.decode(try #require(huge(Self.json5)["a"].value), in: .strict) }
    }

    @Test func wideInputIsReadAsJSON5() throws {
        var options = Self.json5
        options.textEncoding = .detect
        func utf16LE(_ text: String) -> [UInt8] { Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        #expect(try JSON(parsing: utf16LE("{a: 'é', b: 0x10}"), options: options) == ["a": "é", "b": 16])
        // Offsets are the input's (two bytes a character here); line and column count characters.
        let error = try #require(throws: JSONSyntaxError.self) { try JSONDocument(parsing: utf16LE("{a: 'é', b: 01}"), options: options) }
        #expect(error.location == JSONSourceLocation(byteOffset: 26, line: 1, column: 14))
        let scanned = try #require(throws: JSONSyntaxError.self) {
            try JSONDocument(parsing: utf16LE("{a: 'é',\n 'b': '\\uD800'}"), options: options)
        }
        #expect(scanned.kind == .loneSurrogate)
        #expect(scanned.location == JSONSourceLocation(byteOffset: 32, line: 2, column: 8))
    }

    @Test func theCollectingStyleReadsJSON5() throws {
        let decoded = CollectingJSONDecoder(options: Self.json5).decode(JSON.self, from: "{a: 0x10, b: ['x',],}")
        #expect(decoded.value == ["a": 16, "b": ["x"]])
        let broken = CollectingJSONDecoder(options: Self.json5).decode(JSON.self, from: "{a: 0x}")
        #expect(broken.value == nil)
    }

    /// `{a: 1e400}`: a finite number beyond `Double`'s range.
    func huge(_ options: JSONParsingOptions) throws -> JSONView {
        try JSONDocument(parsing: "{a: 1e400}", options: options).root
    }

    @Test func writingNonFiniteNumbersIsJSON5OnlyOnRequest() throws {
        let value = try JSON(parsing: "{a: [1, NaN, -Infinity]}", options: Self.json5)
        #expect(throws: JSONWritingError(value: "nan", path: JSONPath([.key("a"), .index(1)]))) { try value.jsonText() }
        var options = JSONWritingOptions()
        options.writesJSON5NonFiniteNumbers = true
        let written = try value.jsonText(options: options)
        #expect(written == #"{"a":[1,NaN,-Infinity]}"#)
        #expect(try JSON(parsing: written, options: Self.json5) == value)
    }

    @Test func editsKeepCommentsNamesAndQuotes() throws {
        let document = try document()
        let set = text(try document.text(setting: 8, at: "/mask"))
        #expect(set == Self.config.replacingOccurrences(of: "0xFF", with: "8"))
        let renamed = text(try document.text(setting: "Keel", at: "/name"))
        #expect(renamed == Self.config.replacingOccurrences(of: "'keel'", with: "\"Keel\""))
        let removed = text(try document.text(removingValueAt: "/ratio"))
        #expect(!removed.contains("ratio") && removed.contains("/* limits */") == false)
        #expect(removed.contains("// the package") && removed.contains("ceiling: Infinity"))
        let added = text(try document.text(setting: true, at: "/debug"))
        #expect(added.contains("'dirs': ['src', \"tests\",],\n  \"debug\": true,\n}"))
        let element = text(try document.text(inserting: "docs", at: "/dirs/-"))
        #expect(element.contains("['src', \"tests\", \"docs\",]"))
        for edited in [set, renamed, removed, added, element] {
            #expect(throws: Never.self) { try JSONDocument(parsing: edited, options: Self.json5) }
        }
    }

    @Test func editsWriteNonFiniteNumbersOnlyIntoJSON5() throws {
        let edited = text(try document().text(setting: .number(JSONNumber(Double.nan)), at: "/ratio"))
        #expect(edited.contains("ratio: NaN,"))
        let strict = try JSONDocument(parsing: #"{"a": 1}"#)
        let error = try #require(throws: JSONEditError.self) {
            try strict.text(setting: ["b": .number(JSONNumber(Double.infinity))], at: "/a")
        }
        #expect(error.kind == .unwritableValue)
    }

    @Test func formattingKeepsEveryComment() throws {
        let formatted = text(try document("{a:1,/*c*/b:'x', // d\nc:[+1,.5,],}").formattedText(layout: .pretty(indent: 2)))
        // A comment after code on its line stays after it, as in JSONC.
        #expect(formatted == "{\n  a: 1, /*c*/\n  b: 'x', // d\n  c: [\n    +1,\n    .5,\n  ],\n}")
        #expect(try JSON(parsing: formatted, options: Self.json5) == JSON(try document("{a:1,/*c*/b:'x', // d\nc:[+1,.5,],}").root))
    }
}
