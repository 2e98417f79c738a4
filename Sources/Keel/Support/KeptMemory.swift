// One block of C-allocator memory kept between uses, for the large work buffers that each parse or write
// fills and then lets go: a document's tape (`TapeRecycling`) and the text a writer builds (`OutputBytes`).
//
// A block of a few hundred kilobytes or more is above the C allocator's thresholds: freeing it hands its pages
// back to the system (unmapped, or trimmed off the heap's top), and the next use faults every page in again,
// a fault per 4 KiB. Doing the same work again and again (a server's requests, a benchmark's loop) then spends
// much of its time in page faults. Keeping one block makes each later use write into memory already mapped.
// Small blocks come from the allocator's free lists, which never go back to the system, and huge ones would
// hold too much memory for good, so only blocks between two bounds are kept.

/// A keeper of one block of memory from ``SystemLibrary/allocate(bytes:)``, shared by every thread behind a
/// lock, with the bounds on the sizes it keeps.
struct KeptMemory: Sendable {
    /// Blocks of fewer bytes are left to the allocator; asking for one takes no lock.
    let smallestKept: Int
    /// Blocks of more bytes are freed, not kept.
    let largestKept: Int

    /// A block of memory and its size in bytes.
    struct Block: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let bytes: Int
    }

    private struct State {
        var kept: Block?
        /// How many times a kept block was handed out (for tests).
        var reuses = 0
    }

    private let state = Locked(State())

    init(smallestKept: Int, largestKept: Int) {
        self.smallestKept = smallestKept
        self.largestKept = largestKept
    }

    /// Whether a block of `bytes` is kept when it is given back.
    func isKept(bytes: Int) -> Bool { bytes >= smallestKept && bytes <= largestKept }

    /// The kept block when it holds at least `bytes` (it may hold more), handed over for good; `nil` when
    /// none is kept that large, or when `bytes` is outside the kept sizes (without taking the lock).
    func take(atLeast bytes: Int) -> Block? {
        guard isKept(bytes: bytes) else { return nil }
        return state.withLock { state -> Block? in
            guard let kept = state.kept, kept.bytes >= bytes else { return nil }
            state.kept = nil
            state.reuses += 1
            return kept
        }
    }

    /// Takes back a block from the C allocator: kept when its size is within bounds and nothing larger is
    /// kept already, freed otherwise.
    func giveBack(_ base: UnsafeMutableRawPointer, bytes: Int) {
        guard isKept(bytes: bytes) else { return SystemLibrary.deallocate(base) }
        let unwanted = state.withLock { state -> UnsafeMutableRawPointer? in
            if let kept = state.kept, kept.bytes >= bytes { return base }
            defer { state.kept = Block(base: base, bytes: bytes) }
            return state.kept?.base
        }
        if let unwanted { SystemLibrary.deallocate(unwanted) }
    }

    /// How many times a kept block was handed out since the process started.
    var reuses: Int { state.withLock { $0.reuses } }
}
