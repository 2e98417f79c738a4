// The one path walker of the decoding core. Every style that decodes "the value at a path" comes here (the
// results style's getters, the functional style's key paths, the throwing style's lossy arrays, the
// `decode(atPath:)` family), so a missing key, a missing element and a `null` on the way mean the same
// everywhere, and are reported with the same errors.

/// What a path walk does when a key or an element is missing, or a value on the way is `null` (the Freddy
/// library's `SubscriptingOptions`). Without options, both are errors.
public struct JSONPathOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int
    /// Makes options from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A missing key (or array element) gives `nil` instead of an error.
    public static let missingKeyBecomesNil = JSONPathOptions(rawValue: 1 << 0)
    /// A `null`, on the way or at the end, gives `nil` instead of an error.
    public static let nullBecomesNil = JSONPathOptions(rawValue: 1 << 1)
}

extension JSONView {
    /// The value at `path`, every step required.
    ///
    /// - Throws: ``JSONDecodingError/Kind/missingKey`` or ``JSONDecodingError/Kind/missingElement`` naming
    ///   the step and the container; ``JSONDecodingError/Kind/typeMismatch`` when a step meets a value that
    ///   cannot be stepped into that way.
    public func value(at path: JSONPath) throws(JSONDecodingError) -> JSONView {
        guard let value = try value(at: path, options: []) else {
            // Unreachable without options; kept as an error rather than a trap.
            throw JSONDecodingError.custom("Expected a value", at: self)
        }
        return value
    }

    /// The value at `path`, or `nil` where `options` allow a missing step or a `null`.
    public func value(at path: JSONPath, options: JSONPathOptions) throws(JSONDecodingError) -> JSONView? {
        var current = self
        for component in path.components {
            if current.isNullValue, options.contains(.nullBecomesNil) { return nil }
            switch component {
            case .key(let key):
                guard current.kind == .object else { throw .typeMismatch("an object with key \(key.debugDescription)", at: current) }
                guard let next = current.member(key) else {
                    if options.contains(.missingKeyBecomesNil) { return nil }
                    throw .missingKey(key, in: current)
                }
                current = next
            case .index(let index):
                guard current.kind == .array else { throw .typeMismatch("an array with an element \(index)", at: current) }
                guard let next = current.element(at: index) else {
                    if options.contains(.missingKeyBecomesNil) { return nil }
                    throw .missingElement(index, in: current)
                }
                current = next
            }
        }
        if current.isNullValue, options.contains(.nullBecomesNil) { return nil }
        return current
    }

    /// The value at a path of keys, each step required (a `[String]` form of ``value(at:)``).
    public func requiredMember(atPath keys: [String]) throws(JSONDecodingError) -> JSONView {
        try value(at: JSONPath(keys: keys))
    }

    /// The value at a path of keys, or `nil` when a key is missing or a value on the way is `null`; a type
    /// mismatch when a value on the way is neither an object nor `null`.
    public func optionalMember(atPath keys: [String]) throws(JSONDecodingError) -> JSONView? {
        try value(at: JSONPath(keys: keys), options: [.missingKeyBecomesNil, .nullBecomesNil])
    }

    /// Decodes the value at a path of keys as `T` (a `[String]` form of the `JSONPath` one).
    @inlinable public func decode<T: JSONDecodable>(
        _ type: T.Type = T.self, atPath keys: [String], in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T {
        try decode(T.self, atPath: JSONPath(keys: keys), in: context)
    }

    /// Decodes the value at a path of keys as `T`, or `nil` when missing or `null` on the way.
    @inlinable public func decodeIfPresent<T: JSONDecodable>(
        _ type: T.Type = T.self, atPath keys: [String], in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T? {
        try decodeIfPresent(T.self, atPath: JSONPath(keys: keys), in: context)
    }

    /// Decodes an array at a path of keys, leaving out the elements that fail.
    @inlinable public func decodeLossyArray<T: JSONDecodable>(
        of type: T.Type = T.self, atPath keys: [String], in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> [T] {
        try decodeLossyArray(of: T.self, atPath: JSONPath(keys: keys), in: context)
    }
}

extension JSONPath {
    /// A path of keys only: `JSONPath(keys: ["location", "city"])`.
    public init(keys: [String]) { self.init(keys.map(Component.key)) }
}
