// One member of an object, looked up by name, and what each way of reading it makes of a missing member, a
// `null` and a value of the wrong type. The `forKey:` readers on `JSONView` and the decoders `@JSONModel`
// generates both come here, so the two cannot drift apart.

/// A member of an object looked up by its key: the value, or `nil` when the object has no such member.
///
/// You rarely make one yourself: `JSONView`'s `forKey:` readers look members up this way, and so does the
/// code that `@JSONModel` generates (through ``JSONMembers``). Each reading method decides what an absent
/// member and a `null` mean, the same way for every caller.
///
/// A member reached along a path (``member(atPath:)``) whose way is missing or `null` has no value, and
/// its ``object`` is where the way ended, so that an error names the step that was missing.
public struct JSONMember: Sendable {
    /// The object searched (or, at the end of a broken path, the value where the path stopped).
    public let object: JSONView
    /// The key that was looked for.
    public let key: String
    /// The tape index of the member's value in `object`'s document, or -1 when there is none (kept as an
    /// index rather than a view, so that a member holds one reference to its document, not two).
    @usableFromInline let valueIndex: Int
    /// Whether a path to this member met a `null` on the way, which counts as the member being absent.
    @usableFromInline let metNull: Bool

    /// A member of `object` whose value (if any) was found already.
    ///
    /// - Precondition: `value` belongs to the same document as `object`.
    @inlinable public init(object: JSONView, key: String, value: JSONView?) {
        precondition(value.map { $0.storage === object.storage } ?? true, "the value belongs to another document")
        self.init(object: object, key: key, valueIndex: value?.index ?? -1, metNull: false)
    }

    @inlinable init(object: JSONView, key: String, valueIndex: Int, metNull: Bool) {
        self.object = object
        self.key = key
        self.valueIndex = valueIndex
        self.metNull = metNull
    }

    /// The member's value, or `nil` when the object has no member with that key (or is not an object).
    @inlinable public var value: JSONView? {
        valueIndex < 0 ? nil : JSONView(storage: object.storage, index: valueIndex)
    }

    /// The value, or an error: a type mismatch when ``object`` is not an object, otherwise a missing key.
    @inlinable public func required() throws(JSONDecodingError) -> JSONView {
        if let value { return value }
        throw missingError
    }

    /// Why there is no value: the searched value is not an object, or the object lacks the key.
    @usableFromInline var missingError: JSONDecodingError {
        object.kind == .object ? .missingKey(key, in: object) : .typeMismatch("an object with key \(key.debugDescription)", at: object)
    }

    /// Whether there is no value because the object lacks the key (or a path met a `null`), rather than
    /// because the value searched is not an object, which is an error even for readers that accept absence.
    @usableFromInline var isAbsent: Bool { valueIndex < 0 && (metNull || object.kind == .object) }

    /// The member at `keys` below this one: each step is looked up in the value of the one before. A
    /// missing step or a `null` on the way gives a member without a value, whose ``object`` and ``key`` are
    /// those of the step that failed.
    public func member(atPath keys: [String]) -> JSONMember {
        var current = self
        for key in keys {
            guard let value = current.value else { return current }
            current = JSONMember(object: value, key: key, valueIndex: value.kind == .object ? value.member(key)?.index ?? -1 : -1,
                                 metNull: value.isNullValue)
        }
        return current
    }

    // MARK: Reading

