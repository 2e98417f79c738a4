// Exact conversions of JSON number literals (already validated by the scanner, or by JSONNumber's own
// check) to integers and floating point. Integers are exact or fail; doubles are correctly rounded.

/// Why a number could not be read as the asked type.
enum NumberConversionFailure: Error, Sendable, Equatable {
    /// The exact value has a fractional part (`1.5`), so no integer type can hold it.
    case notAnInteger
    /// The exact value is an integer, or a double, outside the asked type's range.
    case outOfRange
}

/// A literal's exact value as `digits × 10^exponent`, with no leading or trailing zero digits.
package struct DecimalLiteral: Equatable {
    package var isNegative: Bool
    /// Significant digits as ASCII bytes; empty for zero.
    package var digits: [UInt8]
    package var exponent: Int
    /// The exact exponent when ``exponent`` was clamped to ``exponentBound`` (a literal such as
    /// `1e3000000000000`), so that comparisons stay exact; `nil` otherwise.
    var hugeExponent: SignedDecimal?

    /// A literal's exponent is clamped to this magnitude for arithmetic: far beyond any finite double or
    /// integer, and small enough that adding a digit count never overflows. ``hugeExponent`` keeps it exact.
    static let exponentBound = 1 << 40

    init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.exponent = exponent
    }

    /// The exact exponent, clamped or not.
    var exactExponent: SignedDecimal { hugeExponent ?? SignedDecimal(exponent) }

    /// Reads a literal that follows the JSON number grammar.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let isNegative = text.first == UInt8(ascii: "-")
        if isNegative { i += 1 }
        var digits: [UInt8] = []
        var exponent = 0
        var hugeWritten: SignedDecimal?
        var seenNonZero = false
        while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
            if text[i] != UInt8(ascii: "0") || seenNonZero {
                digits.append(text[i])
                seenNonZero = true
            }
            i += 1
        }
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
                if text[i] != UInt8(ascii: "0") || seenNonZero {
                    digits.append(text[i])
                    seenNonZero = true
                }
                exponent -= 1
                i += 1
            }
        }
        if i < text.count, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var negativeExponent = false
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var written = 0
            let exponentStart = i
            while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
                written = min(written * 10 + Int(text[i] - UInt8(ascii: "0")), DecimalLiteral.exponentBound)
                i += 1
            }
            if written == DecimalLiteral.exponentBound {
                // Kept whole: the places the fraction and trailing zeros move it by are added below.
                hugeWritten = SignedDecimal(negative: negativeExponent, digits: text[exponentStart..<i])
            }
            exponent += negativeExponent ? -written : written
        }
        let clampedWritten = hugeWritten.map { $0.negative ? -DecimalLiteral.exponentBound : DecimalLiteral.exponentBound } ?? 0
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            exponent = 0
            hugeWritten = nil
        }
        // What the fraction and trailing zeros add to the written exponent (far smaller than it, when huge).
        let shift = exponent - clampedWritten
        exponent = max(min(exponent, DecimalLiteral.exponentBound), -DecimalLiteral.exponentBound)
        self.init(isNegative: isNegative, digits: digits, exponent: exponent)
        hugeExponent = hugeWritten.map { $0 + SignedDecimal(shift) }
    }

    init<T: FixedWidthInteger>(_ value: T) {
        var text = Array(String(value.magnitude).utf8)
        var exponent = 0
        while text.count > 1, text.last == UInt8(ascii: "0") {
            text.removeLast()
            exponent += 1
        }
        if text == [UInt8(ascii: "0")] { text = [] }
        self.init(isNegative: value < 0 && !text.isEmpty, digits: text, exponent: text.isEmpty ? 0 : exponent)
    }

    var isZero: Bool { digits.isEmpty }

    /// Equal exact values (`-0` equals `0`).
    package static func == (a: DecimalLiteral, b: DecimalLiteral) -> Bool {
        if a.isZero || b.isZero { return a.isZero && b.isZero }
        guard a.isNegative == b.isNegative, a.digits == b.digits else { return false }
        if a.hugeExponent == nil, b.hugeExponent == nil { return a.exponent == b.exponent }
        return a.exactExponent == b.exactExponent
    }

    /// The exact value as `T`, or why not.
    func integer<T: FixedWidthInteger>(as type: T.Type) -> Result<T, NumberConversionFailure> {
        if isZero { return .success(0) }
        if exponent < 0 { return .failure(.notAnInteger) }
        // More than 20 decimal digits exceed every 64-bit type.
        if digits.count + exponent > 20 { return .failure(.outOfRange) }
        var magnitude: UInt64 = 0
        for digit in digits + Array(repeating: UInt8(ascii: "0"), count: exponent) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return .failure(.outOfRange) }
            magnitude = sum
        }
        return NumberText.signed(magnitude: magnitude, negative: isNegative, as: T.self)
    }
}

