import Keel

/// Whether one exact decimal is an integer multiple of another, with no rounding: `0.07` is a multiple of
/// `0.01`, and `1e308` is not a multiple of `0.123456789`, though doubles say otherwise for both.
///
/// For `value = A × 10^a` and `divisor = B × 10^b` (A and B without trailing zeros), the value is a multiple
/// when `b ≤ a` and `B` divides `A × 10^(a−b)`; that remainder is computed digit by digit, and the power of
/// ten by squaring when `B` fits 64 bits. A divisor wider than 64 bits with an exponent gap past
/// ``maximumShiftForWideDivisors`` is not decided (`nil`): the validator reports it instead of guessing.
enum ExactMultiple {
    static let maximumShiftForWideDivisors = 100_000

    static func isMultiple(_ value: DecimalLiteral, of divisor: DecimalLiteral) -> Bool? {
        if value.digits.isEmpty { return true }
        guard !divisor.digits.isEmpty else { return nil }
        guard divisor.exponent <= value.exponent else { return false }
        let shift = value.exponent - divisor.exponent
        if divisor.digits.count <= 19, let modulus = UInt64(String(decoding: divisor.digits, as: UTF8.self)) {
            var remainder: UInt64 = 0
            for digit in value.digits { remainder = mulMod(remainder, 10, modulus, adding: UInt64(digit - 0x30)) }
            return mulMod(remainder, powMod(10, shift, modulus), modulus, adding: 0) == 0
        }
        guard shift <= maximumShiftForWideDivisors else { return nil }
        var wide = WideRemainder(modulus: divisor.digits)
        for digit in value.digits { wide.append(digit: digit - 0x30) }
        for _ in 0..<shift { wide.append(digit: 0) }
        return wide.isZero
    }

    private static func mulMod(_ a: UInt64, _ b: UInt64, _ modulus: UInt64, adding addend: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        let (sum, carry) = product.low.addingReportingOverflow(addend)
        let high = product.high + (carry ? 1 : 0)
        return modulus.dividingFullWidth((high % modulus, sum)).remainder
    }

    private static func powMod(_ base: UInt64, _ exponent: Int, _ modulus: UInt64) -> UInt64 {
        var result: UInt64 = 1 % modulus
        var square = base % modulus
        var rest = exponent
        while rest > 0 {
            if rest & 1 == 1 { result = mulMod(result, square, modulus, adding: 0) }
            square = mulMod(square, square, modulus, adding: 0)
            rest >>= 1
        }
        return result
    }
}

/// A remainder modulo a many-digit number, fed one decimal digit at a time (`r = (10r + d) mod m`), in
/// 32-bit limbs, least significant first.
private struct WideRemainder {
    let modulus: [UInt32]
    var remainder: [UInt32] = []

    init(modulus digits: [UInt8]) {
        var limbs: [UInt32] = []
        for digit in digits { Self.multiplyAdd(&limbs, 10, UInt32(digit - 0x30)) }
        modulus = limbs
    }

    var isZero: Bool { remainder.allSatisfy { $0 == 0 } }

    mutating func append(digit: UInt8) {
        Self.multiplyAdd(&remainder, 10, UInt32(digit))
        // Now below 10 × modulus: at most nine subtractions.
        while Self.compare(remainder, modulus) >= 0 { Self.subtract(&remainder, modulus) }
    }

    static func multiplyAdd(_ limbs: inout [UInt32], _ factor: UInt32, _ addend: UInt32) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        let length = max(a.count, b.count)
        for index in stride(from: length - 1, through: 0, by: -1) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    static func subtract(_ a: inout [UInt32], _ b: [UInt32]) {
        var borrow: Int64 = 0
        for index in a.indices {
            var difference = Int64(a[index]) - (index < b.count ? Int64(b[index]) : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 1 << 32 }
            a[index] = UInt32(difference)
        }
        while a.last == 0 { a.removeLast() }
    }
}
