/// A type that decodes itself in the functional style of the Argo library: by returning a ``Decoded``.
///
/// ```swift
/// struct User { let id: Int; let name: String; let email: String? }
///
/// extension User: FunctionalJSONDecodable {
///     static func decode(_ json: JSONView) -> Decoded<User> {
///         curry(User.init)
///             <^> json <| "id"
///             <*> json <| "name"
///             <*> json <|? "email"
///     }
/// }
/// ```
///
/// (The operators come from `import KeelOperators`; each is an alias of a named method of ``JSONView`` or
/// ``Decoded``.) Conforming also makes the type ``JSONDecodable``, so it decodes in every other style too.
public protocol FunctionalJSONDecodable: JSONDecodable {
    /// Decodes a value, or says why not.
    static func decode(_ json: JSONView) -> Decoded<Self>
}

extension FunctionalJSONDecodable {
    /// Decodes through ``decode(_:)-(JSONView)``.
    @inlinable public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        try JSONDecodingError.checkStack(for: value)
        return try decode(value).dematerialize()
    }
}

extension JSONView {
    /// The member `key` decoded as `T`: missing keys and `null` are failures. (`json <| "key"`.)
    @inlinable public func decoded<T: JSONDecodable>(at key: String) -> Decoded<T> {
        Decoded { () throws(JSONDecodingError) in try decode(T.self, forKey: key) }
    }

    /// The value at a path of keys decoded as `T`. (`json <| ["location", "city"]`.)
    @inlinable public func decoded<T: JSONDecodable>(at keys: [String]) -> Decoded<T> {
        Decoded { () throws(JSONDecodingError) in try decode(T.self, atPath: keys) }
    }

    /// The member `key` decoded as `T`, or `nil` when it is missing or `null`; a wrong type is a failure.
    /// (`json <|? "key"`.)
    @inlinable public func decodedIfPresent<T: JSONDecodable>(at key: String) -> Decoded<T?> {
        Decoded { () throws(JSONDecodingError) in try decodeIfPresent(T.self, forKey: key) }
    }

    /// The value at a path of keys decoded as `T`, or `nil` when missing or `null`. (`json <|? ["a", "b"]`.)
    @inlinable public func decodedIfPresent<T: JSONDecodable>(at keys: [String]) -> Decoded<T?> {
        Decoded { () throws(JSONDecodingError) in try decodeIfPresent(T.self, atPath: keys) }
    }

    /// The value at a path of keys and indices decoded as `T`. (`json <| ["items", 0, "name"]`.)
    @inlinable public func decoded<T: JSONDecodable>(at path: JSONPath) -> Decoded<T> {
        Decoded { () throws(JSONDecodingError) in try decode(T.self, atPath: path) }
    }

    /// The value at a path of keys and indices decoded as `T`, or `nil` when a step is missing or a value
    /// on the way is `null`.
    @inlinable public func decodedIfPresent<T: JSONDecodable>(at path: JSONPath) -> Decoded<T?> {
        Decoded { () throws(JSONDecodingError) in try decodeIfPresent(T.self, atPath: path) }
    }

    /// The member `key` decoded as an array of `T`. (`json <|| "key"`.)
    @inlinable public func decodedArray<T: JSONDecodable>(at key: String) -> Decoded<[T]> { decoded(at: key) }

    /// The value at a path of keys decoded as an array of `T`. (`json <|| ["a", "b"]`.)
    @inlinable public func decodedArray<T: JSONDecodable>(at keys: [String]) -> Decoded<[T]> { decoded(at: keys) }

    /// The member `key` decoded as an array of `T`, or `nil` when missing or `null`. (`json <||? "key"`.)
    @inlinable public func decodedArrayIfPresent<T: JSONDecodable>(at key: String) -> Decoded<[T]?> { decodedIfPresent(at: key) }

    /// The value at a path of keys as an array of `T`, or `nil` when missing or `null`. (`json <||? ["a"]`.)
    @inlinable public func decodedArrayIfPresent<T: JSONDecodable>(at keys: [String]) -> Decoded<[T]?> { decodedIfPresent(at: keys) }
}

/// Decodes `json` as `T`, keeping the reason for a failure.
///
/// ```swift
/// let user: Decoded<User> = decode(document.root)
/// ```
@inlinable public func decode<T: JSONDecodable>(_ json: JSONView) -> Decoded<T> {
    Decoded { () throws(JSONDecodingError) in try T.decode(json) }
}

/// Decodes `json` as `T`, or gives `nil` (dropping the reason).
///
/// ```swift
/// let user: User? = decode(document.root)
/// ```
@inlinable public func decode<T: JSONDecodable>(_ json: JSONView) -> T? {
    try? T.decode(json)
}

/// Decodes the member `rootKey` of `json` as `T`, keeping the reason for a failure.
@inlinable public func decode<T: JSONDecodable>(_ json: JSONView, rootKey: String) -> Decoded<T> {
    json.decoded(at: rootKey)
}

/// Decodes the member `rootKey` of `json` as `T`, or gives `nil`.
@inlinable public func decode<T: JSONDecodable>(_ json: JSONView, rootKey: String) -> T? {
    json.decoded(at: rootKey).value
}
