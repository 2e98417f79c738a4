/// A member name's length and bytes as two words, read with at most four loads and no loop: the first and
/// last eight bytes (overlapping for names of eight to sixteen bytes), the first and last four for shorter
/// names, the bytes themselves below four. Two names of up to sixteen bytes are equal exactly when their
/// words are; longer names agree on their words and must still be compared whole.
struct NameWords: Equatable {
    var count: Int
    var head: UInt64
    var tail: UInt64

    /// Never reads outside `bytes`.
    @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        guard let base = bytes.baseAddress else {
            head = 0
            tail = 0
            return
        }
        if count >= 8 {
            head = base.loadUnaligned(as: UInt64.self)
            tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            head = UInt64(base.loadUnaligned(as: UInt32.self)) | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            tail = 0
        } else {
            var packed: UInt64 = 0
            for offset in 0..<count { packed |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << (8 * UInt64(offset)) }
            head = packed
            tail = 0
        }
    }

    /// Whether equal words settle that the names are equal.
    var isWhole: Bool { count <= 16 }
}
