@testable import Keel
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `JSONNumber.isExactlyRepresentableAsDouble`: whether reading a number as a Double loses nothing, and an
/// exponent far past 2^30 that must still read right.
@Suite struct ExactDoubleTests {
    @Test(arguments: [
        "0", "-0", "0.0", "1", "2.5", "-2.5", "0.5", "0.125", "1e22", "9007199254740992", "9007199254740994",
        "9223372036854775808", "-9223372036854775808", "18446744073709551616", "1180591620717411303424",
        "1e0", "100e-2",
        "0.0000152587890625", "1237940039285380274899124224",
    ])
    func exact(_ literal: String) throws {
        let number = try #require(JSONNumber(literal: literal))
        #expect(number.isExactlyRepresentableAsDouble, "\(literal)")
        // The definition, checked another way where the text is short: the double's shortest text reads
        // back as a number equal to the literal.
        #expect(number == JSONNumber(try #require(number.double)), "\(literal)")
    }

    @Test(arguments: [
        "0.1", "-0.1", "0.3", "9007199254740993", "-9007199254740993", "18446744073709551615", "1e400", "-1e400",
        "1e-400", "12345678901234567890123", "1.7976931348623157e308", "4.9406564584124654e-324",
        "2.2250738585072014e-308", "1.7976931348623159e308", "2.4703282292062327e-324",
        "4.9406564584124654e-325", "1e23", "3.14159", "0.1e1000",
    ])
    func inexact(_ literal: String) throws {
        #expect(try #require(JSONNumber(literal: literal)).isExactlyRepresentableAsDouble == false, "\(literal)")
    }

    /// The extremes, written out exactly: the largest double, (2^53 − 1) × 2^971, and the smallest,
    /// 2^−1074 = 5^1074 × 10^−1074; one more or one less in the last digit is no double.
    @Test func theExtremesWrittenOutExactly() throws {
        let largest = Self.decimal(Self.power(2, 971, times: (1 << 53) - 1))
        let smallest = Self.decimal(Self.power(5, 1074, times: 1)) + "e-1074"
        for literal in [largest, smallest, "-" + smallest] {
            #expect(try #require(JSONNumber(literal: literal)).isExactlyRepresentableAsDouble, "\(literal.prefix(20))…")
        }
        #expect(try #require(JSONNumber(literal: largest)).double == Double.greatestFiniteMagnitude)
        #expect(try #require(JSONNumber(literal: smallest)).double == Double.leastNonzeroMagnitude)
        let twiceLargest = Self.decimal(Self.power(2, 972, times: (1 << 53) - 1))
        let halfSmallest = Self.decimal(Self.power(5, 1075, times: 1)) + "e-1075"
        for literal in [twiceLargest, halfSmallest] {
            #expect(try #require(JSONNumber(literal: literal)).isExactlyRepresentableAsDouble == false)
        }
    }

    /// `factor` × `base`^`exponent` as decimal digits, least significant first (schoolbook arithmetic).
    static func power(_ base: Int, _ exponent: Int, times factor: Int) -> [Int] {
        var digits = String(factor).reversed().map { Int(String($0))! }
        for _ in 0..<exponent {
            var carry = 0
            for i in digits.indices {
                let product = digits[i] * base + carry
                digits[i] = product % 10
                carry = product / 10
            }
            while carry > 0 {
                digits.append(carry % 10)
                carry /= 10
            }
        }
        return digits
    }

    static func decimal(_ digits: [Int]) -> String { digits.reversed().map(String.init).joined() }

    @Test func parsedNumbersAndBuiltOnesAgree() throws {
        let document = try JSONDocument(parsing: "[0.1, 2.5, 9223372036854775807, 9223372036854775808, -0]")
        #expect(document.root.elements.map { $0.numberValue?.isExactlyRepresentableAsDouble } == [false, true, false, true, true])
        #expect(JSONNumber(0.1).isExactlyRepresentableAsDouble)   // a Double is itself
        #expect(JSONNumber(Double.infinity).isExactlyRepresentableAsDouble == false)
        #expect(JSONNumber(Int64.max).isExactlyRepresentableAsDouble == false)
        #expect(JSONNumber(UInt64(1) << 63).isExactlyRepresentableAsDouble)
    }

    /// With a literal longer than 2^30 bytes (possible once the length limit is raised), the exponent part
    /// beyond 2^30 used to be clamped there before the fraction's length was taken off: the value read
    /// as 0.1 instead of 1e59. Scanning a gigabyte takes about 30 s in a debug build, so this runs only with
    /// `KEEL_LONG_TESTS` set (`.ci/run` sets it).
    @Test(.enabled(if: getenv("KEEL_LONG_TESTS") != nil, "a long test (a number past 2^30 bytes, about 30 s): set KEEL_LONG_TESTS=1 to run it"))
    func exponentsBeyondTwoToTheThirtyReadExactly() {
        let zeros = 1 << 30
        let head = Array("0.".utf8), tail = Array("1e\(zeros + 60)".utf8)
        let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: head.count + zeros + tail.count)
        defer { text.deallocate() }
        text.initialize(repeating: UInt8(ascii: "0"))
        _ = text.update(fromContentsOf: head)
        _ = text[(head.count + zeros)...].update(fromContentsOf: tail)
        let value = NumberText.double(UnsafeBufferPointer(text))
        #expect(value == 1e59)
    }
}
