// Whether a Double holds a decimal literal's exact value: `2.5` and `2^63` yes, `0.1` and `2^53 + 1` no.
//
// A decimal m × 10^e (m without trailing zeros) is a double exactly when it equals q × 2^j with q odd,
// q < 2^53 and j within a double's exponent range. For e ≥ 0 that is m × 5^e × 2^e; for e < 0 it needs
// 5^-e to divide m, leaving q = m / 5^-e (odd, since m is then odd) times 2^e. The arithmetic runs on a
// small unsigned big integer, bounded because no exact double needs more than about 770 decimal digits.

extension DecimalLiteral {
    /// Whether the double nearest to this value equals it exactly.
    var isExactDouble: Bool {
        if isZero { return true }
        // The longest exact double (2^-1074 times an odd 53-bit number) has 767 significant digits.
        if digits.count > 800 || exponent > 330 || exponent < -1100 { return false }
        if digits.count <= 19, let exact = smallIsExactDouble { return exact }
        var value = UnsignedBigInteger(decimalDigits: digits)
        var twos: Int
        if exponent >= 0 {
            for _ in 0..<exponent { value.multiply(by: 5) }
            twos = exponent
        } else {
            for _ in 0..<(-exponent) {
                if value.divide(by: 5) != 0 { return false }
            }
            twos = exponent
        }
        twos += value.removeTrailingZeroBits()
        let width = value.bitWidth
        guard width <= 53 else { return false }
        // The value is an odd `width`-bit number times 2^twos: its top bit is 2^(width - 1 + twos), which
        // must stay below 2^1024, and its lowest bit at or above 2^-1074.
        return width + twos <= 1024 && twos >= -1074
    }
}

extension DecimalLiteral {
    /// The same answer in 64-bit arithmetic for significands of up to 19 digits, or `nil` when that
    /// arithmetic would overflow (the caller then takes the big-integer path).
    private var smallIsExactDouble: Bool? {
        var significand: UInt64 = 0
        for digit in digits { significand = significand * 10 + UInt64(digit &- UInt8(ascii: "0")) }
        var twos = exponent
        if exponent >= 0 {
            for _ in 0..<exponent {
                let (product, overflow) = significand.multipliedReportingOverflow(by: 5)
                if overflow { return nil }
                significand = product
            }
        } else {
            // 5^28 exceeds every 19-digit significand, which then cannot be a multiple of it.
            if -exponent > 27 { return false }
            var power: UInt64 = 1
            for _ in 0..<(-exponent) { power *= 5 }
            guard significand % power == 0 else { return false }
            significand /= power
        }
        twos += significand.trailingZeroBitCount
        significand >>= UInt64(significand.trailingZeroBitCount)
        let width = UInt64.bitWidth - significand.leadingZeroBitCount
        return width <= 53 && width + twos <= 1024 && twos >= -1074
    }
}

/// A non-negative integer of any size, in 32-bit limbs, least significant first; only what
/// ``DecimalLiteral/isExactDouble`` needs.
struct UnsignedBigInteger {
    private(set) var limbs: [UInt32] = []

    init(decimalDigits: [UInt8]) {
        for digit in decimalDigits {
            multiply(by: 10)
            add(UInt32(digit &- UInt8(ascii: "0")))
        }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func add(_ addend: UInt32) {
        var carry = UInt64(addend)
        var i = 0
        while carry != 0 {
            if i == limbs.count { limbs.append(0) }
            let sum = UInt64(limbs[i]) + carry
            limbs[i] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
            i += 1
        }
    }

    /// Divides in place; returns the remainder. Leaves the value unchanged when the remainder is not zero.
    mutating func divide(by divisor: UInt32) -> UInt32 {
        var quotient = limbs
        var remainder: UInt64 = 0
        for i in quotient.indices.reversed() {
            let current = remainder << 32 | UInt64(quotient[i])
            quotient[i] = UInt32(current / UInt64(divisor))
            remainder = current % UInt64(divisor)
        }
        if remainder == 0 {
            while quotient.last == 0 { quotient.removeLast() }
            limbs = quotient
        }
        return UInt32(remainder)
    }

    /// Shifts out the low zero bits; returns how many there were. Zero stays zero.
    mutating func removeTrailingZeroBits() -> Int {
        guard let first = limbs.firstIndex(where: { $0 != 0 }) else { return 0 }
        let bits = limbs[first].trailingZeroBitCount
        limbs.removeFirst(first)
        if bits > 0 {
            for i in limbs.indices {
                let high = i + 1 < limbs.count ? limbs[i + 1] << (32 - bits) : 0
                limbs[i] = limbs[i] >> bits | high
            }
            while limbs.last == 0 { limbs.removeLast() }
        }
        return first * 32 + bits
    }

    /// The number of bits up to the highest set one; zero for zero.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }
}
