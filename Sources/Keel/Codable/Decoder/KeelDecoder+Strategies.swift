// The choices KeelDecoder offers, named and shaped as Foundation's JSONDecoder names them, so that switching
// decoders changes one line.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeelDecoder {
    /// How member names are matched to coding keys.
    public enum KeyDecodingStrategy: Sendable {
        /// A member matches the key whose `stringValue` has the same bytes. The default.
        case useDefaultKeys
        /// Member names in snake case match camel-case keys, as Foundation's `JSONDecoder` converts them:
        /// `one_two` matches `oneTwo`, `a__b` matches `aB`; leading and trailing underscores are kept
        /// (`_id` matches `_id`). Keys of `[String: _]` dictionaries are data, not names, and stay as they are.
        case convertFromSnakeCase
        /// Your function, given the coding path whose last element is the member's name as a key; it returns
        /// the key to match.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are read.
    public enum DateDecodingStrategy: Sendable {
        /// Whatever `Date.init(from:)` reads: seconds since 2001-01-01T00:00:00Z, as a number. The default.
        case deferredToDate
        /// Seconds since 1970-01-01T00:00:00Z, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z, as a number.
        case millisecondsSince1970
        /// An ISO 8601 date and time with a time zone, as a string, with or without fractional seconds
        /// (`"2024-03-01T12:30:00Z"`, `"2024-03-01T12:30:00.250+01:00"`), as Foundation reads them.
        case iso8601
        /// An ISO 8601 date and time that must have fractional seconds: `"2024-03-01T12:30:00.250Z"`.
        case iso8601WithFractionalSeconds
        /// Text in a pattern of date-field symbols (`EEE MMM dd HH:mm:ss Z yyyy`), read without ICU; see
        /// ``JSONDatePattern``. `.pattern("…")` makes one.
        case formatted(JSONDatePattern)
        /// Your function, which reads the date from the decoder it is given.
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    /// How `Data` values are read.
    public enum DataDecodingStrategy: Sendable {
        /// Whatever `Data.init(from:)` reads: an array of byte values.
        case deferredToData
        /// A Base64 string (RFC 4648, with padding). The default.
        case base64
        /// Your function, which reads the data from the decoder it is given.
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    /// Whether strings stand for infinities and NaN, which JSON numbers cannot hold.
    public enum NonConformingFloatDecodingStrategy: Sendable, Hashable {
        /// No: a `Double` or `Float` must be a JSON number in the type's range. The default.
        case `throw`
        /// These strings decode as positive infinity, negative infinity and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
#endif
