// Arrays whose elements are of several model types (a feed of posts, photos and links), decoded element by
// element as the first listed type that accepts it: the Decodable library's `decodeArrayAsOneOf`.

extension JSONView {
    /// Decodes each element of this array as the first of `types` that decodes it, in order.
    ///
    /// ```swift
    /// let items = try json["items"].get().decodeArrayAsOneOf(Photo.self, Post.self)
    /// for item in items {
    ///     if let photo = item as? Photo { show(photo) }
    /// }
    /// ```
    ///
    /// - Throws: ``JSONDecodingError/Kind/typeMismatch`` when this is not an array, or for the first element
    ///   that none of the types decodes; that error lists the types tried and gathers why each refused it
    ///   (in ``JSONDecodingError/errors``).
    public func decodeArrayAsOneOf(
        _ types: any JSONDecodable.Type...
    ) throws(JSONDecodingError) -> [any JSONDecodable] {
        try decodeArrayAsOneOf(types)
    }

    /// Decodes each element of this array as the first of `types` that decodes it; see
    /// the variadic form.
    public func decodeArrayAsOneOf(
        _ types: [any JSONDecodable.Type]
    ) throws(JSONDecodingError) -> [any JSONDecodable] {
        guard kind == .array else {
            throw .typeMismatch("an array of " + JSONView.describeChoice(types), at: self)
        }
        var values: [any JSONDecodable] = []
        values.reserveCapacity(count)
        for element in elements {
            values.append(try element.decodeAsOneOf(types))
        }
        return values
    }

    /// This value as the first of `types` that decodes it.
    ///
    /// - Throws: ``JSONDecodingError/Kind/typeMismatch`` naming the types tried, with each one's failure in
    ///   ``JSONDecodingError/errors``.
    public func decodeAsOneOf(
        _ types: [any JSONDecodable.Type]
    ) throws(JSONDecodingError) -> any JSONDecodable {
        var refusals: [JSONDecodingError] = []
        for type in types {
            do {
                return try type.decode(self, in: .strict)
            } catch {
                refusals.append(error)
            }
        }
        throw JSONDecodingError(kind: .typeMismatch, expected: JSONView.describeChoice(types), found: kindAndExcerpt,
                                path: path, location: location, errors: refusals)
    }

    /// `one of Photo, Post`.
    static func describeChoice(_ types: [any JSONDecodable.Type]) -> String {
        types.isEmpty ? "one of no types" : "one of " + types.map { String(describing: $0) }.joined(separator: ", ")
    }
}

/// Decodes each element of the array `json` as the first of `objectTypes` that decodes it (the Decodable
/// library's free function; see `JSONView.decodeArrayAsOneOf(_:)`).
public func decodeArrayAsOneOf(_ json: JSONView, objectTypes: any JSONDecodable.Type...) throws(JSONDecodingError) -> [any JSONDecodable] {
    try json.decodeArrayAsOneOf(objectTypes)
}
