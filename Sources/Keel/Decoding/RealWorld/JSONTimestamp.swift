// Dates per field without Foundation: an instant read from RFC 3339 text (0 to 9 fractional digits, `Z` or
// an offset) or from seconds or milliseconds since 1970, computed with integer arithmetic only, so that every
// platform gives the same instant to the nanosecond. The Codable layer turns it into a `Date`.

/// An instant: whole seconds since 1970-01-01T00:00:00Z and the nanoseconds past them.
public struct JSONTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public let secondsSince1970: Int64
    /// Nanoseconds past ``secondsSince1970``, from 0 to 999,999,999.
    public let nanoseconds: Int32

    public init(secondsSince1970: Int64, nanoseconds: Int32 = 0) {
        self.secondsSince1970 = secondsSince1970
        self.nanoseconds = nanoseconds
    }

    public static func < (lhs: JSONTimestamp, rhs: JSONTimestamp) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }

    /// Seconds since 1970 as a `Double` (nanosecond precision is lost far from 1970).
    public var timeIntervalSince1970: Double { Double(secondsSince1970) + Double(nanoseconds) / 1e9 }

    /// `1709296200.25s since 1970`.
    public var description: String {
        guard nanoseconds != 0 else { return "\(secondsSince1970)s since 1970" }
        var fraction = Self.padded(Int(nanoseconds), 9)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(secondsSince1970).\(fraction)s since 1970"
    }
}

/// How a date is written in JSON.
public enum JSONDateFormat: Sendable, Hashable {
    /// RFC 3339 text: `2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.250+01:00`; 0 to 9 fractional digits,
    /// `T` or `t`, `Z`, `z` or an offset. A leap second (`:60`) is read as the first second of the next minute.
    case rfc3339
    /// A number of seconds since 1970-01-01T00:00:00Z, fractions allowed.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z, fractions allowed.
    case millisecondsSince1970
    /// Text in a pattern of date-field symbols, such as Twitter's `EEE MMM dd HH:mm:ss Z yyyy` (see
    /// ``JSONDatePattern``).
    case formatted(JSONDatePattern)

    /// Text in the pattern `pattern` (`"EEE MMM dd HH:mm:ss Z yyyy"`), read in `secondsFromGMT` when the pattern
    /// has no zone, and written at that offset: `@JSONDate(.pattern("yyyy-MM-dd HH:mm"))`.
    public static func pattern(_ pattern: String, secondsFromGMT: Int = 0) -> JSONDateFormat {
        .formatted(JSONDatePattern(pattern, secondsFromGMT: secondsFromGMT))
    }

    /// What this format expects, for messages.
    var expectation: String {
        switch self {
        case .rfc3339: return "an RFC 3339 date"
        case .secondsSince1970: return "seconds since 1970"
        case .millisecondsSince1970: return "milliseconds since 1970"
        case .formatted(let pattern): return pattern.expectation
        }
    }
}

extension JSONDateFormat {
    /// The instant `text` names in this format (RFC 3339 or a pattern: the formats written as text), or what
    /// was expected, with where a pattern stopped matching: the one reading of date text for every style and
    /// the `Codable` bridge.
    func readText(_ text: String) -> Result<JSONTimestamp, DateTextMismatch> {
        if case .formatted(let pattern) = self {
            return pattern.read(text).mapError { DateTextMismatch(expected: "\(expectation) (\($0.reason))") }
        }
        guard let timestamp = JSONTimestamp(rfc3339: text) else { return .failure(DateTextMismatch(expected: expectation)) }
        return .success(timestamp)
    }
}

/// Date text that does not match its format, and the words for what was expected.
struct DateTextMismatch: Error {
    let expected: String
}

extension JSONTimestamp {
    /// Reads a date in `format` from `value`.
    ///
    /// - Throws: a type mismatch for the wrong kind of value, ``JSONDecodingError/Kind/valueOutOfRange`` for
    ///   text that is not an RFC 3339 date or a number too large to be an instant.
    public static func decode(_ value: JSONView, format: JSONDateFormat,
                              in context: JSONDecodingContext = .strict) throws(JSONDecodingError) -> JSONTimestamp {
        switch format {
        case .rfc3339, .formatted:
            switch format.readText(try String.decode(value, in: context)) {
            case .success(let timestamp): return timestamp
            case .failure(let mismatch):
                throw JSONDecodingError(kind: .valueOutOfRange, expected: mismatch.expected, found: value.kindAndExcerpt, at: value)
            }
        case .secondsSince1970, .millisecondsSince1970:
            let number = try Double.decode(value, in: context)
            let seconds = format == .secondsSince1970 ? number : number / 1000
            // Within ±2^62 seconds, whole seconds and nanoseconds both fit.
            guard seconds.isFinite, abs(seconds) < 0x1p62 else {
                throw JSONDecodingError(kind: .valueOutOfRange, expected: format.expectation, found: value.kindAndExcerpt, at: value)
            }
            let whole = seconds.rounded(.down)
            var nanoseconds = ((seconds - whole) * 1e9).rounded()
            var wholeSeconds = Int64(whole)
            if nanoseconds >= 1e9 {
                nanoseconds -= 1e9
                wholeSeconds += 1
            }
            return JSONTimestamp(secondsSince1970: wholeSeconds, nanoseconds: Int32(nanoseconds))
        }
    }

    /// The instant an RFC 3339 date-time names, or `nil` when `text` is not one.
    public init?(rfc3339 text: String) {
        var utf8 = Array(text.utf8)
        guard let parsed = utf8.withUnsafeMutableBufferPointer({ JSONTimestamp.parseRFC3339(UnsafeBufferPointer($0)) })
        else { return nil }
        self = parsed
    }

    private static func parseRFC3339(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONTimestamp? {
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var result = 0
            for _ in 0..<count {
                let digit = Int(bytes[position]) - 48
                guard digit >= 0 && digit <= 9 else { return nil }
                result = result * 10 + digit
                position += 1
            }
            return result
        }
        func expect(_ allowed: UInt8...) -> Bool {
            guard position < bytes.count, allowed.contains(bytes[position]) else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t")),
            let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var nanoseconds = 0
        if expect(UInt8(ascii: ".")) {
            var count = 0
            while position < bytes.count, bytes[position] &- 48 < 10 {
                guard count < 9 else { return nil }   // more than nanoseconds can hold
                nanoseconds = nanoseconds * 10 + Int(bytes[position] - 48)
                count += 1
                position += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }

        var offset = 0
        if expect(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
            offset = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let offsetHours = digits(2), expect(UInt8(ascii: ":")), let offsetMinutes = digits(2),
                offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }

        let days = Int64(daysSince1970(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return JSONTimestamp(secondsSince1970: seconds, nanoseconds: Int32(nanoseconds))
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date, in the proleptic Gregorian calendar (years 0 to 9999).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension JSONView {
    /// Decodes the member `key` as a date written in `format`.
    public func decodeDate(forKey key: String, format: JSONDateFormat,
                           in context: JSONDecodingContext = .strict) throws(JSONDecodingError) -> JSONTimestamp {
        try member(named: key).decodeDate(format: format, in: context)
    }
}
