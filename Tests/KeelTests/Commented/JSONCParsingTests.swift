import Keel
import Testing

/// Reading JSON with comments (``JSONParsingOptions/Syntax/jsonc``): comments and one trailing comma where
/// whitespace may go, nothing more; errors in the text's own lines and columns, naming the syntax.
@Suite struct JSONCParsingTests {
    static var jsonc: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        return options
    }

    func parse(_ text: String) throws(JSONSyntaxError) -> JSON { try JSON(parsing: text, options: Self.jsonc) }

    func failure(_ text: String) -> JSONSyntaxError? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func commentsAreWhitespace() throws {
        #expect(try parse("// settings\n{\"a\": 1 /* one */, /**/\"b\"/*x*/:/*y*/[2,3] // end\n}") == ["a": 1, "b": [2, 3]])
        #expect(try parse("/* a */ 1 /* b */") == 1)
        #expect(try parse("[1 // a comment ends at a line break\r, 2]") == [1, 2])
        #expect(try parse("{\"a\": 1} // no line break at the end") == ["a": 1])
        #expect(try parse("[/* ** / * nested-looking */ 1]") == [1])
        #expect(try parse("[1/**/]") == [1])
    }

    @Test func commentMarkersInStringsAreText() throws {
        #expect(try parse(#"{"url": "http://example.com/*x*/", "q": "\"//\","} // c"#)
                == ["url": "http://example.com/*x*/", "q": "\"//\","])
    }

    @Test func oneTrailingCommaAfterAValue() throws {
        #expect(try parse("[1, 2,]") == [1, 2])
        #expect(try parse("{\"a\": 1,}") == ["a": 1])
        #expect(try parse("{\"a\": [1,], \"b\": {\"c\": true,},\n}") == ["a": [1], "b": ["c": true]])
        #expect(try parse("[1, // the last\n]") == [1])
        #expect(try parse("[[],{},]") == [[], [:]])
    }

    @Test func whatJSONCStillRejects() {
        // Each with the error strict JSON gives at the same byte.
        #expect(failure("[,]")?.byteOffset == 1)
        #expect(failure("[1,,]")?.byteOffset == 3)
        #expect(failure("{,}")?.byteOffset == 1)
        #expect(failure("{\"a\",}")?.byteOffset == 4)
        #expect(failure("{\"a\":,}")?.byteOffset == 5)
        #expect(failure("1,")?.kind == .trailingContent)
        #expect(failure("[1] / 2")?.byteOffset == 4)
        #expect(failure("# not a comment\n1")?.byteOffset == 0)
        #expect(failure("[1,]]")?.kind == .trailingContent)
        #expect(failure("// only a comment")?.kind == .unexpectedEndOfInput)
    }

    @Test func anUnclosedBlockCommentSaysWhereItOpened() throws {
        let error = try #require(failure("{\n  \"a\": 1 /* not closed\n"))
        #expect(error.kind == .unexpectedEndOfInput)
        #expect(error.byteOffset == 25)
        #expect(error.expected == "'*/' to close the comment at line 2, column 10")
        #expect(error.syntax == .jsonc)
        // An earlier error is still the one reported.
        #expect(failure("[1,,] /* open")?.byteOffset == 3)
        // A '/' at the very end may begin a comment: the input is cut short, not wrong (a pipe reads on).
        let slash = try #require(failure("{\"a\": 1 /"))
        #expect(slash.kind == .unexpectedEndOfInput)
        #expect(slash.byteOffset == 9)
        #expect(slash.expected == "'/' or '*' to begin the comment at line 1, column 9")
        #expect(failure("[1] / 2")?.kind == .trailingContent)
    }

    @Test func errorsCountColumnsInTheTextAsWritten() throws {
        // Before the error, a comment with non-ASCII characters: one column each, as in the file.
        let error = try #require(failure("[1, /* é, ü */ x]"))
        #expect(error.byteOffset == 17)
        #expect(error.column == 16)
        #expect(error.description == "Unexpected 'x' at line 1, column 16 (byte 17) in JSONC: expected a value.")
        let document = try JSONDocument(parsing: "/* ü */ [\n/* é */ 7]", options: Self.jsonc)
        #expect(document.root[0].value?.location.column == 9)
    }

    @Test func strictParsingIsUnchanged() {
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: "[1,]") }
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: "// c\n1") }
        do { _ = try JSON(parsing: "[1,]") } catch { #expect(!error.description.contains("JSONC")) }
    }

    @Test func theDocumentKeepsItsTextAndSyntax() throws {
        let text = "{\n  // the port\n  \"port\": 80,\n}\n"
        let document = try JSONDocument(parsing: text, options: Self.jsonc)
        #expect(document.bytes == Array(text.utf8))
        #expect(document.syntax == .jsonc)
        #expect(try JSONDocument(parsing: "1").syntax == .strict)
        // A value's own text is what the scanner read: valid JSON, the comments blanked.
        #expect(try JSON(parsing: String(document.root.sourceText)) == ["port": 80])
    }

    @Test func validationAndOtherEntryPointsTakeTheSyntax() throws {
        try JSONDocument.validate(Array("[1, /* c */ 2,]".utf8), options: Self.jsonc)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.validate(Array("[1,,]".utf8), options: Self.jsonc) }
        var rejecting = Self.jsonc
        rejecting.duplicateKeys = .reject
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.validate(Array("{\"a\":1,/**/\"a\":2}".utf8), options: rejecting) }
        let bytes = Array("[1, // c\n 2]".utf8)
        let fromBuffer = try bytes.withUnsafeBytes { try JSONDocument(parsing: $0, options: Self.jsonc) }
        #expect(JSON(fromBuffer.root) == [1, 2])
        #expect(fromBuffer.bytes == bytes)
    }

    @Test func limitsStillApply() {
        var options = Self.jsonc
        options.maximumDepth = 3
        #expect(failure("[[[1]]] // deep enough") == nil)
        do { _ = try JSON(parsing: "[[[[1]]]] // too deep", options: options) } catch {
            #expect(error.kind == .nestingTooDeep)
            #expect(error.byteOffset == 3)
        }
        options.maximumDocumentSize = 4
        do { _ = try JSON(parsing: "[1] // five or more", options: options) } catch {
            #expect(error.kind == .documentTooLarge)
        }
    }

    @Test func wideInputWithComments() throws {
        var options = Self.jsonc
        options.textEncoding = .detect
        let text = "[1, /* é */ 2,]"
        var utf16: [UInt8] = []
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try JSON(parsing: utf16, options: options) == [1, 2])
    }
}