enum NumberText {
    /// `magnitude` with a sign, as `T` when it fits.
    static func signed<T: FixedWidthInteger>(
        magnitude: UInt64, negative: Bool, as type: T.Type
    ) -> Result<T, NumberConversionFailure> {
        guard negative, magnitude != 0 else {
            return T(exactly: magnitude).map { .success($0) } ?? .failure(.outOfRange)
        }
        // T.min is -(T.max) - 1, so -magnitude fits when magnitude - 1 fits.
        guard T.isSigned, let belowMagnitude = T(exactly: magnitude - 1) else { return .failure(.outOfRange) }
        return .success(0 - belowMagnitude - 1)
    }

    /// Reads a validated literal as an exact integer of type `T`.
    ///
    /// Plain integer literals of up to 19 digits take a direct path; anything else (`1.0`, `1e2`, long
    /// literals) goes through the exact decimal form.
    static func integer<T: FixedWidthInteger>(
        _ text: UnsafeBufferPointer<UInt8>, isPlainInteger: Bool, as type: T.Type
    ) -> Result<T, NumberConversionFailure> {
        let negative = text.first == UInt8(ascii: "-")
        let digitCount = text.count - (negative ? 1 : 0)
        if isPlainInteger, digitCount <= 19 {
            var magnitude: UInt64 = 0
            for i in (negative ? 1 : 0)..<text.count {
                magnitude = magnitude &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
            }
            return signed(magnitude: magnitude, negative: negative, as: T.self)
        }
        return DecimalLiteral(text).integer(as: T.self)
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The correctly rounded double nearest to a validated literal; infinite when beyond Double's range.
    ///
    /// Literals whose significand fits in 53 bits and whose decimal exponent is at most 22 in size convert
    /// exactly with one multiplication or division (both operands are exact doubles, so the one rounding
    /// is correct); most others with up to 19 significant digits by ``eiselLemire(significand:exponent:negative:)``;
    /// the rest go to the standard library's correctly rounded conversion.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        var i = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        // `digits` counts significant digits (from the first non-zero one); past 19 the significand has
        // wrapped and only the slow path is exact.
        while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
            significand = significand &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
            if digits > 0 || text[i] != UInt8(ascii: "0") { digits += 1 }
            i += 1
        }
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            // Eight digits at a time while eight remain (a double's fraction usually has more than eight).
            if let base = text.baseAddress {
                while i &+ 8 <= text.count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    guard EightDigits.areDigits(word) else { break }
                    let chunk = EightDigits.value(word)
                    if digits > 0 {
                        digits += 8
                    } else if chunk != 0 {
                        // The significand was zero so far: its first non-zero digit is in this chunk.
                        digits = DecimalDigits.count(of: chunk)
                    }
                    significand = significand &* 100_000_000 &+ chunk
                    exponent -= 8
                    i += 8
                }
                // The last digits, fewer than eight, at once when they end the text (no exponent follows):
                // they are the top bytes of the eight that end it.
                let remaining = text.count &- i
                if remaining > 0, remaining < 8, text.count >= 8,
                   let chunk = EightDigits.value(
                       ofLast: remaining,
                       in: UInt64(littleEndian: UnsafeRawPointer(base + (text.count &- 8)).loadUnaligned(as: UInt64.self))) {
                    if digits > 0 {
                        digits += remaining
                    } else if chunk != 0 {
                        digits = DecimalDigits.count(of: chunk)
                    }
                    significand = significand &* DecimalDigits.powerOfTen(remaining) &+ chunk
                    exponent -= remaining
                    i = text.count
                }
            }
            while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
                significand = significand &* 10 &+ UInt64(text[i] &- UInt8(ascii: "0"))
                if digits > 0 || text[i] != UInt8(ascii: "0") { digits += 1 }
                exponent -= 1
                i += 1
            }
        }
        if i < text.count {
            // An exponent part: read it (clamped) and add it.
            i += 1
            var negativeExponent = false
            if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var written = 0
            while i < text.count {
                written = min(written * 10 + Int(text[i] &- UInt8(ascii: "0")), DecimalLiteral.exponentBound)
                i += 1
            }
            exponent += negativeExponent ? -written : written
        }
        if digits <= 19, let value = double(exactSignificand: significand, exponent: exponent, negative: negative) {
            return value
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// The correctly rounded double of `significand × 10^exponent`, negated when `negative`, for a
    /// significand read without loss (at most 19 digits); `nil` when only the slow path can tell.
    static func double(exactSignificand significand: UInt64, exponent: Int, negative: Bool) -> Double? {
        if significand <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(significand)
            value = exponent < 0 ? value / exactPowersOfTen[-exponent] : value * exactPowersOfTen[exponent]
            return negative ? -value : value
        }
        return eiselLemire(significand: significand, exponent: exponent, negative: negative)
    }

    /// The correctly rounded float nearest to a validated literal; infinite when beyond Float's range.
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float {
        Float(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// The value of JSON5's `NaN`, `Infinity` or `-Infinity` (the only texts of a number marked non-finite).
    static func nonFinite(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        switch text.first {
        case UInt8(ascii: "N"): return .nan
        case UInt8(ascii: "-"): return -.infinity
        default: return .infinity
        }
    }

    /// Whether a validated plain integer is `-0`, which must not become the integer 0: its double is -0.0.
    static func isNegativeZero(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count == 2 && text[0] == UInt8(ascii: "-") && text[1] == UInt8(ascii: "0")
    }

    /// Whether `text` follows the JSON number grammar.
    static func isValidLiteral(_ text: some Collection<UInt8>) -> Bool {
        let bytes = Array(text)
        return bytes.withUnsafeBufferPointer { literalEnd(in: $0, from: 0) == $0.count }
    }

    /// The end of the number that starts at `start` by the JSON number grammar: the first byte that cannot
    /// continue it, or the text's end. `nil` when no number starts there, or when its text breaks the grammar
    /// before such a byte (a leading zero followed by a digit, `.` or an exponent marker without a digit).
    static func literalEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = text.count
        func isDigit(_ index: Int) -> Bool { index < count && text[index] &- UInt8(ascii: "0") < 10 }
        var index = start
        if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if text[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return nil }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        return index
    }
}

