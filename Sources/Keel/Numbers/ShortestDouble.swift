// A double's shortest decimal text, written straight into the output: the fewest significant digits that
// read back as the same double, the closest to it when several have that many (an even last digit on a
// tie), spelled as the standard library's `description` spells them ("0.1", "100.0", "1e-05",
// "1.7976931348623157e+308"). Found by the Schubfach method (Giulietti, "The Schubfach way to render
// doubles", 2020): the double's rounding interval is scaled by a power of ten chosen so that at most two
// candidates fall in it, with one 64×128-bit multiplication per bound. The power comes from the table the
// parser uses (`NumberText.powersOfTen`). The standard library's own printer takes longer per double and
// hands its text over through a copy.

enum ShortestDouble {
    /// The longest text written: a sign, 17 digits, a point and "e-324".
    static let maximumLength = 32

    /// Writes finite `value` as `description` spells it into `output`, which has room for `maximumLength`
    /// bytes, and returns how many bytes it wrote.
    static func write(_ value: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
        var place = output
        if value.sign == .minus {
            place[0] = UInt8(ascii: "-")
            place += 1
        }
        var (digits, exponent) = decimal(of: value)
        if digits == 0 {
            writeASCII("0.0", at: place)
            return place - output + 3
        }
        // Trailing zeros are not significant digits (an integer's digits come with them).
        while digits % 10 == 0 {
            digits /= 10
            exponent += 1
        }
        let count = DecimalDigits.count(of: digits)
        // The value is 0.d₁d₂…dₙ × 10^pointPosition.
        let pointPosition = exponent + count
        if pointPosition < -3 || value.magnitude > 9_007_199_254_740_992 {
            // d₁.d₂…dₙe±XX, with at least two exponent digits.
            DecimalDigits.write(digits, endingAt: place + 1 + count)
            place[0] = place[1]
            if count > 1 {
                place[1] = UInt8(ascii: ".")
                place += count + 1
            } else {
                place += 1
            }
            place[0] = UInt8(ascii: "e")
            let shown = pointPosition - 1
            place[1] = shown < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let magnitude = UInt64(shown.magnitude)
            let exponentLength = max(DecimalDigits.count(of: magnitude), 2)
            DecimalDigits.write(magnitude, endingAt: place + 2 + exponentLength)
            if magnitude < 10 { place[2] = UInt8(ascii: "0") }
            return place - output + 2 + exponentLength
        }
        if pointPosition <= 0 {
            // 0.00…d₁d₂…dₙ
            writeASCII("0.000", at: place)
            let leading = 2 - pointPosition
            DecimalDigits.write(digits, endingAt: place + leading + count)
            return place - output + leading + count
        }
        if pointPosition < count {
            // d₁…dₖ.dₖ₊₁…dₙ: the digits written one place to the right, the first k moved back over it.
            DecimalDigits.write(digits, endingAt: place + 1 + count)
            for index in 0..<pointPosition { place[index] = place[index + 1] }
            place[pointPosition] = UInt8(ascii: ".")
            return place - output + count + 1
        }
        // d₁…dₙ00….0
        DecimalDigits.write(digits, endingAt: place + count)
        place += count
        for index in 0..<(pointPosition - count) { place[index] = UInt8(ascii: "0") }
        place += pointPosition - count
        writeASCII(".0", at: place)
        return place - output + 2
    }

    @inline(__always)
    private static func writeASCII(_ text: StaticString, at place: UnsafeMutablePointer<UInt8>) {
        place.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    // MARK: The decimal

    /// `value`'s magnitude as `digits` × 10^`exponent`, with the fewest digits that read back as it
    /// (`digits` may end in zeros); zero for zero.
    static func decimal(of value: Double) -> (digits: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = bits & (1 << 52 - 1)
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52) & 0x7FF
        guard biasedExponent != 0 else {
            if fraction == 0 { return (0, 0) }
            return closestShortest(binaryExponent: -1074, significand: fraction)
        }
        let significand = 1 << 52 | fraction
        let binaryExponent = biasedExponent - 1075
        // An integer below 2^53 is its own shortest decimal.
        if binaryExponent < 0, binaryExponent > -53 {
            let integer = significand >> UInt64(-binaryExponent)
            if integer << UInt64(-binaryExponent) == significand { return (integer, 0) }
        }
        return closestShortest(binaryExponent: binaryExponent, significand: significand)
    }

