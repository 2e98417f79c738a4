// A model's `jsonPartialMembers` with their types erased, made once per model in a process and shared by
// every reading: each property's readers, the keys it is read from and its slot. Reading an object's members runs this one non-generic code
// for every model, so that a member read costs no generic metadata look-up, and a property is found by a
// slot number instead of a hashed key path.

/// A model's properties as a partial form reads them: one slot each, found by the keys of their members.
///
/// Never changed once made, and its readers only read what they are given, so one table serves every thread.
@usableFromInline
final class PartialMemberTable: @unchecked Sendable {
    /// Each model's table, made the first time any reading asks: making one builds the model's key paths
    /// and readers, which costs more than reading a small object.
    private static let made = Locked([ObjectIdentifier: PartialMemberTable]())

    /// `Model`'s table.
    static func of<Model: JSONPartialModel>(_ model: Model.Type) -> PartialMemberTable {
        if let known = made.withLock({ $0[ObjectIdentifier(model)] }) { return known }
        // Made outside the lock, which guards the dictionary only: making a table runs the model's own code.
        let table = PartialMemberTable(Model.jsonPartialMembers)
        return made.withLock { tables in
            if let raced = tables[ObjectIdentifier(model)] { return raced }
            tables[ObjectIdentifier(model)] = table
            return table
        }
    }

    /// Reads each property from the model's whole object.
    let readers: [(JSONPartialValue) -> Any?]
    /// Reads each property read from one member (a path of one step) from that member's value.
    let memberReaders: [((JSONPartialValue) -> Any?)?]
    /// The keys each property may be read from (its path's first step, then its aliases).
    let keys: [[String]]
    /// Key → the properties read from a member of that key alone, each with the key's rank: 0 for the
    /// property's own key, 1 for its first alias, and so on.
    let byKey: [String: [(member: Int, rank: Int)]]
    /// The properties read from a member inside a member (a path of several steps).
    let deep: [Int]
    /// Each property's slot, by its key path (for reading a partial form, not for building it).
    private let slots: [AnyKeyPath: Int]

    init<Model>(_ members: [JSONPartialMember<Model>]) {
        readers = members.map(\.read)
        memberReaders = members.map(\.readMember)
        keys = members.map(\.keys)
        var byKey: [String: [(member: Int, rank: Int)]] = [:]
        var deep: [Int] = []
        var slots: [AnyKeyPath: Int] = [:]
        for (number, member) in members.enumerated() {
            slots[member.property] = number
            if member.readMember == nil {
                if !member.keys.isEmpty { deep.append(number) }
                continue
            }
            for (rank, key) in member.keys.enumerated() { byKey[key, default: []].append((number, rank)) }
        }
        self.byKey = byKey
        self.deep = deep
        self.slots = slots
    }

    /// The slot of `property`, or `nil` if it is not one of the model's properties.
    func slot(of property: AnyKeyPath) -> Int? { slots[property] }

    /// Each property of an object read from the object (a snapshot's tree, or finished text that did not
    /// decode whole).
    func readObject(_ value: JSONPartialValue) -> [Any?] { readers.map { $0(value) } }

    /// Each property of an open object of a document still arriving. What its finished members show is kept
    /// from one snapshot to the next, so a snapshot reads only the members that finished since the last one,
    /// and the open one. A finished member is read straight into the properties its key stands for; a
    /// property's own key counts before its aliases, and a later member before an earlier one of the same
    /// key, as in a whole decode.
    func readOpenObject(_ value: JSONPartialValue, frame depth: Int, in text: PartialText, memory: JSONPartialMemory) -> [Any?] {
        let frame = text.frames[depth]
        let known = memory.openObject(at: frame.start, readBy: self)
        if known.seen < frame.members.count {
            var arrived: Set<String> = []
            for position in known.seen..<frame.members.count {
                let key = text.text(ofKey: frame.members[position].key)
                if !deep.isEmpty { arrived.insert(key) }
                guard let found = byKey[key] else { continue }
                let member = JSONPartialValue(.text(frame.members[position].value, text), memory: memory, isInOpenContainer: true)
                for (number, rank) in found {
                    if known.ranks[number] < rank { continue }
                    guard let read = memberReaders[number] else { continue }
                    known.slots[number] = read(member)
                    known.ranks[number] = rank
                }
            }
            for number in deep where keys[number].contains(where: arrived.contains) {
                known.slots[number] = readers[number](value)
            }
            known.seen = frame.members.count
        }
        guard let pending = frame.pendingKey, text.openChild(ofFrame: depth) != nil else { return known.slots }
        var slots = known.slots
        let open = text.text(ofKey: pending)
        for (number, _) in byKey[open] ?? [] {
            slots[number] = readers[number](value)
        }
        for number in deep where keys[number].contains(open) {
            slots[number] = readers[number](value)
        }
        return slots
    }
}
