// What a `@JSONModel` struct shows while its object arrives. Its properties sit in slots, one per property in
// the order of the model's `jsonPartialMembers`; a property's slot is found by its key path only when it is
// read, so that building a partial form (at every snapshot) hashes nothing.

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
    // The box and its initializers are inlined into the model's code, so that they are specialized there.
    @usableFromInline let storage: PartialFormStorage

    var finishedJSON: JSON? { storage.finishedJSON }

    /// The value decoded whole, if it was.
    var model: Model? {
        // Only `init(decoded:)` makes a decoded form, and always of this `Model`.
        storage.isDecoded ? unsafeDowncast(storage, to: DecodedPartialForm<Model>.self).decoded.value : nil
    }

    @inlinable
    init(slots: [Any?], open: [PartialFormStorage.OpenSlot], table: PartialMemberTable, finished: JSON?) {
        storage = PartialFormStorage(slots: slots, open: open, table: table, finishedJSON: finished)
    }

    @inlinable
    init(model: Model) {
        storage = DecodedPartialForm(decoded: DecodedValue(model))
    }

    /// The form of a value decoded whole, sharing its box with what keeps the value for reuse.
    @inlinable
    init(decoded: DecodedValue<Model>) {
        storage = DecodedPartialForm(decoded: decoded)
    }

    /// What the property shows, or `nil`.
    private func shown(_ property: AnyKeyPath) -> Any? {
        guard let table = storage.table, let slot = table.slot(of: property) else { return nil }
        // What the open member shows comes over the slots; of two for one slot, the later.
        if let open = storage.open.last(where: { $0.slot == slot }) { return open.value }
        return storage.slots[slot]
    }

    /// Whether the value has finished arriving: nothing of it will change.
    public var isFinished: Bool { storage.isDecoded || finishedJSON != nil }

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
        return shown(property) as? Value.Partial
    }

    /// An optional property whose type has a partial form: that form, or `nil` (absent, or `null`).
    public subscript<Wrapped: JSONPartialDecodable>(dynamicMember property: KeyPath<Model, Wrapped?>) -> Wrapped.Partial? {
        if let model { return model[keyPath: property].map(Wrapped.partial(finished:)) }
        return (shown(property) as? Wrapped.Partial?) ?? nil
    }

    /// A property of another type: its value, once finished.
    public subscript<Value>(dynamicMember property: KeyPath<Model, Value>) -> Value? {
        if let model { return model[keyPath: property] }
        return shown(property) as? Value
    }

    /// An optional property of another type: its value once finished, or `nil`.
    public subscript<Wrapped>(dynamicMember property: KeyPath<Model, Wrapped?>) -> Wrapped? {
        if let model { return model[keyPath: property] }
        return (shown(property) as? Wrapped?) ?? nil
    }
}

extension JSONPartial: @unchecked Sendable where Model: Sendable {}

/// What a partial form holds while its object is arriving: what each property shows. Not generic, so that
/// letting one go (a snapshot's forms are let go at the next) looks up no type at run time.
@usableFromInline
class PartialFormStorage {
    /// What each property's finished member shows (`nil`: nothing yet), in the table's order.
    @usableFromInline let slots: [Any?]
    /// What the open member shows, over `slots`: kept apart so that the slots, kept from one snapshot to the
    /// next, are shared rather than copied into each snapshot's form.
    @usableFromInline let open: [OpenSlot]
    /// Where each property's slot is; `nil` when the value was decoded whole.
    @usableFromInline let table: PartialMemberTable?
    /// The JSON of a finished value that was read member by member.
    @usableFromInline let finishedJSON: JSON?
    /// Whether this is a ``DecodedPartialForm``.
    @usableFromInline let isDecoded: Bool

    /// What an open member shows in one property's slot.
    @usableFromInline
    struct OpenSlot {
        let slot: Int
        let value: Any?
    }

    @inlinable
    init(slots: [Any?], open: [OpenSlot] = [], table: PartialMemberTable?, finishedJSON: JSON?, isDecoded: Bool = false) {
        self.slots = slots
        self.open = open
        self.table = table
        self.finishedJSON = finishedJSON
        self.isDecoded = isDecoded
    }
}

/// The partial form of a value that has arrived and decoded whole: the value itself.
@usableFromInline
final class DecodedPartialForm<Model>: PartialFormStorage {
    /// The value, in the box that also keeps it for reuse.
    @usableFromInline let decoded: DecodedValue<Model>

    @inlinable
    init(decoded: DecodedValue<Model>) {
        self.decoded = decoded
        super.init(slots: [], table: nil, finishedJSON: nil, isDecoded: true)
    }
}
