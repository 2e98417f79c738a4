// What decoding a discriminated union needs from a value, in one place for `JSONTaggedUnion` and the enums
// `@JSONModel` generates: the one member of an externally tagged object, and what a tag that names no case
// means (an error naming the known tags, or, with a fallback, a warning in collecting mode).

extension JSONView {
    /// Decodes this value as `T`, inferred from where the result goes.
    @inlinable public func decode<T: JSONDecodable>(_ type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> T
    {
        try T.decode(self, in: context)
    }

    /// The key and value of an object that must have exactly one member, as an externally tagged union
    /// (`{"circle": {"radius": 2}}`) is written.
    ///
    /// - Throws: a type mismatch expecting `expected` when this is not an object with one member.
    public func soleMember(expecting expected: @autoclosure () -> String) throws(JSONDecodingError) -> (key: String, value: JSONView) {
        guard kind == .object, count == 1, let member = members.first else {
            throw .typeMismatch(expected(), at: self)
        }
        return member
    }

    /// Reports that this value, a union's tag, names none of `knownTags`. Without a fallback that is the
    /// error thrown; with one, it is a warning in collecting mode and decoding goes on with the fallback.
    ///
    /// - Throws: an ``JSONDecodingError/Kind/unknownRawValue`` error listing the known tags, unless
    ///   `hasFallback`.
    public func reportUnknownTag(knownTags: [String], hasFallback: Bool, in context: JSONDecodingContext) throws(JSONDecodingError) {
        let error = unknownTagError(knownTags: knownTags)
        guard hasFallback else { throw error }
        context.warn(error.noting(.fallbackUsed))
    }

    /// The error for this value, a union's tag, naming none of `knownTags`.
    public func unknownTagError(knownTags: [String]) -> JSONDecodingError {
        let expected = knownTags.isEmpty
            ? "a known tag (none are known)" : "one of the tags " + knownTags.map(\.debugDescription).joined(separator: ", ")
        return JSONDecodingError(kind: .unknownRawValue, expected: expected, found: excerpt(), at: self)
    }
}
