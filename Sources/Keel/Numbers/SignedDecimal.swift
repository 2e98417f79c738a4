// Integers of any size in decimal, for the one place Keel needs them: exponents too large for `Int` in number
// literals (`1e3000000000000000000000`), which must still compare exactly.

/// A signed integer of any size, as its decimal digits.
struct SignedDecimal: Sendable, Hashable, Comparable {
    /// Whether it is below zero (never for zero).
    let negative: Bool
    /// The magnitude's ASCII digits, most significant first, without leading zeros; empty for zero.
    let magnitude: [UInt8]

    init<Digits: Collection<UInt8>>(negative: Bool, digits: Digits) {
        let significant = Array(digits.drop { $0 == UInt8(ascii: "0") })
        self.magnitude = significant
        self.negative = negative && !significant.isEmpty
    }

    init(_ value: Int) {
        self.init(negative: value < 0, digits: Array(String(value.magnitude).utf8))
    }

    static func + (a: SignedDecimal, b: SignedDecimal) -> SignedDecimal {
        if a.negative == b.negative {
            return SignedDecimal(negative: a.negative, digits: sum(a.magnitude, b.magnitude))
        }
        switch compareMagnitudes(a.magnitude, b.magnitude) {
        case 0: return SignedDecimal(0)
        case 1: return SignedDecimal(negative: a.negative, digits: difference(a.magnitude, b.magnitude))
        default: return SignedDecimal(negative: b.negative, digits: difference(b.magnitude, a.magnitude))
        }
    }

    static func < (a: SignedDecimal, b: SignedDecimal) -> Bool {
        if a.negative != b.negative { return a.negative }
        let order = compareMagnitudes(a.magnitude, b.magnitude)
        return a.negative ? order > 0 : order < 0
    }

    /// -1, 0 or 1 as `a` is below, equal to or above `b` (magnitudes without leading zeros).
    private static func compareMagnitudes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    private static func sum(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var carry: UInt8 = 0
        var i = a.count - 1
        var j = b.count - 1
        while i >= 0 || j >= 0 || carry > 0 {
            var digit = carry
            if i >= 0 { digit += a[i] - UInt8(ascii: "0") }
            if j >= 0 { digit += b[j] - UInt8(ascii: "0") }
            result.append(UInt8(ascii: "0") + digit % 10)
            carry = digit / 10
            i -= 1
            j -= 1
        }
        return result.reversed()
    }

    /// `a - b` for `a` above `b`.
    private static func difference(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var borrow = 0
        var j = b.count - 1
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            var digit = Int(a[i] - UInt8(ascii: "0")) - borrow
            if j >= 0 { digit -= Int(b[j] - UInt8(ascii: "0")) }
            borrow = digit < 0 ? 1 : 0
            result.append(UInt8(ascii: "0") + UInt8(digit + borrow * 10))
            j -= 1
        }
        return result.reversed()
    }
}