extension DecimalLiteral {
    /// Whether `a`'s exact value is below `b`'s.
    static func isLess(_ a: DecimalLiteral, _ b: DecimalLiteral) -> Bool {
        if a.isZero || b.isZero {
            if a.isZero && b.isZero { return false }
            return a.isZero ? !b.isNegative : a.isNegative
        }
        if a.isNegative != b.isNegative { return a.isNegative }
        return a.isNegative ? isMagnitudeLess(b, a) : isMagnitudeLess(a, b)
    }

    /// Whether `|a| < |b|`, both non-zero: first by the place of the leading digit, then digit by digit
    /// (trailing zeros are never kept, so a shorter run of digits that is a prefix is the smaller).
    private static func isMagnitudeLess(_ a: DecimalLiteral, _ b: DecimalLiteral) -> Bool {
        if a.hugeExponent != nil || b.hugeExponent != nil {
            let aLead = a.exactExponent + SignedDecimal(a.digits.count)
            let bLead = b.exactExponent + SignedDecimal(b.digits.count)
            if aLead != bLead { return aLead < bLead }
            return a.digits.lexicographicallyPrecedes(b.digits)
        }
        let aLead = a.digits.count + a.exponent, bLead = b.digits.count + b.exponent
        if aLead != bLead { return aLead < bLead }
        return a.digits.lexicographicallyPrecedes(b.digits)
    }
}
