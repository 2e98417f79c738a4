// The promise that a type's `Codable` conformance is its JSON conformance, as `@JSONModel(codable: true)`
// writes it. Keel's coders then skip `Codable`'s containers: `KeelEncoder` writes the value with
// `write(to:)`, the same text its `encode(to:)` would give, without building a tree.

/// A `Codable` type whose `encode(to:)` writes ``JSONEncodable/toJSON()`` and whose `init(from:)` reads with
/// ``JSONDecodable/decode(_:in:)``, so that Keel's coders may call those directly.
///
/// `@JSONModel(codable: true)` declares it. Declare it yourself only when your `Codable` conformance gives
/// exactly the JSON of your `JSONEncodable` and `JSONDecodable` ones: ``KeelEncoder`` writes such a value
/// at the top level with ``JSONEncodable/write(to:)`` and does not call `encode(to:)`.
public protocol JSONCodable: JSONDecodable, JSONEncodable, Codable {}

// Collections of such values keep the promise: their `Codable` encodes each element with its own
// `encode(to:)`, in the order their `write(to:)` writes them, so `KeelEncoder` writes a list of models
// (the usual top level of an API's response) straight as well.
extension Array: JSONCodable where Element: JSONCodable {}
extension Optional: JSONCodable where Wrapped: JSONCodable {}
extension Dictionary: JSONCodable where Key == String, Value: JSONCodable {}
