// Eight ASCII digits read at once from a 64-bit word (bytes in memory order, the first digit lowest): a check
// that all eight are digits and their value in three multiplications, instead of eight steps of a byte loop.

enum EightDigits {
    /// Whether every byte of `word` is an ASCII digit. A byte above '9' sets its high bit when 0x46 is added;
    /// one below '0' sets it when 0x30 is subtracted (a borrow can only add high bits, never hide one).
    @inline(__always)
    static func areDigits(_ word: UInt64) -> Bool {
        ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080 == 0
    }

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
}
