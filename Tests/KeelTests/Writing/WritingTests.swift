import Keel
import KeelTestSupport
import Testing

/// Writing JSON: layout, key order, escaping, null omission, numbers, errors, depth, and round trips.
@Suite struct WritingTests {
    static let sample: JSON = ["name": "Ada", "tags": ["math", nil], "empty": [], "none": [:], "n": 1.5]

    @Test func compactText() throws {
        #expect(try Self.sample.jsonText() == #"{"name":"Ada","tags":["math",null],"empty":[],"none":{},"n":1.5}"#)
        #expect(try JSONDocument(parsing: "{ \"a\" : [ 1 , 2 ] }").root.jsonText() == #"{"a":[1,2]}"#)
    }

    @Test func prettyText() throws {
        let expected = """
            {
              "name": "Ada",
              "tags": [
                "math",
                null
              ],
              "empty": [],
              "none": {},
              "n": 1.5
            }
            """
        #expect(try Self.sample.jsonText(options: .pretty(indent: 2)) == expected)
        let view = try JSONDocument(parsing: expected).root
        #expect(view.jsonText(options: .pretty(indent: 2)) == expected)
        #expect(try JSON([1] as [JSON]).jsonText(options: .pretty(indent: 4)) == "[\n    1\n]")
        #expect(try JSON.null.jsonText(options: .pretty()) == "null")
    }

    @Test func sortedKeysByUTF8BytesAndStable() throws {
        let text = #"{"b": 1, "a": {"z": 1, "é": 2, "B": 3}, "b": 2, "\u00e9": 4, "_": 5}"#
        var options = JSONWritingOptions()
        options.sortsKeys = true
        let expected = #"{"_":5,"a":{"B":3,"z":1,"é":2},"b":1,"b":2,"é":4}"#
        #expect(try JSON(parsing: text).jsonText(options: options) == expected)
        // The view keeps the raw escape of the key it copies, and sorts by the unescaped bytes.
        #expect(try JSONDocument(parsing: text).root.jsonText(options: options)
                == #"{"_":5,"a":{"B":3,"z":1,"é":2},"b":1,"b":2,"\u00e9":4}"#)
    }

    @Test func escapingOptions() throws {
        let value: JSON = ["path": "a/b", "text": "é😀\u{7F}\t\"\\"]
        #expect(try value.jsonText() == "{\"path\":\"a/b\",\"text\":\"é😀\u{7F}\\t\\\"\\\\\"}")
        var options = JSONWritingOptions()
        options.escapesSlashes = true
        options.escapesNonASCII = true
        let ascii = try value.jsonText(options: options)
        #expect(ascii == #"{"path":"a\/b","text":"\u00E9\uD83D\uDE00\#u{7F}\t\"\\"}"#)
        #expect(ascii.utf8.allSatisfy { $0 < 0x80 })
        #expect(try JSON(parsing: ascii) == value)
        let view = try JSONDocument(parsing: value.jsonText()).root
        #expect(view.jsonText(options: options) == ascii)
    }

    /// The writer copies runs of plain bytes eight at a time; a character that needs an escape must be found
    /// at every position in and across those words, under every escaping option.
    @Test(arguments: ["\"", "\\", "/", "\n", "\u{1}", "\u{1F}", "\u{7F}", "é", "😀"])
    func escapesAreFoundAtEveryPosition(special: String) throws {
        for escapesSlashes in [false, true] {
            for escapesNonASCII in [false, true] {
                var options = JSONWritingOptions()
                options.escapesSlashes = escapesSlashes
                options.escapesNonASCII = escapesNonASCII
                for length in [0, 1, 7, 8, 9, 16, 23] {
                    for position in 0...length {
                        let plain = String(repeating: "a", count: length)
                        let index = plain.index(plain.startIndex, offsetBy: position)
                        let text = plain[..<index] + special + plain[index...]
                        let written = try JSON.string(String(text)).jsonText(options: options)
                        let expected = "\"" + plain[..<index] + Self.escaped(special, options) + plain[index...] + "\""
                        #expect(written == expected, "\(length) \(position) \(options)")
                    }
                }
            }
        }
    }

