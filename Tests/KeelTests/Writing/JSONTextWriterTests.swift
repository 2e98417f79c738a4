import Keel
import KeelTestSupport
import Testing

/// `jsonBytes(options:)` on `JSONEncodable` values: written straight by `write(to:)`, and byte for byte the
/// text of `toJSON()` under every option, errors included.
@Suite struct JSONTextWriterTests {
    /// Writes with `write(to:)` its own way, so a test can see which way the text was made.
    struct Marker: JSONEncodable {
        func toJSON() -> JSON { "tree" }
        func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { writer.string("direct") }
    }

    /// The documented way to write a hand-made conformance.
    struct Point: JSONEncodable {
        let x: Double, y: Double?
        func toJSON() -> JSON { ["x": x.toJSON(), "y": y.toJSON()] }
        func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
            writer.beginObject()
            try writer.member("x", x)
            try writer.member("y", y)
            writer.endObject()
        }
    }

    /// Only `toJSON()`: the default `write(to:)` writes it.
    struct TreeOnly: JSONEncodable {
        func toJSON() -> JSON { ["b": [1, ["c": nil]], "a": "é/"] }
    }

    private func expectSameText(_ value: some JSONEncodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for options in JSONWritingOptions.variety {
            #expect(try value.jsonText(options: options) == value.toJSON().jsonText(options: options),
                    "\(options)", sourceLocation: sourceLocation)
        }
    }

    @Test func standardTypesWriteTheTextOfTheirJSON() throws {
        try expectSameText(Int.min)
        try expectSameText(UInt64.max)
        try expectSameText(Int8(-5))
        try expectSameText(0.1)
        try expectSameText(Float(0.1))
        try expectSameText(-0.0)
        try expectSameText(1e300)
        try expectSameText(true)
        try expectSameText("a\"b\\c/é\u{1}\u{1F600}")
        try expectSameText(nil as Int?)
        try expectSameText([1, 2])
        try expectSameText([Int]())
        try expectSameText([[Int]]([[], [1], [2, 3]]))
        try expectSameText(Set(["x"]))
        try expectSameText(["a": 1])
        try expectSameText([String: Int]())
        try expectSameText(["a": nil, "b": 2] as [String: Int?])
        try expectSameText([nil, 1] as [Int?])
        try expectSameText([["k": [nil, ["z": nil]]]] as [[String: [JSON?]]])
        try expectSameText(JSON(["x": [1, 2.5, nil, ["y": "z"]]]))
        try expectSameText([Point(x: 1, y: nil), Point(x: 2.5, y: 3)])
        try expectSameText(["p": TreeOnly()])
        try expectSameText(JSONField<Int>.null)
        try expectSameText(JSONField<Int>.value(3))
    }

    @Test func doublesAreWrittenInTheirShortestDigitsWhole() throws {
        // The longest shortest forms (24 characters) and others, written without a `String` in between.
        let values: [Double] = [-Double.greatestFiniteMagnitude, -Double.leastNormalMagnitude, Double.leastNonzeroMagnitude,
                                -2.2250738585072014e-308, 1e-7, 1.2345678901234568e20, -0.0, 0.1 + 0.2, 1, -65.613616999999977]
        for value in values {
            #expect(try value.jsonText() == value.description)
            #expect(try JSON.number(JSONNumber(value)).jsonText() == value.description)
            #expect(try [value].jsonText(options: .pretty()) == "[\n  \(value.description)\n]")
        }
    }

    @Test func integersOfEveryLengthAreWrittenExactly() throws {
        // Each digit count's first and last value, and their neighbours: digits are written two at a time,
        // into room counted first.
        var unsigned: [UInt64] = [0, 1, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 1...19 {
            power *= 10
            unsigned += [power - 1, power, power + 1]
        }
        for value in unsigned {
            #expect(try value.jsonText() == String(value))
            if let signed = Int64(exactly: value) {
                #expect(try signed.jsonText() == String(signed))
                #expect(try (-signed).jsonText() == String(-signed))
            }
        }
        #expect(try Int64.min.jsonText() == String(Int64.min))
        // Every pair of digits in every place, and values of every bit length.
        for value in UInt64(0)...20_000 { #expect(try value.jsonText() == String(value)) }
        var generator = SystemRandomNumberGenerator()
        for shift in 0..<64 {
            for _ in 0..<50 {
                let value = generator.next() >> UInt64(shift)
                #expect(try value.jsonText() == String(value))
            }
        }
        #expect(try [Int8.min, 0, 7].jsonText() == "[-128,0,7]")
    }

    /// What JSON requires of a string under the default options: quotes, backslashes and control characters
    /// escaped (the short forms where JSON has them), everything else as it is.
    private static func escapedByJSONRules(_ text: String) -> String {
        var written = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "\n": written += "\\n"
            case "\r": written += "\\r"
            case "\t": written += "\\t"
            case "\u{08}": written += "\\b"
            case "\u{0C}": written += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                written += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: written.unicodeScalars.append(scalar)
            }
        }
        return written + "\""
    }

    @Test func stringsAreEscapedWhereverTheSpecialByteFalls() throws {
        // Sixteen bytes at a time, then the rest one by one: every place of a special byte in strings up to
        // three blocks long, alone and after another.
        let specials = ["\"", "\\", "\n", "\u{01}", "\u{1F}", " ", "\u{7F}", "/", "é", "日", "😀"]
        var slashes = JSONWritingOptions()
        slashes.escapesSlashes = true
        for length in 0...49 {
            for place in 0...length {
                for special in specials {
                    var text = String(repeating: "a", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: place))
                    if place > 0, length > 20 { text.insert(contentsOf: "\t", at: text.startIndex) }
                    let written = try text.jsonText()
                    #expect(written == Self.escapedByJSONRules(text), "\(length) \(place) \(special)")
                    #expect(try JSON(parsing: written) == .string(text))
                    if special != "/" {
                        // The escaping options take the eight-byte loop; without a slash the text is the same.
                        #expect(try text.jsonText(options: slashes) == written)
                    }
                }
            }
        }
    }

    @Test func memberNamesWrittenAsLiteralsAreEscapedLikeOthers() throws {
        struct Literal: JSONEncodable {
            func toJSON() -> JSON { ["a\"b": 1, "c/d": 2, "é": 3] }
            func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                writer.beginObject()
                try writer.member(literal: "a\"b", 1)
                try writer.member(literal: "c/d", 2)
                writer.key(literal: "é")
                writer.integer(Int64(3))
                writer.endObject()
            }
        }
        #expect(try Literal().jsonText() == #"{"a\"b":1,"c/d":2,"é":3}"#)
        try expectSameText(Literal())
    }

    @Test func memberNamesAreCheckedWhereverTheSpecialByteFalls() throws {
        // Plain names are copied as they are checked: one byte at a time below eight bytes, eight at a time
        // from there (the last word overlapping the one before). A name with any byte to escape, or one an
        // option escapes, is written by the escaping path instead; both must give the tree writer's text.
        struct Named: JSONEncodable {
            let name: String
            func toJSON() -> JSON { .object([name: 1]) }
            func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                writer.beginObject()
                writer.key(name)
                writer.integer(Int64(1))
                writer.endObject()
            }
        }
        let specials = ["\"", "\\", "\n", "\u{1F}", "\u{7F}", "/", "é", "😀"]
        for length in 0...33 {
            try expectSameText(Named(name: String(repeating: "k", count: length)))
            for place in 0...length {
                for special in specials {
                    var name = String(repeating: "k", count: length)
                    name.insert(contentsOf: special, at: name.index(name.startIndex, offsetBy: place))
                    try expectSameText(Named(name: name))
                }
            }
        }
        struct Literals: JSONEncodable {
            func toJSON() -> JSON { ["seatCategoryId": 1, "eightchr": 2, "abcdefghi/": 3, "abcdefghijklmnop\"": 4, "\\abcdefgh": 5] }
            func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                writer.beginObject()
                try writer.member(literal: "seatCategoryId", 1)
                try writer.member(literal: "eightchr", 2)
                try writer.member(literal: "abcdefghi/", 3)
                try writer.member(literal: "abcdefghijklmnop\"", 4)
                try writer.member(literal: "\\abcdefgh", 5)
                writer.endObject()
            }
        }
        #expect(try Literals().jsonText() == #"{"seatCategoryId":1,"eightchr":2,"abcdefghi/":3,"abcdefghijklmnop\"":4,"\\abcdefgh":5}"#)
        try expectSameText(Literals())
    }

    @Test func namesCheckedWhenTheModelExpandsAreCopiedWhole() throws {
        // `@JSONModel` calls the plain-literal forms for names that need no escape: their bytes are copied
        // unchecked, a word at a time from eight bytes on (the last word overlapping), four at a time from
        // four, one at a time below. Every length around those steps must give the tree writer's text.
        struct Plain: JSONEncodable {
            func toJSON() -> JSON {
                [
                    "": 0, "a": 1, "ab": 2,
                    "abc": 3, "abcd": 4, "abcde": 5,
                    "abcdefg": 6, "abcdefgh": 7, "abcdefghi": 8,
                    "abcdefghijkl": 9, "abcdefghijklmno": 10, "abcdefghijklmnop": 11,
                    "abcdefghijklmnopq": 12, "abcdefghijklmnopqrstuvw": 13, "abcdefghijklmnopqrstuvwx": 14,
                    "abcdefghijklmnopqrstuvwxy": 15, "abcdefghijklmnopqrstuvwxyz01234": 16, "abcdefghijklmnopqrstuvwxyz012345": 17,
                    "abcdefghijklmnopqrstuvwxyz0123456": 18, "with space ~ and {[:,]} 0123456789": 19,
                ]
            }
            func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                writer.beginObject()
                try writer.member(plainLiteral: "", 0)
                writer.key(plainLiteral: "a"); writer.integer(Int64(1))
                try writer.member(plainLiteral: "ab", 2)
                writer.key(plainLiteral: "abc"); writer.integer(Int64(3))
                try writer.member(plainLiteral: "abcd", 4)
                writer.key(plainLiteral: "abcde"); writer.integer(Int64(5))
                try writer.member(plainLiteral: "abcdefg", 6)
                writer.key(plainLiteral: "abcdefgh"); writer.integer(Int64(7))
                try writer.member(plainLiteral: "abcdefghi", 8)
                writer.key(plainLiteral: "abcdefghijkl"); writer.integer(Int64(9))
                try writer.member(plainLiteral: "abcdefghijklmno", 10)
                writer.key(plainLiteral: "abcdefghijklmnop"); writer.integer(Int64(11))
                try writer.member(plainLiteral: "abcdefghijklmnopq", 12)
                writer.key(plainLiteral: "abcdefghijklmnopqrstuvw"); writer.integer(Int64(13))
                try writer.member(plainLiteral: "abcdefghijklmnopqrstuvwx", 14)
                writer.key(plainLiteral: "abcdefghijklmnopqrstuvwxy"); writer.integer(Int64(15))
                try writer.member(plainLiteral: "abcdefghijklmnopqrstuvwxyz01234", 16)
                writer.key(plainLiteral: "abcdefghijklmnopqrstuvwxyz012345"); writer.integer(Int64(17))
                try writer.member(plainLiteral: "abcdefghijklmnopqrstuvwxyz0123456", 18)
                writer.key(plainLiteral: "with space ~ and {[:,]} 0123456789"); writer.integer(Int64(19))
                writer.endObject()
            }
        }
        try expectSameText(Plain())
        #expect(try Plain().jsonText().hasPrefix(#"{"":0,"a":1,"ab":2,"abc":3,"abcd":4,"#))
    }

    @Test func nullsAreLeftOutOfObjectsOnlyWhenAsked() throws {
        var omitting = JSONWritingOptions()
        omitting.omitsNullMembers = true
        #expect(try (["a": nil] as [String: Int?]).jsonText(options: omitting) == "{}")
        #expect(try ([nil, 1] as [Int?]).jsonText(options: omitting) == "[null,1]")
        #expect(try Point(x: 1, y: nil).jsonText(options: omitting) == #"{"x":1.0}"#)
        #expect(try Point(x: 1, y: nil).jsonText() == #"{"x":1.0,"y":null}"#)
        #expect(try (nil as Int?).jsonText(options: omitting) == "null")
    }

    @Test func containersWriteTheirElementsDirectly() throws {
        #expect(try [Marker()].jsonText() == #"["direct"]"#)
        #expect(try ["m": Marker()].jsonText() == #"{"m":"direct"}"#)
        #expect(try (Marker() as Marker?).jsonText() == #""direct""#)
        // Sorting keys needs the whole object, so the tree writes it.
        var sorting = JSONWritingOptions()
        sorting.sortsKeys = true
        #expect(try ["m": Marker()].jsonText(options: sorting) == #"{"m":"tree"}"#)
    }

    /// A `write(to:)` that writes `mistake` instead of its JSON.
    struct Miswritten: JSONEncodable {
        enum Mistake: CaseIterable { case nothing, openObject, keyInArray, valueWithoutKey, twoValues, danglingKey, wrongClose }
        let mistake: Mistake
        func toJSON() -> JSON { ["ok": true] }
        func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
            switch mistake {
            case .nothing: break
            case .openObject: writer.beginObject(); writer.key("ok"); writer.bool(true)
            case .keyInArray: writer.beginArray(); writer.key("ok"); writer.bool(true); writer.endArray()
            case .valueWithoutKey: writer.beginObject(); writer.bool(true); writer.endObject()
            case .twoValues: writer.bool(true); writer.bool(false)
            case .danglingKey: writer.beginObject(); writer.key("ok"); writer.endObject()
            case .wrongClose: writer.beginObject(); writer.endArray()
            }
        }
    }

    @Test func aWriteThatIsNotOneValueGivesWayToToJSON() throws {
        for mistake in Miswritten.Mistake.allCases {
            let value = Miswritten(mistake: mistake)
            #expect(try value.jsonText() == #"{"ok":true}"#, "\(mistake)")
            #expect(try [value, value].jsonText(options: .pretty()) == JSON([value.toJSON(), value.toJSON()]).jsonText(options: .pretty()),
                    "\(mistake)")
        }
    }

    @Test func aNonFiniteNumberFailsWithItsPath() throws {
        let points = [Point(x: 1, y: 2), Point(x: 3, y: .infinity)]
        let error = #expect(throws: JSONWritingError.self) { try points.jsonBytes() }
        #expect(error == JSONWritingError(value: "inf", path: JSONPath([.index(1), .key("y")])))
        #expect(throws: JSONWritingError(value: "nan", path: JSONPath([]))) { try Double.nan.jsonBytes() }
    }
}