    /// The shortest decimal in the rounding interval of `significand` × 2^`binaryExponent`, the closest of
    /// two when two have as few digits. Works on four times the significand so the interval's bounds are
    /// integers.
    private static func closestShortest(binaryExponent q: Int, significand c: UInt64) -> (digits: UInt64, exponent: Int) {
        let isOdd: UInt64 = c & 1  // an odd significand's bounds round away from it, so are excluded
        let scaled = c << 2
        let upperBound = scaled + 2
        let lowerBound: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            lowerBound = scaled - 2
            k = floorLog10(powerOfTwo: q)
        } else {
            // At a power of two the interval below is half as wide as the one above.
            lowerBound = scaled - 1
            k = floorLog10(threeQuartersOfPowerOfTwo: q)
        }
        let shift = q + floorLog2(powerOfTen: -k) + 2
        let (high, low) = scaledPowerOfTen(-k)
        let value = roundedProduct(high, low, scaled << UInt64(shift))
        let lower = roundedProduct(high, low, lowerBound << UInt64(shift))
        let upper = roundedProduct(high, low, upperBound << UInt64(shift))
        let s = value >> 2
        if s >= 10 {
            // One digit fewer: the multiples of ten around s. (The interval is narrower than ten units of s,
            // so at most one of them is in it. Normal doubles give s of 16 or 17 digits; the smallest
            // subnormals give one or two, where Java's version of the method stops at 100 to keep two digits,
            // which `description` does not.)
            let below = 10 &* s.multipliedFullWidth(by: 1_844_674_407_370_955_168).high  // 10 × (s / 10)
            let above = below &+ 10
            let belowIsIn = lower &+ isOdd <= below << 2
            let aboveIsIn = above << 2 &+ isOdd <= upper
            if belowIsIn != aboveIsIn { return (belowIsIn ? below : above, k) }
        }
        let t = s &+ 1
        let sIsIn = lower &+ isOdd <= s << 2
        let tIsIn = t << 2 &+ isOdd <= upper
        if sIsIn != tIsIn { return (sIsIn ? s : t, k) }
        // Both (or, in theory, neither) are in: the closer one, the even one on a tie.
        let difference = Int64(bitPattern: value &- (s &+ t) << 1)
        let closer = difference < 0 || (difference == 0 && s & 1 == 0) ? s : t
        return (closer, k)
    }

    /// floor(log10(2^q)) for the exponents of doubles.
    @inline(__always)
    private static func floorLog10(powerOfTwo q: Int) -> Int { (q &* 661_971_961_083) >> 41 }

    /// floor(log10(3/4 × 2^q)) for the exponents of doubles.
    @inline(__always)
    private static func floorLog10(threeQuartersOfPowerOfTwo q: Int) -> Int {
        (q &* 661_971_961_083 &- 274_743_187_321) >> 41
    }

    /// floor(log2(10^e)) for the exponents the method uses.
    @inline(__always)
    private static func floorLog2(powerOfTen e: Int) -> Int { (e &* 913_124_641_741) >> 38 }

    /// 10^`e` as a 126-bit integer g (2^125 ≤ g < 2^126, one more than the power scaled and truncated, so it
    /// never falls short of it), split into its high 63 bits and low 63 bits. Taken from the parser's table,
    /// whose entries are the powers truncated to 128 bits.
    @inline(__always)
    private static func scaledPowerOfTen(_ e: Int) -> (high: UInt64, low: UInt64) {
        let entry = (e - NumberText.smallestPowerOfTen) * 2
        let tableHigh = NumberText.powersOfTen[entry], tableLow = NumberText.powersOfTen[entry + 1]
        // Dropping two bits truncates again (to 126), then one is added.
        let truncatedLow = tableHigh << 62 | tableLow >> 2
        let low = truncatedLow &+ 1
        let high = tableHigh >> 2 &+ (low == 0 ? 1 : 0)
        return (high << 1 | low >> 63, low & (1 << 63 - 1))
    }

    /// g × `multiplier` / 2^127, rounded to odd: the low bit is set when anything was cut off, so that
    /// comparisons of the result with exact multiples of four stay exact.
    @inline(__always)
    private static func roundedProduct(_ high: UInt64, _ low: UInt64, _ multiplier: UInt64) -> UInt64 {
        let lowProductHigh = low.multipliedFullWidth(by: multiplier).high
        let highProduct = high.multipliedFullWidth(by: multiplier)
        let middle = highProduct.low >> 1 &+ lowProductHigh
        let result = highProduct.high &+ middle >> 63
        let mask: UInt64 = 1 << 63 - 1
        return result | ((middle & mask) &+ mask) >> 63
    }
}
