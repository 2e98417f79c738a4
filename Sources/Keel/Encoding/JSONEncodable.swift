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

    /// Writes the value's JSON text, the text of ``toJSON()``, straight to `writer`.
    ///
    /// Optional: the default writes ``toJSON()``. The standard types and `@JSONModel` types write
    /// themselves without building the `JSON` value, which is what makes ``jsonBytes(options:)`` fast.
    func write(to writer: inout JSONTextWriter) throws(JSONWritingError)
}

extension JSONEncodable {
    /// Writes ``toJSON()``.
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
        try writer.json(toJSON())
    }
}

extension JSON: JSONEncodable {
    /// The value itself.
    public func toJSON() -> JSON { self }
}

extension String: JSONEncodable {
    /// A JSON string.
    public func toJSON() -> JSON { .string(self) }

    /// Writes the string.
    public func write(to writer: inout JSONTextWriter) { writer.string(self) }
}

extension Bool: JSONEncodable {
    /// `true` or `false`.
    public func toJSON() -> JSON { .bool(self) }

    /// Writes `true` or `false`.
    public func write(to writer: inout JSONTextWriter) { writer.bool(self) }
}

extension Double: JSONEncodable {
    /// A number that writes in the shortest form that reads back to this double.
    public func toJSON() -> JSON { .number(JSONNumber(self)) }

    /// Writes the number; throws for a non-finite one.
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { try writer.number(JSONNumber(self)) }
}

extension Float: JSONEncodable {
    /// A number that writes in the shortest form that reads back to this float.
    public func toJSON() -> JSON { .number(JSONNumber(self)) }

    /// Writes the number; throws for a non-finite one.
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { try writer.number(JSONNumber(self)) }
}

/// Every integer width writes its exact value; the conformances below take this one implementation.
extension JSONEncodable where Self: BinaryInteger {
    /// The exact integer.
    public func toJSON() -> JSON { .number(JSONNumber(self)) }

    /// Writes the exact integer.
    @inlinable
    public func write(to writer: inout JSONTextWriter) {
        if let value = Int64(exactly: self) { writer.integer(value) } else { writer.integer(UInt64(truncatingIfNeeded: self)) }
    }
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

    /// Writes the wrapped value, or `null`.
    @inlinable
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
        if let value = self { try value.write(to: &writer) } else { writer.null() }
    }
}

extension Array: JSONEncodable where Element: JSONEncodable {
    /// A JSON array of the elements, in order.
    public func toJSON() -> JSON { .array(JSONArray(lazy.map { $0.toJSON() })) }

    /// Writes the elements as a JSON array.
    @inlinable
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
        // Arrays of the commonest scalars are written in one call into the library, where the writer's steps
        // inline into the loop. (In a specialisation these comparisons are constants.)
        if Element.self == Double.self { return try writer.doubleElements(unsafeBitCast(self, to: [Double].self)) }
        if Element.self == Int.self { return writer.integerElements(unsafeBitCast(self, to: [Int].self)) }
        if Element.self == String.self { return writer.stringElements(unsafeBitCast(self, to: [String].self)) }
        // By position, so that each element is lent to its `write(to:)` rather than copied out (an array of
        // arrays would retain and release each inner one).
        writer.beginArray()
        for index in indices {
            writer.element()
            try self[index].write(to: &writer)
        }
        writer.endArray()
    }
}

extension Set: JSONEncodable where Element: JSONEncodable {
    /// A JSON array of the elements, in the set's (unspecified) order.
    public func toJSON() -> JSON { .array(JSONArray(lazy.map { $0.toJSON() })) }

    /// Writes the elements as a JSON array.
    @inlinable
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { try writer.elements(self) }
}

// The containers' and optionals' `write(to:)` are inlinable so that a model's code specialises them for its
// element types: unspecialised, each element cost a generic iterator and metadata and witness-table lookups
// (about a third of writing citm_catalog's model).
extension JSONTextWriter {
    /// Writes `elements` as an array.
    @inlinable
    mutating func elements(_ elements: some Sequence<some JSONEncodable>) throws(JSONWritingError) {
        beginArray()
        for element in elements {
            self.element()
            try element.write(to: &self)
        }
        endArray()
    }
}

extension Dictionary: JSONEncodable where Key == String, Value: JSONEncodable {
    /// A JSON object, with members in the dictionary's (unspecified) order; write with
    /// ``JSONWritingOptions/sortsKeys`` for a stable order.
    public func toJSON() -> JSON { .object(JSONObject(members: lazy.map { ($0.key, $0.value.toJSON()) })) }

    /// Writes the members as a JSON object, in the dictionary's order.
    @inlinable
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
        if Value.self == String.self { return writer.stringMembers(unsafeBitCast(self, to: [String: String].self)) }
        writer.beginObject()
        for (key, value) in self { try writer.member(key, value) }
        writer.endObject()
    }
}

extension JSONTextWriter {
    /// Writes `values` as an array of numbers; throws for a non-finite one, as `Double.write(to:)` does.
    @usableFromInline
    mutating func doubleElements(_ values: [Double]) throws(JSONWritingError) {
        beginArray()
        for value in values {
            element()
            try number(JSONNumber(value))
        }
        endArray()
    }

    /// Writes `values` as an array of integers.
    @usableFromInline
    mutating func integerElements(_ values: [Int]) {
        beginArray()
        for value in values {
            element()
            integer(Int64(value))
        }
        endArray()
    }

    /// Writes `values` as an array of strings.
    @usableFromInline
    mutating func stringElements(_ values: [String]) {
        beginArray()
        for value in values {
            element()
            string(value)
        }
        endArray()
    }

    /// Writes `members` as an object of strings, in the dictionary's order.
    @usableFromInline
    mutating func stringMembers(_ members: [String: String]) {
        beginObject()
        for (name, value) in members {
            key(name)
            string(value)
        }
        endObject()
    }
}

extension JSONEncodable where Self: RawRepresentable, RawValue: JSONEncodable {
    /// The raw value.
    public func toJSON() -> JSON { rawValue.toJSON() }

    /// Writes the raw value.
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { try rawValue.write(to: &writer) }
}
