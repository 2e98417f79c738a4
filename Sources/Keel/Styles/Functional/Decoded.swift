/// The result of functional-style decoding: a value, or the error that says why not (the Argo library's
/// `Decoded`).
///
/// ```swift
/// let user: Decoded<User> = decode(document.root)
/// switch user {
/// case .success(let user): print(user.name)
/// case .failure(let error): print(error)   // Missing key "name" in the object at $ (line 1, column 1): {"id":1}.
/// }
/// ```
///
/// Combine decoded values with `map`, ``apply(_:)`` and `curry`, or with the operators of `KeelOperators`
/// (`<^>`, `<*>`). Where several independent values fail, ``apply(_:)`` gathers every failure into one
/// ``JSONDecodingError/Kind/multiple`` error.
public enum Decoded<Value> {
    /// A decoded value.
    case success(Value)
    /// Why decoding failed.
    case failure(DecodeError)

    /// The value, or `nil` after a failure.
    @inlinable public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error, or `nil` after a success.
    @inlinable public var error: DecodeError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The value, or throws the error.
    @inlinable public func dematerialize() throws(DecodeError) -> Value {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// `.success` with the wrapped value, or a custom failure for `nil`.
    @inlinable public static func fromOptional(_ value: Value?) -> Decoded<Value> {
        guard let value else {
            return .failure(DecodeError(kind: .custom, expected: "Expected a \(Value.self) but found nil",
                                        found: "nil", path: .root))
        }
        return .success(value)
    }

    /// A `Decoded` from a throwing expression.
    @inlinable public init(catching body: () throws(DecodeError) -> Value) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }

    /// Transforms the value; a failure passes through. (`<^>` in `KeelOperators`.)
    @inlinable public func map<T>(_ transform: (Value) -> T) -> Decoded<T> {
        switch self {
        case .success(let value): return .success(transform(value))
        case .failure(let error): return .failure(error)
        }
    }

    /// Continues with a function that may fail; a failure passes through. (`>>-` in `KeelOperators`.)
    @inlinable public func flatMap<T>(_ transform: (Value) -> Decoded<T>) -> Decoded<T> {
        switch self {
        case .success(let value): return transform(value)
        case .failure(let error): return .failure(error)
        }
    }

    /// This value, or `other` when this failed. (`<|>` in `KeelOperators`.)
    @inlinable public func or(_ other: @autoclosure () -> Decoded<Value>) -> Decoded<Value> {
        if case .success = self { return self }
        return other()
    }
}

extension Decoded {
    /// Applies a decoded function to a decoded argument. When both failed, the result holds both errors
    /// (``JSONDecodingError/Kind/multiple``), so that a chain reports every independent failure at once.
    /// (`<*>` in `KeelOperators`.)
    ///
    /// ```swift
    /// let user = Decoded.success(curry(User.init)).apply(json.decoded(at: "id")).apply(json.decoded(at: "name"))
    /// ```
    @inlinable public func apply<Argument, Result>(_ argument: Decoded<Argument>) -> Decoded<Result> where Value == (Argument) -> Result {
        // Nested rather than over a tuple of both, which would copy the function and the value first.
        switch self {
        case .success(let function):
            switch argument {
            case .success(let value): return .success(function(value))
            case .failure(let error): return .failure(error)
            }
        case .failure(let first):
            if case .failure(let second) = argument { return .failure(first + second) }
            return .failure(first)
        }
    }
}

extension Decoded {
    /// Any failure as `nil`: a missing key, a type mismatch, a custom error or several errors at once all become
    /// `.success(nil)`; a success is kept. As the Argo library's `Decoded.optional`. Use it where a value that
    /// cannot be read should simply be left out; ``missingAsNil(_:)`` forgives only absence.
    ///
    /// ```swift
    /// let nickname: Decoded<String?> = .optional(json.decoded(at: "nickname"))   // nil unless a readable string
    /// ```
    @inlinable public static func optional<Wrapped>(_ decoded: Decoded<Wrapped>) -> Decoded<Value> where Value == Wrapped? {
        switch decoded {
        case .success(let value): return .success(value)
        case .failure: return .success(nil)
        }
    }

    /// A missing value as `nil`: a failure for a missing key (or a missing array element) becomes
    /// `.success(nil)`; every other failure, a type mismatch included, stays a failure, so a value that is
    /// present but wrong is still reported. This is how `<|?` treats its key.
    ///
    /// ```swift
    /// let email: Decoded<String?> = .missingAsNil(json.decoded(at: "email"))   // nil only when "email" is absent
    /// ```
    @inlinable public static func missingAsNil<Wrapped>(_ decoded: Decoded<Wrapped>) -> Decoded<Value> where Value == Wrapped? {
        switch decoded {
        case .success(let value): return .success(value)
        case .failure(let error) where error.kind == .missingKey || error.kind == .missingElement: return .success(nil)
        case .failure(let error): return .failure(error)
        }
    }
}

/// Runs a throwing closure and gives its outcome as a `Decoded` (the Argo library's `materialize`): a
/// ``JSONDecodingError`` as it is, any other error as a ``JSONDecodingError/Kind/custom`` failure with the
/// error's description.
///
/// ```swift
/// let date: Decoded<Date> = materialize { try parseDate(text) }
/// ```
@inlinable public func materialize<Value>(_ body: () throws -> Value) -> Decoded<Value> {
    do {
        return .success(try body())
    } catch let error as JSONDecodingError {
        return .failure(error)
    } catch {
        return .failure(DecodeError(kind: .custom, expected: "\(error)", found: String(describing: type(of: error)),
                                    path: .root))
    }
}

extension Decoded: Equatable where Value: Equatable {}
extension Decoded: Sendable where Value: Sendable {}

/// The functional style's error: Keel's one decoding error (type mismatch with expected and found, missing
/// key, custom, multiple, and more), under the name the Argo library used.
public typealias DecodeError = JSONDecodingError
