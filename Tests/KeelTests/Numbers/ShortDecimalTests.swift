@testable import Keel
import KeelTestSupport
import PropertyBased
import Testing

/// Plain decimals of up to 19 digits are held as a `ShortDecimal` (no `String`); everything a number offers
/// must come out exactly as it does for the same literal held as text, the form they had before.
@Suite struct ShortDecimalTests {
    /// The same literal held both ways.
    static func pair(_ text: String) throws -> (short: JSONNumber, asText: JSONNumber) {
        let number = try #require(JSONNumber(literal: text), "\(text)")
        return (number, JSONNumber(storage: .literal(text)))
    }

    static func expectAlike(_ text: String) throws {
        let (short, asText) = try pair(text)
        #expect(short.text == text)
        #expect(short == asText, "\(text)")
        #expect(short.hashValue == asText.hashValue, "\(text)")
        #expect(short.double?.bitPattern == asText.double?.bitPattern, "\(text)")
        #expect(short.double?.bitPattern == Double(text)?.bitPattern, "\(text)")
        #expect(short.float?.bitPattern == asText.float?.bitPattern, "\(text)")
        #expect(short.isInteger == asText.isInteger, "\(text)")
        #expect(short.isExactlyRepresentableAsDouble == asText.isExactlyRepresentableAsDouble, "\(text)")
        #expect(short.exactly(Int64.self) == asText.exactly(Int64.self), "\(text)")
        #expect(short.exactly(UInt8.self) == asText.exactly(UInt8.self), "\(text)")
        #expect(try JSON.number(short).jsonText() == text)
        // Against a double and against the same value written another way.
        if let double = asText.double {
            #expect((short == JSONNumber(double)) == (asText == JSONNumber(double)), "\(text)")
        }
    }

    @Test func edgeCasesKeepTheirTextAndValue() throws {
        for text in ["0.0", "-0.0", "0.5", "-0.05", "0.000", "1.0", "10.50", "-65.619720000000029",
                     "9007199254740993.0", "9999999999999999.999", "1844674407370955161.5", "123456789.0123456789",
                     "0.1", "0.30000000000000004", "3.0", "255.0", "256.0", "-1.0", "1.7976931348623157"] {
            try Self.expectAlike(text)
        }
        #expect(try Self.pair("-0.0").short.double?.sign == .minus)
        #expect(JSONNumber(literal: "1.5") == JSONNumber(literal: "15e-1"))
        #expect(JSONNumber(literal: "1.50")?.hashValue == JSONNumber(literal: "15e-1")?.hashValue)
    }

    @Test func whatIsHeldShort() throws {
        func isShort(_ text: String) -> Bool {
            if case .shortDecimal = JSONNumber(literal: text)?.storage { return true }
            return false
        }
        #expect(isShort("-65.61972000000003"))
        #expect(isShort("1234567890.123456789"))        // 19 digits
        #expect(!isShort("1234567890.1234567890"))      // 20
        #expect(!isShort("1.5e3"))
        #expect(!isShort("15"))
        #expect(!isShort("-0"))
    }

    /// Generated decimals: sign, integer part, fraction of every length up to past the limit.
    @Test func generatedDecimalsMatchTheTextForm() async {
        await propertyCheck(count: 3_000, input: Gen.uint8().array(of: 1...24)) { choices in
            let digits = choices.map { Character(Unicode.Scalar(UInt8(ascii: "0") + $0 % 10)) }
            let point = Int(choices[0]) % digits.count
            var integerPart = String(digits[..<point])
            while integerPart.count > 1, integerPart.first == "0" { integerPart.removeFirst() }
            if integerPart.isEmpty { integerPart = "0" }
            var fraction = String(digits[point...])
            if fraction.isEmpty { fraction = "0" }
            let text = (choices.count % 3 == 0 ? "-" : "") + integerPart + "." + fraction
            try Self.expectAlike(text)
        }
    }

    /// Every non-integer number of the corpus, read into a tree and written back, is the same text.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func corpusNumbersRoundTrip() throws {
        for name in ["canada.json", "citm_catalog.json", "twitter.json", "marine_ik.json", "mesh.json", "numbers.json"] {
            let bytes = try SharedFixtures.bytes(of: try #require(SharedFixtures.corpus).appendingPathComponent(name))
            let document = try JSONDocument(parsing: bytes)
            var pending = [document.root]
            var checked = 0
            while let view = pending.popLast() {
                switch view.kind {
                case .array: pending.append(contentsOf: view.elements)
                case .object: pending.append(contentsOf: view.members.map(\.value))
                case .number:
                    guard let number = view.numberValue, case .shortDecimal = number.storage else { continue }
                    let literal = String(view.sourceText)
                    #expect(number.text == literal)
                    #expect(number.double?.bitPattern == JSONNumber(storage: .literal(literal)).double?.bitPattern, "\(literal)")
                    checked += 1
                default: break
                }
            }
            if name == "canada.json" { #expect(checked > 100_000) }
        }
    }
}
