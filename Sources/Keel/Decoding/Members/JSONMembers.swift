// Reading a model's members in one pass over an object: each key is matched with the model's names once,
// instead of each property searching the object for its key (which costs about n²/2 key visits for an
// object of n members read in order). A later member with the same key overwrites an earlier one, so the
// last of repeated keys wins, as it does everywhere else in Keel.
//
// The slots are a value of their own (inline for small models, an array beyond), so that generated code
// can assign each property straight from its member, without a closure and without naming its type.

/// The members of one object that a ``JSONMemberNames`` table names, found in one pass.
public struct JSONMembers {
    /// The object read.
    public let object: JSONView
    @usableFromInline let names: JSONMemberNames
    /// For each slot up to ``inlineCapacity``, the tape index of its member's value as an `Int32`, or -1 when
    /// absent.
    @usableFromInline var inlineSlots: InlineSlots
    /// The slots of a model with more than ``inlineCapacity`` names, or of a document whose tape indexes do
    /// not fit an `Int32` (then `inlineSlots` is unused).
    @usableFromInline var heapSlots: [Int]

    /// 128 bytes: 32 slots of `Int32`. Twitter's status and user models (17 and 20 members) fit, where
    /// 16 slots of `Int` made them allocate an array per object.
    @usableFromInline typealias InlineSlots = (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int)
    /// How many slots a value holds without allocating.
    @usableFromInline static let inlineCapacity = 32

    /// The members of `object` (which must be an object) that `names` lists.
    ///
    /// Inlined into the model's own code: called across the module, the stored view and names were retained
    /// once by the caller and again inside (two atomic operations more per object, a tenth of decoding
    /// citm_catalog's many small objects).
    @inlinable @inline(__always) init(of object: JSONView, names: JSONMemberNames) {
        self.object = object
        self.names = names
        inlineSlots = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)  // every Int32 half -1 too
        if names.count <= Self.inlineCapacity && object.tapeIndexesFitInt32 {
            heapSlots = []
            withUnsafeMutableBytes(of: &inlineSlots) { bytes in
                object.findMembers(names, intoInt32: bytes.bindMemory(to: Int32.self))
            }
        } else {
            heapSlots = [Int](repeating: -1, count: names.count)
            heapSlots.withUnsafeMutableBufferPointer { object.findMembers(names, into: $0) }
        }
    }

    /// The tape index of the value in `slot`, or -1.
    @inlinable func valueIndex(_ slot: Int) -> Int {
        if heapSlots.isEmpty {
            precondition(slot >= 0 && slot < Self.inlineCapacity, "slot out of range")
            return Int(withUnsafeBytes(of: inlineSlots) { $0.load(fromByteOffset: slot &* MemoryLayout<Int32>.stride, as: Int32.self) })
        }
        return heapSlots[slot]
    }

    /// `primary` when the object has its member or `alternative` has none, else `alternative`: how a property with
    /// alternative names (`@JSONKey("title", or: "name")`) picks the first the object has, nested for more names.
    @inlinable public func firstPresent(_ primary: Int, _ alternative: Int) -> Int {
        valueIndex(primary) >= 0 || valueIndex(alternative) < 0 ? primary : alternative
    }

    /// The member in `slot`: its key, and its value when the object has it.
    @inlinable public subscript(slot: Int) -> JSONMember {
        JSONMember(object: object, key: names.names[slot], valueIndex: valueIndex(slot), metNull: false)
    }

    // The two commonest readings, straight from the slot: they give what `self[slot].decode(in:)` and
    // `self[slot].decodeIfPresent(in:)` give, without making a `JSONMember` (a copy of the object's view
    // and of the key) for each property: a sixth of the instructions of decoding twitter's statuses.

    /// Decodes the member in `slot` as `T`: a missing member is an error, and so is `null` unless `T` is
    /// optional. The same as `self[slot].decode(in:)`.
    @inlinable public func decode<T: JSONDecodable>(_ slot: Int, _ type: T.Type = T.self, in context: JSONDecodingContext = .strict)
        throws(JSONDecodingError) -> T
    {
        let index = valueIndex(slot)
        if index >= 0, let value = object.directScalar(T.self, at: index) { return value }
        return try decodeThroughView(slot, index, T.self, in: context)
    }

    /// Decodes the member in `slot` as `T`, or gives `nil` when it is missing or `null`. The same as
    /// `self[slot].decodeIfPresent(in:)`.
    @inlinable public func decodeIfPresent<T: JSONDecodable>(
        _ slot: Int, _ type: T.Type = T.self, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T? {
        let index = valueIndex(slot)
        if index >= 0, let value = object.directScalar(T.self, at: index) { return value }
        return try decodePresentThroughView(slot, index, T.self, in: context)
    }

    // The direct reads share nothing with the general paths below, which are kept out of line: when one
    // function held both, the compiler retained the document at its start for the view the general path
    // makes, and every direct read paid for it.

    @inlinable @inline(never)
    func decodeThroughView<T: JSONDecodable>(_ slot: Int, _ index: Int, _ type: T.Type, in context: JSONDecodingContext)
        throws(JSONDecodingError) -> T
    {
        guard index >= 0 else { throw self[slot].missingError }
        if let reused = context.reusedDecodes(of: object.storage), let known = reused.value(at: index, as: T.self) { return known }
        return try context.underMemberFrame(names.names[slot], type: T.self) { () throws(JSONDecodingError) in
            try T.decode(JSONView(storage: object.storage, index: index), in: context)
        }
    }

    @inlinable @inline(never)
    func decodePresentThroughView<T: JSONDecodable>(_ slot: Int, _ index: Int, _ type: T.Type, in context: JSONDecodingContext)
        throws(JSONDecodingError) -> T?
    {
        if index >= 0, let reused = context.reusedDecodes(of: object.storage), let known = reused.value(at: index, as: T.self) {
            return known
        }
        return try context.underMemberFrame(names.names[slot], type: T.self) { () throws(JSONDecodingError) in
            try object.decodePresent(T.self, in: context) { () throws(JSONDecodingError) in
                index < 0 ? nil : JSONView(storage: object.storage, index: index)
            }
        }
    }
}

