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
    /// Each property of a standard scalar type read from one member with no option: its kind (see
    /// ``PartialScalar``).
    let scalars: [PartialScalar?]
    /// The keys each property may be read from (its path's first step, then its aliases).
    let keys: [[String]]
    /// The keys properties are read from alone (a path of one step), matched against a member key's bytes.
    let names: JSONMemberNames
    /// The properties read from a member of each of `names` alone, each with the key's rank: 0 for the
    /// property's own key, 1 for its first alias, and so on. Laid out flat, `nameReaderRanges` giving each
    /// name's entries: read in the loop over an object's members, no inner array is retained per member.
    let nameReaders: [(member: Int, rank: Int)]
    let nameReaderRanges: [Range<Int>]
    /// The properties read from a member inside a member (a path of several steps).
    let deep: [Int]
    /// Each property's slot, by its key path (for reading a partial form, not for building it).
    private let slots: [AnyKeyPath: Int]
    /// A slot for each property, all empty, and the matching ranks: an open object's kept state starts as
    /// these (shared until first written, which copies them at less than making them afresh costs).
    let emptySlots: [Any?]
    let emptyRanks: [Int]

    init<Model>(_ members: [JSONPartialMember<Model>]) {
        readers = members.map(\.read)
        memberReaders = members.map(\.readMember)
        scalars = members.map(\.scalar)
        keys = members.map(\.keys)
        var nameNumbers: [String: Int] = [:]
        var readersOfName: [[(member: Int, rank: Int)]] = []
        var deep: [Int] = []
        var slots: [AnyKeyPath: Int] = [:]
        for (number, member) in members.enumerated() {
            slots[member.property] = number
            if member.readMember == nil {
                if !member.keys.isEmpty { deep.append(number) }
                continue
            }
            for (rank, key) in member.keys.enumerated() {
                let name = nameNumbers[key] ?? readersOfName.count
                if name == readersOfName.count {
                    nameNumbers[key] = name
                    readersOfName.append([])
                }
                readersOfName[name].append((number, rank))
            }
        }
        names = JSONMemberNames(nameNumbers.sorted { $0.value < $1.value }.map(\.key))
        nameReaders = readersOfName.flatMap { $0 }
        var rangeStart = 0
        nameReaderRanges = readersOfName.map { readers in
            defer { rangeStart += readers.count }
            return rangeStart..<rangeStart + readers.count
        }
        self.deep = deep
        self.slots = slots
        emptySlots = Array(repeating: nil, count: members.count)
        emptyRanks = Array(repeating: .max, count: members.count)
    }

    /// The slot of `property`, or `nil` if it is not one of the model's properties.
    func slot(of property: AnyKeyPath) -> Int? { slots[property] }

    /// Each property of an object read from the object (a snapshot's tree, or finished text that did not
    /// decode whole).
    func readObject(_ value: JSONPartialValue) -> [Any?] { readers.map { $0(value) } }

    /// Which of `names` the key at tape index `key` of `text` is, matched on its raw bytes unless it has escapes.
    private func name(ofKey key: Int, in text: PartialText) -> Int? {
        let entry = text.entry(key)
        if entry.flags.contains(.hasEscapes) {
            var unescaped = text.text(ofString: key)
            return unescaped.withUTF8 { names.slot(of: UnsafeRawBufferPointer($0)) }
        }
        return text.bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            return names.lookup.slot(ofKeyAt: base + entry.offset + 1, count: entry.length)
        }
    }

    /// Each property of an open object of a document still arriving. What its finished members show is kept
    /// from one snapshot to the next, so a snapshot reads only the members that finished since the last one,
    /// and the open one. A finished member is read straight into the properties its key stands for; a
    /// property's own key counts before its aliases, and a later member before an earlier one of the same
    /// key, as in a whole decode.
    ///
    /// Returns the kept slots as they are (shared, not copied: a snapshot's form holds them beside the kept
    /// state, which copies them only if it changes while the form lives) and, apart, what the open member
    /// shows in its properties' slots, in the order they apply.
    func readOpenObject(
        _ value: JSONPartialValue, frame depth: Int, in text: PartialText, memory: JSONPartialMemory
    ) -> (slots: [Any?], open: [PartialFormStorage.OpenSlot]) {
        let frame = text.frames[depth]
        let known = memory.openObject(at: frame.start, readBy: self)
        if known.seen < frame.members.count {
            // Worked on as locals (taken out, so that they stay uniquely referenced) and put back after.
            var slots = known.slots
            var ranks = known.ranks
            known.slots = []
            known.ranks = []
            var arrived: Set<String> = []
            for position in known.seen..<frame.members.count {
                let member = frame.members[position]
                if !deep.isEmpty { arrived.insert(text.text(ofString: member.key)) }
                guard let name = name(ofKey: member.key, in: text) else { continue }
                for entry in nameReaderRanges[name] {
                    let (number, rank) = nameReaders[entry]
                    guard rank <= ranks[number] else { continue }
                    if let scalar = scalars[number] {
                        slots[number] = scalar.shown(at: member.value, in: text)
                    } else if let reader = memberReaders[number] {
                        slots[number] = reader(JSONPartialValue(.text(member.value, text), memory: memory, isInOpenContainer: true))
                    } else {
                        continue
                    }
                    ranks[number] = rank
                }
            }
            for number in deep where keys[number].contains(where: arrived.contains) {
                slots[number] = readers[number](value)
            }
            known.slots = slots
            known.ranks = ranks
            known.seen = frame.members.count
        }
        guard let pending = frame.pendingKey, text.openChild(ofFrame: depth) != nil else { return (known.slots, []) }
        var open: [PartialFormStorage.OpenSlot] = []
        if let name = name(ofKey: pending, in: text) {
            for entry in nameReaderRanges[name] {
                let number = nameReaders[entry].member
                open.append(.init(slot: number, value: readers[number](value)))
            }
        }
        if !deep.isEmpty {
            let key = text.text(ofString: pending)
            for number in deep where keys[number].contains(key) { open.append(.init(slot: number, value: readers[number](value))) }
        }
        return (known.slots, open)
    }
}
