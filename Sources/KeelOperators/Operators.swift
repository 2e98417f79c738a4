// Every operator of Keel's decoding styles, declared in one place. Each is sugar: a one-line alias of a
// documented named function in Keel, which is the primary API and has the examples.
//
// When the type checker gives up on a long operator expression ("the compiler is unable to type-check this
// expression in reasonable time"), split it: decode each argument into a `let` with an explicit type, or
// use the named functions (`json.decoded(at:)`, `Decoded.apply(_:)`).

@_exported import Keel

// MARK: Precedence

/// `<|>`: the loosest of the functional operators.
precedencegroup KeelAlternativePrecedence {
    associativity: left
    higherThan: LogicalConjunctionPrecedence
    lowerThan: ComparisonPrecedence
}

/// `<^>` and `<*>`.
precedencegroup KeelApplicativePrecedence {
    associativity: left
    higherThan: KeelAlternativePrecedence
    lowerThan: NilCoalescingPrecedence
}

/// `<|`, `<|?`, `<||`, `<||?`: bind tighter than `<^>` and `<*>`, so `f <^> j <| "a" <*> j <| "b"` needs no
/// parentheses.
precedencegroup KeelDecodingPrecedence {
    associativity: left
    higherThan: KeelApplicativePrecedence
    lowerThan: NilCoalescingPrecedence
}

/// `>>-`: looser than everything but assignment.
precedencegroup KeelMonadicPrecedence {
    associativity: left
    lowerThan: LogicalDisjunctionPrecedence
    higherThan: AssignmentPrecedence
}

/// `=>`, `=>?` and `-->`: chain left to right, and bind tighter than `as` and `??`, so that
/// `switch try json => "type" as String` and `try json => "name" ?? "none"` need no parentheses.
precedencegroup KeelPathPrecedence {
    associativity: left
    higherThan: CastingPrecedence
}

infix operator <| : KeelDecodingPrecedence
infix operator <|? : KeelDecodingPrecedence
infix operator <|| : KeelDecodingPrecedence
infix operator <||? : KeelDecodingPrecedence
infix operator <^> : KeelApplicativePrecedence
infix operator <*> : KeelApplicativePrecedence
infix operator <|> : KeelAlternativePrecedence
infix operator >>- : KeelMonadicPrecedence
infix operator => : KeelPathPrecedence
infix operator =>? : KeelPathPrecedence
infix operator --> : KeelPathPrecedence

// MARK: Functional style (Argo)

/// `json <| "key"`: the member decoded as `T` (`Decoded<T>`). Same as ``Keel/JSONView/decoded(at:)-(String)``.
@inlinable public func <| <T: JSONDecodable>(json: JSONView, key: String) -> Decoded<T> { json.decoded(at: key) }

/// `tree <| "key"`, for a `JSON` tree: the member decoded as `T` (`Decoded<T>`).
@inlinable public func <| <T: JSONDecodable>(json: JSON, key: String) -> Decoded<T> {
    do { return try json.documentRoot().decoded(at: key) } catch { return .failure(error) }
}

/// `tree <|? "key"`, for a `JSON` tree: the member as `T?`, `nil` when missing or `null`.
@inlinable public func <|? <T: JSONDecodable>(json: JSON, key: String) -> Decoded<T?> {
    do { return try json.documentRoot().decodedIfPresent(at: key) } catch { return .failure(error) }
}

/// `json <| ["a", "b"]`: the value at a key path decoded as `T`. Same as `json.decoded(at: keys)`.
@inlinable public func <| <T: JSONDecodable>(json: JSONView, keys: [String]) -> Decoded<T> { json.decoded(at: keys) }

/// `json <| ["items", 0, "name"]`: the value at a path of keys and indices decoded as `T`. Same as `json.decoded(at: path)`.
@inlinable public func <| <T: JSONDecodable>(json: JSONView, path: JSONPath) -> Decoded<T> { json.decoded(at: path) }

/// `json <|? ["items", 0, "name"]`: the value at a path of keys and indices as `T?`. Same as `json.decodedIfPresent(at: path)`.
@inlinable public func <|? <T: JSONDecodable>(json: JSONView, path: JSONPath) -> Decoded<T?> { json.decodedIfPresent(at: path) }

/// `json <|? "key"`: the member as `T?`, `nil` when missing or `null`. Same as `json.decodedIfPresent(at:)`.
@inlinable public func <|? <T: JSONDecodable>(json: JSONView, key: String) -> Decoded<T?> { json.decodedIfPresent(at: key) }

/// `json <|? ["a", "b"]`: the value at a key path as `T?`. Same as `json.decodedIfPresent(at: keys)`.
@inlinable public func <|? <T: JSONDecodable>(json: JSONView, keys: [String]) -> Decoded<T?> { json.decodedIfPresent(at: keys) }

/// `json <|| "key"`: the member as `[T]`. Same as `json.decodedArray(at:)`.
@inlinable public func <|| <T: JSONDecodable>(json: JSONView, key: String) -> Decoded<[T]> { json.decodedArray(at: key) }

/// `json <|| ["a", "b"]`: the value at a key path as `[T]`. Same as `json.decodedArray(at: keys)`.
@inlinable public func <|| <T: JSONDecodable>(json: JSONView, keys: [String]) -> Decoded<[T]> { json.decodedArray(at: keys) }

