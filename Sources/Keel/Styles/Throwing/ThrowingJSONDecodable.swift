/// A type that decodes itself by throwing, in the style of the Decodable library: with `=>` from
/// `KeelOperators`, or the named methods it stands for.
///
/// ```swift
/// struct Repository: ThrowingJSONDecodable {
///     let name: String
///     let stargazersCount: Int
///     let language: String?
///     let owner: User
///
///     static func decode(_ json: JSONView) throws -> Repository {
///         try Repository(name: json => "name", stargazersCount: json => "stargazers_count",
///                        language: json => "language", owner: json => "owner")
///     }
/// }
/// ```
///
/// A chain names the full path when it fails, and a missing key prints the object that lacked it:
///
/// ```swift
/// let login: String = try json => "object" => "repo" => "owner" => "lllloogon"
/// // Missing key "lllloogon" in the object at $.object.repo.owner (line 1, column 28): {"id":1,"login":"anviking"}.
/// ```
///
/// Conforming also makes the type ``JSONDecodable``. Errors thrown from `decode(_:)` that are not
/// ``JSONDecodingError`` become custom errors at the value's path.
public protocol ThrowingJSONDecodable: JSONDecodable {
    /// Decodes a value from `json`, or throws.
    static func decode(_ json: JSONView) throws -> Self
}

extension ThrowingJSONDecodable {
    /// Decodes through ``decode(_:)-(JSONView)``.
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        try JSONDecodingError.checkStack(for: value)
        do {
            let decode: (JSONView) throws -> Self = Self.decode
            return try decode(value)
        } catch {
            throw JSONDecodingError(thrownByModel: error, at: value)
        }
    }
}

extension JSONDecodingError {
    /// What a ``ThrowingJSONDecodable/decode(_:)-(JSONView)`` threw, as a decoding error: decoding errors as
    /// they are, anything else as a custom error at `value`.
    @usableFromInline
    init(thrownByModel error: any Error, at value: JSONView) {
        self = error as? JSONDecodingError ?? .custom("\(error)", at: value)
    }
}
