import Keel
import Testing

/// A conformance set written from the JSON5 1.0.0 grammar: for each production, texts it accepts (with the
/// value each means, written as strict JSON) and texts it rejects, each with the reason.
@Suite struct JSON5GrammarTests {
    struct Accepted: CustomTestStringConvertible, Sendable {
        let json5: String
        let json: String
        let reason: String
        var testDescription: String { reason }
    }

    struct Rejected: CustomTestStringConvertible, Sendable {
        let json5: String
        let kind: JSONSyntaxError.Kind
        let offset: Int
        let reason: String
        var testDescription: String { reason }
    }

    static var json5: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .json5
        return options
    }

    static let accepted: [Accepted] = [
        // JSON5Text and whitespace
        .init(json5: " \t\n\r\u{B}\u{C}1", json: "1", reason: "VT and FF are whitespace"),
        .init(json5: "\u{FEFF}1", json: "1", reason: "a byte-order mark is whitespace"),
        .init(json5: "1\u{2003}", json: "1", reason: "a Zs space after the value"),
        // Comments
        .init(json5: "[1/**/,/* */2]//", json: "[1,2]", reason: "comments wherever whitespace may go"),
        .init(json5: "[1 // to the line separator\u{2028}, 2]", json: "[1,2]", reason: "U+2028 ends a line comment"),
        .init(json5: "/***/1/*/*/", json: "1", reason: "block comments do not nest"),
        // JSON5Object and member names
        .init(json5: "{}", json: "{}", reason: "an empty object"),
        .init(json5: "{a:1}", json: #"{"a":1}"#, reason: "a name without quotes"),
        .init(json5: "{'a':1}", json: #"{"a":1}"#, reason: "a name in single quotes"),
        .init(json5: #"{"a":1,}"#, json: #"{"a":1}"#, reason: "one trailing comma in an object"),
        .init(json5: "{_a$1:1}", json: #"{"_a$1":1}"#, reason: "'_', '$' and digits after the first character"),
        .init(json5: "{\\u005f:1}", json: #"{"_":1}"#, reason: "a \\u escape in a name"),
        .init(json5: "{a\u{200C}b\u{200D}:1}", json: "{\"a\u{200C}b\u{200D}\":1}", reason: "ZWNJ and ZWJ continue a name"),
        .init(json5: "{e\u{301}:1}", json: "{\"e\u{301}\":1}", reason: "a combining mark continues a name"),
        .init(json5: "{a\u{203F}b:1}", json: "{\"a\u{203F}b\":1}", reason: "a connector punctuation continues a name"),
        .init(json5: "{Ⅻ:1}", json: #"{"Ⅻ":1}"#, reason: "a letter number (Nl) starts a name"),
        .init(json5: "{NaN:1,Infinity:2,null:3}", json: #"{"NaN":1,"Infinity":2,"null":3}"#, reason: "reserved words are names"),
        .init(json5: "{a : 1 , b : 2}", json: #"{"a":1,"b":2}"#, reason: "whitespace around ':' and ','"),
        // JSON5Array
        .init(json5: "[]", json: "[]", reason: "an empty array"),
        .init(json5: "[1,]", json: "[1]", reason: "one trailing comma in an array"),
        .init(json5: "[[],{},]", json: "[[],{}]", reason: "a trailing comma after containers"),
        // JSON5String
        .init(json5: #"'a"b'"#, json: #""a\"b""#, reason: "a double quote inside single quotes"),
        .init(json5: #""a'b""#, json: #""a'b""#, reason: "a single quote inside double quotes"),
        .init(json5: "'\t'", json: #""\t""#, reason: "a tab needs no escape"),
        .init(json5: "'\u{1}'", json: #""\u0001""#, reason: "nor does another control character but a line break"),
        .init(json5: #"'\v\0\x7F\xff'"#, json: #""\u000b\u0000\u007fÿ""#, reason: "the JSON5 escapes \\v, \\0 and \\x"),
        .init(json5: #"'\q\é'"#, json: #""qé""#, reason: "any other escaped character is itself"),
        .init(json5: #"'\uD83D\uDE00'"#, json: #""😀""#, reason: "a surrogate pair in \\u escapes"),
        .init(json5: "'a\\\nb'", json: #""ab""#, reason: "a line continuation with LF"),
        .init(json5: "'a\\\r\nb'", json: #""ab""#, reason: "a line continuation with CR LF"),
        .init(json5: "'\\0'", json: #""\u0000""#, reason: "\\0 at the end of a string"),
        // JSON5Number
        .init(json5: "+1", json: "1", reason: "a leading '+'"),
        .init(json5: "-.5", json: "-0.5", reason: "a leading decimal point"),
        .init(json5: "5.", json: "5.0", reason: "a trailing decimal point"),
        .init(json5: "5.e2", json: "500", reason: "a trailing decimal point and an exponent"),
        .init(json5: ".5E+2", json: "50", reason: "a leading decimal point and an exponent"),
        .init(json5: "0", json: "0", reason: "zero"),
        .init(json5: "-0", json: "-0", reason: "negative zero"),
        .init(json5: "0.0", json: "0", reason: "zero with a fraction"),
        .init(json5: "0x0", json: "0", reason: "hexadecimal zero"),
        .init(json5: "0XaBcDeF", json: "11259375", reason: "hexadecimal in either case"),
        .init(json5: "+0x10", json: "16", reason: "a signed hexadecimal"),
        .init(json5: "0x10000000000000000000000000000000", json: "21267647932558653966460912964485513216",
              reason: "a hexadecimal beyond 64 bits, exactly"),
        .init(json5: "0x00000000000000000000000000000001", json: "1", reason: "leading zeros of a hexadecimal"),
        .init(json5: "1e+2", json: "100", reason: "an exponent with a sign"),
        .init(json5: "[0,0.,0e0,1e01,1.e0]", json: "[0,0,0,10,1]", reason: "zeros, and a leading zero in an exponent"),
        .init(json5: "-0x0123456789abcdefABCDEF", json: "-1375488932539311409843695", reason: "a long negative hexadecimal"),
        .init(json5: "{/*c\n** */}", json: "{}", reason: "a block comment with stars inside"),
        // Literals
        .init(json5: "[true,false,null]", json: "[true,false,null]", reason: "the three literals"),
    ]

    static let rejected: [Rejected] = [
        .init(json5: "", kind: .unexpectedEndOfInput, offset: 0, reason: "no value"),
        .init(json5: "// only a comment", kind: .unexpectedEndOfInput, offset: 17, reason: "a comment is no value"),
        .init(json5: "/* open", kind: .unexpectedEndOfInput, offset: 7, reason: "a block comment without '*/'"),
        .init(json5: "1 /", kind: .unexpectedEndOfInput, offset: 3, reason: "a '/' that begins no comment yet"),
        .init(json5: "1 /x", kind: .unexpectedCharacter, offset: 3, reason: "a '/' that begins no comment"),
        .init(json5: "1 2", kind: .trailingContent, offset: 2, reason: "two values"),
        .init(json5: "1\u{85}", kind: .trailingContent, offset: 1, reason: "U+0085 is not JSON5 whitespace"),
        .init(json5: "1\u{200B}", kind: .trailingContent, offset: 1, reason: "U+200B is not whitespace (category Cf)"),
        // Objects
        .init(json5: "{a:1,,}", kind: .unexpectedCharacter, offset: 5, reason: "two commas"),
        .init(json5: "{,}", kind: .unexpectedCharacter, offset: 1, reason: "a comma with no member"),
        .init(json5: "{a}", kind: .unexpectedCharacter, offset: 2, reason: "a name without a value"),
        .init(json5: "{a:}", kind: .unexpectedCharacter, offset: 3, reason: "a colon without a value"),
        .init(json5: "{1:1}", kind: .unexpectedCharacter, offset: 1, reason: "a name cannot start with a digit"),
        .init(json5: "{-a:1}", kind: .unexpectedCharacter, offset: 1, reason: "a name cannot hold '-'"),
        .init(json5: "{a-b:1}", kind: .unexpectedCharacter, offset: 2, reason: "'-' ends a name, and a ':' must follow"),
        .init(json5: "{\u{301}a:1}", kind: .unexpectedCharacter, offset: 1, reason: "a combining mark cannot start a name"),
        .init(json5: "{\\u0030:1}", kind: .unexpectedCharacter, offset: 1, reason: "an escaped digit cannot start a name"),
        .init(json5: "{a\\u002d:1}", kind: .invalidEscape, offset: 2, reason: "an escape must stand for a name character"),
        .init(json5: "{a\\x41:1}", kind: .invalidEscape, offset: 2, reason: "only \\u escapes in names"),
        .init(json5: "{\\uD800:1}", kind: .invalidEscape, offset: 1, reason: "a surrogate is no name character"),
        .init(json5: "{a:1 b:2}", kind: .unexpectedCharacter, offset: 5, reason: "members need a comma between them"),
        .init(json5: "{a:1", kind: .unexpectedEndOfInput, offset: 4, reason: "an object not closed"),
        // Arrays
        .init(json5: "[,]", kind: .unexpectedCharacter, offset: 1, reason: "a comma with no element"),
        .init(json5: "[1,,]", kind: .unexpectedCharacter, offset: 3, reason: "two commas"),
        .init(json5: "[1 2]", kind: .unexpectedCharacter, offset: 3, reason: "elements need a comma between them"),
        .init(json5: "[1,]]", kind: .trailingContent, offset: 4, reason: "one closing bracket too many"),
        // Strings
        .init(json5: "'a\nb'", kind: .controlCharacterInString, offset: 2, reason: "a line break inside a string"),
        .init(json5: "'a\rb'", kind: .controlCharacterInString, offset: 2, reason: "a carriage return inside a string"),
        .init(json5: "'abc", kind: .unexpectedEndOfInput, offset: 4, reason: "a string not closed"),
        .init(json5: #"'a"#, kind: .unexpectedEndOfInput, offset: 2, reason: "a string cut after its first character"),
        .init(json5: #"'\1'"#, kind: .invalidEscape, offset: 1, reason: "no octal escapes"),
        .init(json5: #"'\01'"#, kind: .invalidEscape, offset: 1, reason: "\\0 followed by a digit"),
        .init(json5: #"'\x4'"#, kind: .invalidEscape, offset: 4, reason: "\\x needs two hexadecimal digits"),
        .init(json5: #"'\u12'"#, kind: .invalidEscape, offset: 5, reason: "\\u needs four hexadecimal digits"),
        .init(json5: #"'\uD800'"#, kind: .loneSurrogate, offset: 1, reason: "a lone surrogate, as in strict JSON"),
        .init(json5: #"'a' 'b'"#, kind: .trailingContent, offset: 4, reason: "strings do not join"),
        .init(json5: "`a`", kind: .unexpectedCharacter, offset: 0, reason: "no backquoted strings"),
        // Numbers
        .init(json5: "01", kind: .invalidNumber, offset: 1, reason: "a leading zero"),
        .init(json5: "00", kind: .invalidNumber, offset: 1, reason: "two zeros"),
        .init(json5: ".", kind: .unexpectedEndOfInput, offset: 1, reason: "a decimal point alone"),
        .init(json5: ".e1", kind: .invalidNumber, offset: 1, reason: "a decimal point with no digit"),
        .init(json5: "1e", kind: .unexpectedEndOfInput, offset: 2, reason: "an exponent without digits"),
        .init(json5: "1e+", kind: .unexpectedEndOfInput, offset: 3, reason: "an exponent sign without digits"),
        .init(json5: "++1", kind: .invalidNumber, offset: 1, reason: "two signs"),
        .init(json5: "+-1", kind: .invalidNumber, offset: 1, reason: "two different signs"),
        .init(json5: "-", kind: .unexpectedEndOfInput, offset: 1, reason: "a sign alone"),
        .init(json5: "0x", kind: .unexpectedEndOfInput, offset: 2, reason: "0x without digits"),
        .init(json5: "0xg", kind: .invalidNumber, offset: 2, reason: "0x with no hexadecimal digit"),
        .init(json5: "0x1.5", kind: .trailingContent, offset: 3, reason: "no hexadecimal fraction"),
        .init(json5: "0b1", kind: .trailingContent, offset: 1, reason: "no binary literals"),
        .init(json5: "0o7", kind: .trailingContent, offset: 1, reason: "no octal literals"),
        .init(json5: "1_000", kind: .trailingContent, offset: 1, reason: "no digit separators"),
        .init(json5: "Infinit", kind: .unexpectedEndOfInput, offset: 7, reason: "Infinity cut short"),
        .init(json5: "infinity", kind: .unexpectedCharacter, offset: 0, reason: "Infinity is written with a capital"),
        .init(json5: "NAN", kind: .invalidNumber, offset: 1, reason: "NaN is written as NaN"),
        .init(json5: "[1a]", kind: .unexpectedCharacter, offset: 2, reason: "a letter right after a number"),
        .init(json5: "[Infinityx]", kind: .unexpectedCharacter, offset: 9, reason: "a letter right after Infinity"),
        // Literals
        .init(json5: "tru", kind: .unexpectedEndOfInput, offset: 3, reason: "true cut short"),
        .init(json5: "[nul]", kind: .unexpectedCharacter, offset: 4, reason: "null misspelt"),
        .init(json5: "[nullx]", kind: .unexpectedCharacter, offset: 5, reason: "a letter right after null"),
        .init(json5: "undefined", kind: .unexpectedCharacter, offset: 0, reason: "undefined is not a value"),
        .init(json5: "{a:b}", kind: .unexpectedCharacter, offset: 3, reason: "a name is not a value"),
    ]

    @Test(arguments: accepted)
    func accepts(_ example: Accepted) throws {
        let value = try JSON(parsing: example.json5, options: Self.json5)
        #expect(value == (try JSON(parsing: example.json)), "\(example.reason)")
    }

    @Test(arguments: rejected)
    func rejects(_ example: Rejected) {
        do {
            let value = try JSON(parsing: example.json5, options: Self.json5)
            Issue.record("\(example.reason): accepted as \(value)")
        } catch {
            #expect(error.kind == example.kind, "\(example.reason): \(error)")
            #expect(error.byteOffset == example.offset, "\(example.reason): \(error)")
            #expect(error.syntax == .json5)
            #expect(error.description.contains("in JSON5"), "\(error)")
        }
    }

    @Test func invalidUTF8IsRejectedEverywhere() {
        for (text, offset) in [([UInt8]("{a".utf8) + [0xFF] + Array(":1}".utf8), 2),
                               ([UInt8]("'a".utf8) + [0xC0, 0x80] + [UInt8(ascii: "'")], 2),
                               ([UInt8]("1 ".utf8) + [0xFF], 2)] {
            do {
                _ = try JSONDocument(parsing: text, options: Self.json5)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.byteOffset == offset, "\(error)")
            }
        }
    }
}
