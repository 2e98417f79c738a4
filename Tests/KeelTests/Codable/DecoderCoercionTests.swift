import Foundation
import Keel
import Testing

/// `KeelDecoder.coercion = .lossless`: every plain `Decodable` property of a coercible type reads a value that
/// stands for it without loss, through members, elements, optionals and single values; the strict default
/// and lossy conversions stay errors; collecting mode reports each coercion as a warning.
@Suite struct DecoderCoercionTests {
    struct Order: Decodable, Equatable {
        let count: Int
        let price: Double
        let active: Bool
        let code: String
        let sizes: [Int]
        let limit: Int64?
        let discount: Double?
    }

    static let loose = """
        {"count": "42", "price": "2.5", "active": "true", "code": 7,
         "sizes": ["1", 2], "limit": "9000000000", "discount": null}
        """

    static let expected = Order(count: 42, price: 2.5, active: true, code: "7", sizes: [1, 2], limit: 9_000_000_000,
                                discount: nil)

    static var lossless: KeelDecoder {
        var decoder = KeelDecoder()
        decoder.coercion = .lossless
        return decoder
    }

    @Test func theStrictDefaultRejectsValuesOfAnotherKind() {
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Order.self, from: Self.loose) }
    }

    @Test func losslessCoercionReadsEveryPropertyThatStandsForItsType() throws {
        #expect(try Self.lossless.decode(Order.self, from: Self.loose) == Self.expected)
        #expect(try Self.lossless.decode([Int].self, from: #"["1", 2, "-3"]"#) == [1, 2, -3])
        #expect(try Self.lossless.decode(Bool.self, from: "1") == true)
        #expect(try Self.lossless.decode([Int?].self, from: #"["5", null]"#) == [5, nil])
    }

    @Test func lossyOrUnusualTextStaysAnError() {
        #expect(throws: DecodingError.self) { try Self.lossless.decode([Int].self, from: #"["1.5"]"#) }
        #expect(throws: DecodingError.self) { try Self.lossless.decode([Int].self, from: #"["042"]"#) }
        #expect(throws: DecodingError.self) { try Self.lossless.decode([Int].self, from: #"[" 42"]"#) }
        #expect(throws: DecodingError.self) { try Self.lossless.decode([Bool].self, from: "[2]") }
        #expect(throws: DecodingError.self) { try Self.lossless.decode([Int8].self, from: #"["1"]"#) }   // not coercible
    }

    @Test func collectingModeReportsEachCoercionAsAWarning() throws {
        let collected = Self.lossless.decodeCollecting(Order.self, from: Self.loose)
        #expect(collected.value == Self.expected)
        #expect(collected.errors.isEmpty)
        let warnings = collected.warnings.compactMap(\.jsonDecodingError)
        #expect(warnings.map(\.path.pointer) == ["/count", "/price", "/active", "/code", "/sizes/0", "/limit"])
        #expect(warnings.first?.location?.line == 1)
        #expect(warnings.last?.location?.line == 2)
        #expect(warnings.first?.expected == "Int (read leniently as 42)")
    }

    @Test func aValueThatCannotBeCoercedIsStillCollectedAsAnError() throws {
        let collected = Self.lossless.decodeCollecting([Int?].self, from: #"["1", "one", 3]"#)
        #expect(collected.value == [1, 3])   // the element that fails is left out
        #expect(collected.errors.compactMap { $0.jsonDecodingError?.path.pointer } == ["/1"])
        #expect(collected.warnings.count == 1)
    }
}
