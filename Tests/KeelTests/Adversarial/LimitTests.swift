import Keel
import KeelTestSupport
import Testing

/// Every limit of ``JSONParsingOptions``, exactly at the limit (accepted) and one past it (a typed error that
/// names the limit), with small values and with the defaults where testing them is cheap.
@Suite struct LimitTests {
    static func options(_ change: (inout JSONParsingOptions) -> Void) -> JSONParsingOptions {
        var options = JSONParsingOptions()
        change(&options)
        return options
    }

    /// `atLimit` parses; `pastLimit` fails with `kind`, naming `limit` in the error and its message.
    static func expectLimit(_ kind: JSONSyntaxError.Kind, limit: Int, atLimit: String, pastLimit: String,
                            options: JSONParsingOptions, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(syntaxError(Array(atLimit.utf8), options: options) == nil, sourceLocation: sourceLocation)
        let error = syntaxError(Array(pastLimit.utf8), options: options)
        #expect(error?.kind == kind, sourceLocation: sourceLocation)
        #expect(error?.limit == limit, sourceLocation: sourceLocation)
        #expect(error?.description.contains("at most \(limit)") == true, "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    @Test func nestingDepth() {
        let options = Self.options { $0.maximumDepth = 3 }
        Self.expectLimit(.nestingTooDeep, limit: 3, atLimit: #"[{"a": [1]}]"#, pastLimit: #"[{"a": [[1]]}]"#, options: options)
        Self.expectLimit(.nestingTooDeep, limit: 512, atLimit: String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
                         pastLimit: String(repeating: "[", count: 513) + String(repeating: "]", count: 513), options: JSONParsingOptions())
    }

    @Test func stringLengthCountsRawBytesInValuesAndKeys() {
        let options = Self.options { $0.maximumStringLength = 6 }
        Self.expectLimit(.stringTooLong, limit: 6, atLimit: #"["abcdef"]"#, pastLimit: #"["abcdefg"]"#, options: options)
        Self.expectLimit(.stringTooLong, limit: 6, atLimit: #"{"abcdef": 1}"#, pastLimit: #"{"abcdefg": 1}"#, options: options)
        // Escapes count as written: `\u00e9` is six bytes.
        Self.expectLimit(.stringTooLong, limit: 6, atLimit: #"["\u00e9"]"#, pastLimit: #"["\u00e9x"]"#, options: options)
        // Multi-byte characters count their bytes: `é` is two.
        Self.expectLimit(.stringTooLong, limit: 6, atLimit: #"["ééé"]"#, pastLimit: #"["éééx"]"#, options: options)
    }

    @Test func numberLength() {
        let options = Self.options { $0.maximumNumberLength = 6 }
        Self.expectLimit(.numberTooLong, limit: 6, atLimit: "[-1.5e3, 1.5e3]", pastLimit: "[-1.5e3, 1.5e333]", options: options)
        Self.expectLimit(.numberTooLong, limit: 6, atLimit: "123456", pastLimit: "1234567", options: options)
        Self.expectLimit(.numberTooLong, limit: 10_000, atLimit: String(repeating: "1", count: 10_000),
                         pastLimit: String(repeating: "1", count: 10_001), options: JSONParsingOptions())
    }

    @Test func documentSize() {
        let options = Self.options { $0.maximumDocumentSize = 9 }
        Self.expectLimit(.documentTooLarge, limit: 9, atLimit: "[1, 2, 3]", pastLimit: "[1, 2, 3] ", options: options)
        #expect(JSONParsingOptions().maximumDocumentSize == JSONParsingOptions.largestDocumentSize)
    }

    /// A limit set above what the format can hold is held at the format's own bound.
    @Test func limitsBeyondTheFormatStillParse() throws {
        let options = Self.options {
            $0.maximumDepth = .max
            $0.maximumStringLength = .max
            $0.maximumNumberLength = .max
            $0.maximumDocumentSize = .max
        }
        #expect(try JSON(parsing: #"[{"a": "b"}, 1.5]"#, options: options) == [["a": "b"], 1.5])
    }

    /// Limits apply wherever text is parsed: the tree parser, the Codable bridge and the collecting decoder.
    @Test func everyEntryPointHonoursTheLimits() {
        let options = Self.options { $0.maximumDepth = 2 }
        let text = "[[[1]]]"
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: text, options: options) }
        var decoder = KeelDecoder()
        decoder.parsingOptions = options
        #expect((try? decoder.decode([[[Int]]].self, from: text)) == nil)
        #expect((try? KeelDecoder().decode([[[Int]]].self, from: text)) == [[[1]]])
        let collected = CollectingJSONDecoder(options: options).decode(text: text, to: [[[Int]]].self)
        #expect(collected.value == nil && collected.errors.count == 1)
    }
}
