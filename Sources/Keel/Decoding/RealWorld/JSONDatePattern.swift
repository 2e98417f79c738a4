// Dates written in a pattern of Unicode date-field symbols (`EEE MMM dd HH:mm:ss Z yyyy`), the patterns users
// know from `DateFormatter`, read and written without ICU: English month and day names, numeric zones, and
// the same integer arithmetic as RFC 3339 dates, so every platform gives the same instant.

/// A date pattern of Unicode date-field symbols, compiled once, for reading and writing dates such as
/// Twitter's `"Wed Aug 27 13:08:45 +0000 2008"`.
///
/// ```swift
/// let twitter = JSONDatePattern("EEE MMM dd HH:mm:ss Z yyyy")
/// let instant = twitter.timestamp(from: "Wed Aug 27 13:08:45 +0000 2008")   // 1219842525s since 1970
/// twitter.string(from: instant!)                                          // "Wed Aug 27 13:08:45 +0000 2008"
/// ```
///
/// | symbols | field | reads | writes |
/// | --- | --- | --- | --- |
/// | `y`, `yyyy` | year | 1 or more digits; `yyyy` exactly 4 | as many digits as needed; padded to the count |
/// | `yy` | year | two digits: 00–68 are 2000–2068, 69–99 are 1969–1999 (fixed, as POSIX `strptime`; `DateFormatter`'s window moves with today's date) | the last two digits |
/// | `M`, `MM` (`L`) | month | 1–2 digits; `MM` exactly 2 | padded to the count |
/// | `MMM`, `MMMM` | month | `Aug`, `August` (any letter case) | `Aug`, `August` |
/// | `d`, `dd` | day of the month | as `M`, `MM` | |
/// | `E`–`EEE`, `EEEE` | day of the week | `Wed`, `Wednesday`; read and not checked against the date | `Wed`, `Wednesday` |
/// | `H`, `HH` / `k` | hour 0–23 / 1–24 | as `M`, `MM` | |
/// | `h`, `hh` / `K` | hour 1–12 / 0–11, with `a` | as `M`, `MM` | |
/// | `a` | `AM` or `PM` (any letter case) | | `AM`, `PM` |
/// | `m`, `mm`, `s`, `ss` | minute, second | as `M`, `MM`; second 60 is the next minute's first | |
/// | `S`… | fraction of a second | 1–9 digits | as many digits as `S`s |
/// | `Z`–`ZZZ`, `xx`, `XX` | zone offset | `+0000`, `-0530`, `+05:30`, `Z`, `GMT`, `UTC` | `+0000` |
/// | `ZZZZZ`, `xxx`, `XXX` | zone offset | as above | `+00:00` (`Z` for `X`) |
/// | `ZZZZ` | zone offset | as above, and `GMT+01:00` | `GMT+01:00`, `GMT` |
/// | `x`, `X` | zone offset | as above | `+01`, `+0130` (`Z` for `X`) |
/// | `'text'`, `''` | literal text, a quote | exactly | |
///
/// Other ASCII letters are reserved; a pattern that uses one is not usable (``problem`` says why) and every
/// date read with it fails with that reason. Any other character stands for itself. A date with no zone in
/// the pattern is read in `secondsFromGMT` (UTC by default, never the machine's zone), and a date is written
/// at that offset; fields the pattern leaves out are those of 1970-01-01T00:00:00.
public struct JSONDatePattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// The offset from UTC used to read dates whose pattern has no zone, and to write every date.
    public let secondsFromGMT: Int
    /// The pattern's fields, in order.
    let fields: [Field]
    /// Why the pattern cannot be used, or `nil` when it can.
    public let problem: String?

    /// One field of a pattern.
    enum Field: Sendable, Hashable {
        case literal([UInt8])
        case year(Int)
        case month(Int)
        case day(Int)
        case weekday(Int)
        case hour(Int, HourCycle)
        case dayPeriod
        case minute(Int)
        case second(Int)
        case fraction(Int)
        case zone(ZoneStyle)
    }

    /// How an hour field counts.
    enum HourCycle: Sendable, Hashable {
        case from0To23, from1To24, from1To12, from0To11
    }

    /// How a zone field writes its offset (reading takes any of them).
    enum ZoneStyle: Sendable, Hashable {
        /// `+0000`.
        case basic
        /// `+00:00`, or `Z` for UTC when `zulu`.
        case extended(zulu: Bool)
        /// `GMT+01:00`, `GMT`.
        case gmt
        /// `+01` or `+0130`, or `Z` for UTC when `zulu`.
        case short(zulu: Bool)
    }

    /// Compiles `pattern`. A pattern with a reserved letter is kept, with ``problem`` saying which.
    public init(_ pattern: String, secondsFromGMT: Int = 0) {
        self.pattern = pattern
        self.secondsFromGMT = secondsFromGMT
        var compiled = PatternCompiler(Array(pattern.utf8))
        fields = compiled.fields()
        problem = compiled.problem
    }

    /// `JSONDatePattern("EEE MMM dd HH:mm:ss Z yyyy")`.
    public var description: String { "JSONDatePattern(\(pattern.debugDescription))" }

    /// What a date in this pattern looks like, for messages: `a date in the pattern "yyyy-MM-dd"`.
    var expectation: String { "a date in the pattern \(pattern.debugDescription)" }
}

