// The choices KeelEncoder offers beyond layout, named and shaped as Foundation's JSONEncoder names them, so
// that switching encoders changes one line.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeelEncoder {
    /// How coding keys become member names.
    public enum KeyEncodingStrategy: Sendable {
        /// Each key's `stringValue`, unchanged. The default.
        case useDefaultKeys
        /// Camel case to snake case, exactly as Foundation's `JSONEncoder` converts (`oneTwo` → `one_two`,
        /// `myURLKey` → `my_url_key`, and, like Foundation, `URL` → `u_rl`); leading and trailing
        /// underscores are kept. Keys of `[String: _]` dictionaries are data, not names, and stay as they are.
        case convertToSnakeCase
        /// Your function, given the coding path whose last element is the key to name.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are written.
    public enum DateEncodingStrategy: Sendable {
        /// Whatever `Date.encode(to:)` writes: seconds since 2001-01-01T00:00:00Z, as a number. The default.
        case deferredToDate
        /// Seconds since 1970-01-01T00:00:00Z, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z, as a number.
        case millisecondsSince1970
        /// An ISO 8601 string in UTC, to the second: `"2024-03-01T12:30:00Z"`.
        case iso8601
        /// An ISO 8601 string in UTC with milliseconds: `"2024-03-01T12:30:00.250Z"`.
        case iso8601WithFractionalSeconds
        /// Text in a pattern of date-field symbols, at the pattern's offset from UTC; see ``JSONDatePattern``.
        /// `.pattern("…")` makes one.
        case formatted(JSONDatePattern)
        /// Your function, which encodes the date into the encoder it is given; encoding nothing writes `{}`.
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` values are written.
    public enum DataEncodingStrategy: Sendable {
        /// Whatever `Data.encode(to:)` writes: an array of byte values.
        case deferredToData
        /// A Base64 string (RFC 4648, with padding). The default.
        case base64
        /// Your function, which encodes the data into the encoder it is given; encoding nothing writes `{}`.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// What to do with `Double` and `Float` values that JSON cannot hold: infinities and NaN.
    public enum NonConformingFloatEncodingStrategy: Sendable, Hashable {
        /// Throw `EncodingError.invalidValue` naming the coding path. The default.
        case `throw`
        /// Write these strings in their place.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
#endif
