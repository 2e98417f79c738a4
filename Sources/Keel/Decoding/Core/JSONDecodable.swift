/// A type that decodes itself from a value in a parsed JSON document.
///
/// This is the one decoding protocol in Keel's core: every decoding style (functional, results, throwing
/// operators, collecting) ends up calling ``decode(_:in:)``, and the standard types conform once, here:
/// `String`, `Bool`, `Double`, `Float`, every integer width (exact, never truncated or wrapped), `Optional`,
/// `Array`, `Set`, `Dictionary` with `String` keys, ``JSON``, ``JSONView``, and any `RawRepresentable` type
/// whose raw value is a `String` or an integer, by declaring conformance alone:
///
/// ```swift
/// enum Role: String, JSONDecodable { case admin, user }
/// let role = try Role.decode(document.root["role"].get())
/// ```
///
/// The name is Keel's own, so that it never clashes with `Swift.Decodable`. Usually you conform through one
/// of the style protocols (``FunctionalJSONDecodable``, ``JSONInitializable``, ``ThrowingJSONDecodable``,
/// ``CollectingJSONDecodable``), which implement this requirement for you.
public protocol JSONDecodable {
    /// Decodes a value from `value`, throwing an error that names the path and position.
    ///
    /// - Parameters:
    ///   - value: The value in a parsed document.
    ///   - context: The run's context: in collecting mode, decoders record errors there and salvage what
    ///     they can instead of throwing.
    static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self

    /// Whether decoding this type can record errors of its own in a collecting context (collections,
    /// optionals, salvaging records), so that the collecting style must keep track of where it is while
    /// decoding it. Not API; the default, `false`, is right for every type that only throws.
    static var _mayRecordNestedErrors: Bool { get }
}

extension JSONDecodable {
    /// Types that only throw record nothing.
    @inlinable public static var _mayRecordNestedErrors: Bool { false }

    /// Whether the type of the property at `property` may record errors of its own. Not API: code that
    /// `@JSONModel` generates asks this instead of naming the property's type.
    @inlinable public static func _propertyMayRecordNestedErrors<Value: JSONDecodable>(_ property: KeyPath<Self, Value>) -> Bool {
        Value._mayRecordNestedErrors
    }

    /// `value`, typed as the property at `property` (whose key path is never made). Not API: code that
    /// `@JSONModel` generates reads each member into a local of its property's type this way, without naming
    /// the type, and assigns the properties only once every read has succeeded. Assigned as each read
    /// returned, a throwing initializer built the model in a temporary and copied it out (retaining every
    /// string and array in it).
    @inlinable @inline(__always)
    public static func _propertyValue<Value>(_ property: @autoclosure () -> KeyPath<Self, Value>, _ value: Value) -> Value {
        value
    }

    /// Decodes a value strictly (the first error is thrown).
    @inlinable public static func decode(_ value: JSONView) throws(JSONDecodingError) -> Self {
        try decode(value, in: .strict)
    }

    /// Parses `text` and decodes its top-level value strictly.
    ///
    /// - Throws: ``JSONSyntaxError`` when the text is not JSON, ``JSONDecodingError`` when it does not fit.
    public static func decode(parsing text: String, options: JSONParsingOptions = JSONParsingOptions()) throws -> Self {
        try decode(JSONDocument(parsing: text, options: options).root)
    }

    /// Parses `bytes` and decodes their top-level value strictly.
    public static func decode(parsing bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws -> Self {
        try decode(JSONDocument(parsing: bytes, options: options).root)
    }

    /// Decodes a `JSON` tree (written to text and parsed once, so that errors have paths and positions).
    ///
    /// - Throws: ``JSONDecodingError``, or ``JSONWritingError`` when the tree holds a non-finite number.
    public static func decode(_ json: JSON) throws -> Self {
        try decode(JSONDocument(json).root)
    }
}

extension JSONDocument {
    /// A document holding `json`: its compact text and its tape, written together in one walk of the tree
    /// (nothing is parsed), so that its values have positions and paths and every decoding style can read
    /// them. Errors about its values name paths but no line and column: the text is Keel's, not yours.
    ///
    /// - Throws: ``JSONWritingError`` when `json` holds a non-finite number, which JSON text cannot hold.
    public init(_ json: JSON) throws(JSONWritingError) {
        self = try DocumentWriter.document(for: json)
    }
}
