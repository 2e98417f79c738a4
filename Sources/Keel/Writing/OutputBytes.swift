// The growing byte buffer the writers fill. Writing JSON is mostly many short appends (a comma, a key, a
// number); `Array.append(contentsOf:)` pays for uniqueness and generic checks on each, which cost more
// than the bytes themselves. This buffer is owned by exactly one writer (it cannot be copied), so an
// append is a capacity check and a copy.

struct OutputBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

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

    /// Makes room for `extra` more bytes, at least doubling the capacity so appends stay amortised O(1).
    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
