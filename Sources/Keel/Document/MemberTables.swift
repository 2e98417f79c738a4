// Hash tables over the keys of the objects a document's reader searched last, so that a model reading its
// members one by one (`try j => "id"`, `member("id")`, the Codable bridge's keyed containers) finds each in a
// probe or two, whatever order it reads them in.

internal import KeelVectorScan

/// A few hash tables of object keys, made the first time an object of a middling size is searched and kept
/// for the objects searched most recently.
///
/// A table maps each distinct key of its object to the last member with that key (later members replace
/// earlier ones as it is filled, in document order), so a probe finds what a search from the end finds: the
/// last of repeated keys wins.
///
/// The tables belong to the first thread that searches the document and are only ever touched by it, so they
/// need no lock. Any other thread searches from the last key back, as small objects always are; it gets the
/// same answers. (A model is nearly always read by one thread.) A thread's number may be given to a new
/// thread once it has ended; the new thread then carries on with the tables, which the old one no longer
/// touches.
struct MemberTables: @unchecked Sendable {
    /// Objects with fewer members are searched from the end: a table would save little.
    static let minimumMembers = 8
    /// Tape indexes at or above this do not fit a table's slots; their objects are searched from the end.
    static let indexLimit = Int(UInt32.max)
    /// Slots per table: twice the most members an object without a key index has, a power of two.
    static let slotCount = 2 * ObjectKeyIndex.threshold

    /// How many objects keep a table: a model, the object nested in it, and the one nested in that.
    private static let tableCount = 4
    /// The block's first words (as `UInt32`): each table's object's tape index plus one (0: no table yet),
    /// then which table to replace next; the tables' slots follow.
    private static let headerWords = 8

    /// Word 0: the owning thread (0 until a thread claims the tables). Word 1: the address of the block of
    /// tables (0 until the owner first needs one), read and written by the owner only.
    private let words: UnsafeMutablePointer<UInt64>

    init() {
        words = .allocate(capacity: 2)
        words.initialize(repeating: 0, count: 2)
    }

    /// Frees the tables; called once, by the document's storage as it goes (when no thread can use them).
    func deallocate() {
        if let block = UnsafeMutablePointer<UInt32>(bitPattern: UInt(truncatingIfNeeded: words[1])) { SystemLibrary.deallocate(block) }
        words.deallocate()
    }

    /// The table of the object at `object` (a tape index below ``indexLimit``), filled by `fill` when it is
    /// not kept; `nil` when the calling thread does not own the tables (or their memory was refused).
    ///
    /// A table is ``slotCount`` slots, each the tape index of a key or 0 (the root is never a key).
    @inline(__always)
    func table(
        forObjectAt object: Int, filling fill: (UnsafeMutablePointer<UInt32>) -> Void
    ) -> UnsafeMutablePointer<UInt32>? {
        let thread = keel_current_thread()
        if keel_load_relaxed(words) != thread {
            guard thread != 0, keel_claim(words, thread) != 0 else { return nil }
        }
        guard let block = UnsafeMutablePointer<UInt32>(bitPattern: UInt(truncatingIfNeeded: words[1])) ?? makeBlock() else {
            return nil
        }
        let tag = UInt32(truncatingIfNeeded: object &+ 1)
        for position in 0..<Self.tableCount where block[position] == tag {
            return Self.slots(of: position, in: block)
        }
        // Not kept: replace the tables in turn.
        let position = Int(block[Self.tableCount])
        block[Self.tableCount] = UInt32(truncatingIfNeeded: (position &+ 1) % Self.tableCount)
        block[position] = tag
        let slots = Self.slots(of: position, in: block)
        fill(slots)
        return slots
    }

    @inline(__always)
    private static func slots(of position: Int, in block: UnsafeMutablePointer<UInt32>) -> UnsafeMutablePointer<UInt32> {
        block + headerWords + position &* slotCount
    }

    /// The owner's block of tables, made on first need; `nil` when the system refuses the memory.
    @inline(never)
    private func makeBlock() -> UnsafeMutablePointer<UInt32>? {
        let count = Self.headerWords + Self.tableCount * Self.slotCount
        guard let raw = SystemLibrary.allocate(bytes: count * MemoryLayout<UInt32>.stride) else { return nil }
        let block = raw.bindMemory(to: UInt32.self, capacity: count)
        block.initialize(repeating: 0, count: Self.headerWords)
        words[1] = UInt64(UInt(bitPattern: block))
        return block
    }
}
