/// A type that initializes itself from a JSON value by throwing, in the results-and-subscripts style of the
/// Freddy library.
///
/// ```swift
/// struct Person: JSONInitializable {
///     let name: String, age: Int
///     init(json: JSONView) throws {
///         name = try json.getString(at: "name")
///         age = try json.getInt(at: "age")
///     }
/// }
///
/// let people = try document.root.getArray(at: "people").map(Person.init(json:))
/// let first = try document.root.decode(at: "people", 0, type: Person.self)
/// ```
///
/// Conforming also makes the type ``JSONDecodable``, so it decodes in every other style too. Errors thrown
/// from `init(json:)` that are not ``JSONDecodingError`` become custom errors at the value's path.
public protocol JSONInitializable: JSONDecodable {
    /// Initializes a value from `json`, or throws.
    init(json: JSONView) throws
}

extension JSONInitializable {
    /// Decodes through ``init(json:)``.
    @inlinable
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        try JSONDecodingError.checkStack(for: value)
        do {
            return try Self(json: value)
        } catch {
            throw JSONDecodingError(thrownByInitializer: error, at: value)
        }
    }

    /// The seed's `createWithJSONValue`: a `Result` instead of a throw, to combine with `map` and `bind`.
    public static func create(json: JSONView) -> Result<Self, JSONDecodingError> {
        Result { () throws(JSONDecodingError) in try decode(json) }
    }
}

extension JSONDecodingError {
    /// What an ``JSONInitializable/init(json:)`` threw, as a decoding error: decoding errors as they are,
    /// accessor errors converted (they know their path), anything else as a custom error at `value`.
    @usableFromInline
    init(thrownByInitializer error: any Error, at value: JSONView) {
        switch error {
        case let error as JSONDecodingError: self = error
        case let error as JSONAccessError: self.init(error)
        default: self = .custom("\(error)", at: value)
        }
    }
}

extension JSONView {
    /// Decodes the value at a path of keys and indices as `T`.
    ///
    /// ```swift
    /// let person = try json.decode(at: "people", 0, type: Person.self)
    /// ```
    @inlinable public func decode<T: JSONDecodable>(at path: JSONPath.Component..., type: T.Type = T.self) throws(JSONDecodingError) -> T {
        try T.decode(value(at: JSONPath(path)))
    }

    /// Decodes the value at a path as `T`, or `nil` where `options` allow it (a missing key, a `null`).
    @inlinable public func decode<T: JSONDecodable>(
        at path: JSONPath.Component..., alongPath options: JSONPathOptions, type: T.Type = T.self
    ) throws(JSONDecodingError) -> T? {
        guard let value = try value(at: JSONPath(path), options: options) else { return nil }
        return try T.decode(value)
    }

    /// The string at a path.
    public func getString(at path: JSONPath.Component...) throws(JSONDecodingError) -> String { try String.decode(value(at: JSONPath(path))) }
    /// The string at a path, or `nil` where `options` allow.
    public func getString(at path: JSONPath.Component..., alongPath options: JSONPathOptions) throws(JSONDecodingError) -> String? {
        try value(at: JSONPath(path), options: options).map { v throws(JSONDecodingError) in try String.decode(v) }
    }
    /// The exact `Int` at a path.
    public func getInt(at path: JSONPath.Component...) throws(JSONDecodingError) -> Int { try Int.decode(value(at: JSONPath(path))) }
    /// The exact `Int` at a path, or `nil` where `options` allow.
    public func getInt(at path: JSONPath.Component..., alongPath options: JSONPathOptions) throws(JSONDecodingError) -> Int? {
        try value(at: JSONPath(path), options: options).map { v throws(JSONDecodingError) in try Int.decode(v) }
    }
    /// The `Double` at a path.
    public func getDouble(at path: JSONPath.Component...) throws(JSONDecodingError) -> Double { try Double.decode(value(at: JSONPath(path))) }
    /// The `Double` at a path, or `nil` where `options` allow.
    public func getDouble(at path: JSONPath.Component..., alongPath options: JSONPathOptions) throws(JSONDecodingError) -> Double? {
        try value(at: JSONPath(path), options: options).map { v throws(JSONDecodingError) in try Double.decode(v) }
    }
    /// The `Bool` at a path.
    public func getBool(at path: JSONPath.Component...) throws(JSONDecodingError) -> Bool { try Bool.decode(value(at: JSONPath(path))) }
    /// The `Bool` at a path, or `nil` where `options` allow.
    public func getBool(at path: JSONPath.Component..., alongPath options: JSONPathOptions) throws(JSONDecodingError) -> Bool? {
        try value(at: JSONPath(path), options: options).map { v throws(JSONDecodingError) in try Bool.decode(v) }
    }
    /// The elements of the array at a path.
    public func getArray(at path: JSONPath.Component...) throws(JSONDecodingError) -> [JSONView] { try [JSONView].decode(value(at: JSONPath(path))) }
    /// The elements of the array at a path, or `nil` where `options` allow.
    public func getArray(at path: JSONPath.Component..., alongPath options: JSONPathOptions) throws(JSONDecodingError) -> [JSONView]? {
        try value(at: JSONPath(path), options: options).map { v throws(JSONDecodingError) in try [JSONView].decode(v) }
    }
    /// The members of the object at a path (the last of a repeated key).
    public func getDictionary(at path: JSONPath.Component...) throws(JSONDecodingError) -> [String: JSONView] {
        try [String: JSONView].decode(value(at: JSONPath(path)))
    }
}

