// Reading a date in a pattern: each field in turn off the text's bytes, then the instant from the fields by
// integer arithmetic. Every failure says which field and where, for the decoding error's message.

extension JSONDatePattern {
    /// The instant `text` names in this pattern, or `nil` when it does not match.
    public func timestamp(from text: String) -> JSONTimestamp? {
        try? read(text).get()
    }

    /// The instant `text` names, or why it does not match (a phrase such as `the month name at character 5`).
    func read(_ text: String) -> Result<JSONTimestamp, DatePatternMismatch> {
        if let problem { return .failure(DatePatternMismatch(reason: problem)) }
        var reader = DateTextReader(bytes: Array(text.utf8), secondsFromGMT: secondsFromGMT)
        for field in fields {
            if let failure = reader.read(field) { return .failure(failure) }
        }
        guard reader.position == reader.bytes.count else {
            return .failure(DatePatternMismatch(reason: "text is left over at character \(reader.position + 1)"))
        }
        return reader.instant()
    }
}

/// Why text does not match a pattern.
struct DatePatternMismatch: Error {
    let reason: String
}

/// The fields read so far, and where in the text.
private struct DateTextReader {
    let bytes: [UInt8]
    var position = 0
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var hourCycle: JSONDatePattern.HourCycle = .from0To23
    var isAfternoon: Bool?
    var minute = 0
    var second = 0
    var nanoseconds = 0
    var offset: Int

    init(bytes: [UInt8], secondsFromGMT: Int) {
        self.bytes = bytes
        offset = secondsFromGMT
    }

    /// Reads one field; the mismatch, or `nil` when it matched.
    mutating func read(_ field: JSONDatePattern.Field) -> DatePatternMismatch? {
        let start = position
        func mismatch(_ what: String) -> DatePatternMismatch {
            DatePatternMismatch(reason: "\(what) at character \(start + 1)")
        }
        switch field {
        case .literal(let expected):
            guard position + expected.count <= bytes.count,
                  bytes[position..<(position + expected.count)].elementsEqual(expected) else {
                return mismatch("\(String(decoding: expected, as: UTF8.self).debugDescription) expected")
            }
            position += expected.count
        case .year(let count):
            guard let value = count == 2 ? number(exactly: 2) : count == 1 ? number(from: 1, to: 9)
                : number(exactly: count) else { return mismatch("the year") }
            year = count == 2 ? (value < 69 ? 2000 + value : 1900 + value) : value
        case .month(let count):
            if count >= 3 {
                guard let index = name(in: JSONDatePattern.monthNames, full: count == 4) else { return mismatch("the month name") }
                month = index + 1
            } else {
                guard let value = twoDigits(count), (1...12).contains(value) else { return mismatch("the month") }
                month = value
            }
        case .day(let count):
            guard let value = twoDigits(count), value >= 1 else { return mismatch("the day") }
            day = value
        case .weekday(let count):
            guard name(in: JSONDatePattern.weekdayNames, full: count == 4) != nil else { return mismatch("the day of the week") }
        case .hour(let count, let cycle):
            guard let value = twoDigits(count) else { return mismatch("the hour") }
            let valid: ClosedRange<Int>
            switch cycle {
            case .from0To23: valid = 0...23
            case .from1To24: valid = 1...24
            case .from1To12: valid = 1...12
            case .from0To11: valid = 0...11
            }
            guard valid.contains(value) else { return mismatch("the hour") }
            hour = value
            hourCycle = cycle
        case .dayPeriod:
            guard let index = name(in: ["AM", "PM"], full: true) else { return mismatch("AM or PM") }
            isAfternoon = index == 1
        case .minute(let count):
            guard let value = twoDigits(count), value <= 59 else { return mismatch("the minute") }
            minute = value
        case .second(let count):
            guard let value = twoDigits(count), value <= 60 else { return mismatch("the second") }
            second = value
        case .fraction:
            var digits = 0
            var value = 0
            while position < bytes.count, bytes[position] &- 48 < 10, digits < 9 {
                value = value * 10 + Int(bytes[position] - 48)
                digits += 1
                position += 1
            }
            guard digits > 0 else { return mismatch("the fraction of a second") }
            for _ in digits..<9 { value *= 10 }
            nanoseconds = value
        case .zone:
            guard let value = zoneOffset() else { return mismatch("the zone offset") }
            offset = value
        }
        return nil
    }

    /// The instant the fields name, or why they name none (a day past the month's end).
    func instant() -> Result<JSONTimestamp, DatePatternMismatch> {
        guard day <= JSONTimestamp.daysInMonth(month, year: year) else {
            return .failure(DatePatternMismatch(reason: "day \(day) is past the end of the month"))
        }
        var hourOfDay = hour
        switch hourCycle {
        case .from0To23: break
        case .from1To24: hourOfDay = hour % 24
        case .from1To12, .from0To11: hourOfDay = hour % 12 + (isAfternoon == true ? 12 : 0)
        }
        let days = Int64(JSONTimestamp.daysSince1970(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hourOfDay * 3600 + minute * 60 + second) - Int64(offset)
        return .success(JSONTimestamp(secondsSince1970: seconds, nanoseconds: Int32(nanoseconds)))
    }

    /// Exactly `count` digits.
    private mutating func number(exactly count: Int) -> Int? {
        number(from: count, to: count)
    }

    /// One field of one or two digits: one letter takes one or two, two letters exactly two.
    private mutating func twoDigits(_ count: Int) -> Int? {
        count == 1 ? number(from: 1, to: 2) : number(exactly: 2)
    }

    /// Between `fewest` and `most` digits, as many as there are.
    private mutating func number(from fewest: Int, to most: Int) -> Int? {
        var digits = 0
        var value = 0
        while position < bytes.count, bytes[position] &- 48 < 10, digits < most {
            value = value * 10 + Int(bytes[position] - 48)
            digits += 1
            position += 1
        }
        guard digits >= fewest else {
            position -= digits
            return nil
        }
        return value
    }

    /// The index of the name at the position (three-letter abbreviations unless `full`), any letter case.
    private mutating func name(in names: [String], full: Bool) -> Int? {
        for (index, name) in names.enumerated() {
            let candidate = Array((full ? name : String(name.prefix(3))).utf8)
            guard position + candidate.count <= bytes.count else { continue }
            let here = bytes[position..<(position + candidate.count)]
            if zip(here, candidate).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                position += candidate.count
                return index
            }
        }
        return nil
    }

    /// A zone: `Z`, `GMT` or `UTC` (each optionally followed by an offset), or `±HH`, `±HHMM`, `±HH:MM`; in seconds.
    private mutating func zoneOffset() -> Int? {
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "z") {
            position += 1
            return 0
        }
        var named = false
        for prefix in ["GMT", "UTC"] where name(in: [prefix], full: true) != nil {
            named = true
            break
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") else {
            return named ? 0 : nil
        }
        let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
        position += 1
        guard let hours = number(exactly: 2), hours <= 23 else { return nil }
        var minutes = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
            position += 1
            guard let value = number(exactly: 2) else { return nil }
            minutes = value
        } else if let value = number(exactly: 2) {
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