// MARK: Compiling

/// Turns pattern text into fields: runs of one letter become a field, quoted text and other characters literal.
private struct PatternCompiler {
    let bytes: [UInt8]
    var position = 0
    var problem: String?
    var literal: [UInt8] = []
    var result: [JSONDatePattern.Field] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func fields() -> [JSONDatePattern.Field] {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "'") {
                quoted()
            } else if Self.isLetter(byte) {
                var count = 1
                while position + count < bytes.count, bytes[position + count] == byte { count += 1 }
                position += count
                field(byte, count: count)
            } else {
                literal.append(byte)
                position += 1
            }
        }
        flushLiteral()
        return result
    }

    /// `''` is a quote; `'text'` is text, in which `''` is a quote too.
    private mutating func quoted() {
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "'") {
            literal.append(UInt8(ascii: "'"))
            position += 1
            return
        }
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "'") {
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "'") {
                    literal.append(UInt8(ascii: "'"))
                    position += 2
                    continue
                }
                position += 1
                return
            }
            literal.append(bytes[position])
            position += 1
        }
        if problem == nil { problem = "a quoted text is not closed" }
    }

    private mutating func field(_ letter: UInt8, count: Int) {
        flushLiteral()
        let field: JSONDatePattern.Field?
        switch letter {
        case UInt8(ascii: "y"), UInt8(ascii: "u"): field = .year(count)
        case UInt8(ascii: "M"), UInt8(ascii: "L"): field = count <= 4 ? .month(count) : nil
        case UInt8(ascii: "d"): field = count <= 2 ? .day(count) : nil
        case UInt8(ascii: "E"): field = count <= 4 ? .weekday(count) : nil
        case UInt8(ascii: "H"): field = count <= 2 ? .hour(count, .from0To23) : nil
        case UInt8(ascii: "k"): field = count <= 2 ? .hour(count, .from1To24) : nil
        case UInt8(ascii: "h"): field = count <= 2 ? .hour(count, .from1To12) : nil
        case UInt8(ascii: "K"): field = count <= 2 ? .hour(count, .from0To11) : nil
        case UInt8(ascii: "a"): field = .dayPeriod
        case UInt8(ascii: "m"): field = count <= 2 ? .minute(count) : nil
        case UInt8(ascii: "s"): field = count <= 2 ? .second(count) : nil
        case UInt8(ascii: "S"): field = count <= 9 ? .fraction(count) : nil
        case UInt8(ascii: "Z"):
            switch count {
            case 1...3: field = .zone(.basic)
            case 4: field = .zone(.gmt)
            case 5: field = .zone(.extended(zulu: true))
            default: field = nil
            }
        case UInt8(ascii: "X"), UInt8(ascii: "x"):
            let zulu = letter == UInt8(ascii: "X")
            switch count {
            case 1: field = .zone(.short(zulu: zulu))
            case 2: field = zulu ? .zone(.short(zulu: true)) : .zone(.basic)
            case 3: field = .zone(.extended(zulu: zulu))
            default: field = nil
            }
        default: field = nil
        }
        if let field {
            result.append(field)
        } else if problem == nil {
            let symbol = String(repeating: Character(Unicode.Scalar(letter)), count: count)
            problem = "the field \"\(symbol)\" is not supported"
        }
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        result.append(.literal(literal))
        literal = []
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}

// MARK: Names

extension JSONDatePattern {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
