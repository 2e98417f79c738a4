// Writing a date in a pattern: the instant at the pattern's offset from UTC, each field in turn.

extension JSONDatePattern {
    /// `timestamp` written in this pattern, at ``secondsFromGMT``. Fields this pattern cannot write (a reserved
    /// letter) write nothing; ``problem`` names them.
    public func string(from timestamp: JSONTimestamp) -> String {
        let local = timestamp.secondsSince1970 + Int64(secondsFromGMT)
        let remainder = local % 86_400
        let days = local / 86_400 - (remainder < 0 ? 1 : 0)
        let secondOfDay = Int(remainder < 0 ? remainder + 86_400 : remainder)
        let (year, month, day) = JSONTimestamp.civilDate(daysSince1970: days)
        let hour = secondOfDay / 3600
        let weekday = Int(((days % 7) + 11) % 7)   // 1970-01-01 was a Thursday (4); 0 is Sunday
        var text = ""
        for field in fields {
            switch field {
            case .literal(let bytes): text += String(decoding: bytes, as: UTF8.self)
            case .year(let count):
                if count == 2 {
                    text += JSONTimestamp.padded(Int((year % 100 + 100) % 100), 2)
                } else {
                    text += (year < 0 ? "-" : "") + JSONTimestamp.padded(Int(abs(year)), count)
                }
            case .month(let count):
                let name = Self.monthNames[month - 1]
                text += count >= 4 ? name : count == 3 ? String(name.prefix(3)) : JSONTimestamp.padded(month, count)
            case .day(let count): text += JSONTimestamp.padded(day, count)
            case .weekday(let count):
                let name = Self.weekdayNames[weekday]
                text += count == 4 ? name : String(name.prefix(3))
            case .hour(let count, let cycle):
                let value: Int
                switch cycle {
                case .from0To23: value = hour
                case .from1To24: value = hour == 0 ? 24 : hour
                case .from1To12: value = hour % 12 == 0 ? 12 : hour % 12
                case .from0To11: value = hour % 12
                }
                text += JSONTimestamp.padded(value, count)
            case .dayPeriod: text += hour < 12 ? "AM" : "PM"
            case .minute(let count): text += JSONTimestamp.padded(secondOfDay / 60 % 60, count)
            case .second(let count): text += JSONTimestamp.padded(secondOfDay % 60, count)
            case .fraction(let count):
                text += String(JSONTimestamp.padded(Int(timestamp.nanoseconds), 9).prefix(count))
            case .zone(let style): text += zone(style)
            }
        }
        return text
    }

    /// The offset in `style`.
    private func zone(_ style: ZoneStyle) -> String {
        let sign = secondsFromGMT < 0 ? "-" : "+"
        let hours = JSONTimestamp.padded(abs(secondsFromGMT) / 3600, 2)
        let minutes = abs(secondsFromGMT) / 60 % 60
        switch style {
        case .basic: return sign + hours + JSONTimestamp.padded(minutes, 2)
        case .extended(let zulu):
            return zulu && secondsFromGMT == 0 ? "Z" : sign + hours + ":" + JSONTimestamp.padded(minutes, 2)
        case .gmt: return secondsFromGMT == 0 ? "GMT" : "GMT" + sign + hours + ":" + JSONTimestamp.padded(minutes, 2)
        case .short(let zulu):
            if zulu && secondsFromGMT == 0 { return "Z" }
            return sign + hours + (minutes == 0 ? "" : JSONTimestamp.padded(minutes, 2))
        }
    }
}