    /// Decodes the value as `T`: a missing member is an error, and so is `null` unless `T` is optional.
    @inlinable public func decode<T: JSONDecodable>(_ type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> T
    {
        if valueIndex >= 0, let value = object.directScalar(T.self, at: valueIndex) { return value }
        return try decodeThroughView(T.self, in: context)
    }

    /// Decodes the value as `T`, or gives `nil` when the member is missing or `null`. A value of the wrong
    /// type is an error; in collecting mode it gives `nil` and the error is recorded.
    @inlinable public func decodeIfPresent<T: JSONDecodable>(_ type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> T?
    {
        if valueIndex >= 0, let value = object.directScalar(T.self, at: valueIndex) { return value }
        return try decodePresentThroughView(T.self, in: context)
    }

    // The general paths, out of line so that the direct reads above do not pay for the view they make
    // (see `JSONMembers`).

    @inlinable @inline(never)
    func decodeThroughView<T: JSONDecodable>(_ type: T.Type, in context: JSONDecodingContext) throws(JSONDecodingError) -> T {
        let value = try required()
        return try context.underMemberFrame(key, type: T.self) { () throws(JSONDecodingError) in try T.decode(value, in: context) }
    }

    @inlinable @inline(never)
    func decodePresentThroughView<T: JSONDecodable>(_ type: T.Type, in context: JSONDecodingContext)
        throws(JSONDecodingError) -> T?
    {
        try context.underMemberFrame(key, type: T.self) { () throws(JSONDecodingError) in
            try object.decodePresent(T.self, in: context) { () throws(JSONDecodingError) in try presentValue() }
        }
    }

    /// The value, or `nil` when the member is absent or the object searched is `null` (a `null` value is
    /// returned as it is); a missing-member error when the value searched is neither an object nor `null`.
    @inlinable func presentValue() throws(JSONDecodingError) -> JSONView? {
        // `null` in place of the object counts as absence here, as it always has for optional members.
        if valueIndex < 0, !(isAbsent || object.isNullValue) { throw missingError }
        return value
    }

    /// Decodes the value as `T`, or gives `defaultValue` when `conditions` say so (by default only when the
    /// member is missing). A value replaced because it was invalid is a warning in collecting mode.
    public func decode<T: JSONDecodable>(
        _ type: T.Type = T.self, default defaultValue: @autoclosure () -> T, when conditions: DefaultConditions = .missing,
        in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T {
        // Only the member itself can be replaced: a value in the way that is not an object stays an error.
        guard let value else {
            if isAbsent, conditions.contains(.missing) { return defaultValue() }
            throw missingError
        }
        return try context.underMemberFrame(key, type: T.self) { () throws(JSONDecodingError) in
            do throws(JSONDecodingError) {
                if value.isNullValue, conditions.contains(.null) { return defaultValue() }
                return try T.decode(value, in: context)
            } catch {
                guard conditions.contains(.invalid) else { throw error }
                context.warn(error.noting(.defaultUsed))
                return defaultValue()
            }
        }
    }

    /// The member in three states: `.absent` when missing, `.null` for `null`, otherwise its value.
    @inlinable public func decodeField<Value: JSONDecodable>(_ type: Value.Type = Value.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> JSONField<Value>
    {
        guard let value else {
            if isAbsent { return .absent }
            throw missingError
        }
        return try context.underMemberFrame(key, type: JSONField<Value>.self) { () throws(JSONDecodingError) in
            try JSONField<Value>.decode(value, in: context)
        }
    }

    /// Decodes the value as `T`, reading a value of another kind leniently when it stands for a `T` without
    /// loss (see ``LosslessJSONCoercible``); a missing member is an error.
    public func decodeCoercing<T: LosslessJSONCoercible>(_ type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> T
    {
        let value = try required()
        return try context.underMemberFrame(key, type: T.self) { () throws(JSONDecodingError) in
            try T.decodeCoercing(value, in: context)
        }
    }

    /// Decodes the value as a date written in `format`; a missing member is an error.
    public func decodeDate(format: JSONDateFormat, in context: JSONDecodingContext = .strict) throws(JSONDecodingError) -> JSONTimestamp {
        try JSONTimestamp.decode(required(), format: format, in: context)
    }

    /// Decodes the value as a date written in `format`, or gives `nil` when the member is missing or `null`.
    public func decodeDateIfPresent(format: JSONDateFormat, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> JSONTimestamp?
    {
        guard let value = try presentValue(), !value.isNullValue else { return nil }
        return try JSONTimestamp.decode(value, format: format, in: context)
    }

    /// Decodes an array, leaving out the elements that fail (their errors are recorded in collecting mode).
    /// A missing member, `null` or a non-array are still errors.
    @inlinable public func decodeLossyArray<T: JSONDecodable>(of type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> [T]
    {
        let value = try required()
        guard value.kind == .array else { throw .typeMismatch("an array of \(T.self)", at: value) }
        return try context.underMemberFrame(key, type: [T].self) { () throws(JSONDecodingError) in
            try value.decodeElements(in: context, lossy: true)
        }
    }

    /// Decodes an object as a dictionary, leaving out the members that fail (their errors are recorded in
    /// collecting mode). A missing member, `null` or a non-object are still errors.
    @inlinable public func decodeLossyDictionary<T: JSONDecodable>(of type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> [String: T]
    {
        let value = try required()
        guard value.kind == .object else { throw .typeMismatch("an object of \(T.self)", at: value) }
        return try context.underMemberFrame(key, type: [String: T].self) { () throws(JSONDecodingError) in
            try value.decodeMembers(in: context, lossy: true)
        }
    }
}

extension JSONView {
    /// The member `key` of this value, looked up: its value when this is an object that has it.
    @inlinable public func member(named key: String) -> JSONMember {
        JSONMember(object: self, key: key, valueIndex: memberIndex(key), metNull: false)
    }
}