/// `json <||? "key"`: the member as `[T]?`. Same as `json.decodedArrayIfPresent(at:)`.
@inlinable public func <||? <T: JSONDecodable>(json: JSONView, key: String) -> Decoded<[T]?> { json.decodedArrayIfPresent(at: key) }

/// `json <||? ["a", "b"]`: the value at a key path as `[T]?`. Same as `json.decodedArrayIfPresent(at: keys)`.
@inlinable public func <||? <T: JSONDecodable>(json: JSONView, keys: [String]) -> Decoded<[T]?> { json.decodedArrayIfPresent(at: keys) }

/// `f <^> decoded`: `f` applied to the value (`Decoded<U>`). Same as ``Keel/Decoded/map(_:)``.
@inlinable public func <^> <T, U>(transform: (T) -> U, decoded: Decoded<T>) -> Decoded<U> { decoded.map(transform) }

/// `decodedFunction <*> decoded`: apply, gathering both failures when both fail. Same as ``Keel/Decoded/apply(_:)``.
@inlinable public func <*> <T, U>(function: Decoded<(T) -> U>, decoded: Decoded<T>) -> Decoded<U> { function.apply(decoded) }

/// `first <|> second`: `first`, or `second` when `first` failed. Same as ``Keel/Decoded/or(_:)``.
@inlinable public func <|> <T>(first: Decoded<T>, second: @autoclosure () -> Decoded<T>) -> Decoded<T> { first.or(second()) }

/// `decoded >>- transform`: continue with a function that may fail. Same as ``Keel/Decoded/flatMap(_:)``.
@inlinable public func >>- <T, U>(decoded: Decoded<T>, transform: (T) -> Decoded<U>) -> Decoded<U> { decoded.flatMap(transform) }

// MARK: Throwing style (Decodable)
//
// The left side is a `JSONView` or a `JSON` tree. A step in the middle of a chain has a concrete form
// returning `JSONView`, so that the steps after the first read the document the first step made.

/// `try json => "key"` with a `T` expected: the member decoded as `T`. In a chain (`json => "a" => "b"`)
/// the steps in the middle are this operator with `T` being `JSONView`. Same as ``Keel/JSONView/decode(_:forKey:in:)``.
@_disfavoredOverload  // so that a `T?` context picks the optional form below, not this one with T == U?
@inlinable public func => <T: JSONDecodable>(json: JSONView, key: String) throws(JSONDecodingError) -> T { try json.decode(T.self, forKey: key) }

/// `try json => "key"` with a `T?` expected: `nil` when missing or `null`. Same as ``Keel/JSONView/decodeIfPresent(_:forKey:in:)``.
@inlinable public func => <T: JSONDecodable>(json: JSONView, key: String) throws(JSONDecodingError) -> T? { try json.decodeIfPresent(T.self, forKey: key) }

/// `json => "a" => "b"`: a step in the middle of a chain, which reads on in the same document. (Not generic,
/// so that a chain's middle steps are views rather than trees.)
@inlinable public func => (json: JSONView, key: String) throws(JSONDecodingError) -> JSONView {
    try json.decode(JSONView.self, forKey: key)
}

/// `tree => "a" => "b"`: the first step of a chain from a `JSON` tree, into the document made from it.
@inlinable public func => (json: JSON, key: String) throws(JSONDecodingError) -> JSONView {
    try json.documentRoot().decode(JSONView.self, forKey: key)
}

/// `try tree => "key"` with a `T` expected, for a `JSON` tree: as for a view, the tree made a document once.
@_disfavoredOverload
@inlinable public func => <T: JSONDecodable>(json: JSON, key: String) throws(JSONDecodingError) -> T {
    try json.documentRoot().decode(T.self, forKey: key)
}

/// `try tree => "key"` with a `T?` expected, for a `JSON` tree: `nil` when missing or `null`.
@inlinable public func => <T: JSONDecodable>(json: JSON, key: String) throws(JSONDecodingError) -> T? {
    try json.documentRoot().decodeIfPresent(T.self, forKey: key)
}

/// `try json =>? "key"`: an array member with the elements that fail left out. Same as ``Keel/JSONView/decodeLossyArray(of:atPath:in:)``.
@inlinable public func =>? <T: JSONDecodable>(json: JSONView, key: String) throws(JSONDecodingError) -> [T] { try json.decodeLossyArray(of: T.self, atPath: [key]) }

// MARK: Collecting style (LastMile)

/// `decoder["key"] --> T.self`: a required value; `nil` (and a recorded error) when it fails. Same as ``Keel/CollectingDecoder/decode(_:)``.
@_disfavoredOverload  // so that `--> T?.self` picks the optional form below
@inlinable public func --> <T: JSONDecodable>(decoder: CollectingDecoder, type: T.Type) -> T? { decoder.decode(type) }

/// `decoder["key"] --> T?.self`: an optional value; `nil` when missing or `null`, `nil` and a recorded error
/// when of the wrong type. Same as ``Keel/CollectingDecoder/decodeIfPresent(_:)``.
@inlinable public func --> <T: JSONDecodable>(decoder: CollectingDecoder, type: T?.Type) -> T? { decoder.decodeIfPresent(T.self) }
