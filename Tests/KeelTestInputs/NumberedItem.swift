import Keel
import KeelOperators

/// `{"n": 1}`, decodable both through `Codable` and in the throwing style: the record whose every copy fails
/// in the many-errors tests and workload (`{"n": "x"}`).
public struct NumberedItem: Decodable, ThrowingJSONDecodable, Sendable {
    public let n: Int
    public init(n: Int) { self.n = n }
    public init(from decoder: any Decoder) throws { n = try decoder.container(keyedBy: Key.self).decode(Int.self, forKey: .n) }
    public static func decode(_ json: JSONView) throws -> NumberedItem { NumberedItem(n: try json => "n") }
    enum Key: CodingKey { case n }
}

/// An array of `count` objects whose `n` is a string, one per line.
public func failingItemsText(_ count: Int) -> String {
    "[" + Array(repeating: #"{"n": "x"}"#, count: count).joined(separator: ",\n") + "]"
}
