// Finding an object's member by key on the tape: the one search behind `JSONView.member(_:)` and the
// Codable bridge's keyed containers.

extension DocumentStorage {
    /// The tape index of the value of the last member of the object at `object` whose key, unescaped, has
    /// the bytes `key`; `nil` when there is none.
    ///
    /// Large objects have a hash index. Objects of a middling size whose keys are distinct are searched from
    /// just after the member the last lookup in them found, round to it (see ``MemberSearchHints``), so
    /// that reading a model's members in document order costs a step or two each. The others are searched
    /// from the last key back, hopping along the keys' links, so the first match is the last occurrence
    /// (the one that wins) and ends the search. A key's entry holds its length and its link in one word, so
    /// most keys cost one load and one comparison; only those of the right length (or, where the object has
    /// escaped keys, longer) have their bytes read.
    @inline(__always)
    func valueIndex(ofMember key: UnsafeRawBufferPointer, inObjectAt object: Int, reader: TapeReader) -> Int? {
        let tape = reader.tape
        let entry = tape[object]
        if entry.flags.contains(.hasKeyIndex) || entry.flags.contains(.hasEscapedKey) {
            return memberInIndexedOrEscapedObject(key, at: object, reader: reader)
        }
        guard entry.count > 0, let input = reader.bytes.baseAddress else { return nil }
        if entry.count >= MemberSearchHints.minimumMembers, entry.count <= ObjectKeyIndex.threshold,
           entry.end < MemberSearchHints.indexLimit {
            return memberAfterHint(key, inObjectAt: object, tape: tape, input: input)
        }
        return lastMember(key, inObjectAt: object, tape: tape, input: input)
    }

    /// ``valueIndex(ofMember:inObjectAt:reader:)`` for a key given as a string. A method of the storage, so
    /// that the closures around the search borrow it rather than retain it (each retain is an atomic
    /// operation, and a model makes one lookup per member).
    @inline(__always)
    func valueIndex(ofMember key: String, inObjectAt object: Int) -> Int? {
        var key = key
        return key.withUTF8 { utf8 in
            withReader { valueIndex(ofMember: UnsafeRawBufferPointer(utf8), inObjectAt: object, reader: $0) }
        }
    }

