// Finding an object's member by key on the tape: the one search behind `JSONView.member(_:)` and the
// Codable bridge's keyed containers.

extension DocumentStorage {
    /// The tape index of the value of the last member of the object at `object` whose key, unescaped, has
    /// the bytes `key`; `nil` when there is none.
    ///
    /// Large objects have a hash index, made at parse time. Objects of a middling size get a small hash
    /// table of their keys on the first search in them (see ``MemberTables``), so that reading a model's
    /// members one by one costs a probe or two each, in any order. The others are searched from the last key
    /// back, hopping along the keys' links, so the first match is the last occurrence
    /// (the one that wins) and ends the search. A key's entry holds its length and its link in one word, so
    /// most keys cost one load and one comparison; only those of the right length (or, where the object has
    /// escaped keys, longer) have their bytes read.
    @inline(__always)
    func valueIndex(ofMember key: UnsafeRawBufferPointer, inObjectAt object: Int, reader: TapeReader) -> Int? {
        valueIndex(ofMember: key, inObjectAt: object, reader: reader, makesTables: true)
    }

    /// ``valueIndex(ofMember:inObjectAt:reader:)``, or with `makesTables` false for a search made once per
    /// object, as a query's: no member table is made (filling one reads every key, and a single search reads at
    /// most as many); large objects still use their parse-time key index.
    @inline(__always)
    func valueIndex(ofMember key: UnsafeRawBufferPointer, inObjectAt object: Int, reader: TapeReader, makesTables: Bool) -> Int? {
        let tape = reader.tape
        let entry = tape[object]
        if entry.flags.contains(.hasKeyIndex) || entry.flags.contains(.hasEscapedKey) {
            return memberInIndexedOrEscapedObject(key, at: object, reader: reader)
        }
        guard entry.count > 0, let input = reader.bytes.baseAddress else { return nil }
        if makesTables, entry.count >= MemberTables.minimumMembers, entry.count <= ObjectKeyIndex.threshold,
           entry.end < MemberTables.indexLimit {
            return memberThroughTable(key, inObjectAt: object, tape: tape, input: input)
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

    /// The search in an object without escaped keys, of ``MemberTables/minimumMembers`` to
    /// ``ObjectKeyIndex/threshold`` members: a probe of its key table, made on the first search in it. From
    /// the last key back when the calling thread does not own the document's tables.
    @inline(__always)
    private func memberThroughTable(_ key: UnsafeRawBufferPointer, inObjectAt object: Int, tape: UnsafePointer<TapeEntry>,
                                    input: UnsafePointer<UInt8>) -> Int? {
        guard let table = memberTables.table(forObjectAt: object, filling: { table in
            Self.fillKeyTable(table, ofObjectAt: object, tape: tape, input: input)
        }) else {
            return lastMember(key, inObjectAt: object, tape: tape, input: input)
        }
        let mask = MemberTables.slotCount &- 1
        // (Only the empty key has no base address; its hash reads no byte.)
        let keyBase = key.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? input
        var slot = Self.keyHash(keyBase, key.count) & mask
        while true {
            let candidate = Int(table[slot])
            if candidate == 0 { return nil }
            if tape[candidate].length == key.count, memoryEqual(input + tape[candidate].offset + 1, keyBase, key.count) {
                return candidate + 1
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Fills `table` (``MemberTables/slotCount`` slots) with the keys of the object at `object`, at most
    /// ``ObjectKeyIndex/threshold`` of them, none written with escapes: each slot holds a key's tape index or 0.
    /// Keys are entered in document order and a repeated key takes its earlier occurrence's slot, so each
    /// distinct key leads to its last member, the one a lookup finds.
    static func fillKeyTable(_ table: UnsafeMutablePointer<UInt32>, ofObjectAt object: Int, tape: UnsafePointer<TapeEntry>,
                             input: UnsafePointer<UInt8>) {
        let mask = MemberTables.slotCount &- 1
        table.update(repeating: 0, count: MemberTables.slotCount)
        var key = object + 1
        for _ in 0..<tape[object].count {
            let length = tape[key].length
            let bytes = input + tape[key].offset + 1
            var slot = keyHash(bytes, length) & mask
            while true {
                let other = Int(table[slot])
                if other == 0 || (tape[other].length == length && memoryEqual(input + tape[other].offset + 1, bytes, length)) {
                    table[slot] = UInt32(truncatingIfNeeded: key)
                    break
                }
                slot = (slot &+ 1) & mask
            }
            key = TapeReader.indexAfter(key + 1, in: tape)
        }
    }

    /// A hash of a key's bytes for the key tables: its length and its first and last eight bytes (four, or
    /// the first, middle and last byte, in shorter keys), which tell apart keys that share a prefix
    /// (`friends_count`, `followers_count`).
    @inline(__always)
    static func keyHash(_ bytes: UnsafePointer<UInt8>, _ length: Int) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawPointer(bytes)
        var hash = UInt64(truncatingIfNeeded: length) &* multiplier
        if length >= 8 {
            hash = (hash ^ raw.loadUnaligned(as: UInt64.self)) &* multiplier
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)) &* multiplier
        } else if length >= 4 {
            let ends = UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)) &<< 32
            hash = (hash ^ ends) &* multiplier
        } else if length > 0 {
            let ends = UInt64(bytes[0]) | UInt64(bytes[length &>> 1]) &<< 8 | UInt64(bytes[length &- 1]) &<< 16
            hash = (hash ^ ends) &* multiplier
        }
        return Int(truncatingIfNeeded: hash &>> 32)
    }
}
