// The bytes of a document still arriving that no scan has read yet. Chunks come often and small (a network
// read, a model's token); appending each to the document's array cost about as much as scanning it, for the
// array's uniqueness and growth checks around a short copy. Here a chunk is a bounds check and a copy, and
// the next scan moves all of them into the array in one piece.

/// Bytes received since the last scan, gathered in one block of C memory that is reused from scan to scan.
struct PendingBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// How many bytes are gathered.
    private(set) var count = 0

    init() {}

    deinit {
        if let base { SystemLibrary.deallocate(base) }
    }

    /// Appends `chunk`; `false`, with nothing appended, when the system refuses the memory.
    ///
    /// Inlined into the feeding code: a chunk is often a few bytes, and the calls cost more than the copy.
    @inline(__always)
    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = chunk.baseAddress, !chunk.isEmpty else { return true }
        if capacity &- count < chunk.count, !grow(toHold: chunk.count) { return false }
        guard let base else { return false }
        (base + count).update(from: source, count: chunk.count)
        count &+= chunk.count
        return true
    }

    /// Grows the block to hold `extra` more bytes; `false`, changing nothing, when the system refuses.
    @inline(never)
    private mutating func grow(toHold extra: Int) -> Bool {
        let (needed, overflow) = count.addingReportingOverflow(extra)
        guard !overflow else { return false }
        let wanted = Swift.max(needed, capacity &* 2, 1024)
        let grown = base.map { SystemLibrary.reallocate($0, bytes: wanted) } ?? SystemLibrary.allocate(bytes: wanted)
        guard let grown else { return false }
        base = grown.bindMemory(to: UInt8.self, capacity: wanted)
        capacity = wanted
        return true
    }

    /// Appends the gathered bytes to `bytes` and empties the gathering, keeping its memory for the next ones.
    mutating func move(to bytes: inout [UInt8]) {
        guard let base, count > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }
}
