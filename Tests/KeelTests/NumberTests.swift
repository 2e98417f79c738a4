import Keel
import KeelTestSupport
import Testing

/// Numbers are exact: integers read only when the exact value is an integer in range; doubles are
/// correctly rounded; nothing is truncated or wrapped.
@Suite struct NumberTests {
    /// Parses `text` as the only element of an array, returning both a document view and a `JSON` value.
    func values(_ text: String) throws -> [any JSONReadableBox] {
        let view = try #require(JSONDocument(parsing: "[\(text)]").root.element(at: 0))
        let json = try #require(JSON(parsing: "[\(text)]").element(at: 0))
        return [Box(value: view), Box(value: json)]
    }

    @Test(arguments: [
        ("127", Int8.max), ("-128", Int8.min), ("0", 0), ("-0", 0), ("1.0", 1), ("1e2", 100), ("-1.00e+1", -10),
        ("12.5e1", 125), ("0.0e5", 0),
    ] as [(String, Int8)])
    func int8InRange(_ text: String, _ expected: Int8) throws {
        for value in try values(text) { #expect(value.int8 == .success(expected), "\(text)") }
    }

    @Test(arguments: ["128", "-129", "300", "1e3", "1e999999999", "9e2147483609"])
    func int8OutOfRange(_ text: String) throws {
        for value in try values(text) { #expect(value.int8Failure == .valueOutOfRange, "\(text)") }
    }

    @Test(arguments: ["1.5", "0.1", "-0.5", "1e-1", "12.34e1", "1.0000000000000000000001"])
    func fractionsAreNotIntegers(_ text: String) throws {
        for value in try values(text) {
            #expect(value.intFailure == .valueOutOfRange, "\(text)")
            #expect(value.intMessage?.contains("which is not an integer") == true, "\(text)")
        }
    }

    @Test func boundariesOfEveryWidth() throws {
        func check<T: FixedWidthInteger>(_ type: T.Type) throws {
            let max = try JSON(parsing: String(T.max))
            let min = try JSON(parsing: String(T.min))
            #expect(max.integer(T.self) == .success(T.max))
            #expect(min.integer(T.self) == .success(T.min))
            let aboveMax = try JSON(parsing: String(T.max.magnitude.addingReportingOverflow(1).partialValue == 0
                                                    ? "18446744073709551616" : String(UInt64(T.max) + 1)))
            #expect(aboveMax.integer(T.self).isFailure)
            if T.isSigned {
                let belowMin = try JSON(parsing: "-" + String(UInt64(T.min.magnitude) + 1))
                #expect(belowMin.integer(T.self).isFailure)
            } else {
                #expect(try JSON(parsing: "-1").integer(T.self).isFailure)
                #expect(try JSON(parsing: "-0").integer(T.self) == .success(0))
            }
        }
        try check(Int8.self); try check(Int16.self); try check(Int32.self); try check(Int64.self); try check(Int.self)
        try check(UInt8.self); try check(UInt16.self); try check(UInt32.self); try check(UInt64.self); try check(UInt.self)
    }

    @Test func twoToThe53rdPlusOneStaysExact() throws {
        for value in try values("9007199254740993") {
            #expect(value.int64 == .success(9_007_199_254_740_993))
            #expect(value.double == .success(9_007_199_254_740_992))  // the nearest double
        }
    }

    /// Significands of 20 digits or more wrap a 64-bit accumulator; they must take the exact slow path.
    @Test(arguments: ["18446744073709551616", "184467440737095516160e-1", "36893488147419103232", "100000000000000000000"])
    func longSignificandsConvertExactly(_ text: String) throws {
        for value in try values(text) { #expect(try value.double.get() == Double(text)!, "\(text)") }
    }

    @Test func twoToThe63rdAnd64th() throws {
        for value in try values("9223372036854775808") {
            #expect(value.int64Failure == .valueOutOfRange)
            #expect(value.uint64 == .success(9_223_372_036_854_775_808))
        }
        for value in try values("-9223372036854775808") { #expect(value.int64 == .success(Int64.min)) }
        for value in try values("18446744073709551615") { #expect(value.uint64 == .success(UInt64.max)) }
        for value in try values("18446744073709551616") {
            #expect(value.uint64Failure == .valueOutOfRange)
            #expect(value.double == .success(18_446_744_073_709_551_616))
        }
    }

    @Test func aFourHundredDigitNumberKeepsItsText() throws {
        let digits = String(repeating: "1234567890", count: 40)
        let json = try JSON(parsing: digits)
        guard case .number(let number) = json else { Issue.record("not a number"); return }
        #expect(number.text == digits)
        #expect(number.exactly(Int.self) == nil)
        #expect(number.isInteger)
        #expect(json.description == digits)
        #expect(try JSON(parsing: json.description) == json)
        // About 1.2e399: beyond Double's range, so reading it as a Double fails instead of giving infinity.
        #expect(json.double.failureKind == .valueOutOfRange)
        // A different 400-digit number is not equal, even though the nearest doubles are.
        let other = try JSON(parsing: String(digits.dropLast()) + "1")
        #expect(other != json)
    }

    @Test func hugeAndTinyExponents() throws {
        for value in try values("1e400") {
            #expect(value.doubleFailure == .valueOutOfRange)
            #expect(value.intFailure == .valueOutOfRange)
        }
        for value in try values("-1e400") { #expect(value.doubleFailure == .valueOutOfRange) }
        for value in try values("1e-400") {
            #expect(value.double == .success(0))
            #expect(value.intFailure == .valueOutOfRange)
        }
        let minusZero = try JSON(parsing: "-0.0")
        #expect(try minusZero.double.get().sign == .minus)
        #expect(minusZero == JSON(0))
    }

    @Test(arguments: [
        "0.1", "0.30000000000000004", "1.7976931348623157e308", "2.2250738585072014e-308", "4.9406564584124654e-324",
        "123456789012345.67", "9007199254740991.0", "3.141592653589793", "-2.718281828459045", "1.0000000000000002",
        "0.000001234567890123456789", "8.98846567431158e307", "5e-324", "1.2345678901234567e-300",
    ])
    func doublesAreCorrectlyRounded(_ text: String) throws {
        let expected = try #require(Double(text))
        for value in try values(text) {
            let read = try value.double.get()
            #expect(read.bitPattern == expected.bitPattern, "\(text)")
        }
        // Printing a double and reading it back is bit-exact.
        let json = JSON(expected)
        #expect(try JSON(parsing: json.description).double.get().bitPattern == expected.bitPattern)
    }

    @Test func numbersCompareByExactValue() throws {
        #expect(try JSON(parsing: "1") == JSON(parsing: "1.0"))
        #expect(try JSON(parsing: "100") == JSON(parsing: "1e2"))
        #expect(try JSON(parsing: "0.1") == JSON(parsing: "1e-1"))
        #expect(try JSON(parsing: "0.1") == 0.1)
        #expect(try JSON(parsing: "1.5") != JSON(parsing: "1.50001"))
        #expect(try JSON(parsing: "1").hashValue == JSON(parsing: "1.0").hashValue)
        #expect(JSON(9_007_199_254_740_993) != JSON(9_007_199_254_740_992.0))
        #expect(JSONNumber(literal: "01") == nil)
        #expect(JSONNumber(literal: "-1.5e3")?.double == -1500)
    }

    /// Exponents past what an `Int` holds, or past the bound arithmetic clamps them to, still compare
    /// exactly: different values differ, equal ones written differently are equal, and order holds.
    @Test func hugeExponentsCompareExactly() throws {
        func number(_ text: String) throws -> JSONNumber { try #require(JSONNumber(literal: text)) }
        #expect(try number("1e3000000000000") != number("1e2000000000000"))
        #expect(try number("1e2000000000000").isLess(than: number("1e3000000000000")))
        #expect(try number("-1e3000000000000").isLess(than: number("-1e2000000000000")))
        #expect(try number("1e-3000000000000").isLess(than: number("1e-2000000000000")))
        #expect(try number("10e2999999999999") == number("1e3000000000000"))
        #expect(try number("0.01e3000000000002") == number("1.000e3000000000000"))
        #expect(try number("1e99999999999999999999999") != number("1e99999999999999999999998"))
        #expect(try number("9e99999999999999999999998").isLess(than: number("1e99999999999999999999999")))
        #expect(try number("1e2000000000000").isLess(than: number("1e99999999999999999999999")))
        #expect(try number("1e1099511627776") != number("1e1099511627777"))
        #expect(try !number("1e3000000000000").isLess(than: number("1e2000000000000")))
        #expect(try !number("10e2999999999999").isLess(than: number("1e3000000000000")))
        #expect(try number("0e99999999999999999999999") == number("0"))
        // So a JSON Patch `test` tells them apart, and a set keeps both.
        let values: Set<JSON> = [try JSON(parsing: "1e3000000000000"), try JSON(parsing: "1e2000000000000")]
        #expect(values.count == 2)
        var document = try JSON(parsing: #"{"a": 1e3000000000000}"#)
        #expect(throws: JSONEditError.self) {
            try document.apply(JSONPatch([.test(path: "/a", value: try JSON(parsing: "1e2000000000000"))]))
        }
    }

    @Test func floats() throws {
        #expect(try JSON(parsing: "0.1").float == .success(Float(0.1)))
        #expect(try JSON(parsing: "1e39").float.isFailure)
    }
}

/// Lets one test body run against both a `JSONView` and a `JSON`.
protocol JSONReadableBox {
    var int8: Result<Int8, JSONAccessError> { get }
    var int64: Result<Int64, JSONAccessError> { get }
    var uint64: Result<UInt64, JSONAccessError> { get }
    var double: Result<Double, JSONAccessError> { get }
    var int: Result<Int, JSONAccessError> { get }
}

struct Box<Value: JSONReadable>: JSONReadableBox {
    let value: Value
    var int8: Result<Int8, JSONAccessError> { value.int8 }
    var int64: Result<Int64, JSONAccessError> { value.int64 }
    var uint64: Result<UInt64, JSONAccessError> { value.uint64 }
    var double: Result<Double, JSONAccessError> { value.double }
    var int: Result<Int, JSONAccessError> { value.int }
}

extension JSONReadableBox {
    var int8Failure: JSONAccessError.Kind? { int8.failureKind }
    var int64Failure: JSONAccessError.Kind? { int64.failureKind }
    var uint64Failure: JSONAccessError.Kind? { uint64.failureKind }
    var doubleFailure: JSONAccessError.Kind? { double.failureKind }
    var intFailure: JSONAccessError.Kind? { int.failureKind }
    var intMessage: String? { if case .failure(let error) = int { return error.description } else { return nil } }
}

extension Result where Failure == JSONAccessError {
    var failureKind: JSONAccessError.Kind? {
        if case .failure(let error) = self { return error.kind }
        return nil
    }
    var isFailure: Bool { failureKind != nil }

}

extension NumberTests {
    /// Doubles through every conversion path (one multiplication, Eisel–Lemire, the standard library) agree
    /// bit for bit with the standard library's correctly rounded conversion, on random literals of 1 to 22
    /// digits with exponents across the whole range, subnormals and overflow included. The seed is fixed,
    /// so a failure names a literal that fails again.
    @Test func randomLiteralsRoundAsTheStandardLibraryRounds() throws {
        var generator = SplitMix64(seed: 0x6B65_656C)
        var literals: [String] = []
        for _ in 0..<100_000 {
            let digitCount = Int.random(in: 1...22, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
            let point = Int.random(in: 0...digitCount, using: &generator)
            var literal = point == 0 || point == digitCount ? digits
                : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if Bool.random(using: &generator) { literal += "e\(Int.random(in: -345...330, using: &generator))" }
            if Bool.random(using: &generator) { literal = "-" + literal }
            literals.append(literal)
        }
        literals += ["2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324", "1.7976931348623157e308",
                     "1.7976931348623158e308", "9007199254740993", "9007199254740992.5", "0.1", "1e23", "8.98846567431158e307",
                     "-65.613616999999977", "43.418052999999986", "7.3177701707893310e+15", "4.4501477170144023e-308"]
        let document = try JSONDocument(parsing: "[" + literals.joined(separator: ",") + "]")
        var mismatches: [String] = []
        for (literal, view) in zip(literals, document.root.elements) {
            let expected = Double(literal) ?? .nan
            let decoded = try? Double.decode(view)
            // Beyond Double's range is an error, not infinity.
            let agrees = expected.isFinite ? decoded?.bitPattern == expected.bitPattern : decoded == nil
            if !agrees { mismatches.append(literal) }
        }
        #expect(mismatches == [])
    }
}