    /// Two characters to escape at every distance from each other: after the first escape the search for
    /// the next goes on sixteen bytes at a time, and must neither miss nor misplace it.
    @Test(arguments: ["\"", "\n", "/", "é"])
    func escapesAfterAnEscapeAreFoundAtEveryDistance(special: String) throws {
        for escapesSlashes in [false, true] {
            var options = JSONWritingOptions()
            options.escapesSlashes = escapesSlashes
            for lead in [0, 3, 17] {
                for gap in 0...40 {
                    let before = String(repeating: "a", count: lead), between = String(repeating: "b", count: gap)
                    let after = String(repeating: "c", count: 40 - gap)
                    let text = before + "\n" + between + special + after
                    let written = try JSON.string(text).jsonText(options: options)
                    let expected = "\"" + before + "\\n" + between + Self.escaped(special, options) + after + "\""
                    #expect(written == expected, "\(lead) \(gap) \(options)")
                }
            }
        }
    }

    /// The escape the writer's rules give one character, spelled out independently of the writer.
    static func escaped(_ character: String, _ options: JSONWritingOptions) -> String {
        switch character {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "/": return options.escapesSlashes ? "\\/" : "/"
        case "\n": return "\\n"
        case "\u{1}": return "\\u0001"
        case "\u{1F}": return "\\u001F"
        case "é": return options.escapesNonASCII ? "\\u00E9" : "é"
        case "😀": return options.escapesNonASCII ? "\\uD83D\\uDE00" : "😀"
        default: return character
        }
    }

