// Most non-integer numbers in real JSON are plain decimals (`-65.61972000000003`, `0.5`) of at most 19
// digits. A `JSON` tree used to keep each as a `String`, which allocates once the text passes 15 bytes; it
// now keeps the digits in a `UInt64` and the count after the point, which gives back the same text
// character for character, and the double without reading text.

/// A number literal of the form `-?digits.digits`, with no exponent and at most 19 digits in all, held
/// without allocating.
struct ShortDecimal: Sendable {
    /// Every digit of the literal, the point removed (`12.50` → 1250).
    let significand: UInt64
    /// How many digits follow the point (`12.50` → 2); at least 1.
    let fractionDigits: UInt8
    let isNegative: Bool

    /// The most digits a literal may have to be held: 19 digits always fit in a `UInt64`.
    static let maximumDigits = 19

    /// The literal's decimal form, or `nil` when `text` (a validated JSON number) has an exponent, no
    /// point, or more than 19 digits.
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        guard text.count <= ShortDecimal.maximumDigits + 2, let first = text.first else { return nil }
        let negative = first == UInt8(ascii: "-")
        var significand: UInt64 = 0
        var point = -1
        var i = negative ? 1 : 0
        while i < text.count {
            let digit = text[i] &- UInt8(ascii: "0")
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
            } else if text[i] == UInt8(ascii: "."), point < 0 {
                point = i
            } else {
                return nil  // an exponent
            }
            i += 1
        }
        let fraction = text.count - point - 1
        let digits = text.count - (negative ? 2 : 1)
        guard point > 0, fraction > 0, digits <= ShortDecimal.maximumDigits else { return nil }
        self.significand = significand
        self.fractionDigits = UInt8(fraction)
        self.isNegative = negative
    }

    /// Calls `body` with the literal's text, written into a buffer on the stack.
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // sign, 19 digits and the point fit in 24 bytes
        return withUnsafeMutableBytes(of: &scratch) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var end = bytes.count
            var remaining = significand
            var written = 0
            // Digits from the last; the point after `fractionDigits` of them; at least one digit before it.
            while remaining > 0 || written <= Int(fractionDigits) {
                if written == Int(fractionDigits) {
                    end -= 1
                    bytes[end] = UInt8(ascii: ".")
                }
                end -= 1
                bytes[end] = UInt8(ascii: "0") &+ UInt8(remaining % 10)
                remaining /= 10
                written += 1
            }
            if isNegative {
                end -= 1
                bytes[end] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: bytes[end...]))
        }
    }

    /// The literal as it was written.
    var text: String { withText { String(decoding: $0, as: UTF8.self) } }

    /// The correctly rounded double nearest to the literal.
    var nearestDouble: Double {
        NumberText.double(exactSignificand: significand, exponent: -Int(fractionDigits), negative: isNegative)
            ?? withText { NumberText.double($0) }
    }
}
