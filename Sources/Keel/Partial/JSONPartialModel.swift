// A `@JSONModel` struct's partial form. The generated code lists each property with the member it reads
// (`jsonPartialMembers`); reading a snapshot fills a table keyed by the properties' key paths, and the
// partial form answers `partial.title` through dynamic member lookup, typed by the property: a property
// whose type has a partial form gives that form, any other gives its value once finished.

/// A struct whose partial form is ``JSONPartial`` (what `@JSONModel` declares).
public protocol JSONPartialModel: JSONPartialDecodable where Partial == JSONPartial<Self> {
    /// Each property with the member it is read from.
    static var jsonPartialMembers: [JSONPartialMember<Self>] { get }
}

extension JSONPartialModel {
    /// The properties whose members have arrived, each as far as it can be shown.
    public static func partial(from value: JSONPartialValue) -> JSONPartial<Self>? {
        guard value.isObject else { return nil }
        // A finished object is decoded whole, so that what it shows is exactly the decoded value (defaults
        // included); only if that fails is it read member by member.
        if value.isFinished, let model = value.decodeFinished(as: Self.self) { return JSONPartial(model: model) }
        if case .frame(let depth, let text) = value.content, let memory = value.memory {
            return openPartial(of: value, frame: depth, in: text, memory: memory)
        }
        var properties: [PartialKeyPath<Self>: Any] = [:]
        for member in jsonPartialMembers {
            if let shown = member.read(value) { properties[member.property] = shown }
        }
        return JSONPartial(properties: properties, finished: value.isFinished ? value.json : Optional<JSON>.none)
    }

    /// An open object of a document still arriving. What its finished members show is kept from one
    /// snapshot to the next, so a snapshot reads only the members that finished since the last one, and the
    /// open one. A finished member is read straight into the properties its key stands for; a property's own
    /// key counts before its aliases, and a later member before an earlier one of the same key, as in a
    /// whole decode.
    private static func openPartial(of value: JSONPartialValue, frame depth: Int, in text: PartialText,
                                    memory: JSONPartialMemory) -> JSONPartial<Self> {
        let frame = text.frames[depth]
        let index = memory.partialMemberIndex(of: Self.self)
        let members = index.members
        let known = memory.kept(in: \.objects, at: frame.start) { JSONPartialMemory.Properties<Self>() }
        if known.seen < frame.members.count {
            var arrived: Set<String> = []
            for position in known.seen..<frame.members.count {
                let key = text.text(ofKey: frame.members[position].key)
                if !index.deep.isEmpty { arrived.insert(key) }
                guard let readers = index.byKey[key] else { continue }
                let member = JSONPartialValue(.text(frame.members[position].value, text), memory: memory, isInOpenContainer: true)
                for (number, rank) in readers {
                    if let shownRank = known.ranks[number], shownRank < rank { continue }
                    guard let read = members[number].readMember else { continue }
                    known.properties[members[number].property] = read(member)
                    known.ranks[number] = rank
                }
            }
            for number in index.deep where members[number].keys.contains(where: arrived.contains) {
                known.properties[members[number].property] = members[number].read(value)
            }
            known.seen = frame.members.count
        }
        var properties = known.properties
        if let pending = frame.pendingKey, text.openChild(ofFrame: depth) != nil {
            let open = text.text(ofKey: pending)
            for (number, _) in index.byKey[open] ?? [] {
                properties[members[number].property] = members[number].read(value)
            }
            for number in index.deep where members[number].keys.contains(open) {
                properties[members[number].property] = members[number].read(value)
            }
        }
        return JSONPartial(properties: properties, finished: nil)
    }

    /// The value's partial form: every property shown, and the value itself.
    public static func partial(finished value: Self) -> JSONPartial<Self> { JSONPartial(model: value) }
}

/// What has arrived of a model: each property optional, nested models partial too.
///
/// Read a property by its name: a property of a type with a partial form gives that form (`String?` for a
/// string, `[Step.Partial]?` for an array of models), any other property its value once finished.
///
/// ```swift
/// if let plan: Plan.Partial = snapshot.partial(as: Plan.self) {
///     title.text = plan.title                          // the text so far
///     rows = plan.steps ?? []                          // the steps so far, the last one still filling in
/// }
/// ```
@dynamicMemberLookup
public struct JSONPartial<Model: JSONPartialModel> {
    // Held in a box, so that copying a partial (arrays of them are copied at every snapshot) is one retain.
    let storage: Storage

