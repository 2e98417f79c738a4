// Writing `JSONEncodable` values as text: the entry points that make a `JSONTextWriter` and hand it to
// `write(to:)`, and the member call the generated code makes for each property.

extension JSONTextWriter {
    /// Writes the member `name` with `value`: ``key(_:)``, then the value's ``JSONEncodable/write(to:)``.
    @inlinable
    public mutating func member(_ name: String, _ value: some JSONEncodable) throws(JSONWritingError) {
        key(name)
        try value.write(to: &self)
    }

    /// Writes the member `name`, a string literal, with `value`: ``key(literal:)``, then the value's
    /// ``JSONEncodable/write(to:)``. What `@JSONModel`'s generated `write(to:)` calls for a property whose name
    /// needs an escape under some writing option.
    @inlinable
    public mutating func member(literal name: StaticString, _ value: some JSONEncodable) throws(JSONWritingError) {
        key(literal: name)
        try value.write(to: &self)
    }

    /// Writes the member `name`, a string literal that needs no escape under any writing option, with
    /// `value`: ``key(plainLiteral:)``, then the value's ``JSONEncodable/write(to:)``. What `@JSONModel`'s
    /// generated `write(to:)` calls for each property whose name qualifies.
    @inlinable
    public mutating func member(plainLiteral name: StaticString, _ value: some JSONEncodable) throws(JSONWritingError) {
        key(plainLiteral: name)
        try value.write(to: &self)
    }
}

extension JSONEncodable {
    /// The value as JSON text in UTF-8 bytes, written straight from the value by ``write(to:)``.
    ///
    /// The same bytes as `toJSON().jsonBytes(options:)`, without the `JSON` tree in between when the type
    /// writes itself (the standard types, and types declared with `@JSONModel`, do).
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number, with its path in the value.
    public func jsonBytes(options: JSONWritingOptions = JSONWritingOptions()) throws(JSONWritingError) -> [UInt8] {
        try writeText(options: options) { Array($0) }
    }

    /// Writes the value as ``jsonBytes(options:)`` does and lends the text to `output`, so that the text
    /// becomes a `[UInt8]`, a `String` or a `Data` with one copy.
    func writeText<Output>(
        options: JSONWritingOptions, _ output: (UnsafeBufferPointer<UInt8>) -> Output
    ) throws(JSONWritingError) -> Output {
        // Sorting keys needs each object whole; the tree has them.
        if options.sortsKeys { return try toJSON().jsonBytes(options: options).withUnsafeBufferPointer(output) }
        var writer = JSONTextWriter(options: options)
        do {
            try write(to: &writer)
        } catch {
            // The direct writer does not keep a path; the tree finds where the number is.
            _ = try toJSON().jsonBytes(options: options)
            throw error
        }
        // A `write(to:)` that did not write one value cannot give text that reads back: the tree can.
        guard writer.wroteOneValue else { return try toJSON().jsonBytes(options: options).withUnsafeBufferPointer(output) }
        return writer.withOutput(output)
    }

    /// The value as JSON text; see ``jsonBytes(options:)``.
    public func jsonText(options: JSONWritingOptions = JSONWritingOptions()) throws(JSONWritingError) -> String {
        try writeText(options: options) { String(decoding: $0, as: UTF8.self) }
    }
}
