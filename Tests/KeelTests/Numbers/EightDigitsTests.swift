@testable import Keel
import Testing
import KeelTestSupport

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

    @Test func digitsCountedUpToTheFirstOtherByte() {
        // Every byte that is not a digit, in every place, after digits and before anything.
        for place in 0...8 {
            for byte in UInt8.min...UInt8.max where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                for filler in [UInt8(ascii: "0"), UInt8(ascii: "9"), 0x00, 0xFF, UInt8(ascii: "/"), UInt8(ascii: ":")] {
                    var bytes = Array("71234509".utf8)
                    if place < 8 {
                        bytes[place] = byte
                        for after in (place + 1)..<8 { bytes[after] = filler }
                    }
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
                    #expect(EightDigits.leadingDigitCount(word) == place, "byte \(byte) at \(place), then \(filler)")
                }
            }
        }
    }

    @Test func lastDigitsOfAWord() {
        // The last 1 to 7 bytes read as digits whatever the bytes before them are; `nil` when one is not a digit.
        for count in 1...7 {
            // Seven one-byte characters each, so that every text below is one whole word.
            for before in ["-1234.5", "0.00000", "abcdefg", "\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}", "9999999"] {
                for digits in ["1234567", "0000000", "0000001", "9000000", "7654321"] {
                    let tail = String(digits.suffix(count))
                    let text = String(before.suffix(8 - count)) + tail
                    #expect(EightDigits.value(ofLast: count, in: word(text)) == UInt64(tail), "\(text) last \(count)")
                    for other in ["e", ".", " ", "/", ":", "\u{80}"] {
                        for place in 0..<count {
                            var broken = Array(tail)
                            broken[place] = Character(other)
                            let text = String(before.suffix(8 - count)) + String(broken)
                            #expect(EightDigits.value(ofLast: count, in: word(text)) == nil, "\(text) last \(count)")
                        }
                    }
                }
            }
        }
    }

    @Test func numbersOfEveryLengthScanWhole() throws {
        // The scanner counts a number's digits a word at a time: each part of every length, ending the input
        // or followed by a separator, a space, a bracket or an error.
        var generator = SplitMix64(seed: 41)
        func digits(_ count: Int) -> String {
            var text = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<count { text += String(Int.random(in: 0...9, using: &generator)) }
            return text
        }
        for integerCount in [1, 2, 7, 8, 9, 15, 16, 17, 19, 24] {
            for fractionCount in [0, 1, 3, 7, 8, 9, 16, 17] {
                for exponentCount in [0, 1, 2, 3] {
                    var literal = (integerCount % 2 == 0 ? "-" : "") + digits(integerCount)
                    if fractionCount > 0 { literal += "." + digits(fractionCount) }
                    if exponentCount > 0 { literal += "e-" + digits(exponentCount) }
                    let alone = try JSONDocument(parsing: literal).root
                    #expect(alone.numberValue?.text == literal)
                    #expect(alone.nearestDouble == Double(literal))
                    for after in [",1]", "]", " ]", "\n]"] {
                        let view = try JSONDocument(parsing: "[" + literal + after).root
                        #expect(view.element(at: 0)?.numberValue?.text == literal, "\(literal)\(after)")
                        #expect(view.element(at: 0)?.nearestDouble == Double(literal), "\(literal)\(after)")
                    }
                    // A letter straight after the digits is an error at that letter.
                    let error = #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "[" + literal + "x]") }
                    #expect(error?.byteOffset == literal.utf8.count + 1, "\(literal)x")
                }
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
                for integerPart in ["0", "7", "123456789", "-0", "-42"] {
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
