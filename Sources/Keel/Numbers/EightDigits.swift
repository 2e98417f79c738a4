// Eight ASCII digits read at once from a 64-bit word (bytes in memory order, the first digit lowest): a check
// that all eight are digits and their value in three multiplications, instead of eight steps of a byte loop.

enum EightDigits {
    /// The high bit of each byte of `word` that is not an ASCII digit, and perhaps of bytes after such a byte,
    /// never before: a byte above '9' sets its high bit when 0x46 is added, one below '0' when 0x30 is
    /// subtracted, and the carries and borrows this causes only reach the bytes after it.
    @inline(__always)
    static func nonDigitFlags(_ word: UInt64) -> UInt64 {
        ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
    }

    /// Whether every byte of `word` is an ASCII digit.
    @inline(__always)
    static func areDigits(_ word: UInt64) -> Bool { nonDigitFlags(word) == 0 }

    /// How many of `word`'s bytes, from the first, are digits before one that is not (8 when all are): the
    /// first flagged byte is the first that is not a digit.
    @inline(__always)
    static func leadingDigitCount(_ word: UInt64) -> Int { nonDigitFlags(word).trailingZeroBitCount &>> 3 }

    /// The value of the eight digits in `word` (checked by `areDigits`), the first byte most significant.
    @inline(__always)
    static func value(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        // Each byte pair becomes its two-digit value (in the pair's low byte)...
        value = (value &* 10) &+ (value >> 8)
        // ...then pairs of pairs become four-digit values, and those the eight-digit one, in the high word.
        let low = (value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
        let high = ((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))
        return (low &+ high) >> 32
    }

    /// The value of the last `count` bytes of `word` (1 to 7 of them, in its most significant bytes), when
    /// they are all digits: the bytes before them count as zeros. `nil` when one of them is not a digit.
    /// Reads a number's last few digits at once from the eight bytes that end it.
    @inline(__always)
    static func value(ofLast count: Int, in word: UInt64) -> UInt64? {
        let kept = UInt64.max &<< (UInt64(truncatingIfNeeded: 8 &- count) &* 8)
        let padded = (word & kept) | (0x3030_3030_3030_3030 & ~kept)
        return areDigits(padded) ? value(padded) : nil
    }
}
