@testable import Keel
import Testing

/// Eight digits read at once, and the fraction reader of doubles that uses it.
struct EightDigitsTests {
    private func word(_ text: String) -> UInt64 {
        var word: UInt64 = 0
        for (offset, byte) in text.utf8.enumerated() { word |= UInt64(byte) << UInt64(offset * 8) }
        return word
    }

    @Test func valuesOfEightDigits() {
        var generator = SplitMix64(seed: 8)
        var samples = ["00000000", "99999999", "12345678", "00000001", "10000000", "09090909"]
        for _ in 0..<20_000 { samples.append(String(UInt64.random(in: 0..<100_000_000, using: &generator)).leftPadded(to: 8)) }
        for text in samples {
            #expect(EightDigits.areDigits(word(text)), "\(text)")
            #expect(EightDigits.value(word(text)) == UInt64(text), "\(text)")
        }
    }

    @Test func anyOtherByteInAnyPlaceIsNoDigit() {
        for place in 0..<8 {
            for byte in UInt8.min...UInt8.max where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var bytes = Array("55555555".utf8)
                bytes[place] = byte
                let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
                #expect(!EightDigits.areDigits(word), "byte \(byte) at \(place)")
            }
        }
    }

    @Test func fractionsWithLeadingZerosAndLongTails() {
        // The fraction is read eight digits at a time: significant digits must be counted from the first
        // non-zero one wherever it falls, for the fast paths to know when they are exact.
        var generator = SplitMix64(seed: 1_127)
        var mismatches: [String] = []
        for zeros in 0...24 {
            for digitCount in 1...26 {
                for integerPart in ["0", "7", "123456789"] {
                    var digits = String(Int.random(in: 1...9, using: &generator))
                    for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
                    for exponent in ["", "e5", "e-300", "e300"] {
                        let literal = integerPart + "." + String(repeating: "0", count: zeros) + digits + exponent
                        let parsed = Array(literal.utf8).withUnsafeBufferPointer { NumberText.double($0) }
                        let expected = Double(literal) ?? .nan
                        if parsed.bitPattern != expected.bitPattern { mismatches.append(literal) }
                    }
                }
            }
        }
        #expect(mismatches == [])
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
