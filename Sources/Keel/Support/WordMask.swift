// Looking at eight bytes at once: masks with the high bit set in each byte of a 64-bit word (bytes in
// memory order, lowest first, as on every platform Swift runs on) that matches. The scanner uses them to
// find the end of plain string contents, the writer to find the next byte that needs an escape.
//
// A byte is zero in `x` exactly when `x - 1` borrows into its high bit while its own high bit is clear. A
// borrow can also set high bits in bytes *above* a matching one, never below, so the lowest set bit of a
// mask (or of several masks or-ed together) always marks a real match: `trailingZeroBitCount / 8` is its
// index. Callers and their masks with `highBits` last.

enum WordMask {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Bytes equal to `byte`.
    @inline(__always)
    static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference
    }

    /// Exactly the bytes equal to `byte`, with no borrow into the bytes above a match: slower than
    /// ``bytes(equalTo:in:)`` by two operations, for callers that count the matches or need the last one.
    @inline(__always)
    static func exactBytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((difference & low) &+ low) | difference | low)
    }

    /// Bytes below 0x20, the control characters JSON strings may not hold raw.
    @inline(__always)
    static func controlBytes(in word: UInt64) -> UInt64 {
        (word &- ones &* 0x20) & ~word
    }
}
