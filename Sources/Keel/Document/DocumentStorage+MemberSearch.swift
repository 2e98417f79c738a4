// Finding an object's member by key on the tape: the one search behind `JSONView.member(_:)` and the
// Codable bridge's keyed containers.

extension DocumentStorage {
    /// The tape index of the value of the last member of the object at `object` whose key, unescaped, has
    /// the bytes `key`; `nil` when there is none. `scratch` holds unescaped keys, and is reused across calls.
    ///
    /// Large objects have a hash index. In the others, keys are visited from the last one back, hopping along
    /// their links, so the first match is the last occurrence (the one that wins) and ends the search. A
    /// key's entry holds its length and its link in one word, so most keys cost one load and one comparison;
    /// only those of the right length (or, where the object has escaped keys, longer) have their bytes read.
    @inline(__always)
    func valueIndex(ofMember key: UnsafeRawBufferPointer, inObjectAt object: Int, reader: TapeReader,
                    scratch: inout [UInt8]) -> Int? {
        let tape = reader.tape
        let entry = tape[object]
        if entry.flags.contains(.hasKeyIndex), let table = keyIndexes[object] {
            let found = table.find(hash: ObjectKeyIndex.hash(key)) { reader.keyEquals(at: $0, key, scratch: &scratch) }
            return found.map { $0 + 1 }
        }
        guard entry.count > 0, let input = reader.bytes.baseAddress else { return nil }
        let keyLength = UInt64(key.count)
        var candidate = tape[object + 1].linkedKey
        var remaining = entry.count
        if !entry.flags.contains(.hasEscapedKey) {
            while remaining > 0 {
                let payload = tape[candidate].payload
                if payload & 0xFFFF_FFFF == keyLength {
                    guard let keyBase = key.baseAddress else { return candidate + 1 }  // the empty key
                    if memoryEqual(input + tape[candidate].offset + 1, keyBase, key.count) { return candidate + 1 }
                }
                candidate = Int(truncatingIfNeeded: payload >> 32)
                remaining &-= 1
            }
            return nil
        }
        while remaining > 0 {
            let length = tape[candidate].length
            if length == key.count || (length > key.count && tape[candidate].flags.contains(.hasEscapes)) {
                if reader.keyEquals(at: candidate, key, scratch: &scratch) { return candidate + 1 }
            }
            candidate = tape[candidate].linkedKey
            remaining &-= 1
        }
        return nil
    }
}
