// Every style's entry points for a `JSON` tree. Each makes the tree a document once (its text and tape
// written together, nothing parsed: `JSONDocument.init(_:)`) and goes on as for a view, so a tree decodes
// with the same rules and messages as parsed text, naming paths but no line and column.

extension JSON {
    /// The root of a document holding this tree; a non-finite number (which no document can hold) is a
    /// custom decoding error at its path.
    public func documentRoot() throws(JSONDecodingError) -> JSONView {
        do {
            return try JSONDocument(self).root
        } catch {
            throw JSONDecodingError(kind: .custom, expected: "A finite number (JSON cannot hold \(error.value))",
                                    found: error.value, path: error.path)
        }
    }

    /// Decodes the value at a path of keys and indices as `T` (the results style's `decode(at:type:)`).
    ///
    /// ```swift
    /// let first = try tree.decode(at: "people", 0, type: Person.self)
    /// ```
    public func decode<T: JSONDecodable>(at path: JSONPath.Component..., type: T.Type = T.self) throws(JSONDecodingError) -> T {
        try T.decode(documentRoot().value(at: JSONPath(path)))
    }
}

// MARK: Functional style

/// Decodes a tree as `T` in the functional style: `let user: Decoded<User> = decode(tree)`.
public func decode<T: JSONDecodable>(_ json: JSON) -> Decoded<T> {
    Decoded { () throws(JSONDecodingError) in try T.decode(json.documentRoot()) }
}

/// Decodes a tree as `T`, or `nil` when it fails.
public func decode<T: JSONDecodable>(_ json: JSON) -> T? {
    (decode(json) as Decoded<T>).value
}

/// Decodes the member `rootKey` of a tree's root object as `T`.
public func decode<T: JSONDecodable>(_ json: JSON, rootKey: String) -> Decoded<T> {
    do {
        return decode(try json.documentRoot(), rootKey: rootKey)
    } catch {
        return .failure(error)
    }
}

/// Decodes the member `rootKey` of a tree's root object as `T`, or `nil` when it fails.
public func decode<T: JSONDecodable>(_ json: JSON, rootKey: String) -> T? {
    (decode(json, rootKey: rootKey) as Decoded<T>).value
}

// MARK: Collecting style

extension CollectingJSONDecoder {
    /// Decodes a tree in the collecting style: the value it could build, and every error.
    public func decode<T: JSONDecodable>(_ type: T.Type, from json: JSON) -> Collected<T, CollectedError> {
        do {
            return decode(try json.documentRoot(), to: T.self)
        } catch {
            return Collected(value: nil, errors: [CollectedError(error: error, trail: [DecodingFrame(component: nil, type: T.self)])])
        }
    }
}
