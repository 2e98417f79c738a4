// Hash indexes over the keys of large objects, so that a lookup by key in a parsed document stays O(1) on
// average however many members an object has.
//
// Small objects (up to `ObjectKeyIndex.threshold` members) are searched member by member: that is faster
// than hashing for them. Keys are hashed with the standard library's `Hasher`, which is seeded afresh in
// every process, so input crafted to collide in one run does not collide in another (no hash flooding).

/// An open-addressing table from key bytes to the tape index of the member's key entry.
struct ObjectKeyIndex: Sendable {
    /// Objects with more members than this get an index. Below it, comparing keys one by one (length
    /// first) is cheaper than hashing them all at parse time.
    static let threshold = 64

    /// Each slot holds a key's tape index plus one; zero marks an empty slot.
    private(set) var slots: [UInt32]

    init(capacityFor count: Int) {
        var capacity = 4
        while capacity < count * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
    }

    static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: key)
        return hasher.finalize()
    }

    /// Inserts the key entry at `keyIndex`; returns the tape index of an equal key already present, if any.
    /// An equal key is replaced, so that lookups find the last member with a key.
    mutating func insert(
        keyIndex: Int, hash: Int, equals: (Int) -> Bool
    ) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let stored = slots[slot]
            if stored == 0 {
                slots[slot] = UInt32(keyIndex + 1)
                return nil
            }
            let other = Int(stored) - 1
            if equals(other) {
                slots[slot] = UInt32(keyIndex + 1)
                return other
            }
            slot = (slot + 1) & mask
        }
    }

    /// The tape index of the key entry that `equals` accepts, probing from `hash`.
    func find(hash: Int, equals: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if equals(Int(stored) - 1) { return Int(stored) - 1 }
            slot = (slot + 1) & mask
        }
    }
}

extension ObjectKeyIndex {
    /// The index over the keys of the object whose entry is at `index` (the last of a repeated key wins),
    /// and the tape index of the first key found repeated, if any.
    static func build(forObjectAt index: Int, reader: TapeReader) -> (index: ObjectKeyIndex, firstRepeat: Int?) {
        let count = reader.tape[index].count
        var table = ObjectKeyIndex(capacityFor: count)
        var firstRepeat: Int?
        var scratch: [UInt8] = []
        var other: [UInt8] = []
        var key = index + 1
        for _ in 0..<count {
            let replaced = reader.withKeyBytes(at: key, scratch: &scratch) { bytes in
                table.insert(keyIndex: key, hash: ObjectKeyIndex.hash(bytes)) { candidate in
                    reader.keyEquals(at: candidate, bytes, scratch: &other)
                }
            }
            if replaced != nil, firstRepeat == nil { firstRepeat = key }
            key = TapeReader.indexAfter(key + 1, in: reader.tape)
        }
        return (table, firstRepeat)
    }
}
