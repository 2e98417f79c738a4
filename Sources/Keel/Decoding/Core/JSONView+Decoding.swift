// Member and path access for decoding, shared by every style: the one place that decides what a missing
// key, a null and a wrong type mean.

extension JSONView {
    /// The value at `key`, or a missing-key error naming this object; a type mismatch when this is not an object.
    public func requiredMember(_ key: String) throws(JSONDecodingError) -> JSONView {
        try member(named: key).required()
    }

    /// Decodes the member `key` as `T`: a missing key is an error, and so is `null` unless `T` is optional.
    @inlinable public func decode<T: JSONDecodable>(
        _ type: T.Type = T.self, forKey key: String, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T {
        // A scalar found is read without making a `JSONMember` (and the references it holds); anything else
        // goes the member's general way, as `JSONMember.decode` would after its own scalar check.
        let index = memberIndex(key)
        if index >= 0, let value = directScalar(T.self, at: index) { return value }
        return try JSONMember(object: self, key: key, valueIndex: index, metNull: false).decodeThroughView(T.self, in: context)
    }

    /// Decodes the value at a path of keys and indices as `T`, each step required.
    @inlinable public func decode<T: JSONDecodable>(
        _ type: T.Type = T.self, atPath path: JSONPath, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T {
        try T.decode(value(at: path), in: context)
    }

    /// Decodes the member `key` as `T`, or gives `nil` when the key is missing or its value is `null`.
    ///
    /// A present value of the wrong type is an error; in collecting mode it gives `nil` and the error is
    /// recorded.
    @inlinable public func decodeIfPresent<T: JSONDecodable>(
        _ type: T.Type = T.self, forKey key: String, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T? {
        let index = memberIndex(key)
        if index >= 0, let value = directScalar(T.self, at: index) { return value }
        return try JSONMember(object: self, key: key, valueIndex: index, metNull: false)
            .decodePresentThroughView(T.self, in: context)
    }

    /// Decodes the value at a path of keys and indices as `T`, or gives `nil` when a step on the way is
    /// missing or a value on the way is `null`. Wrong types are errors (recorded, giving `nil`, in collecting
    /// mode).
    @inlinable public func decodeIfPresent<T: JSONDecodable>(
        _ type: T.Type = T.self, atPath path: JSONPath, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T? {
        try decodePresent(T.self, in: context) { () throws(JSONDecodingError) in
            try value(at: path, options: [.missingKeyBecomesNil, .nullBecomesNil])
        }
    }

    /// Decodes the value `locate` finds as `T`; `nil` when it finds none or `null`. An error (from finding or
    /// decoding) is thrown, or in collecting mode recorded, giving `nil`. Inlinable (as are its callers) so
    /// that it is specialized for each `T`.
    @inlinable
    func decodePresent<T: JSONDecodable>(
        _ type: T.Type, in context: JSONDecodingContext, _ locate: () throws(JSONDecodingError) -> JSONView?
    ) throws(JSONDecodingError) -> T? {
        let before = context.errorCount
        do throws(JSONDecodingError) {
            guard let value = try locate(), !value.isNullValue else { return nil }
            return try T.decode(value, in: context)
        } catch {
            guard context.isCollecting else { throw error }
            context.recordUnlessReported(error, since: before)
            return nil
        }
    }

    /// Decodes an array member, leaving out the elements that fail to decode (recording their errors in
    /// collecting mode). A missing key, `null` or a non-array are still errors.
    @inlinable public func decodeLossyArray<T: JSONDecodable>(
        of type: T.Type = T.self, atPath path: JSONPath, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> [T] {
        let value = try value(at: path)
        guard value.kind == .array else { throw .typeMismatch("an array of \(T.self)", at: value) }
        return try value.decodeElements(in: context, lossy: true)
    }
}

extension JSONView {
    /// Decodes this value itself as `T`: for a model's property read from the model's own object
    /// (`@JSONFlattened`), which takes the members it needs and leaves the rest.
    @inlinable public func decodeFlattened<T: JSONDecodable>(_ type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> T
    {
        try T.decode(self, in: context)
    }
}
