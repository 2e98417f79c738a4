// Decoding Foundation's value types, where Foundation is available (it is on Linux and Apple platforms; the
// core itself does not need it). Each accepts one JSON shape, stated in its doc comment, and nothing else.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension URL: JSONDecodable {
    /// A JSON string that is a valid URL (`URL(string:)`); any other string is an error.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> URL {
        guard let string = value.stringValue else { throw .typeMismatch("a URL", at: value) }
        guard let url = URL(string: string) else {
            throw .outOfRange("a URL", at: value, reason: "which is not a valid URL")
        }
        return url
    }
}

extension Date: JSONDecodable {
    /// An ISO 8601 date and time with a time zone, as a string, with or without fractional seconds
    /// (`"2024-03-01T12:30:00Z"`, `"2024-03-01T12:30:00.250+01:00"`), or a number of seconds since
    /// 1970-01-01T00:00:00Z. Other date formats are the model's to decode, from a `String`.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Date {
        if let string = value.stringValue {
            if let date = try? Date.ISO8601FormatStyle().parse(string) { return date }
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) { return date }
            throw .outOfRange("a Date", at: value, reason: "which is not an ISO 8601 date and time")
        }
        guard let seconds = value.nearestDouble else { throw .typeMismatch("a Date", at: value) }
        guard seconds.isFinite else { throw .outOfRange("a Date", at: value, reason: "which is out of its range") }
        return Date(timeIntervalSince1970: seconds)
    }
}

extension Decimal: JSONDecodable {
    /// A JSON number, read from its text, so that `0.1` is exactly one tenth; numbers beyond `Decimal`'s
    /// range or precision (38 digits) are an error, not rounded.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Decimal {
        guard let number = value.numberValue else { throw .typeMismatch("a Decimal", at: value) }
        let text = number.text
        // Significant digits: those of the mantissa without leading or trailing zeros.
        let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        let digits = mantissa.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let significant = (digits.lastIndex { $0 != UInt8(ascii: "0") }).map { last in
            digits[...last].drop { $0 == UInt8(ascii: "0") }.count
        } ?? 0
        guard significant <= 38, let decimal = Decimal(string: text), decimal.isFinite else {
            throw .outOfRange("a Decimal", at: value, reason: "which is beyond its range or precision")
        }
        return decimal
    }
}
#endif
