// The member names a model reads, set up once per type, so that an object's members can be matched with
// them in one pass (see `JSONMembers`). `@JSONModel` declares one table per model.

/// The names of the members a model reads, each given a slot, matched by their UTF-8 bytes.
///
/// Code that `@JSONModel` generates keeps one table per model in a static property and reads objects with
/// ``JSONView/withMembers(_:expecting:_:)``. Matching a key costs a small hash of its length and three of its bytes
/// and, when a name hashes there, one comparison of bytes.
public struct JSONMemberNames: Sendable {
    /// The names, in slot order.
    public let names: [String]
    /// Every name's bytes, one after another; `ranges[slot]` says where each is.
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]
    /// Open addressing: each entry is a slot plus one; zero marks an empty entry.
    private let table: [UInt16]

    /// A table of `names`; each gets the slot of its position. A repeated name keeps its first slot.
    ///
    /// - Precondition: at most 65,535 names (a model with that many properties does not compile in
    ///   reasonable time anyway).
    public init(_ names: [String]) {
        precondition(names.count < Int(UInt16.max), "too many member names")
        self.names = names
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in names {
            let start = bytes.count
            bytes.append(contentsOf: name.utf8)
            ranges.append(start..<bytes.count)
        }
        var capacity = 8
        while capacity < names.count * 4 { capacity <<= 1 }
        var table = [UInt16](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { all in
            for slot in ranges.indices {
                let name = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: all[ranges[slot]]))
                var entry = JSONMemberNames.hash(name) & (capacity - 1)
                var isRepeat = false
                while table[entry] != 0 {
                    let other = Int(table[entry]) - 1
                    if all[ranges[other]].elementsEqual(name) {
                        isRepeat = true
                        break
                    }
                    entry = (entry + 1) & (capacity - 1)
                }
                if !isRepeat { table[entry] = UInt16(slot + 1) }
            }
        }
        self.bytes = bytes
        self.ranges = ranges
        self.table = table
    }

    /// The number of slots.
    public var count: Int { names.count }

    /// A cheap hash: the length and the first, middle and last bytes, spread over the bits.
    @inline(__always)
    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        let count = key.count
        guard count > 0 else { return 0 }
        var h = UInt(count) &* 0x9E37_79B9
        h ^= UInt(key[0]) &* 0x85EB_CA6B
        h ^= UInt(key[count >> 1]) &* 0xC2B2_AE35
        h ^= UInt(key[count - 1]) &* 0x27D4_EB2F
        return Int(truncatingIfNeeded: h ^ (h >> 15))
    }

    /// The slot of the name with the bytes `key`, or `nil`.
    @inline(__always)
    func slot(of key: UnsafeRawBufferPointer) -> Int? {
        let mask = table.count - 1
        var entry = JSONMemberNames.hash(key) & mask
        return table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                while true {
                    let stored = Int(table[entry])
                    if stored == 0 { return nil }
                    let range = ranges[stored - 1]
                    if range.count == key.count,
                        key.count == 0 || memoryEqual(bytes.baseAddress! + range.lowerBound, key.baseAddress!, key.count)
                    {
                        return stored - 1
                    }
                    entry = (entry + 1) & mask
                }
            }
        }
    }
}
