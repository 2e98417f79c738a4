import Keel
import KeelTestSupport
import Testing

/// Formatting JSONC text: new whitespace, every comment kept where it was relative to the code.
@Suite struct JSONCFormattingTests {
    static var jsonc: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        return options
    }

    func formatted(_ text: String, _ layout: JSONWritingOptions.Layout = .pretty(indent: 2)) throws -> String {
        String(decoding: try JSONDocument(parsing: text, options: Self.jsonc).formattedText(layout: layout), as: UTF8.self)
    }

    @Test func commentsAreIndentedWithTheCode() throws {
        let text = """
            // Editor settings
            {
            // Controls the font size.
                    "editor.fontSize":14, // pixels
              "list": [1,
            /* two */ 2,],


                "empty": {}, "alsoEmpty": [ ],
            "last": {"a": /* inline */ true}
            }
            """
        let expected = """
            // Editor settings
            {
              // Controls the font size.
              "editor.fontSize": 14, // pixels
              "list": [
                1,
                /* two */ 2,
              ],

              "empty": {},
              "alsoEmpty": [],
              "last": {
                "a": /* inline */ true
              }
            }
            """
        #expect(try formatted(text) == expected)
        // Formatting is stable: the formatted text formats to itself.
        #expect(try formatted(expected) == expected)
    }

    @Test func aLineCommentAlwaysEndsItsLine() throws {
        #expect(try formatted("[1 // one\n, 2]") == "[\n  1 // one\n  ,\n  2\n]")
        #expect(try formatted("{\"a\" // key\n: 1}") == "{\n  \"a\" // key\n  : 1\n}")
        #expect(try formatted("{\"a\": 1, // one\n\"b\": [2 /* two */]}", .compact) == "{\"a\":1,// one\n\"b\":[2/* two */]}")
    }

    @Test func commentsBeforeAClosingBracketKeepTheInnerIndentation() throws {
        #expect(try formatted("{\"a\": 1\n// the end of the list\n}") == "{\n  \"a\": 1\n  // the end of the list\n}")
        #expect(try formatted("[\n// nothing yet\n]") == "[\n  // nothing yet\n]")
    }

    @Test func theValuesAreUnchanged() throws {
        for text in ["{\"a\": 1.50e0, \"b\": \"\\u00e9\", /* c */ \"c\": [true, false, null,],}", "/* only */ 7 // seven",
                     "{\r\n  // crlf\r\n  \"a\": 1\r\n}"] {
            let output = try formatted(text)
            #expect(try JSON(parsing: output, options: Self.jsonc) == JSON(parsing: text, options: Self.jsonc), "\(text)")
            #expect(output.contains("1.50e0") || !text.contains("1.50e0"))
            for marker in ["/* c */", "// seven", "// crlf", "/* only */"] where text.contains(marker) {
                #expect(output.contains(marker))
            }
        }
    }

    @Test func strictTextIsLaidOutAsTheWriterDoes() throws {
        let text = #"{"a":[1,2,{"b":null}],"c":{},"d":[],"e":"x"}"#
        let document = try JSONDocument(parsing: text)
        #expect(String(decoding: document.formattedText(layout: .pretty(indent: 4)), as: UTF8.self)
                == document.root.jsonText(options: .pretty(indent: 4)))
        #expect(String(decoding: document.formattedText(layout: .compact), as: UTF8.self) == text)
    }

    /// Every corpus file, read as JSONC, formats exactly as the writer lays out its strict value.
    @Test(.enabled(if: SharedFixtures.corpus != nil), arguments: SharedFixtures.files(in: SharedFixtures.corpus))
    func corpusFilesFormatAsTheWriterWrites(_ name: String) throws {
        let bytes = try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name))
        let document = try JSONDocument(parsing: bytes, options: Self.jsonc)
        #expect(document.formattedText(layout: .pretty(indent: 2)) == document.root.jsonBytes(options: .pretty(indent: 2)))
        #expect(document.formattedText(layout: .compact) == document.root.jsonBytes())
    }
}
