// The growing byte buffer the writers fill. Writing JSON is mostly many short appends (a comma, a key, a
// number); `Array.append(contentsOf:)` pays for uniqueness and generic checks on each, which cost more
// than the bytes themselves. This buffer is owned by exactly one writer (it cannot be copied), so an
// append is a capacity check and a copy.
//
// Its memory comes from the C allocator, so that growing it is a `realloc` (for a large buffer the system
// moves its pages rather than copying them), and a large buffer's memory is kept when the writer is done
// (`KeptMemory`), for the next large text to be written into pages already mapped. Measured before both,
// writing twitter.json's model again and again spent a third of its time copying the buffer as it doubled
// (the copies into fresh pages, faulted in one by one).

struct OutputBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// Whether `base` came from Swift's allocator, as it does once the C allocator has refused to grow the
    /// buffer; such memory is neither reallocated nor kept.
    private var isSwiftMemory = false

    /// The one large buffer's memory kept between writers: from 128 KiB (below that the allocator's free
    /// lists serve as well, and no lock is taken) to 16 MiB.
    static let keptMemory = KeptMemory(smallestKept: 128 << 10, largestKept: 16 << 20)

    init(capacity: Int = 0) {
        let wanted = max(capacity, 64)
        if let block = OutputBytes.keptMemory.take(atLeast: wanted) {
            base = block.base.bindMemory(to: UInt8.self, capacity: block.bytes)
            self.capacity = block.bytes
        } else if let memory = SystemLibrary.allocate(bytes: wanted) {
            base = memory.bindMemory(to: UInt8.self, capacity: wanted)
            self.capacity = wanted
        } else {
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
            self.capacity = wanted
            isSwiftMemory = true
        }
    }

    deinit {
        if isSwiftMemory {
            base.deallocate()
        } else {
            OutputBytes.keptMemory.giveBack(UnsafeMutableRawPointer(base), bytes: capacity)
        }
    }

    /// The bytes written so far.
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress?.initialize(from: base, count: count)
            initialized = count
        }
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the capacity.
    mutating func removeAll() { count = 0 }

    /// Forgets the bytes written from `offset` on.
    mutating func removeLast(from offset: Int) { count = min(max(offset, 0), count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        if capacity - count < length { grow(toHold: length) }
        (base + count).update(from: source, count: length)
        count += length
    }

    /// Room for at least `length` more bytes after the last one written: fill what is needed, then count it
    /// with ``didWrite(_:)``. For text whose length is known only once written (digits, a double).
    @inline(__always)
    mutating func room(for length: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < length { grow(toHold: length) }
        return base + count
    }

    /// Counts `length` bytes written into ``room(for:)``.
    @inline(__always)
    mutating func didWrite(_ length: Int) { count += length }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let source = bytes.baseAddress { append(source, count: bytes.count) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    mutating func append(repeating byte: UInt8, count length: Int) {
        guard length > 0 else { return }
        if capacity - count < length { grow(toHold: length) }
        (base + count).initialize(repeating: byte, count: length)
        count += length
    }

    /// Makes room for `extra` more bytes, at least doubling the capacity so appends stay amortised O(1):
    /// into the kept large buffer when it is free and large enough, otherwise by `realloc`. Should the C
    /// allocator refuse, Swift's allocator is asked, which stops the process as any Swift collection's growth
    /// does when the system has no memory left.
    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        if !isSwiftMemory {
            if let block = OutputBytes.keptMemory.take(atLeast: newCapacity) {
                let kept = block.base.bindMemory(to: UInt8.self, capacity: block.bytes)
                kept.initialize(from: base, count: count)
                OutputBytes.keptMemory.giveBack(UnsafeMutableRawPointer(base), bytes: capacity)
                base = kept
                capacity = block.bytes
                return
            }
            if let moved = SystemLibrary.reallocate(UnsafeMutableRawPointer(base), bytes: newCapacity) {
                base = moved.bindMemory(to: UInt8.self, capacity: newCapacity)
                capacity = newCapacity
                return
            }
        }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if isSwiftMemory { base.deallocate() } else { SystemLibrary.deallocate(UnsafeMutableRawPointer(base)) }
        base = newBase
        capacity = newCapacity
        isSwiftMemory = true
    }
}
