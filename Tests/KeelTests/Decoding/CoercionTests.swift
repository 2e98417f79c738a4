import Foundation
import Keel
import Testing

/// Opt-in coercion: lossless only, per field, a warning in collecting mode, the same with JSONDecoder; a
/// field that does not ask stays strict.
@Suite struct CoercionTests {
    struct Item: Decodable, Equatable {
        var count: Int, price: Double, active: Bool, sku: String, strict: Int?
        init(count: Int, price: Double, active: Bool, sku: String, strict: Int?) {
            (self.count, self.price, self.active, self.sku, self.strict) = (count, price, active, sku, strict)
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decodeCoercing(Int.self, forKey: .count)
            price = try container.decodeCoercing(Double.self, forKey: .price)
            active = try container.decodeCoercing(Bool.self, forKey: .active)
            sku = try container.decodeCoercing(String.self, forKey: .sku)
            strict = try container.decodeIfPresent(Int.self, forKey: .strict)
        }
        enum CodingKeys: String, CodingKey { case count, price, active, sku, strict }
    }

    @Test func losslessCoercionsAgreeWithKeelAndFoundation() throws {
        let text = #"{"count": "42", "price": "14.50", "active": "true", "sku": 12345}"#
        let expected = Item(count: 42, price: 14.5, active: true, sku: "12345", strict: nil)
        #expect(try KeelDecoder().decode(Item.self, from: text) == expected)
        #expect(try JSONDecoder().decode(Item.self, from: Data(text.utf8)) == expected)
        let plain = #"{"count": 1, "price": 2, "active": 0, "sku": "a"}"#
        #expect(try KeelDecoder().decode(Item.self, from: plain) == Item(count: 1, price: 2, active: false, sku: "a", strict: nil))
        // A number keeps its literal when it becomes a String with KeelDecoder.
        #expect(try KeelDecoder().decode(Item.self, from: #"{"count": 1, "price": 2, "active": 1, "sku": 1.50}"#).sku == "1.50")
    }

    @Test(arguments: [#""1.5""#, #""042""#, #"" 42""#, #""4 2""#, #""+42""#, #""""#, #""ten""#, "true", "[42]", #""1e999""#])
    func lossyOrForeignValuesStayErrors(count: String) throws {
        let text = #"{"count": \#(count), "price": 1, "active": true, "sku": "a"}"#
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Item.self, from: text) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Item.self, from: Data(text.utf8)) }
    }

    @Test func otherFieldsStayStrictAndBadFlagsFail() throws {
        #expect(throws: DecodingError.self) {
            try KeelDecoder().decode(Item.self, from: #"{"count": 1, "price": 1, "active": true, "sku": "a", "strict": "5"}"#)
        }
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Item.self, from: #"{"count": 1, "price": 1, "active": 2, "sku": "a"}"#) }
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Item.self, from: #"{"count": 1, "price": 1, "active": "yes", "sku": "a"}"#) }
    }

    @Test func everyCoercionIsAWarningInCollectingMode() throws {
        let collected = KeelDecoder().decodeCollecting(Item.self, from: #"{"count": "42", "price": 1.5, "active": true, "sku": 7}"#)
        #expect(collected.errors.isEmpty)
        #expect(collected.warnings.map { $0.jsonDecodingError?.description } == [
            #"Expected Int (read leniently as 42) at $.count (line 1, column 11) but found a string: "42"."#,
            #"Expected String (read leniently as 7) at $.sku (line 1, column 54) but found a number: 7."#,
        ])
        let root = try JSONDocument(parsing: #"{"n": "7", "flag": 1}"#).root
        let context = JSONDecodingContext(mode: .collecting)
        #expect(try root.decodeCoercing(Int.self, forKey: "n", in: context) == 7)
        #expect(try root.decodeCoercing(Bool.self, forKey: "flag", in: context) == true)
        #expect(context.warnings.count == 2)
        #expect(throws: JSONDecodingError.self) { try root.decodeCoercing(Int.self, forKey: "missing") }
        #expect(JSONDecodingContext.strict.warnings.isEmpty)
    }
}
