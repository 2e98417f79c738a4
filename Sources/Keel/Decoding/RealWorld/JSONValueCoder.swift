/// A type's own way of reading and writing one kind of value, for the formats no built-in option covers: a
/// phone number kept as digits but sent formatted, a colour as `"#RRGGBB"`, a duration as `"1h30m"`.
///
/// A `@JSONModel` property uses one with `@JSONCoded(by:)`; any style can call it directly.
///
/// ```swift
/// enum HexColor: JSONValueCoder {
///     static func decode(_ json: JSONView) throws -> UInt32 {
///         guard let text = json.stringValue, text.hasPrefix("#"), let value = UInt32(text.dropFirst(), radix: 16)
///         else { throw JSONDecodingError.typeMismatch("a colour as #RRGGBB", at: json) }
///         return value
///     }
///     static func encode(_ value: UInt32) -> JSON { .string("#" + String(value, radix: 16)) }
/// }
///
/// @JSONModel struct Theme { @JSONCoded(by: HexColor.self) var accent: UInt32 }
/// ```
///
/// An error other than ``JSONDecodingError`` that `decode` throws becomes a custom error at the value's path.
public protocol JSONValueCoder {
    /// The Swift type read and written.
    associatedtype Value

    /// Reads a value from `json`, or throws.
    static func decode(_ json: JSONView) throws -> Value

    /// The JSON that stands for `value`.
    static func encode(_ value: Value) -> JSON
}

extension JSONMember {
    /// Decodes the value with `coder`; a missing member, or `null`, is an error.
    public func decode<Coder: JSONValueCoder>(with coder: Coder.Type, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> Coder.Value
    {
        let value = try required()
        guard !value.isNullValue else { throw .typeMismatch("a value for \(Coder.self)", at: value) }
        return try Coder.decoding(value)
    }

    /// Decodes the value with `coder`, or gives `nil` when the member is missing or `null`.
    public func decodeIfPresent<Coder: JSONValueCoder>(with coder: Coder.Type, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> Coder.Value?
    {
        guard let value = try presentValue(), !value.isNullValue else { return nil }
        return try Coder.decoding(value)
    }
}

extension JSON {
    /// The JSON `coder` writes for `value`.
    public init<Coder: JSONValueCoder>(_ value: Coder.Value, coder: Coder.Type) {
        self = Coder.encode(value)
    }
}

extension JSONValueCoder {
    /// `decode(_:)` with its errors as decoding errors at `value`.
    static func decoding(_ value: JSONView) throws(JSONDecodingError) -> Value {
        do {
            return try decode(value)
        } catch {
            throw JSONDecodingError(thrownByModel: error, at: value)
        }
    }
}
