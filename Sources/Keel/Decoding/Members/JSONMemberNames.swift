// The member names a model reads, set up once per type, so that an object's members can be matched with
// them in one pass (see `JSONMembers`). `@JSONModel` declares one table per model.
//
// A class over flat buffers, so that reading an object retains one reference rather than four arrays, and
// matching a key touches no array bookkeeping.

/// The names of the members a model reads, each given a slot, matched by their UTF-8 bytes.
///
/// Code that `@JSONModel` generates keeps one table per model in a static property and reads objects with
/// ``JSONView/members(_:expecting:)``. Matching a key costs a small hash of its length and three of its bytes
/// and, when a name hashes there, one comparison of bytes.
public final class JSONMemberNames: @unchecked Sendable {
    // Unchecked: every stored property is set in `init` and never written again; the buffers are owned.

    /// The names, in slot order.
    public let names: [String]
    /// Every name's bytes, one after another; name `slot` runs from `starts[slot]` to `starts[slot + 1]`.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<Int>
    /// Open addressing: each entry is a slot plus one; zero marks an empty entry.
    private let table: UnsafeMutableBufferPointer<UInt16>

    /// A table of `names`; each gets the slot of its position. A repeated name keeps its first slot.
    ///
    /// - Precondition: at most 65,534 names (a model with that many properties does not compile in
    ///   reasonable time anyway).
    public init(_ names: [String]) {
        precondition(names.count < Int(UInt16.max), "too many member names")
        self.names = names
        let all = names.flatMap(\.utf8)
        bytes = .allocate(capacity: max(all.count, 1))
        _ = bytes.initialize(from: all)
        starts = .allocate(capacity: names.count + 1)
        var offset = 0
        for (slot, name) in names.enumerated() {
            starts[slot] = offset
            offset += name.utf8.count
        }
        starts[names.count] = offset
        var capacity = 8
        while capacity < names.count * 4 { capacity <<= 1 }
        table = .allocate(capacity: capacity)
        table.initialize(repeating: 0)
        for slot in names.indices {
            let name = UnsafeRawBufferPointer(start: bytes.baseAddress! + starts[slot], count: starts[slot + 1] - starts[slot])
            if self.slot(of: name) == nil {
                var entry = Self.hash(name.baseAddress!, count: name.count) & (capacity - 1)
                while table[entry] != 0 { entry = (entry + 1) & (capacity - 1) }
                table[entry] = UInt16(slot + 1)
            }
        }
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        table.deallocate()
    }

    /// The number of slots.
    public var count: Int { names.count }

    /// A cheap hash: the length and the first, middle and last bytes, spread over the bits.
    @inline(__always)
    private static func hash(_ key: UnsafeRawPointer, count: Int) -> Int {
        guard count > 0 else { return 0 }
        var h = UInt(count) &* 0x9E37_79B9
        h ^= UInt(key.load(as: UInt8.self)) &* 0x85EB_CA6B
        h ^= UInt(key.load(fromByteOffset: count &>> 1, as: UInt8.self)) &* 0xC2B2_AE35
        h ^= UInt(key.load(fromByteOffset: count &- 1, as: UInt8.self)) &* 0x27D4_EB2F
        return Int(truncatingIfNeeded: h ^ (h &>> 15))
    }

    /// The slot of the name with the bytes `key`, or `nil`.
    @inline(__always)
    func slot(of key: UnsafeRawBufferPointer) -> Int? {
        guard let base = key.baseAddress else { return lookup.slot(ofKeyAt: UnsafeRawPointer(bytes.baseAddress!), count: 0) }
        return lookup.slot(ofKeyAt: base, count: key.count)
    }

    /// The table's buffers, taken out once for a loop that matches many keys.
    var lookup: Lookup {
        Lookup(table: UnsafePointer(table.baseAddress!), mask: table.count &- 1, starts: UnsafePointer(starts.baseAddress!),
               bytes: UnsafeRawPointer(bytes.baseAddress!))
    }

    /// Matching keys against the table with its buffers in hand (valid while the table lives).
    struct Lookup {
        let table: UnsafePointer<UInt16>
        let mask: Int
        let starts: UnsafePointer<Int>
        let bytes: UnsafeRawPointer

        /// The slot of the name with the `count` bytes at `key`, or `nil`.
        @inline(__always)
        func slot(ofKeyAt key: UnsafeRawPointer, count: Int) -> Int? {
            var entry = JSONMemberNames.hash(key, count: count) & mask
            while true {
                let stored = Int(table[entry])
                if stored == 0 { return nil }
                let start = starts[stored &- 1]
                if starts[stored] &- start == count, memoryEqual(bytes + start, key, count) { return stored &- 1 }
                entry = (entry &+ 1) & mask
            }
        }
    }
}
