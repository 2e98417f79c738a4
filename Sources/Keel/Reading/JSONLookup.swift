/// The outcome of reading into a JSON value by key, index, key path or JSON Pointer: the value found, or
/// the first failure on the way, with the path to it.
///
/// Subscripts chain, and a failure carries through the rest of the chain unchanged, so you check once at
/// the end, as in the Freddy library:
///
/// ```swift
/// let name = json["people"][0]["name"].string    // Result<String, JSONAccessError>
/// switch name {
/// case .success(let name): print(name)
/// case .failure(let error): print(error)
///     // No value at $.people[0].name: expected a member named "name", found an object with keys "nme", "age".
/// }
/// ```
///
/// Get the value with ``get()`` (throws), ``value`` (optional) or ``result``; convert it with the typed
/// accessors (`.string`, `.int`, `.array`, ...), ``map(_:)``, ``flatMap(_:)`` and ``bind(_:)``.
public struct JSONLookup<Value: JSONReadable>: Sendable {
    /// The value found, or why not.
    public let result: Result<Value, JSONAccessError>
    /// The steps taken so far, shared with the lookups this one was made from, so that each step of a
    /// chain costs O(1) however deep it goes.
    let trail: PathTrail?

    /// The path followed from where the lookup started (the root, for a value that is not a view).
    ///
    /// - Complexity: O(d) for a path of d steps; it is built when asked for, not at each step.
    public var path: JSONPath { trail?.path ?? .root }

    /// A lookup that has found `value` at `path`.
    public init(_ value: Value, path: JSONPath = .root) {
        self.init(value, trail: PathTrail(path))
    }

    init(_ value: Value, trail: PathTrail?) {
        self.result = .success(value)
        self.trail = trail
    }

    /// A lookup that has failed with `error`.
    public init(failure error: JSONAccessError) {
        self.result = .failure(error)
        self.trail = PathTrail(error.path)
    }

    /// The value, or the error.
    public func get() throws(JSONAccessError) -> Value { try result.get() }

    /// The value, or `nil` after a failure.
    public var value: Value? { try? result.get() }

    /// The error, or `nil` after a success.
    public var error: JSONAccessError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    // MARK: Subscripts

    /// The value of the last member named `key`; fails when the value is not an object or has no such key.
    public subscript(key: String) -> JSONLookup<Value> {
        guard case .success(let value) = result else { return self }
        if let member = value.member(key) { return JSONLookup(member, trail: PathTrail(trail, .key(key))) }
        let target = path.appending(.key(key))
        guard value.kind == .object else {
            return failure(.notSubscriptable, in: value, at: target, expected: "an object", found: value.kindAndExcerpt)
        }
        return failure(.missingKey, in: value, at: target, expected: "a member named \(key.debugDescription)",
                       found: JSONLookup.describeKeys(of: value))
    }

    /// The element at `index`; fails when the value is not an array or the index is out of bounds.
    public subscript(index: Int) -> JSONLookup<Value> {
        guard case .success(let value) = result else { return self }
        if let element = value.element(at: index) { return JSONLookup(element, trail: PathTrail(trail, .index(index))) }
        let target = path.appending(.index(index))
        guard value.kind == .array else {
            return failure(.notSubscriptable, in: value, at: target, expected: "an array", found: value.kindAndExcerpt)
        }
        let count = value.count
        return failure(.missingElement, in: value, at: target,
                       expected: count == 0 ? "an element, but the array is empty" : "an index from 0 to \(count - 1)",
                       found: "index \(index)")
    }

    /// Follows each step of `components` in turn: `json[path: "people", 0, "name"]`.
    public subscript(path components: JSONPath.Component...) -> JSONLookup<Value> {
        self[path: JSONPath(components)]
    }

    /// Follows each step of `path` in turn.
    public subscript(path path: JSONPath) -> JSONLookup<Value> {
        var lookup = self
        for component in path.components {
            switch component {
            case .key(let key): lookup = lookup[key]
            case .index(let index): lookup = lookup[index]
            }
        }
        return lookup
    }

