// The public face of decoding `Decodable` models with Keel: shaped like Foundation's JSONDecoder, reading
// from Keel's parsed document.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// Decodes any `Decodable` model from JSON text, like Foundation's `JSONDecoder`, on Keel's strict parser.
///
/// ```swift
/// struct User: Codable { let id: Int; let displayName: String; let joined: Date }
///
/// var decoder = KeelDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// decoder.dateDecodingStrategy = .iso8601
/// let user = try decoder.decode(User.self, from: data)     // Data, [UInt8], String or any contiguous bytes
/// ```
///
/// Errors are the `DecodingError`s a Codable user knows, with the full `codingPath` (array positions as
/// `Index N`), and with Keel's own error inside, which says where in the text:
///
/// ```swift
/// catch let error as DecodingError {
///     print(error.jsonDecodingError?.path.pointer)   // "/users/2/id"
///     print(error.jsonDecodingError?.location)       // line 14, column 12
/// }
/// ```
///
/// `decodeCollecting(_:from:)` decodes in the collecting mode none of the older libraries had:
/// array elements that fail are left out, an optional of the wrong type becomes `nil`, and you get the value
/// together with every error.
///
/// Keel is stricter than Foundation in a few places, on purpose (see the Codable article): text that is not
/// RFC 8259 JSON (trailing commas, for one) is rejected; for a repeated key the last member wins, where
/// Foundation takes the first; a number too small for a `Double` rounds to zero instead of failing.
///
/// A decoder is a `Sendable` value: share it across tasks, or copy and change it.
public struct KeelDecoder: Sendable {
    /// How the text is parsed (limits, duplicate keys, byte order mark).
    public var parsingOptions: JSONParsingOptions
    /// How member names match coding keys. Default: ``KeyDecodingStrategy-swift.enum/useDefaultKeys``.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// How dates are read. Default: ``DateDecodingStrategy-swift.enum/deferredToDate``.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How `Data` is read. Default: ``DataDecodingStrategy-swift.enum/base64``.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// Whether strings stand for infinities and NaN. Default:
    /// ``NonConformingFloatDecodingStrategy-swift.enum/throw``.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// Whether a value of another kind is read when it stands for the requested type without loss (`"42"` as an
    /// `Int`, `1` as `true`, a number as a `String`; see ``LosslessJSONCoercible``). Default:
    /// ``Coercion/strict``. For one member only, use `decodeCoercing(_:forKey:)` instead.
    public var coercion: Coercion = .strict
    /// Values every `init(from:)` can read from `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// How standard types decode, replaced for this decoder's decodings only (see ``JSONDecodingOverrides``):
    /// a `Bool` read from `"true"`, a single value read as an array. Default: none.
    public var overrides = JSONDecodingOverrides()

    /// A decoder parsing with `parsingOptions`, and every strategy at its default.
    public init(parsingOptions: JSONParsingOptions = JSONParsingOptions()) {
        self.parsingOptions = parsingOptions
    }

    /// Whether values of another kind are read when they stand for the requested type without loss.
    public enum Coercion: Sendable, Hashable {
        /// A value must be of the requested kind, as with Foundation's `JSONDecoder`.
        case strict
        /// Every `Int`, `Int64`, `UInt64`, `Double`, `Bool` and `String` (members, elements and single values)
        /// also reads a value that stands for it without loss, as ``LosslessJSONCoercible`` defines it:
        /// `"42"` as an `Int`, but never `"4.2"`, `"042"` or `" 42"`. In collecting mode each coercion is a
        /// warning with its path, line and column.
        case lossless
    }

    // MARK: Strict decoding