    final class Storage {
        let properties: [PartialKeyPath<Model>: Any]
        /// The JSON of a finished value, or the value itself when it was decoded whole.
        let finishedJSON: JSON?
        let model: Model?

        init(properties: [PartialKeyPath<Model>: Any], finishedJSON: JSON?, model: Model?) {
            self.properties = properties
            self.finishedJSON = finishedJSON
            self.model = model
        }
    }

    var properties: [PartialKeyPath<Model>: Any] { storage.properties }
    var finishedJSON: JSON? { storage.finishedJSON }
    var model: Model? { storage.model }

    init(properties: [PartialKeyPath<Model>: Any], finished: JSON?) {
        storage = Storage(properties: properties, finishedJSON: finished, model: nil)
    }

    init(model: Model) {
        storage = Storage(properties: [:], finishedJSON: nil, model: model)
    }

    /// Whether the value has finished arriving: nothing of it will change.
    public var isFinished: Bool { model != nil || finishedJSON != nil }

    /// The value decoded in full, once it has finished arriving (`nil` before, or if it does not decode:
    /// decoding the complete document then reports why).
    public var finished: Model? {
        if let model { return model }
        guard let finishedJSON, let root = try? finishedJSON.documentRoot() else { return nil }
        return try? Model.decode(root)
    }

    /// A property whose type has a partial form: that form, as far as it has arrived.
    public subscript<Value: JSONPartialDecodable>(dynamicMember property: KeyPath<Model, Value>) -> Value.Partial? {
        if let model { return Value.partial(finished: model[keyPath: property]) }
        return properties[property] as? Value.Partial
    }

    /// An optional property whose type has a partial form: that form, or `nil` (absent, or `null`).
    public subscript<Wrapped: JSONPartialDecodable>(dynamicMember property: KeyPath<Model, Wrapped?>) -> Wrapped.Partial? {
        if let model { return model[keyPath: property].map(Wrapped.partial(finished:)) }
        return (properties[property] as? Wrapped.Partial?) ?? nil
    }

    /// A property of another type: its value, once finished.
    public subscript<Value>(dynamicMember property: KeyPath<Model, Value>) -> Value? {
        if let model { return model[keyPath: property] }
        return properties[property] as? Value
    }

    /// An optional property of another type: its value once finished, or `nil`.
    public subscript<Wrapped>(dynamicMember property: KeyPath<Model, Wrapped?>) -> Wrapped? {
        if let model { return model[keyPath: property] }
        return (properties[property] as? Wrapped?) ?? nil
    }
}

extension JSONPartial: @unchecked Sendable where Model: Sendable {}

/// One property of a ``JSONPartialModel``: its key path, where its member is, and how it is read.
///
/// `@JSONModel` writes these; a hand-written model lists its properties the same way.
public struct JSONPartialMember<Model> {
    /// The property.
    public let property: PartialKeyPath<Model>
    /// The keys of the members the property may be read from (the first step of its path, and its
    /// aliases); none for a property that reads the whole object.
    let keys: [String]
    /// Reads the property's partial form from the model's object, or `nil` when nothing can be shown.
    let read: (JSONPartialValue) -> Any?
    /// For a property read from one member (a path of one step): reads it from that member's value.
    let readMember: ((JSONPartialValue) -> Any?)?

    /// A property read from the member at `path` (or, for its first step, the first of `aliases` present).
    /// A finished member is read by `finished` when given (for properties with options: dates, defaults,
    /// coders), otherwise as its type decodes; an open member shows its type's partial form, if it has one.
    public init<Value>(
        _ property: KeyPath<Model, Value>, path: [String], aliases: [String] = [],
        finished: ((JSONView, JSONDecodingContext) throws(JSONDecodingError) -> Value)? = nil
    ) {
        self.property = property
        keys = Array(path.prefix(1)) + aliases
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
        readMember = path.count == 1 ? readValue : nil
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
    private static func wrapped(_ json: JSON, at path: [String]) throws(JSONDecodingError) -> JSONView {
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
