// How a model's property is read while its object arrives: from the whole object (a path of several steps,
// or a flattened property), and from its member alone (a path of one step), which is how an open object's
// finished members are read, each once.

/// One property of a ``JSONPartialModel``: its key path, where its member is, and how it is read.
///
/// `@JSONModel` writes these; a hand-written model lists its properties the same way.
public struct JSONPartialMember<Model> {
    /// The property.
    public let property: PartialKeyPath<Model>
    /// The keys of the members the property may be read from (the first step of its path, and its
    /// aliases); none for a property that reads the whole object.
    @usableFromInline let keys: [String]
    /// Reads the property's partial form from the model's object, or `nil` when nothing can be shown.
    @usableFromInline let read: (JSONPartialValue) -> Any?
    /// For a property read from one member (a path of one step): reads it from that member's value.
    @usableFromInline let readMember: ((JSONPartialValue) -> Any?)?
    /// For a property of a standard scalar type read from one member with no option: its kind, so that a
    /// finished member is read straight from the text (what `readMember` would show, read faster).
    @usableFromInline let scalar: PartialScalar?

    /// A property whose type has a partial form, read from the member at `path` (or, for its first step, the
    /// first of `aliases` present). A finished member is read by `finished` when given (for properties with
    /// options: dates, defaults, coders), otherwise as its type decodes; an open member shows its type's
    /// partial form.
    ///
    /// Inlined into the model's code, so that reading a member calls the type's own `partial(from:)`
    /// directly rather than through a type found at run time.
    @inlinable
    public init<Value: JSONPartialDecodable>(
        _ property: KeyPath<Model, Value>, path: [String], aliases: [String] = [],
        finished: ((JSONView, JSONDecodingContext) throws(JSONDecodingError) -> Value)? = nil
    ) {
        let readValue = { (member: JSONPartialValue) -> Any? in
            if let finished, member.isFinished {
                // Decoded as the model decodes it: the member alone, in an object of its own.
                guard let value = try? finished(JSONPartialMember.wrapped(member.json, at: path), .strict) else { return nil }
                return Value.partial(finished: value)
            }
            return Value.partial(from: member)
        }
        let scalar = finished == nil && path.count == 1 ? PartialScalar.of(Value.self) : nil
        self.init(property: property, path: path, aliases: aliases, scalar: scalar, readValue: readValue)
    }

    /// A property read from the member at `path` (or, for its first step, the first of `aliases` present):
    /// as the initializer for a type with a partial form, for a type whose partial form is found at run time;
    /// a type without one shows its value once finished.
    public init<Value>(
        _ property: KeyPath<Model, Value>, path: [String], aliases: [String] = [],
        finished: ((JSONView, JSONDecodingContext) throws(JSONDecodingError) -> Value)? = nil
    ) {
        let partialType = Value.self as? any JSONPartialDecodable.Type
        let readValue = { (member: JSONPartialValue) -> Any? in
            if member.isFinished, let finished {
                // Decoded as the model decodes it: the member alone, in an object of its own.
                guard let value = try? finished(JSONPartialMember.wrapped(member.json, at: path), .strict) else { return nil }
                guard let partialType else { return value }
                return partialType.finishedPartial(of: value)
            }
            if let partialType { return partialType.openPartial(from: member) }
            guard member.isFinished, let decodable = Value.self as? any JSONDecodable.Type else { return nil }
            return decodable.decodeFinished(member)
        }
        self.init(property: property, path: path, aliases: aliases, readValue: readValue)
    }

    /// A property read by `readValue` from the member at `path`, or the first of `aliases` present.
    @usableFromInline
    init(property: PartialKeyPath<Model>, path: [String], aliases: [String], scalar: PartialScalar? = nil,
         readValue: @escaping (JSONPartialValue) -> Any?) {
        self.property = property
        keys = Array(path.prefix(1)) + aliases
        readMember = path.count == 1 ? readValue : nil
        self.scalar = scalar
        read = { object in
            guard let member = Self.member(of: object, path: path, aliases: aliases) else { return nil }
            // A finished member of text is read once anyway: its open object keeps what it showed.
            if case .text = member.content { return readValue(member) }
            return member.remembered(readValue)
        }
    }

    /// A property that reads the whole object (`@JSONFlattened`), shown once the object has finished.
    public init<Value>(flattened property: KeyPath<Model, Value>, finished: @escaping (JSONView, JSONDecodingContext) throws(JSONDecodingError) -> Value) {
        self.property = property
        keys = []
        readMember = nil
        scalar = nil
        let partialType = Value.self as? any JSONPartialDecodable.Type
        read = { object in
            guard object.isFinished, let root = try? object.json.documentRoot(), let value = try? finished(root, .strict) else { return nil }
            return partialType?.finishedPartial(of: value) ?? value
        }
    }

    private static func member(of object: JSONPartialValue, path: [String], aliases: [String]) -> JSONPartialValue? {
        guard let first = path.first else { return nil }
        var member = object.member(first)
        for alias in aliases where member == nil { member = object.member(alias) }
        for step in path.dropFirst() { member = member?.member(step) }
        return member
    }

    /// `{"first": {"second": json}}` for the path `first.second`, as a document's root: what the model's own
    /// reading of the member expects to find.
    @usableFromInline
    static func wrapped(_ json: JSON, at path: [String]) throws(JSONDecodingError) -> JSONView {
        var value = json
        for step in path.reversed() { value = .object(JSONObject(keys: [step], values: [value])) }
        return try value.documentRoot()
    }
}

extension JSONPartialDecodable {
    /// `partial(from:)`, for a type known only at run time.
    static func openPartial(from value: JSONPartialValue) -> Any? { partial(from: value).map { $0 as Any } }

    /// `partial(finished:)` of a value of this type, for a type known only at run time.
    static func finishedPartial(of value: Any) -> Any? { (value as? Self).map { partial(finished: $0) as Any } }
}

extension JSONDecodable {
    /// The finished value decoded as this type, for a type known only at run time.
    static func decodeFinished(_ value: JSONPartialValue) -> Any? { value.decodeFinished(as: Self.self).map { $0 as Any } }
}
