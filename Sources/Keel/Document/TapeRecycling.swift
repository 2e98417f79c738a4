// Keeping one tape's memory when its document is released, for the next parse to write into.
//
// A tape of a few hundred kilobytes or more is above the C allocator's thresholds: freeing it hands the pages
// back to the system (unmapped, or trimmed off the heap's top), and the next parse faults every page in again.
// Parsing documents one after another (a server's request bodies, a benchmark's loop) then spent about a third
// of its time in page faults: with glibc, twitter.json decoded with @JSONModel at 3.9-4.0x JSONDecoder in the
// runs where that happened (which depended on what else the process had allocated), 5.4x in the others, with
// over a hundred times as many page faults. Keeping one tape's memory makes every run the fast one. Small
// tapes come from the allocator's free lists, which never return to the system, and huge ones would hold too
// much memory for good, so only tapes between the two bounds are kept.

/// The one tape's memory kept for reuse, shared by every thread behind a lock.
enum TapeRecycling {
    /// Tapes with fewer entries (128 KiB) are left to the allocator; asking for one takes no lock.
    static let smallestKept = 8_192
    /// Tapes with more entries (16 MiB) are freed, not kept.
    static let largestKept = 1 << 20

    private struct KeptTape {
        let base: UnsafeMutablePointer<TapeEntry>
        let capacity: Int
    }

    private struct State {
        var kept: KeptTape?
        /// How many times a kept tape was handed out (for tests).
        var reuses = 0
    }

    private static let state = Locked(State())

    /// Memory for at least `capacity` entries, and how many it holds: the kept tape when it is large enough,
    /// otherwise new memory from the C allocator; `nil` when the system refuses it.
    static func take(atLeast capacity: Int) -> (base: UnsafeMutablePointer<TapeEntry>, capacity: Int)? {
        if isKept(capacity: capacity) {
            let reused = state.withLock { state -> KeptTape? in
                guard let kept = state.kept, kept.capacity >= capacity else { return nil }
                state.kept = nil
                state.reuses += 1
                return kept
            }
            if let reused { return (reused.base, reused.capacity) }
        }
        return TapeBuffer.allocateEntries(capacity).map { ($0, capacity) }
    }

    /// Takes back memory from ``take(atLeast:)`` (or grown from it): kept when its size is within bounds and
    /// nothing larger is kept already, freed otherwise.
    static func giveBack(_ base: UnsafeMutablePointer<TapeEntry>, capacity: Int) {
        guard isKept(capacity: capacity) else { return TapeBuffer.freeEntries(base) }
        let unwanted = state.withLock { state -> UnsafeMutablePointer<TapeEntry>? in
            if let kept = state.kept, kept.capacity >= capacity { return base }
            defer { state.kept = KeptTape(base: base, capacity: capacity) }
            return state.kept?.base
        }
        if let unwanted { TapeBuffer.freeEntries(unwanted) }
    }

    /// Whether memory for `capacity` entries is kept when its tape is released (so a document does not shrink
    /// it to the entries it uses).
    static func isKept(capacity: Int) -> Bool { capacity >= smallestKept && capacity <= largestKept }

    /// How many times a kept tape was handed out since the process started.
    static var reuses: Int { state.withLock { $0.reuses } }
}