    /// The search from the last key back, in an object without escaped keys.
    @inline(__always)
    private func lastMember(_ key: UnsafeRawBufferPointer, inObjectAt object: Int, tape: UnsafePointer<TapeEntry>,
                            input: UnsafePointer<UInt8>) -> Int? {
        let keyLength = UInt64(key.count)
        var candidate = tape[object + 1].linkedKey
        var remaining = tape[object].count
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

    /// The search in an object with a key index (through the index) or with escaped keys (from the last key
    /// back; a raw key longer than `key` may unescape to it). Out of line: it needs room to unescape keys.
    @inline(never)
    private func memberInIndexedOrEscapedObject(_ key: UnsafeRawBufferPointer, at object: Int, reader: TapeReader) -> Int? {
        var scratch: [UInt8] = []
        let tape = reader.tape
        if tape[object].flags.contains(.hasKeyIndex), let table = keyIndexes[object] {
            let found = table.find(hash: ObjectKeyIndex.hash(key)) { reader.keyEquals(at: $0, key, scratch: &scratch) }
            return found.map { $0 + 1 }
        }
        var candidate = tape[object + 1].linkedKey
        var remaining = tape[object].count
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

    /// The search that starts after the member the last lookup in this object found, in an object without
    /// escaped keys, of ``MemberSearchHints/minimumMembers`` to ``ObjectKeyIndex/threshold`` members.
    ///
    /// The first time an object is searched, the search is from the end, and its keys are checked to be
    /// distinct; only then may a later search stop at the first match it meets.
    @inline(__always)
    private func memberAfterHint(_ key: UnsafeRawBufferPointer, inObjectAt object: Int, tape: UnsafePointer<TapeEntry>,
                                 input: UnsafePointer<UInt8>) -> Int? {
        switch memberHints.hint(forObjectAt: object) {
        case .after(let last):
            let keyLength = UInt64(key.count)
            let end = tape[object].end
            var candidate = last
            var remaining = tape[object].count
            while remaining > 0 {
                candidate = TapeReader.indexAfter(candidate + 1, in: tape)
                if candidate == end { candidate = object + 1 }
                if tape[candidate].payload & 0xFFFF_FFFF == keyLength {
                    guard let keyBase = key.baseAddress else { return candidate + 1 }  // the empty key
                    if memoryEqual(input + tape[candidate].offset + 1, keyBase, key.count) {
                        if candidate != last { memberHints.remember(key: candidate, inObjectAt: object) }
                        return candidate + 1
                    }
                }
                remaining &-= 1
            }
            return nil
        case .repeatedKeys:
            return lastMember(key, inObjectAt: object, tape: tape, input: input)
        case .none:
            // The first search here: one pass checks that the keys are distinct and notes where `key` is.
            let (distinct, found) = membersAreDistinct(inObjectAt: object, tape: tape, input: input, noting: key)
            guard distinct else {
                memberHints.remember(key: 0, inObjectAt: object)
                return lastMember(key, inObjectAt: object, tape: tape, input: input)
            }
            guard let found else { return nil }
            memberHints.remember(key: found, inObjectAt: object)
            return found + 1
        }
    }

    /// Whether the keys of the object at `object` (at most ``ObjectKeyIndex/threshold`` of them, none written
    /// with escapes) are all different, and the tape index of the first key with the bytes `wanted`. One pass,
    /// with a small hash table on the stack.
    func membersAreDistinct(inObjectAt object: Int, tape: UnsafePointer<TapeEntry>, input: UnsafePointer<UInt8>,
                            noting wanted: UnsafeRawBufferPointer) -> (distinct: Bool, wanted: Int?) {
        let count = tape[object].count
        guard count <= ObjectKeyIndex.threshold else { return (false, nil) }  // large objects have a key index instead
        let slotCount = 2 * ObjectKeyIndex.threshold  // a power of two
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slotCount) { table in
            // A slot holds the tape index of a key (never 0: the root is not a key), or 0 when empty.
            table.initialize(repeating: 0)
            var found: Int?
            var key = object + 1
            for _ in 0..<count {
                let length = tape[key].length
                let bytes = input + tape[key].offset + 1
                // (Only the empty key has no base address.)
                if found == nil, length == wanted.count, wanted.baseAddress.map({ memoryEqual(bytes, $0, length) }) ?? true {
                    found = key
                }
                var slot = Self.keyHash(bytes, length) & (slotCount - 1)
                while table[slot] != 0 {
                    let other = Int(table[slot])
                    if tape[other].length == length, memoryEqual(input + tape[other].offset + 1, bytes, length) {
                        return (false, nil)
                    }
                    slot = (slot + 1) & (slotCount - 1)
                }
                table[slot] = UInt32(truncatingIfNeeded: key)
                key = TapeReader.indexAfter(key + 1, in: tape)
            }
            return (true, found)
        }
    }

    /// A hash of a key's bytes for ``membersAreDistinct(inObjectAt:tape:input:)``: its length and its first
    /// and last eight bytes, which tell apart keys that share a prefix (`friends_count`, `followers_count`).
    @inline(__always)
    private static func keyHash(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: length) &* multiplier
        if length >= 8 {
            let raw = UnsafeRawPointer(bytes)
            hash = (hash ^ raw.loadUnaligned(as: UInt64.self)) &* multiplier
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)) &* multiplier
        } else {
            for i in 0..<length { hash = (hash ^ UInt64(bytes[i])) &* multiplier }
        }
        return Int(truncatingIfNeeded: hash &>> 32)
    }
}
