// Keel's one rule for lines and columns, carried along text a byte at a time or eight at a time. Documents,
// syntax errors, decoding errors and streams all count with it, so that a value's place is the same whichever
// way its text was read.

/// A line and column in text, and how to move them past more of it.
///
/// The rule: a line ends at LF, at CR, and at CR LF, which is one line break (the LF belongs to the break the
/// CR began, so it does not start another line); every other byte that begins a Unicode scalar (or stands
/// alone, when malformed) is one column. Lines and columns are 1-based. Whether a break has happened before a
/// byte depends only on the bytes before it, so text that arrives in pieces counts the same as text read
/// whole.
struct TextPosition: Hashable {
    /// The 1-based line.
    var line = 1
    /// The 1-based column, in Unicode scalars.
    var column = 1
    /// Whether the last byte was a CR, so that an LF now ends no further line.
    var followsCarriageReturn = false

    init() {}

    init(line: Int, column: Int, followsCarriageReturn: Bool = false) {
        self.line = line
        self.column = column
        self.followsCarriageReturn = followsCarriageReturn
    }

    /// Moves past one byte.
    @inline(__always)
    mutating func advance(over byte: UInt8) {
        switch byte {
        case 0x0A:
            if !followsCarriageReturn {
                line += 1
                column = 1
            }
            followsCarriageReturn = false
        case 0x0D:
            line += 1
            column = 1
            followsCarriageReturn = true
        default:
            if byte & 0xC0 != 0x80 { column += 1 }
            followsCarriageReturn = false
        }
    }

    /// Moves past `bytes`, eight at a time where no CR is near (a stream passes every byte through here).
    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: (base + index).loadUnaligned(as: UInt64.self))
                // A word with a CR, or right after one, goes a byte at a time.
                if followsCarriageReturn || WordMask.exactBytes(equalTo: 0x0D, in: word) != 0 {
                    for offset in index..<(index + 8) { advance(over: bytes[offset]) }
                    index += 8
                    continue
                }
                // Exactly the line feeds, and the bytes that begin a scalar.
                let lineFeeds = WordMask.exactBytes(equalTo: 0x0A, in: word)
                let scalarStarts = ~(word & ~(word << 1)) & WordMask.highBits
                if lineFeeds != 0 {
                    line += lineFeeds.nonzeroBitCount
                    let afterLast = (64 - lineFeeds.leadingZeroBitCount + 7) / 8 * 8
                    let after: UInt64 = afterLast >= 64 ? 0 : ~0 << UInt64(afterLast)
                    column = 1 + (scalarStarts & after).nonzeroBitCount
                } else {
                    column += scalarStarts.nonzeroBitCount
                }
                index += 8
            }
        }
        while index < bytes.count {
            advance(over: bytes[index])
            index += 1
        }
    }
}
