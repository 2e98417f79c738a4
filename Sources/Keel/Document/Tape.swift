

/// One value of a parsed document, as the scanner records it.
///
/// Every JSON value takes exactly one entry, in document order; an object member is two entries, its key
/// (a string entry with ``Flags/isKey``) followed by its value. The layout is described with a worked
/// example at the top of `Scanner.swift`.
struct TapeEntry: Sendable {
    /// Bits 0–7: the ``Kind``. Bits 8–15: ``Flags``. Bits 16–63: the byte offset in the input where the
    /// value starts (its first byte: `"`, `[`, `{`, `-`, a digit, `t`, `f` or `n`).
    var header: UInt64
    /// Strings: the number of raw bytes between the quotes, in bits 0–31; for an object's key, bits 32–63
    /// hold the tape index of the previous member's key (for the first key: of the last key), so a lookup
    /// hops from key to key, backwards from the last.
    /// Numbers: the length of the literal. Arrays and objects: the element (member) count in bits 0–31, and
    /// in bits 32–63 the tape index just past the container's last descendant, so a reader can skip it in
    /// one step.
    var payload: UInt64

    enum Kind: UInt8, Sendable {
        case null = 0, `false`, `true`, number, string, array, object
    }

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A string that contains at least one backslash escape.
        static let hasEscapes = Flags(rawValue: 1 << 0)
        /// A string whose raw bytes are all ASCII (below 0x80). Without it a string may or may not be ASCII;
        /// with it, its `String` is made marked as ASCII, which the standard library's hashing, comparison and
        /// counting take a fast path for.
        static let isASCII = Flags(rawValue: 1 << 1)
        /// A string that is an object member's key.
        static let isKey = Flags(rawValue: 1 << 2)
        /// A number literal with no fraction and no exponent.
        static let isInteger = Flags(rawValue: 1 << 3)
        /// An object with a hash index over its keys (see `ObjectKeyIndex`).
        static let hasKeyIndex = Flags(rawValue: 1 << 4)
        /// An object with at least one key written with escapes, whose raw length may differ from its
        /// unescaped length; lookups in other objects compare lengths alone.
        static let hasEscapedKey = Flags(rawValue: 1 << 5)
        /// A number JSON cannot hold, read from JSON5: its text is `NaN`, `Infinity` or `-Infinity`.
        static let isNonFinite = Flags(rawValue: 1 << 6)
    }

    init(kind: Kind, flags: Flags = [], offset: Int, payload: UInt64) {
        self.header = UInt64(kind.rawValue) | UInt64(flags.rawValue) << 8 | UInt64(truncatingIfNeeded: offset) << 16
        self.payload = payload
    }

    /// ``Flags/hasEscapes`` as a bit of ``header``, for loops that test it without decoding the flags.
    static let escapesBit = UInt64(Flags.hasEscapes.rawValue) << 8

    var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: header)) ?? .null }
    var flags: Flags { Flags(rawValue: UInt8(truncatingIfNeeded: header >> 8)) }
    var offset: Int { Int(truncatingIfNeeded: header >> 16) }
    var length: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
    /// For an object's key: the tape index of the previous member's key (for the first key, of the last).
    var linkedKey: Int { Int(truncatingIfNeeded: payload >> 32) }
    var count: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
    var end: Int { Int(truncatingIfNeeded: payload >> 32) }
}

/// The tape entries a document owns, written by the scanner and then never changed, which is why sharing
/// them between threads is safe (`@unchecked Sendable`).
final class TapeBuffer: @unchecked Sendable {
    /// Where the entries' memory came from, so that it goes back the same way.
    enum Allocation {
        /// The C allocator (``TapeBuffer/allocateEntries(_:)``): the scanner's tape, which can shrink in
        /// place with `realloc`.
        case c
        /// `UnsafeMutablePointer.allocate`: a tape written to its exact size.
        case swift
        /// Entries of a tape still being written (``GrowingTape``), which this buffer keeps alive and never
        /// frees: a document over it reads only values that had finished when it was made, whose entries do
        /// not change again.
        case borrowed(GrowingTape)
    }

    let base: UnsafeMutablePointer<TapeEntry>
    let count: Int
    /// How many entries the memory at `base` holds.
    private let capacity: Int
    private let allocation: Allocation

    /// Takes ownership of `capacity` entries at `base`, of which the first `count` are written. Memory from
    /// the C allocator goes back to ``TapeRecycling`` when the tape is released, whole when it is of a size
    /// that is kept; otherwise it is shrunk to what is used, in place (for a large tape the system unmaps the
    /// unused end rather than copying); when shrinking is refused the tape stays as it is.
    init(adopting base: UnsafeMutablePointer<TapeEntry>, count: Int, capacity: Int, allocation: Allocation) {
        self.count = count
        self.allocation = allocation
        if case .c = allocation, capacity > count, !TapeRecycling.isKept(capacity: capacity),
           let shrunk = TapeBuffer.reallocateEntries(base, capacity: max(count, 1)) {
            self.base = shrunk
            self.capacity = max(count, 1)
        } else {
            self.base = base
            self.capacity = capacity
        }
    }

    deinit {
        switch allocation {
        case .c: TapeRecycling.giveBack(base, capacity: capacity)
        case .swift: base.deallocate()
        case .borrowed: break
        }
    }

    /// Memory for `capacity` entries from the C allocator, or `nil` when the system refuses it.
    static func allocateEntries(_ capacity: Int) -> UnsafeMutablePointer<TapeEntry>? {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<TapeEntry>.stride)
        guard !overflow, let memory = SystemLibrary.allocate(bytes: bytes) else { return nil }
        return memory.bindMemory(to: TapeEntry.self, capacity: capacity)
    }

    // No huge pages are asked for (`madvise(MADV_HUGEPAGE)`), though a large fresh tape costs a page fault per
    // 4 KiB: with Linux's usual setting (`defrag` = `madvise`) a fault in advised memory compacts memory on the
    // spot when no 2 MiB page is free, as on a machine that has run for a while. Measured there, parsing a
    // 100 MB file whole and searching it for a name took 0.50-0.75 s with the advice, 0.25-0.31 s without.

    /// Moves entries from ``allocateEntries(_:)`` to memory for `capacity` of them (the first ones kept),
    /// in place where the allocator can; `nil`, with `base` untouched, when the system refuses.
    static func reallocateEntries(_ base: UnsafeMutablePointer<TapeEntry>, capacity: Int) -> UnsafeMutablePointer<TapeEntry>? {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<TapeEntry>.stride)
        guard !overflow else { return nil }
        return SystemLibrary.reallocate(base, bytes: bytes)?.bindMemory(to: TapeEntry.self, capacity: capacity)
    }

    /// Returns entries from ``allocateEntries(_:)``.
    static func freeEntries(_ base: UnsafeMutablePointer<TapeEntry>) { SystemLibrary.deallocate(base) }
}