// Fallbacks, as Freddy spelled them: `or:` stands in when the path is missing or ends in (or meets) `null`; a
// value of the wrong type is still an error, never replaced silently.
extension JSONView {
    /// Decodes the value at a path as `T`, or gives `fallback` when a step is missing or `null`.
    ///
    /// ```swift
    /// let retries = try json.decode(at: "settings", "retries", or: 3)
    /// ```
    @inlinable public func decode<T: JSONDecodable>(
        at path: JSONPath.Component..., or fallback: @autoclosure () -> T
    ) throws(JSONDecodingError) -> T {
        guard let value = try value(at: JSONPath(path), options: .fallbackApplies) else { return fallback() }
        return try T.decode(value)
    }

    /// The string at a path, or `fallback` when a step is missing or `null`.
    public func getString(at path: JSONPath.Component..., or fallback: @autoclosure () -> String) throws(JSONDecodingError) -> String {
        try value(at: JSONPath(path), options: .fallbackApplies).map { v throws(JSONDecodingError) in try String.decode(v) } ?? fallback()
    }
    /// The exact `Int` at a path, or `fallback` when a step is missing or `null`.
    public func getInt(at path: JSONPath.Component..., or fallback: @autoclosure () -> Int) throws(JSONDecodingError) -> Int {
        try value(at: JSONPath(path), options: .fallbackApplies).map { v throws(JSONDecodingError) in try Int.decode(v) } ?? fallback()
    }
    /// The `Double` at a path, or `fallback` when a step is missing or `null`.
    public func getDouble(at path: JSONPath.Component..., or fallback: @autoclosure () -> Double) throws(JSONDecodingError) -> Double {
        try value(at: JSONPath(path), options: .fallbackApplies).map { v throws(JSONDecodingError) in try Double.decode(v) } ?? fallback()
    }
    /// The `Bool` at a path, or `fallback` when a step is missing or `null`.
    public func getBool(at path: JSONPath.Component..., or fallback: @autoclosure () -> Bool) throws(JSONDecodingError) -> Bool {
        try value(at: JSONPath(path), options: .fallbackApplies).map { v throws(JSONDecodingError) in try Bool.decode(v) } ?? fallback()
    }
    /// The elements of the array at a path, or `fallback` when a step is missing or `null`.
    public func getArray(at path: JSONPath.Component..., or fallback: @autoclosure () -> [JSONView]) throws(JSONDecodingError) -> [JSONView] {
        try value(at: JSONPath(path), options: .fallbackApplies).map { v throws(JSONDecodingError) in try [JSONView].decode(v) } ?? fallback()
    }
}

extension JSONPathOptions {
    /// Where an `or:` fallback stands in: a missing step or a `null`.
    @usableFromInline static let fallbackApplies: JSONPathOptions = [.missingKeyBecomesNil, .nullBecomesNil]
}