    /// Follows a JSON Pointer (RFC 6901): `json[pointer: "/people/0/name"]`. `""` is the value itself.
    /// A token selects a member of an object, or an element of an array when it is a decimal index.
    public subscript(pointer pointer: String) -> JSONLookup<Value> {
        guard case .success = result else { return self }
        let tokens: [String]
        do {
            tokens = try JSONPointerSyntax.tokens(of: pointer)
        } catch {
            return JSONLookup(failure: error.prefixed(by: path))
        }
        var lookup = self
        for token in tokens {
            guard case .success(let value) = lookup.result else { return lookup }
            if value.kind == .array {
                guard let index = JSONPointerSyntax.arrayIndex(token) else {
                    return lookup.failure(.missingElement, in: value, at: lookup.path.appending(.key(token)),
                                          expected: "an array index (a decimal number without leading zeros)",
                                          found: token.debugDescription)
                }
                lookup = lookup[index]
            } else {
                lookup = lookup[token]
            }
        }
        return lookup
    }

    // MARK: Combinators

    /// Continues the lookup from the found value with `transform`, whose paths count from that value;
    /// the name is the one the Freddy library used.
    ///
    /// ```swift
    /// let people = json.bind { $0["people"] }.array
    /// ```
    public func bind(_ transform: (Value) -> JSONLookup<Value>) -> JSONLookup<Value> {
        guard case .success(let value) = result else { return self }
        let next = transform(value)
        switch next.result {
        case .success(let found): return JSONLookup(found, path: path.appending(next.path))
        case .failure(let error): return JSONLookup(failure: value._origin.view == nil ? error.prefixed(by: path) : error)
        }
    }

    /// Transforms the found value; a failure passes through.
    public func map<T>(_ transform: (Value) throws(JSONAccessError) -> T) -> Result<T, JSONAccessError> {
        switch result {
        case .success(let value):
            do { return .success(try transform(value)) } catch { return .failure(error) }
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Transforms the found value with a function that may fail; a failure passes through.
    public func flatMap<T>(_ transform: (Value) -> Result<T, JSONAccessError>) -> Result<T, JSONAccessError> {
        result.flatMap(transform)
    }

    // MARK: Failures

    /// A failed lookup: the error's path is the full path from the document root when `value` is a view.
    func failure(
        _ kind: JSONAccessError.Kind, in value: Value, at target: JSONPath, expected: String, found: String
    ) -> JSONLookup<Value> {
        JSONLookup(failure: JSONLookup.error(kind, in: value, valuePath: path, at: target, expected: expected, found: found))
    }

    /// An error about `value`, found at `valuePath` from the lookup's start, naming `target`.
    static func error(
        _ kind: JSONAccessError.Kind, in value: Value, valuePath: JSONPath, at target: JSONPath,
        expected: String, found: String
    ) -> JSONAccessError {
        guard let view = value._origin.view else {
            return JSONAccessError(kind: kind, path: target, expected: expected, found: found)
        }
        // A view knows its own place: rebuild the full path from the document root.
        let suffix = target.components.dropFirst(valuePath.components.count)
        return JSONAccessError(kind: kind, path: view.path.appending(JSONPath(Array(suffix))), expected: expected,
                               found: found, byteOffset: view.byteOffset, source: view.storage)
    }

    static func describeKeys(of value: Value) -> String {
        let keys = value.members.map(\.key)
        if keys.isEmpty { return "an empty object" }
        let shown = keys.prefix(5).map(\.debugDescription).joined(separator: ", ")
        return "an object with keys \(shown)\(keys.count > 5 ? ", …" : "")"
    }
}

extension JSONReadable {
    /// Starts a lookup at this value (so errors name paths from here, or from the root for a view).
    public var lookup: JSONLookup<Self> { JSONLookup(self) }

    /// The value of the last member named `key`; see ``JSONLookup``.
    public subscript(key: String) -> JSONLookup<Self> { lookup[key] }

    /// The element at `index`; see ``JSONLookup``.
    public subscript(index: Int) -> JSONLookup<Self> { lookup[index] }

    /// The value at a key path: `json[path: "people", 0, "name"]`.
    public subscript(path components: JSONPath.Component...) -> JSONLookup<Self> { lookup[path: JSONPath(components)] }

    /// The value at a key path.
    public subscript(path path: JSONPath) -> JSONLookup<Self> { lookup[path: path] }

    /// The value at a JSON Pointer (RFC 6901): `json[pointer: "/people/0/name"]`.
    public subscript(pointer pointer: String) -> JSONLookup<Self> { lookup[pointer: pointer] }

    /// Continues with `transform` from this value (the Freddy library's `bind`).
    public func bind(_ transform: (Self) -> JSONLookup<Self>) -> JSONLookup<Self> { lookup.bind(transform) }
}
