import Keel
import KeelTestSupport
import Testing

/// JSON5 against the JSONTestSuite: JSON5 is a superset of JSON, so every file strict parsing accepts reads to
/// the same value; of the files strict parsing rejects, JSON5 accepts exactly those whose only fault is
/// something JSON5 allows, listed here with the reason.
@Suite(.enabled(if: SharedFixtures.jsonTestSuite != nil, "JSONTestSuite not found beside the repository"))
struct JSON5ConformanceTests {
    static let suite = SharedFixtures.jsonTestSuite
    static let everyFile = ["y_", "n_", "i_"].flatMap { SharedFixtures.files(in: suite, prefix: $0) }

    /// The rejected files that are JSON5, and why.
    static let acceptedAsJSON5: [String: String] = [
        "n_array_extra_comma.json": "one trailing comma",
        "n_array_number_and_comma.json": "one trailing comma",
        "n_object_trailing_comma.json": "one trailing comma",
        "n_object_trailing_comment.json": "a block comment",
        "n_object_trailing_comment_slash_open.json": "a line comment",
        "n_structure_object_with_comment.json": "a block comment",
        "n_number_+1.json": "a leading '+'",
        "n_number_-2..json": "a trailing decimal point",
        "n_number_real_without_fractional_part.json": "a trailing decimal point",
        "n_number_0.e1.json": "a trailing decimal point before an exponent",
        "n_number_2.e+3.json": "a trailing decimal point before an exponent",
        "n_number_2.e-3.json": "a trailing decimal point before an exponent",
        "n_number_2.e3.json": "a trailing decimal point before an exponent",
        "n_number_.2e-3.json": "a leading decimal point",
        "n_number_starting_with_dot.json": "a leading decimal point",
        "n_number_neg_real_without_int_part.json": "a leading decimal point",
        "n_number_NaN.json": "NaN",
        "n_number_-NaN.json": "NaN with a sign",
        "n_number_infinity.json": "Infinity",
        "n_number_minus_infinity.json": "-Infinity",
        "n_number_hex_1_digit.json": "hexadecimal",
        "n_number_hex_2_digits.json": "hexadecimal",
        "n_object_key_with_single_quotes.json": "a name in single quotes",
        "n_object_single_quote.json": "a string in single quotes",
        "n_string_single_quote.json": "a string in single quotes",
        "n_object_unquoted_key.json": "a name without quotes",
        "n_object_repeated_null_null.json": "null is a name like any other",
        "n_string_backslash_00.json": "an escaped NUL character stands for itself",
        "n_string_escaped_ctrl_char_tab.json": "an escaped tab stands for itself",
        "n_string_escaped_emoji.json": "an escaped emoji stands for itself",
        "n_string_invalid_backslash_esc.json": "\\a stands for 'a'",
        "n_string_unicode_CapitalU.json": "\\U stands for 'U'",
        "n_string_escape_x.json": "the \\x escape",
        "n_string_unescaped_ctrl_char.json": "a raw control character other than a line break",
        "n_string_unescaped_tab.json": "a raw tab",
        "n_structure_whitespace_formfeed.json": "form feed is whitespace",
    ]

    static var json5: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .json5
        return options
    }

    @Test(arguments: everyFile)
    func strictVerdictsCarryOver(_ name: String) throws {
        let bytes = try SharedFixtures.bytes(of: try #require(Self.suite).appendingPathComponent(name))
        let strict = Result { () throws(JSONSyntaxError) in JSON(try JSONDocument(parsing: bytes).root) }
        let json5 = Result { () throws(JSONSyntaxError) in JSON(try JSONDocument(parsing: bytes, options: Self.json5).root) }
        switch (strict, json5) {
        case (.success(let value), .success(let read)):
            #expect(read == value, "\(name)")
        case (.success, .failure(let error)):
            Issue.record("\(name): strict JSON that JSON5 rejects: \(error)")
        case (.failure, .success(let read)):
            #expect(Self.acceptedAsJSON5[name] != nil, "\(name) accepted as JSON5: \(read)")
        case (.failure, .failure(let error)):
            #expect(Self.acceptedAsJSON5[name] == nil, "\(name) rejected: \(error)")
        }
    }
}
