import Keel
import KeelTestSupport
import Testing

/// Numbers built to cost: a million digits, exponents past any range, and the integers just past each
/// width. Each gives the exact value or a typed error (in work that grows linearly with its length:
/// `GrowthTests`).
@Suite struct HugeNumberTests {
    static let unlimited = { var options = JSONParsingOptions(); options.maximumNumberLength = .max; return options }()

    static func readEveryWay(_ text: String) throws -> (double: Double?, int: Int?, text: String) {
        let number = try #require(try JSONDocument(parsing: text, options: unlimited).root.numberValue)
        #expect(number == number)
        _ = number.hashValue
        return (number.double, number.exactly(Int.self), JSON.number(number).description)
    }

    @Test func aMillionDigitsAreRefusedByDefaultAndExactWhenAllowed() throws {
        let digits = String(repeating: "7", count: 1_000_000)
        let error = syntaxError(Array(digits.utf8))
        #expect(error?.kind == .numberTooLong)
        #expect(error?.limit == 10_000)

        let integer = try Self.readEveryWay(digits)
        #expect(integer.double == nil)        // beyond Double: no value, never infinity passed off as one
        #expect(integer.int == nil)
        #expect(integer.text == digits)       // and nothing lost
        let fraction = try Self.readEveryWay("0." + String(repeating: "3", count: 1_000_000))
        #expect(fraction.double == 0.3333333333333333)
        let scaled = try Self.readEveryWay("1" + String(repeating: "0", count: 1_000_000) + "e-1000000")
        #expect(scaled.double == 1)
        #expect(scaled.int == 1)
    }

    @Test func exponentsBeyondAnyRange() throws {
        for text in ["1e999999999", "9e2147483609", "-9e2147483609", "1E400"] {
            let read = try Self.readEveryWay(text)
            #expect(read.double == nil, "\(text)")
            #expect(read.int == nil, "\(text)")
            #expect(read.text == text)
        }
        // Too small for a double: zero of the same sign, as rounding gives.
        #expect(try Self.readEveryWay("1e-999999999").double == 0)
        #expect(try Self.readEveryWay("-2.4e-324").double?.sign == .minus)
        // Through the decoders: out of range, with the path.
        #expect(throws: JSONDecodingError.self) { try [Double].decode(parsing: "[1e999999999]") }
        #expect(throws: DecodingError.self) { try KeelDecoder().decode([Double].self, from: "[9e2147483609]") }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        for text in ["-0", "-0.0", "-0e5"] {
            let read = try Self.readEveryWay(text)
            #expect(read.double?.sign == .minus, "\(text)")
            #expect(read.double == 0)
            #expect(read.int == 0)
            #expect(read.text == text)
            #expect(try Double.decode(parsing: text).sign == .minus)
            #expect(try KeelDecoder().decode(Double.self, from: text).sign == .minus)
            #expect(try JSON(parsing: text) == 0)
        }
    }

    /// 2^63 and 2^64 and their neighbours into every width: the exact value where it fits, a range error
    /// where it does not (in the core and, as `dataCorrupted`, through the bridge), never a wrapped or
    /// truncated value.
    @Test func integersAtAndPastEveryWidth() throws {
        // Each literal with its exact integer value in plain digits (nil for one that is not an integer).
        let literals: [(text: String, value: String?)] = [
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "18446744073709551615", "18446744073709551616", "-1", "255", "256", "-129", "65536", "4294967296",
        ].map { ($0, $0) } + [("1.0", "1"), ("1e2", "100"), ("-0", "0"), ("1.5", nil), ("1e-2", nil)]
        func check<T: FixedWidthInteger & JSONDecodable & Decodable>(_ type: T.Type) {
            for (text, value) in literals {
                let expected = value.flatMap { T($0) }
                do {
                    let decoded = try T.decode(parsing: text)
                    #expect(decoded == expected, "\(T.self) from \(text)")
                } catch let error as JSONDecodingError {
                    #expect(expected == nil && error.kind == .valueOutOfRange, "\(T.self) from \(text): \(error)")
                } catch {
                    Issue.record("\(T.self) from \(text): \(error)")
                }
                do {
                    let decoded = try KeelDecoder().decode(T.self, from: text)
                    #expect(decoded == expected, "bridge: \(T.self) from \(text)")
                } catch DecodingError.dataCorrupted {
                    #expect(expected == nil, "bridge: \(T.self) from \(text)")
                } catch {
                    Issue.record("bridge: \(T.self) from \(text): \(error)")
                }
            }
        }
        check(Int.self); check(Int8.self); check(Int16.self); check(Int32.self); check(Int64.self)
        check(UInt.self); check(UInt8.self); check(UInt16.self); check(UInt32.self); check(UInt64.self)
    }
}
