// Keeping one tape's memory when its document is released, for the next parse to write into (see
// `KeptMemory` for why). Measured before it: parsing documents one after another spent about a third of its
// time in page faults; with glibc, twitter.json decoded with @JSONModel at 3.9-4.0x JSONDecoder in the runs
// where that happened (which depended on what else the process had allocated), 5.4x in the others, with over
// a hundred times as many page faults.

/// The one tape's memory kept for reuse, shared by every thread behind a lock.
enum TapeRecycling {
    /// Tapes with fewer entries (128 KiB) are left to the allocator; asking for one takes no lock.
    static let smallestKept = 8_192
    /// Tapes with more entries (16 MiB) are freed, not kept.
    static let largestKept = 1 << 20

    private static let memory = KeptMemory(smallestKept: smallestKept * MemoryLayout<TapeEntry>.stride,
                                           largestKept: largestKept * MemoryLayout<TapeEntry>.stride)

    /// Memory for at least `capacity` entries, and how many it holds: the kept tape when it is large enough,
    /// otherwise new memory from the C allocator; `nil` when the system refuses it.
    static func take(atLeast capacity: Int) -> (base: UnsafeMutablePointer<TapeEntry>, capacity: Int)? {
        if isKept(capacity: capacity), let block = memory.take(atLeast: capacity * MemoryLayout<TapeEntry>.stride) {
            let kept = block.bytes / MemoryLayout<TapeEntry>.stride
            return (block.base.bindMemory(to: TapeEntry.self, capacity: kept), kept)
        }
        return TapeBuffer.allocateEntries(capacity).map { ($0, capacity) }
    }

    /// Takes back memory from ``take(atLeast:)`` (or grown from it): kept when its size is within bounds and
    /// nothing larger is kept already, freed otherwise.
    static func giveBack(_ base: UnsafeMutablePointer<TapeEntry>, capacity: Int) {
        memory.giveBack(UnsafeMutableRawPointer(base), bytes: capacity * MemoryLayout<TapeEntry>.stride)
    }

    /// Whether memory for `capacity` entries is kept when its tape is released (so a document does not shrink
    /// it to the entries it uses).
    static func isKept(capacity: Int) -> Bool { capacity >= smallestKept && capacity <= largestKept }

    /// How many times a kept tape was handed out since the process started.
    static var reuses: Int { memory.reuses }
}
