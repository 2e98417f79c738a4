import Keel
import Testing

/// The examples of the JSON5 1.0.0 specification, each read to the value the specification gives it.
@Suite struct JSON5SpecificationTests {
    static var json5: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .json5
        return options
    }

    func parse(_ text: String) throws(JSONSyntaxError) -> JSON { try JSON(parsing: text, options: Self.json5) }

    @Test func theOverviewExample() throws {
        let text = #"""
        {
          // comments
          unquoted: 'and you can quote me on that',
          singleQuotes: 'I can use "double quotes" here',
          lineBreaks: "Look, Mom! \
        No \\n's!",
          hexadecimal: 0xdecaf,
          leadingDecimalPoint: .8675309, andTrailing: 8675309.,
          positiveSign: +1,
          trailingComma: 'in objects', andIn: ['arrays',],
          "backwardsCompatible": "with JSON",
        }
        """#
        let value = try parse(text)
        #expect(value == [
            "unquoted": "and you can quote me on that",
            "singleQuotes": #"I can use "double quotes" here"#,
            "lineBreaks": #"Look, Mom! No \n's!"#,
            "hexadecimal": 912_559,
            "leadingDecimalPoint": .number(try #require(JSONNumber(literal: "0.8675309"))),
            "andTrailing": 8_675_309,
            "positiveSign": 1,
            "trailingComma": "in objects",
            "andIn": ["arrays"],
            "backwardsCompatible": "with JSON",
        ])
    }

    @Test func objectExamples() throws {
        #expect(try parse("// An empty object\n{}") == [:])
        #expect(try parse("""
            // An object with two properties
            // and a trailing comma
            {
                width: 1920,
                height: 1080,
            }
            """) == ["width": 1920, "height": 1080])
        #expect(try parse("""
            // Objects can be nested
            {
                image: {
                    width: 1920,
                    height: 1080,
                    'aspect-ratio': '16:9',
                }
            }
            """) == ["image": ["width": 1920, "height": 1080, "aspect-ratio": "16:9"]])
        #expect(try parse("""
            // An array of objects
            [
                { name: 'Joe', age: 27 },
                { name: 'Jane', age: 32 },
            ]
            """) == [["name": "Joe", "age": 27], ["name": "Jane", "age": 32]])
        // Names are ECMAScript 5.1 identifier names: Unicode letters, escapes, reserved words.
        let names = try parse("{ $_: 1, ùńîċõďë: 2, \\u0041bc: 3, a\\u0062: 4, ᾩ: 5, ᴬᴮ: 6, x١٢: 7, null: 8, true: 9 }")
        #expect(names == ["$_": 1, "ùńîċõďë": 2, "Abc": 3, "ab": 4, "ᾩ": 5, "ᴬᴮ": 6, "x١٢": 7, "null": 8, "true": 9])
    }

    @Test func arrayExamples() throws {
        #expect(try parse("// An empty array\n[]") == [])
        #expect(try parse("""
            // An array with three elements
            // and a trailing comma
            [
                1,
                true,
                'three',
            ]
            """) == [1, true, "three"])
        #expect(try parse("""
            // Arrays can be nested
            [
                [1, true, 'three'],
                [4, "five", 0x6],
            ]
            """) == [[1, true, "three"], [4, "five", 6]])
    }

    @Test func escapeExamples() throws {
        // A lone reverse solidus three ways, the musical score character as a surrogate pair, and the table of
        // single-character escapes.
        #expect(try parse(#"'\x5C'"#) == "\\")
        #expect(try parse(#"'\u005C'"#) == "\\")
        #expect(try parse(#"'\\'"#) == "\\")
        #expect(try parse(#"'\uD83C\uDFBC'"#) == "🎼")
        #expect(try parse(#"'\'\"\\\b\f\n\r\t\v\0'"#) == "'\"\\\u{8}\u{C}\n\r\t\u{B}\u{0}")
    }

    @Test func stringExamples() throws {
        #expect(try parse("'Lorem ipsum dolor sit amet, \\\nconsectetur adipiscing elit.'")
                == "Lorem ipsum dolor sit amet, consectetur adipiscing elit.")
        #expect(try parse(#"'\A\C\/\D\C'"#) == "AC/DC")
        #expect(try parse(#"'I can\'t wait'"#) == "I can't wait")
        #expect(try parse(#""\'\"\\\b\f\n\r\t\v\0\x41\u00C5""#) == "'\"\\\u{8}\u{C}\n\r\t\u{B}\u{0}AÅ")
        #expect(try parse("'\u{2028}\u{2029}'") == "\u{2028}\u{2029}")
        #expect(try parse("'a\\\r\nb\\\rc\\\u{2028}d\\\u{2029}e'") == "abcde")
    }

    @Test func numberExamples() throws {
        #expect(try parse("{ integer: 123, withFractionPart: 123.456, onlyFractionPart: .456, withExponent: 123e-456 }")
                == ["integer": 123,
                    "withFractionPart": .number(try #require(JSONNumber(literal: "123.456"))),
                    "onlyFractionPart": .number(try #require(JSONNumber(literal: "0.456"))),
                    "withExponent": .number(try #require(JSONNumber(literal: "123e-456")))])
        #expect(try parse("{ positiveHex: 0xdecaf, negativeHex: -0xC0FFEE }") == ["positiveHex": 912_559, "negativeHex": -12_648_430])
        let special = try parse("{ positiveInfinity: Infinity, negativeInfinity: -Infinity, notANumber: NaN, }")
        #expect(special == ["positiveInfinity": .number(JSONNumber(Double.infinity)),
                            "negativeInfinity": .number(JSONNumber(-Double.infinity)),
                            "notANumber": .number(JSONNumber(Double.nan))])
        #expect(try parse("[+Infinity, +NaN, -NaN]") == [.number(JSONNumber(Double.infinity)), .number(JSONNumber(Double.nan)),
                                                       .number(JSONNumber(Double.nan))])
    }

    @Test func commentExamples() throws {
        #expect(try parse("// This is a single line comment.\n\n/* This is a multi-\n   line comment. */\n42") == 42)
        #expect(try parse("42 // a line comment ends the document") == 42)
    }

    @Test func whiteSpaceExample() throws {
        // Every JSON5 white space character between tokens: tab, LF, VT, FF, CR, space, NBSP, LS, PS, BOM and
        // the Zs category (here U+1680, U+2003, U+202F, U+3000).
        let spaces = "\t\n\u{B}\u{C}\r \u{A0}\u{2028}\u{2029}\u{FEFF}\u{1680}\u{2003}\u{202F}\u{3000}"
        #expect(try parse("\(spaces)[\(spaces)1\(spaces),\(spaces)2\(spaces)]\(spaces)") == [1, 2])
    }
}
