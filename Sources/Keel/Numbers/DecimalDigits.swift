// Decimal digits of an unsigned integer, written from the last into room counted first: for integers in the
// output, and for the digits of doubles (`ShortestDouble`). No `String` and no scratch buffer in between.

enum DecimalDigits {
    /// Writes `value`'s decimal digits, `count(of: value)` of them, in the bytes just before `end`. Two at a
    /// time from a table of pairs; eight at a time, as two halves of four whose pairs do not wait on each
    /// other, while more than eight remain; then in 32-bit arithmetic (most integers in JSON have nine digits
    /// or fewer, so the first loop rarely runs more than once).
    @inline(__always)
    static func write(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        var end = end
        var remaining = value
        while remaining >= 100_000_000 {
            let quotient = remaining / 100_000_000
            let low = UInt32(truncatingIfNeeded: remaining &- quotient &* 100_000_000)
            let high = low / 10_000
            writeFour(low &- high &* 10_000, endingAt: end)
            writeFour(high, endingAt: end - 4)
            end -= 8
            remaining = quotient
        }
        var small = UInt32(truncatingIfNeeded: remaining)
        if small >= 10_000 {
            let high = small / 10_000
            writeFour(small &- high &* 10_000, endingAt: end)
            end -= 4
            small = high
        }
        if small >= 100 {
            let high = small / 100
            writePair(small &- high &* 100, at: end - 2)
            end -= 2
            small = high
        }
        if small >= 10 {
            writePair(small, at: end - 2)
        } else {
            end[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small)
        }
    }

    /// The four digits of `value` (below 10,000, leading zeros written) in the four bytes before `end`.
    @inline(__always)
    private static func writeFour(_ value: UInt32, endingAt end: UnsafeMutablePointer<UInt8>) {
        let high = (value &* 5243) >> 19  // value / 100 for value below 43,699
        writePair(high, at: end - 4)
        writePair(value &- high &* 100, at: end - 2)
    }

    /// The two digits of `pair` (below 100), copied from the table of pairs.
    @inline(__always)
    static func writePair(_ pair: UInt32, at place: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(pairs.utf8Start + Int(pair &* 2))
        UnsafeMutableRawPointer(place).storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
    }

    /// "00" to "99" in order: pair `n` is the two bytes at `2 * n`.
    @inline(__always)
    private static var pairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// How many decimal digits `value` has: estimated from its bit length (log10(2) is about 1233 / 4096),
    /// then corrected by one comparison with a power of ten.
    @inline(__always)
    static func count(of value: UInt64) -> Int {
        let odd = value | 1  // zero has one digit, as one does
        let estimate = ((64 &- odd.leadingZeroBitCount) &* 1233) >> 12  // 0...19
        return estimate &+ (odd < powerOfTen(estimate) ? 0 : 1)
    }

    /// 10^exponent for exponent 0...19, the powers a UInt64 holds (a switch the compiler makes a table).
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10000
        case 5: return 100000
        case 6: return 1000000
        case 7: return 10000000
        case 8: return 100000000
        case 9: return 1000000000
        case 10: return 10000000000
        case 11: return 100000000000
        case 12: return 1000000000000
        case 13: return 10000000000000
        case 14: return 100000000000000
        case 15: return 1000000000000000
        case 16: return 10000000000000000
        case 17: return 100000000000000000
        case 18: return 1000000000000000000
        case 19: return 10000000000000000000
        default: return 1
        }
    }
}
