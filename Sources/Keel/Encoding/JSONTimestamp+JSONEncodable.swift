// Writing an instant in one of the formats it is read in, so that a model's dates round-trip.

extension JSONTimestamp {
    /// The instant as JSON in `format`: RFC 3339 text in UTC (fractional digits only as many as needed), text
    /// in a pattern, or a number of seconds or milliseconds since 1970.
    ///
    /// RFC 3339 has four-digit years; an instant outside years 0–9999 is written as a number of seconds instead.
    public func toJSON(format: JSONDateFormat) -> JSON {
        switch format {
        case .formatted(let pattern):
            return .string(pattern.string(from: self))
        case .rfc3339:
            guard let text = rfc3339Text else { return .number(JSONNumber(timeIntervalSince1970)) }
            return .string(text)
        case .secondsSince1970:
            return .number(nanoseconds == 0 ? JSONNumber(secondsSince1970) : JSONNumber(timeIntervalSince1970))
        case .millisecondsSince1970:
            let (whole, overflow) = secondsSince1970.multipliedReportingOverflow(by: 1000)
            let (milliseconds, carry) = whole.addingReportingOverflow(Int64(nanoseconds / 1_000_000))
            if !overflow, !carry, nanoseconds % 1_000_000 == 0 { return .number(JSONNumber(milliseconds)) }
            return .number(JSONNumber(timeIntervalSince1970 * 1000))
        }
    }

    /// Writes ``toJSON(format:)`` to `writer`.
    public func write(format: JSONDateFormat, to writer: inout JSONTextWriter) throws(JSONWritingError) {
        try writer.json(toJSON(format: format))
    }

    /// `2024-03-01T11:30:00.25Z`, or `nil` outside years 0–9999.
    public var rfc3339Text: String? {
        // Days rounded down, and the second within the day, without arithmetic that overflows near `Int64.min`.
        let remainder = secondsSince1970 % 86_400
        let days = secondsSince1970 / 86_400 - (remainder < 0 ? 1 : 0)
        let secondOfDay = Int(remainder < 0 ? remainder + 86_400 : remainder)
        let (year, month, day) = JSONTimestamp.civilDate(daysSince1970: days)
        guard (0...9999).contains(year) else { return nil }
        var text = "\(Self.padded(Int(year), 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))T"
            + "\(Self.padded(secondOfDay / 3600, 2)):\(Self.padded(secondOfDay / 60 % 60, 2)):\(Self.padded(secondOfDay % 60, 2))"
        if nanoseconds > 0 {
            var fraction = Self.padded(Int(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// `value` in decimal, zero-padded on the left to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The proleptic Gregorian date `days` after 1970-01-01: counted in 400-year eras from 0000-03-01, so
    /// that a leap day falls at the end of each counted year.
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
