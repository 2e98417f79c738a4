import Keel
import KeelTestSupport
import Testing

/// Exact kind, line, column and message for invalid inputs: every error kind, and multi-line documents.
@Suite struct SyntaxErrorTests {
    @Test func theExampleFromTheIssue() {
        expectSyntaxError("{\n  \"a\": [\n    1, ]\n}", .unexpectedCharacter, line: 3, column: 8,
                          "Unexpected ']' at line 3, column 8 (byte 18): expected a value.")
    }

    @Test func structure() {
        expectSyntaxError("", .unexpectedEndOfInput, line: 1, column: 1,
                          "Unexpected end of input at line 1, column 1 (byte 0): expected a value.")
        expectSyntaxError("   \n  ", .unexpectedEndOfInput, line: 2, column: 3,
                          "Unexpected end of input at line 2, column 3 (byte 6): expected a value.")
        expectSyntaxError("[1, 2", .unexpectedEndOfInput, line: 1, column: 6,
                          "Unexpected end of input at line 1, column 6 (byte 5): expected ',' or ']'.")
        expectSyntaxError("{\"a\": 1", .unexpectedEndOfInput, line: 1, column: 8,
                          "Unexpected end of input at line 1, column 8 (byte 7): expected ',' or '}'.")
        expectSyntaxError("[1 2]", .unexpectedCharacter, line: 1, column: 4,
                          "Unexpected '2' at line 1, column 4 (byte 3): expected ',' or ']'.")
        expectSyntaxError("[1,]", .unexpectedCharacter, line: 1, column: 4,
                          "Unexpected ']' at line 1, column 4 (byte 3): expected a value.")
        expectSyntaxError("{\"a\":1,}", .unexpectedCharacter, line: 1, column: 8,
                          "Unexpected '}' at line 1, column 8 (byte 7): expected a string key.")
        expectSyntaxError("{a: 1}", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected 'a' at line 1, column 2 (byte 1): expected a string key or '}'.")
        expectSyntaxError("{'a': 1}", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected ''' at line 1, column 2 (byte 1): expected a string key or '}'.")
        expectSyntaxError("{\"a\" 1}", .unexpectedCharacter, line: 1, column: 6,
                          "Unexpected '1' at line 1, column 6 (byte 5): expected ':'.")
        expectSyntaxError("[1}", .unexpectedCharacter, line: 1, column: 3,
                          "Unexpected '}' at line 1, column 3 (byte 2): expected ',' or ']'.")
        expectSyntaxError("[1] [2]", .trailingContent, line: 1, column: 5,
                          "Unexpected '[' after the top-level value at line 1, column 5 (byte 4): expected end of input.")
        expectSyntaxError("[] // note", .trailingContent, line: 1, column: 4,
                          "Unexpected '/' after the top-level value at line 1, column 4 (byte 3): expected end of input.")
        expectSyntaxError("/* c */ 1", .unexpectedCharacter, line: 1, column: 1,
                          "Unexpected '/' at line 1, column 1 (byte 0): expected a value.")
        expectSyntaxError("\u{0B}1", .unexpectedCharacter, line: 1, column: 1,
                          "Unexpected U+000B at line 1, column 1 (byte 0): expected a value.")
        expectSyntaxError("[\u{A0}1]", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected '\u{A0}' (U+00A0) at line 1, column 2 (byte 1): expected a value.")
    }

    /// Whitespace after a line break is skipped eight spaces at a time: runs of every length up to 24
    /// parse, and a byte that is not whitespace anywhere in a run stops the scan exactly there.
    @Test func indentationOfEveryLength() throws {
        for length in 0...24 {
            for lineBreak in ["\n", "\r\n"] {
                let indentation = String(repeating: " ", count: length)
                let text = "[1," + lineBreak + indentation + "2" + lineBreak + indentation + "]"
                let document = try JSONDocument(parsing: text)
                #expect(JSON(document.root) == [1, 2], "\(length) spaces")
                #expect(document.root.elements[1].location.column == length + 1, "\(length) spaces")
            }
            for position in 0..<length {
                for stray: UInt8 in [0x0B, 0x00, UInt8(ascii: "x"), 0xA0] {
                    var bytes = Array("[1,\n".utf8) + Array(repeating: UInt8(ascii: " "), count: length) + Array("2]".utf8)
                    bytes[4 + position] = stray
                    let error = syntaxError(bytes)
                    #expect(error?.kind == .unexpectedCharacter, "\(length) spaces, \(stray) at \(position)")
                    #expect(error?.byteOffset == 4 + position, "\(length) spaces, \(stray) at \(position)")
                }
            }
        }
    }

    @Test func literals() {
        expectSyntaxError("[tru]", .unexpectedCharacter, line: 1, column: 5,
                          "Unexpected ']' at line 1, column 5 (byte 4): expected the literal 'true'.")
        expectSyntaxError("nul", .unexpectedEndOfInput, line: 1, column: 4,
                          "Unexpected end of input at line 1, column 4 (byte 3): expected the literal 'null'.")
        expectSyntaxError("[NaN]", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected 'N' at line 1, column 2 (byte 1): expected a value.")
        expectSyntaxError("[True]", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected 'T' at line 1, column 2 (byte 1): expected a value.")
    }

    @Test func numbers() {
        expectSyntaxError("[01]", .invalidNumber, line: 1, column: 3,
                          "Invalid number at line 1, column 3 (byte 2): expected '.', 'e' or the end of the number after a leading 0, found '1'.")
        expectSyntaxError("[-]", .invalidNumber, line: 1, column: 3,
                          "Invalid number at line 1, column 3 (byte 2): expected a digit after '-', found ']'.")
        expectSyntaxError("[1.]", .invalidNumber, line: 1, column: 4,
                          "Invalid number at line 1, column 4 (byte 3): expected a digit after '.', found ']'.")
        expectSyntaxError("[1e+]", .invalidNumber, line: 1, column: 5,
                          "Invalid number at line 1, column 5 (byte 4): expected a digit after the exponent marker, found ']'.")
        expectSyntaxError("[.5]", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected '.' at line 1, column 2 (byte 1): expected a value.")
        expectSyntaxError("[+1]", .unexpectedCharacter, line: 1, column: 2,
                          "Unexpected '+' at line 1, column 2 (byte 1): expected a value.")
        expectSyntaxError("-", .unexpectedEndOfInput, line: 1, column: 2,
                          "Unexpected end of input at line 1, column 2 (byte 1): expected a digit after '-'.")
        expectSyntaxError("[0x1F]", .unexpectedCharacter, line: 1, column: 3,
                          "Unexpected 'x' at line 1, column 3 (byte 2): expected ',' or ']'.")
    }

    @Test func strings() {
        expectSyntaxError("[\"abc", .unexpectedEndOfInput, line: 1, column: 6,
                          "Unexpected end of input at line 1, column 6 (byte 5): expected '\"' to close the string that starts at byte 1.")
        expectSyntaxError("[\"a\tb\"]", .controlCharacterInString, line: 1, column: 4,
                          "Unescaped control character U+0009 in a string at line 1, column 4 (byte 3): expected it escaped, as in \\t.")
        expectSyntaxError("[\"a\nb\"]", .controlCharacterInString, line: 1, column: 4,
                          "Unescaped control character U+000A in a string at line 1, column 4 (byte 3): expected it escaped, as in \\n.")
        expectSyntaxError("[\"\\x\"]", .invalidEscape, line: 1, column: 3,
                          "Invalid escape '\\x' at line 1, column 3 (byte 2): expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits.")
        expectSyntaxError("[\"\\u12G4\"]", .invalidEscape, line: 1, column: 7,
                          "Invalid escape 'G' at line 1, column 7 (byte 6): expected four hex digits after '\\u'.")
        expectSyntaxError("\"\\u12", .unexpectedEndOfInput, line: 1, column: 6,
                          "Unexpected end of input at line 1, column 6 (byte 5): expected four hex digits after '\\u'.")
        expectSyntaxError("[\"\\uD800\"]", .loneSurrogate, line: 1, column: 3,
                          "Lone surrogate \\uD800 at line 1, column 3 (byte 2): expected a low surrogate escape (\\uDC00 to \\uDFFF) after it.")
        expectSyntaxError("[\"\\uDC00\\uD800\"]", .loneSurrogate, line: 1, column: 3,
                          "Lone surrogate \\uDC00 at line 1, column 3 (byte 2): expected a high surrogate escape (\\uD800 to \\uDBFF) before it.")
    }

    @Test func invalidUTF8() {
        func expectUTF8Error(_ bytes: [UInt8], byte: Int, column: Int, _ message: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
            let error = syntaxError(bytes)
            #expect(error?.kind == .invalidUTF8, sourceLocation: sourceLocation)
            #expect(error?.byteOffset == byte, sourceLocation: sourceLocation)
            #expect(error?.column == column, sourceLocation: sourceLocation)
            #expect(error?.description == message, sourceLocation: sourceLocation)
        }
        let quote = UInt8(ascii: "\"")
        expectUTF8Error([quote, 0x80, quote], byte: 1, column: 2,
                        "Invalid UTF-8 byte 0x80 at line 1, column 2 (byte 1): expected a lead byte (a continuation byte cannot start a character).")
        expectUTF8Error([quote, 0xC0, 0x80, quote], byte: 1, column: 2,
                        "Invalid UTF-8 byte 0xC0 at line 1, column 2 (byte 1): expected the shortest form (0xC0 and 0xC1 only start overlong forms).")
        expectUTF8Error([quote, 0xE0, 0x80, 0x80, quote], byte: 2, column: 3,
                        "Invalid UTF-8 byte 0x80 at line 1, column 3 (byte 2): expected a byte 0xA0 to 0xBF after 0xE0 (lower ones make overlong forms).")
        expectUTF8Error([quote, 0xED, 0xA0, 0x80, quote], byte: 2, column: 3,
                        "Invalid UTF-8 byte 0xA0 at line 1, column 3 (byte 2): expected a byte 0x80 to 0x9F after 0xED (higher ones encode surrogates).")
        expectUTF8Error([quote, 0xF4, 0x90, 0x80, 0x80, quote], byte: 2, column: 3,
                        "Invalid UTF-8 byte 0x90 at line 1, column 3 (byte 2): expected a byte 0x80 to 0x8F after 0xF4 (higher ones are above U+10FFFF).")
        expectUTF8Error([quote, 0xFF, quote], byte: 1, column: 2,
                        "Invalid UTF-8 byte 0xFF at line 1, column 2 (byte 1): expected a byte that can occur in UTF-8 (0xF5 to 0xFF cannot).")
        expectUTF8Error([quote, 0xC3, quote], byte: 2, column: 3,
                        "Invalid UTF-8 byte 0x22 at line 1, column 3 (byte 2): expected a continuation byte (0x80 to 0xBF).")
        // The bad byte after a lead byte is one column on: the broken lead byte counts as a column of its own.
        // Columns count characters, not bytes: "é" is one column.
        expectUTF8Error([quote, 0xC3, 0xA9, 0xFE, quote], byte: 3, column: 3,
                        "Invalid UTF-8 byte 0xFE at line 1, column 3 (byte 3): expected a byte that can occur in UTF-8 (0xF5 to 0xFF cannot).")
    }

    @Test func multiLineDocuments() {
        let text = """
            {
              "name": "Keel",
              "tags": ["json", "swift",],
              "stars": 5
            }
            """
        expectSyntaxError(text, .unexpectedCharacter, line: 3, column: 28,
                          "Unexpected ']' at line 3, column 28 (byte 47): expected a value.")
        // CRLF is one line break; a lone CR is one too.
        expectSyntaxError("[\r\n1,\r\n]", .unexpectedCharacter, line: 3, column: 1,
                          "Unexpected ']' at line 3, column 1 (byte 7): expected a value.")
        expectSyntaxError("[\r1,\r\r x]", .unexpectedCharacter, line: 4, column: 2,
                          "Unexpected 'x' at line 4, column 2 (byte 7): expected a value.")
        // Multi-byte characters before the error count one column each.
        expectSyntaxError("{\"日本\": \"語\",\n \"ключ\": tru}", .unexpectedCharacter, line: 2, column: 13,
                          "Unexpected '}' at line 2, column 13 (byte 34): expected the literal 'true'.")
        // A tab is one column.
        expectSyntaxError("[\n\t\t1\n\t\t2]", .unexpectedCharacter, line: 3, column: 3,
                          "Unexpected '2' at line 3, column 3 (byte 8): expected ',' or ']'.")
    }

    @Test func limitsAndPolicies() {
        var options = JSONParsingOptions()
        options.maximumDepth = 2
        expectSyntaxError("[[[]]]", .nestingTooDeep, line: 1, column: 3,
                          "Nesting too deep at line 1, column 3 (byte 2): expected at most 2 levels of nesting.",
                          options: options)
        options = JSONParsingOptions()
        options.duplicateKeys = .reject
        expectSyntaxError("{\"a\": 1,\n \"a\": 2}", .duplicateKey, line: 2, column: 2,
                          "Duplicate key \"a\" at line 2, column 2 (byte 10): expected each key once per object.",
                          options: options)
        options = JSONParsingOptions()
        options.byteOrderMark = .reject
        expectSyntaxError("\u{FEFF}[]", .unexpectedCharacter, line: 1, column: 1,
                          "Unexpected '\u{FEFF}' (U+FEFF) at line 1, column 1 (byte 0): expected a value.",
                          options: options)
        options = JSONParsingOptions()
        options.maximumStringLength = 3
        expectSyntaxError("[\"abcd\"]", .stringTooLong, line: 1, column: 2,
                          "String too long at line 1, column 2 (byte 1): expected at most 3 bytes.",
                          options: options)
        options = JSONParsingOptions()
        options.maximumNumberLength = 3
        expectSyntaxError("[1234]", .numberTooLong, line: 1, column: 2,
                          "Number too long at line 1, column 2 (byte 1): expected at most 3 bytes.",
                          options: options)
        options = JSONParsingOptions()
        options.maximumDocumentSize = 4
        expectSyntaxError("[1,2]", .documentTooLarge, line: 1, column: 1,
                          "Document too large at line 1, column 1 (byte 0): expected at most 4 bytes.",
                          options: options)
    }

    @Test func kindsMatchInCatchClauses() {
        do {
            _ = try JSONDocument(parsing: "[1,")
            Issue.record("parsed")
        } catch JSONSyntaxError.unexpectedEndOfInput {
            // The kind matched.
        } catch {
            Issue.record("wrong kind: \(error)")
        }
    }
}
