// Dates per field through `Codable`, whatever the decoder's date strategy: one member RFC 3339, another
// milliseconds, read with the core's integer arithmetic so that every platform gives the same `Date`.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension Date {
    /// The instant `timestamp` names (to the precision of a `Date`).
    public init(_ timestamp: JSONTimestamp) {
        // Counted from 2001, as `Date` stores it, to keep the most precision.
        self.init(timeIntervalSinceReferenceDate: Double(timestamp.secondsSince1970 - 978_307_200)
                  + Double(timestamp.nanoseconds) / 1e9)
    }
}

extension JSONTimestamp {
    /// The instant `date` names, to the microsecond: a `Date` is a `Double` count of seconds, precise to a
    /// fraction of a microsecond near the present, so finer digits would be noise (1700000000.123 would
    /// become …122999906 ns). A date beyond ±2^62 seconds (no calendar date) is clamped to that range.
    public init(_ date: Date) {
        let interval = Swift.min(Swift.max(date.timeIntervalSince1970.isNaN ? 0 : date.timeIntervalSince1970, -0x1p62), 0x1p62)
        let whole = interval.rounded(.down)
        var seconds = Int64(whole)
        var nanoseconds = Int32(((interval - whole) * 1e6).rounded()) * 1000
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            seconds += 1
        }
        self.init(secondsSince1970: seconds, nanoseconds: nanoseconds)
    }
}

extension KeyedDecodingContainer {
    /// Decodes the member `key` as a date written in `format`, whatever the decoder's date strategy.
    ///
    /// ```swift
    /// createdAt = try container.decode(Date.self, forKey: .createdAt, format: .rfc3339)
    /// expiresAt = try container.decode(Date.self, forKey: .expiresAt, format: .millisecondsSince1970)
    /// ```
    ///
    /// - Throws: the usual errors for a missing or mistyped member, and `dataCorrupted` for text that is not
    ///   an RFC 3339 date (with Keel's line and column underneath when the decoder is ``KeelDecoder``).
    public func decode(_ type: Date.Type, forKey key: Key, format: JSONDateFormat) throws -> Date {
        switch format {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self, forKey: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self, forKey: key) / 1000)
        case .rfc3339, .formatted:
            let text = try decode(String.self, forKey: key)
            let expected: String
            switch format.readText(text) {
            case .success(let timestamp): return Date(timestamp)
            case .failure(let mismatch): expected = mismatch.expected
            }
            if let decoder = keelDecoder(forKey: key) {
                let value = decoder.session.view(at: decoder.index)
                throw DecodingError(JSONDecodingError(kind: .valueOutOfRange, expected: expected,
                                                      found: value.kindAndExcerpt, at: value),
                                    type: Date.self, codingPath: decoder.path.keys)
            }
            throw DecodingError.dataCorruptedError(forKey: key, in: self,
                                                   debugDescription: "Expected \(expected), found \(text.debugDescription)")
        }
    }

    /// As `decode(_:forKey:format:)`, or `nil` when the member is missing or `null`.
    public func decodeIfPresent(_ type: Date.Type, forKey key: Key, format: JSONDateFormat) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(Date.self, forKey: key, format: format)
    }
}
#endif