    /// Decodes a `T` from UTF-8 JSON text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` with Keel's ``JSONSyntaxError`` as the underlying error when the
    ///   text is not JSON; otherwise the first `DecodingError` met (see ``KeelDecoder``), or any error the
    ///   model's own `init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decode(T.self, from: try document(parsing: { () throws(JSONSyntaxError) in
            try JSONDocument(parsing: bytes, options: parsingOptions)
        }).root)
    }

    /// Decodes a `T` from JSON text. Throws as `decode(_:from:)` does.
    public func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(T.self, from: Array(text.utf8))
    }

    /// Decodes a `T` from UTF-8 JSON text in any contiguous bytes, `Data` included; the text is copied once.
    /// Throws as `decode(_:from:)` does.
    public func decode<T: Decodable, Bytes: ContiguousBytes>(_ type: T.Type, from bytes: Bytes) throws -> T {
        try decode(T.self, from: try document(parsing: { () throws(JSONSyntaxError) in
            try JSONDocument.parsing(bytes, options: parsingOptions)
        }).root)
    }

    /// Decodes a `T` from a value of a parsed document: the whole of it, or any part.
    ///
    /// - Throws: the first `DecodingError` met, or any error the model's own `init(from:)` throws.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONView) throws -> T {
        guard overrides.isEmpty else { return try overrides.apply { try withoutOverrides.decode(T.self, from: value) } }
        return try DecodingSession.run(self, on: value, collecting: false) { session in
            try session.decodeValue(T.self, at: value.index, path: { session.rootPath })
        }
    }

    /// This decoder with no overrides of its own, for running inside the scope of its overrides.
    private var withoutOverrides: KeelDecoder {
        var plain = self
        plain.overrides = JSONDecodingOverrides()
        return plain
    }

    // MARK: Collecting decoding

    /// Decodes a `T` from UTF-8 JSON text, salvaging what can be salvaged: an array element that fails is
    /// left out, a present optional value that fails becomes `nil`, and every such failure is reported.
    ///
    /// ```swift
    /// let result = KeelDecoder().decodeCollecting([Person].self, from: bytes)
    /// result.value        // the people that decoded
    /// result.errors       // why the others did not, each with its path, line and column
    /// ```
    ///
    /// A required member that fails makes its object fail, and that failure is salvaged by the nearest
    /// array or optional above it; when nothing above can salvage it, the result's `value` is `nil`.
    public func decodeCollecting<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) -> Keel.Collected<T, DecodingError> {
        collecting(T.self) { () throws(JSONSyntaxError) in try JSONDocument(parsing: bytes, options: parsingOptions) }
    }

    /// Decodes a `T` from JSON text, salvaging what can be salvaged; see `decodeCollecting(_:from:)`.
    public func decodeCollecting<T: Decodable>(_ type: T.Type, from text: String) -> Keel.Collected<T, DecodingError> {
        decodeCollecting(T.self, from: Array(text.utf8))
    }

    /// Decodes a `T` from UTF-8 JSON text in any contiguous bytes, salvaging what can be salvaged; see
    /// `decodeCollecting(_:from:)`.
    public func decodeCollecting<T: Decodable, Bytes: ContiguousBytes>(_ type: T.Type, from bytes: Bytes) -> Keel.Collected<T, DecodingError> {
        collecting(T.self) { () throws(JSONSyntaxError) in try JSONDocument.parsing(bytes, options: parsingOptions) }
    }

    /// Decodes a `T` from a value of a parsed document, salvaging what can be salvaged; see
    /// `decodeCollecting(_:from:)`.
    public func decodeCollecting<T: Decodable>(_ type: T.Type, from value: JSONView) -> Keel.Collected<T, DecodingError> {
        guard overrides.isEmpty else { return overrides.apply { withoutOverrides.decodeCollecting(T.self, from: value) } }
        return DecodingSession.collect(self, on: value) { session in
            try session.decodeValue(T.self, at: value.index, path: { session.rootPath })
        }
    }

    /// What `decodeCollecting(_:from:)` returned before 0.2; the same type as every collecting result.
    @available(*, deprecated, message: "Use Collected<Value, DecodingError>")
    public typealias Collected<Value> = Keel.Collected<Value, DecodingError>

    // MARK: Parsing

    /// The document `parse` makes, or its syntax error as a `DecodingError`.
    private func document(parsing parse: () throws(JSONSyntaxError) -> JSONDocument) throws -> JSONDocument {
        do {
            return try parse()
        } catch {
            throw DecodingError(syntaxError: error)
        }
    }

    private func collecting<T: Decodable>(_ type: T.Type, parsing parse: () throws(JSONSyntaxError) -> JSONDocument) -> Keel.Collected<T, DecodingError> {
        do {
            return decodeCollecting(T.self, from: try parse().root)
        } catch {
            return Keel.Collected(value: nil, errors: [DecodingError(syntaxError: error)])
        }
    }
}

extension JSONDocument {
    /// Parses the bytes of any `ContiguousBytes` (keeping one copy), with a typed error.
    static func parsing(_ bytes: some ContiguousBytes, options: JSONParsingOptions) throws(JSONSyntaxError) -> JSONDocument {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try JSONDocument(parsing: buffer, options: options) }
        }
        return try result.get()
    }
}
#endif
