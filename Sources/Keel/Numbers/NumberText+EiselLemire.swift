// Converting a decimal significand and exponent to the nearest double with one 64×128-bit multiplication:
// the Eisel–Lemire method (Lemire, "Number Parsing at a Gigabyte per Second", 2021). It answers `nil` in the
// rare cases where the truncated power of ten leaves the rounding in doubt; the caller then takes the slow,
// exact path.

extension NumberText {
    /// The double nearest to `significand` × 10^`exponent` (negated when `negative`), or `nil` when this
    /// method cannot decide the rounding or the result is subnormal, infinite or out of the table's range.
    /// `significand` must be the exact decimal significand (at most 19 digits).
    static func eiselLemire(significand: UInt64, exponent: Int, negative: Bool) -> Double? {
        if significand == 0 { return negative ? -0.0 : 0.0 }
        guard exponent >= smallestPowerOfTen, exponent <= largestPowerOfTen else { return nil }

        // Normalise the significand so its top bit is set.
        let leadingZeros = significand.leadingZeroBitCount
        let normalized = significand << UInt64(leadingZeros)
        // The binary exponent of the result, biased as a double's is: log2(10) ≈ 217706 / 2^16.
        var binaryExponent = UInt64(bitPattern: Int64((217_706 &* exponent) >> 16 &+ 64 &+ 1023)) &- UInt64(leadingZeros)

        // Multiply by the high word of the power of ten; if the low bits of the product could still carry
        // into the bits that matter, use the low word too.
        let entry = (exponent - smallestPowerOfTen) * 2
        let high = powersOfTen[entry], low = powersOfTen[entry + 1]
        var (productHigh, productLow) = normalized.multipliedFullWidth(by: high)
        if productHigh & 0x1FF == 0x1FF, productLow &+ normalized < productLow {
            let (extraHigh, extraLow) = normalized.multipliedFullWidth(by: low)
            var mergedHigh = productHigh
            let mergedLow = productLow &+ extraHigh
            if mergedLow < productLow { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, extraLow &+ normalized < extraLow { return nil }
            (productHigh, productLow) = (mergedHigh, mergedLow)
        }

        // Keep 54 bits: the 53 of a double's significand and one for rounding.
        let topBit = productHigh >> 63
        var mantissa = productHigh >> (topBit + 9)
        binaryExponent &-= 1 ^ topBit

        // Exactly halfway between two doubles: the truncated table cannot tell which way; let the slow path.
        if productLow == 0, productHigh & 0x1FF == 0, mantissa & 3 == 1 { return nil }

        // Round to nearest, ties to even, and renormalise if rounding carried into a new bit.
        mantissa &+= mantissa & 1
        mantissa >>= 1
        if mantissa >> 53 > 0 {
            mantissa >>= 1
            binaryExponent &+= 1
        }
        // Zero (after the wrap) means subnormal, 0x7FF or more means infinite: both are the slow path's.
        if binaryExponent &- 1 >= 0x7FF - 1 { return nil }
        let bits = binaryExponent << 52 | mantissa & 0x000F_FFFF_FFFF_FFFF | (negative ? 1 << 63 : 0)
        return Double(bitPattern: bits)
    }
}
