// Turning Swift values into `JSON`, the writing side of `JSONDecodable`. A model builds its `JSON` from its
// fields' `toJSON()`; the writer then prints it with any `JSONWritingOptions`.

/// A type that turns itself into a ``JSON`` value (the Freddy library's `toJSON()`).
///
/// ```swift
/// struct Person: JSONEncodable {
///     let name: String, age: Int, email: String?
///     func toJSON() -> JSON {
///         ["name": name.toJSON(), "age": age.toJSON(), "email": email.toJSON()]
///     }
/// }
/// try Person(name: "Ada", age: 36, email: nil).toJSON().jsonText()   // {"name":"Ada","age":36,"email":null}
/// ```
///
/// The standard types conform: every integer width, `Double`, `Float`, `Bool`, `String`, `Optional` (`nil`
/// is `null`), arrays, `Set`, dictionaries with `String` keys, ``JSON`` itself, and `RawRepresentable` types
/// whose raw value conforms, by declaring the conformance alone. A non-finite `Double` or `Float` makes a
/// number the writer refuses with a ``JSONWritingError``, never a silent `null`.
public protocol JSONEncodable {
    /// The value as JSON.
    func toJSON() -> JSON
}

extension JSON: JSONEncodable {
    /// The value itself.
    public func toJSON() -> JSON { self }
}

extension String: JSONEncodable {
    /// A JSON string.
    public func toJSON() -> JSON { .string(self) }
}

extension Bool: JSONEncodable {
    /// `true` or `false`.
    public func toJSON() -> JSON { .bool(self) }
}

extension Double: JSONEncodable {
    /// A number that writes in the shortest form that reads back to this double.
    public func toJSON() -> JSON { .number(JSONNumber(self)) }
}

extension Float: JSONEncodable {
    /// A number that writes in the shortest form that reads back to this float.
    public func toJSON() -> JSON { .number(JSONNumber(self)) }
}

/// Every integer width writes its exact value; the conformances below take this one implementation.
extension JSONEncodable where Self: BinaryInteger {
    /// The exact integer.
    public func toJSON() -> JSON { .number(JSONNumber(self)) }
}

extension Int: JSONEncodable {}
extension Int8: JSONEncodable {}
extension Int16: JSONEncodable {}
extension Int32: JSONEncodable {}
extension Int64: JSONEncodable {}
extension UInt: JSONEncodable {}
extension UInt8: JSONEncodable {}
extension UInt16: JSONEncodable {}
extension UInt32: JSONEncodable {}
extension UInt64: JSONEncodable {}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
    /// The wrapped value, or `null`.
    public func toJSON() -> JSON { map { $0.toJSON() } ?? .null }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    /// A JSON array of the elements, in order.
    public func toJSON() -> JSON { .array(JSONArray(lazy.map { $0.toJSON() })) }
}

extension Set: JSONEncodable where Element: JSONEncodable {
    /// A JSON array of the elements, in the set's (unspecified) order.
    public func toJSON() -> JSON { .array(JSONArray(lazy.map { $0.toJSON() })) }
}

extension Dictionary: JSONEncodable where Key == String, Value: JSONEncodable {
    /// A JSON object, with members in the dictionary's (unspecified) order; write with
    /// ``JSONWritingOptions/sortsKeys`` for a stable order.
    public func toJSON() -> JSON { .object(JSONObject(members: lazy.map { ($0.key, $0.value.toJSON()) })) }
}

extension JSONEncodable where Self: RawRepresentable, RawValue: JSONEncodable {
    /// The raw value.
    public func toJSON() -> JSON { rawValue.toJSON() }
}
