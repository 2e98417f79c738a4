import Foundation
import Keel

/// A `Codable` model with every kind of field a model has: each integer width, floating point at its
/// limits, strings with escapes, optionals, nested arrays, dictionaries keyed by `String` and `Int`, enums
/// with raw and associated values, `Date`, `Data`, `URL`, `Decimal` and a `JSON` value.
///
/// The Codable bridge's tests decode it against Foundation's `JSONDecoder`; the Codable fuzz target decodes
/// arbitrary bytes into it.
public struct EveryKindOfField: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Equatable, Sendable { case cat, dog }
    public enum Shape: Codable, Equatable, Sendable { case circle(radius: Double), square(side: Int), none }

    public struct Owner: Codable, Equatable, Sendable {
        public let firstName: String
        public let homeURL: URL?
        public let tags: Set<String>
        public init(firstName: String, homeURL: URL?, tags: Set<String>) {
            (self.firstName, self.homeURL, self.tags) = (firstName, homeURL, tags)
        }
    }

    public var int = -42, int8: Int8 = -8, int16: Int16 = 16, int32: Int32 = -32, int64 = Int64.min
    public var uint: UInt = 42, uint8: UInt8 = 255, uint16: UInt16 = 65535, uint32 = UInt32.max, uint64 = UInt64.max
    public var double = 0.1, tinyDouble = Double.leastNonzeroMagnitude, hugeDouble = 1.7976931348623157e308, float: Float = 0.3
    public var flag = true, text = "quote \" backslash \\ slash / tab \t nul \u{0} é 😀"
    public var missing: String? = nil, present: String? = "here"
    public var numbers = [1, 2, 3], nested = [[1.5], [], [2.5, -0.0]], optionals: [Int?] = [1, nil, 3]
    public var byName = ["b": 2, "a": 1, "camel_key": 3], byNumber = [1: "one", 20: "twenty"]
    public var kind = Kind.dog, shapes = [Shape.circle(radius: 1.5), .square(side: 2), .none]
    public var owner = Owner(firstName: "Ada", homeURL: URL(string: "https://example.com/a?b=c#d"), tags: ["x"])
    public var owners: [Owner] = []
    public var when = Date(timeIntervalSince1970: 1_700_000_000.25), bytes = Data([0, 1, 2, 250, 255])
    public var price = Decimal(string: "12345678901234567890.123456789") ?? 0, ratio = Decimal(string: "-0.5") ?? 0
    public var link = URL(string: "https://example.com/path") ?? URL(fileURLWithPath: "/")
    public var anything: JSON = ["list": [1, "two", nil, true], "n": 1.5]

    /// The model with its default values.
    public init() {}
}