    /// Written in pieces, the text is the same as written whole, whatever the piece size and options.
    @Test(arguments: [1, 7, 64, 1 << 20])
    func piecesJoinToTheWholeText(chunkSize: Int) throws {
        let text = #"{"b": [1, 2.50, "\u00e9", null, {"z": {}, "a": []}], "a": {"n": null, "t": true}}"#
        let root = try JSONDocument(parsing: text).root
        var sortedWithoutNulls = JSONWritingOptions.pretty(indent: 3)
        sortedWithoutNulls.sortsKeys = true
        sortedWithoutNulls.omitsNullMembers = true
        for options in [JSONWritingOptions(), .pretty(indent: 2), sortedWithoutNulls] {
            var joined: [UInt8] = []
            var pieces = 0
            root.writeJSON(options: options, chunkSize: chunkSize) { piece in
                joined.append(contentsOf: piece)
                pieces += 1
            }
            #expect(joined == root.jsonBytes(options: options))
            if chunkSize == 1 { #expect(pieces > 10) }
        }
    }

    @Test func nullMembersAreLeftOutAtEveryDepth() throws {
        let text = #"{"a": null, "b": {"c": null, "d": [null, {"e": null, "f": 1}]}}"#
        var options = JSONWritingOptions()
        options.omitsNullMembers = true
        let expected = #"{"b":{"d":[null,{"f":1}]}}"#
        #expect(try JSON(parsing: text).jsonText(options: options) == expected)
        #expect(try JSONDocument(parsing: text).root.jsonText(options: options) == expected)
    }

    @Test func numbersRoundTrip() throws {
        let text = "[0, -0, 1.0, 1e2, 123456789012345678901234567890, 0.1, 5e-324, 1.7976931348623157e308, -12.50]"
        #expect(try JSONDocument(parsing: text).root.jsonText() == text.replacingOccurrences(of: ", ", with: ","))
        // `-0` keeps its sign in the tree too (as the integer 0 its double would lose it).
        #expect(try JSON(parsing: text).jsonText() == "[0,-0,1.0,1e2,123456789012345678901234567890,0.1,5e-324,1.7976931348623157e308,-12.50]")
        for double in [0.1, 1 / 3.0, 1e-7, 123456.789, -2.5e300, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            let written = try JSON(double).jsonText()
            #expect(try JSON(parsing: written).double.get().bitPattern == double.bitPattern, "\(written)")
        }
        #expect(try JSON(UInt64.max).jsonText() == "18446744073709551615")
        #expect(try JSON(Int64.min).jsonText() == "-9223372036854775808")
    }

    @Test func nonFiniteNumbersAreATypedError() {
        let value: JSON = ["a": [1, JSON(Double.nan)], "b": JSON(-Double.infinity)]
        let error = #expect(throws: JSONWritingError.self) { try value.jsonText() }
        #expect(error?.path == ["a", 1])
        #expect(error?.description == "Cannot write nan at $.a[1]: JSON numbers must be finite.")
        #expect(value.description == #"{"a":[1,nan],"b":-inf}"#)
    }

    @Test func deepValuesWriteOnASmallStack() {
        let lengths = runOnThread(stackSize: 512 * 1024) { () -> [Int] in
            var value: JSON = 1
            for _ in 0..<100_000 { value = ["k": [value]] }
            var parsing = JSONParsingOptions()
            parsing.maximumDepth = .max
            let compact = (try? value.jsonText()) ?? ""
            let view = (try? JSONDocument(parsing: compact, options: parsing))?.root.jsonText() ?? ""
            // Pretty text grows with the square of the depth (each line is indented), so a shallower value.
            var shallower: JSON = 1
            for _ in 0..<1_000 { shallower = [shallower] }
            let pretty = (try? shallower.jsonText(options: .pretty(indent: 1))) ?? ""
            return [compact.utf8.count, view.utf8.count, pretty.utf8.count]
        }
        // Compact: each level writes {"k":[ and ]}. Pretty: "[", then per level d = 1...999 a newline, d spaces
        // and "["; the innermost 1 on its own line after 1,000 spaces; then per level d = 999...0 a newline,
        // d spaces and "]".
        let pretty = 1 + (1...999).reduce(0) { $0 + $1 + 2 } + 1_002 + (0...999).reduce(0) { $0 + $1 + 2 }
        #expect(lengths == [100_000 * 8 + 1, 100_000 * 8 + 1, pretty])
    }

    /// A deep value's source text and excerpt are found without recursion too.
    @Test func deepViewsKnowTheirSourceText() throws {
        var options = JSONParsingOptions()
        options.maximumDepth = .max
        let text = String(repeating: "[", count: 100_000) + " " + String(repeating: "] ", count: 100_000)
        let view = try JSONDocument(parsing: text, options: options).root
        let length = runOnThread(stackSize: 512 * 1024) { view.sourceText.utf8.count }
        #expect(length == text.utf8.count - 1)
        #expect(view.excerpt(maximumLength: 10) == "[[[[[[[[[[…")
    }

    static let optionSets: [JSONWritingOptions] = {
        var sorted = JSONWritingOptions.pretty(indent: 3)
        sorted.sortsKeys = true
        var escaped = JSONWritingOptions()
        escaped.escapesNonASCII = true
        escaped.escapesSlashes = true
        return [JSONWritingOptions(), sorted, escaped]
    }()

    /// Every valid document of the conformance suite and the corpus, written under each option set by both
    /// writers, parses back equal.
    @Test(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found"))
    func everyValidDocumentRoundTrips() throws {
        var files = SharedFixtures.files(in: SharedFixtures.jsonTestSuite, prefix: "y_").map {
            SharedFixtures.jsonTestSuite!.appendingPathComponent($0)
        }
        files += SharedFixtures.files(in: SharedFixtures.corpus).map { SharedFixtures.corpus!.appendingPathComponent($0) }
        for file in files {
            let document = try JSONDocument(parsing: SharedFixtures.bytes(of: file))
            let tree = JSON(document.root)
            for options in Self.optionSets {
                let fromView = try JSON(parsing: document.root.jsonBytes(options: options))
                let fromTree = try JSON(parsing: tree.jsonBytes(options: options))
                #expect(fromView == tree, "\(file.lastPathComponent)")
                #expect(fromTree == tree, "\(file.lastPathComponent)")
            }
        }
    }
}
