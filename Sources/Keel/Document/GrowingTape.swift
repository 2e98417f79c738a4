/// The tape of a document still arriving: written a piece at a time by a resumable scan
/// (``Scanner/resume(_:isAtEnd:)``), and read between pieces by documents over its finished values.
///
/// A document made over the tape (``TapeBuffer/Allocation/borrowed(_:)``) holds this object. While one does,
/// the next scan works on a copy (``makeWritable(_:)``), so that growing the tape never moves memory a
/// document still reads; most documents are gone by then, and the tape grows in place.
final class GrowingTape {
    private(set) var base: UnsafeMutablePointer<TapeEntry>
    private(set) var capacity: Int
    /// How many entries are written.
    var count = 0
    /// The key indexes of the large objects closed so far.
    var keyIndexes: [Int: ObjectKeyIndex] = [:]

    /// An empty tape with room for `capacity` entries; `nil` when the system refuses the memory.
    init?(capacity: Int) {
        guard let base = TapeBuffer.allocateEntries(max(capacity, 16)) else { return nil }
        self.base = base
        self.capacity = max(capacity, 16)
    }

    private init(copying other: GrowingTape, base: UnsafeMutablePointer<TapeEntry>) {
        self.base = base
        capacity = other.capacity
        count = other.count
        keyIndexes = other.keyIndexes
        base.update(from: other.base, count: other.count)
    }

    deinit { TapeBuffer.freeEntries(base) }

    /// Takes over the entries a scan left (it may have moved them to grow the tape).
    func adopt(base: UnsafeMutablePointer<TapeEntry>, count: Int, capacity: Int) {
        self.base = base
        self.count = count
        self.capacity = capacity
    }

    /// `tape` itself when nothing else holds it, otherwise a copy for the next scan to write (the documents
    /// keep the original); `nil` when the system refuses the copy's memory.
    static func makeWritable(_ tape: inout GrowingTape) -> Bool {
        if isKnownUniquelyReferenced(&tape) { return true }
        guard let base = TapeBuffer.allocateEntries(tape.capacity) else { return false }
        tape = GrowingTape(copying: tape, base: base)
        return true
    }

    /// A buffer over the entries written so far, for a document that reads finished values.
    func borrowedBuffer() -> TapeBuffer {
        TapeBuffer(adopting: base, count: count, capacity: capacity, allocation: .borrowed(self))
    }
}