extension JSONView {
    /// This object's members that `names` lists, found in one pass over the object.
    ///
    /// - Throws: a type mismatch (expecting `expected`) when this is not an object.
    public func members(
        _ names: JSONMemberNames, expecting expected: @autoclosure () -> String = "an object"
    ) throws(JSONDecodingError) -> JSONMembers {
        guard kind == .object else { throw .typeMismatch(expected(), at: self) }
        return JSONMembers(of: self, names: names)
    }

    /// Whether every tape index of the document fits an `Int32` (a slot of ``JSONMembers``' inline storage).
    @usableFromInline var tapeIndexesFitInt32: Bool { storage.tape.count < Int(Int32.max) }

    /// ``recordMembers(_:into:)`` with `Int32` slots, callable from other modules without generic dispatch.
    @usableFromInline func findMembers(_ names: JSONMemberNames, intoInt32 values: UnsafeMutableBufferPointer<Int32>) {
        recordMembers(names, into: values)
    }

    /// ``recordMembers(_:into:)`` with `Int` slots, callable from other modules without generic dispatch.
    @usableFromInline func findMembers(_ names: JSONMemberNames, into values: UnsafeMutableBufferPointer<Int>) {
        recordMembers(names, into: values)
    }

    /// Records in `values` where each named member's value is; the last of repeated keys wins. `Slot` is `Int`,
    /// or `Int32` when every tape index of the document fits it.
    func recordMembers<Slot: FixedWidthInteger>(_ names: JSONMemberNames, into values: UnsafeMutableBufferPointer<Slot>) {
        storage.withReader { reader in
            let tape = reader.tape
            guard let input = reader.bytes.baseAddress else { return }
            let lookup = names.lookup
            var scratch: [UInt8] = []
            var key = index + 1
            for _ in 0..<tape[index].count {
                let entry = tape[key]
                let slot: Int?
                if entry.flags.contains(.hasEscapes) {
                    slot = reader.withKeyBytes(at: key, scratch: &scratch) { names.slot(of: $0) }
                } else {
                    slot = lookup.slot(ofKeyAt: input + entry.offset + 1, count: entry.length)
                }
                if let slot { values[slot] = Slot(truncatingIfNeeded: key + 1) }
                key = TapeReader.indexAfter(key + 1, in: tape)
            }
        }
    }
}
