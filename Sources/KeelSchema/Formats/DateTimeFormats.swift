/// RFC 3339's `date-time`, `full-date` and `full-time`, and the `duration` of its appendix A.
enum DateTimeFormats {
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
        return isDate(bytes[..<10]) && isTime(bytes[11...])
    }

    static func isDate(_ text: String) -> Bool { isDate(Array(text.utf8)[...]) }

    static func isTime(_ text: String) -> Bool { isTime(Array(text.utf8)[...]) }

    private static func digits(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        let from = bytes.startIndex + start
        guard from + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[from..<(from + count)] {
            guard byte.isASCIIDigit else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 10, let year = digits(bytes, 0, 4), bytes[bytes.startIndex + 4] == UInt8(ascii: "-"),
              let month = digits(bytes, 5, 2), bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
              let day = digits(bytes, 8, 2), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day >= 1 && day <= lengths[month - 1]
    }

    /// `hh:mm:ss[.frac](Z|±hh:mm)`; a leap second only where it falls at 23:59:60 UTC.
    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let hour = digits(bytes, 0, 2), bytes.count > 8, bytes[bytes.startIndex + 2] == UInt8(ascii: ":"),
              let minute = digits(bytes, 3, 2), bytes[bytes.startIndex + 5] == UInt8(ascii: ":"),
              let second = digits(bytes, 6, 2), hour <= 23, minute <= 59, second <= 60 else { return false }
        var index = bytes.startIndex + 8
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.endIndex, bytes[index].isASCIIDigit { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.endIndex else { return false }
        var offsetMinutes = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            guard index + 1 == bytes.endIndex else { return false }
        } else {
            let sign = bytes[index]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes.endIndex - index == 6 else { return false }
            let offset = bytes[(index + 1)...]
            guard let hours = digits(offset, 0, 2), offset[offset.startIndex + 2] == UInt8(ascii: ":"),
                  let minutes = digits(offset, 3, 2), hours <= 23, minutes <= 59 else { return false }
            offsetMinutes = (hours * 60 + minutes) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// `P` then years, months, days (or weeks alone), and after `T` hours, minutes, seconds, in that order,
    /// at least one of them.
    static func isDuration(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        guard bytes.popFirst() == UInt8(ascii: "P"), !bytes.isEmpty else { return false }
        func units(_ allowed: [UInt8], _ part: inout ArraySlice<UInt8>) -> Int? {
            var found = 0
            var next = 0
            while !part.isEmpty {
                var digitCount = 0
                while let byte = part.first, byte.isASCIIDigit { part.removeFirst(); digitCount += 1 }
                // Units run in order without gaps: a year is followed by months only, hours by minutes only.
                guard digitCount > 0, let unit = part.popFirst(),
                      let position = allowed[next...].firstIndex(of: unit), found == 0 || position == next else { return nil }
                next = position + 1
                found += 1
            }
            return found
        }
        var datePart = bytes
        var timePart: ArraySlice<UInt8>?
        if let t = bytes.firstIndex(of: UInt8(ascii: "T")) {
            datePart = bytes[..<t]
            timePart = bytes[(t + 1)...]
        }
        if datePart.last == UInt8(ascii: "W") {
            var weeks = datePart
            return timePart == nil && units([UInt8(ascii: "W")], &weeks) == 1
        }
        guard let dateUnits = units(Array("YMD".utf8), &datePart) else { return false }
        if var time = timePart {
            guard let timeUnits = units(Array("HMS".utf8), &time), timeUnits > 0 else { return false }
            return true
        }
        return dateUnits > 0
    }
}
