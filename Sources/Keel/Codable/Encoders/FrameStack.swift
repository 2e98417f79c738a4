// The stream's stack of open frames, in memory of its own. As an array held by the stream (a class), every
// push, pop and field update paid a uniqueness check and a bounds check; a model's encoding makes several
// per value.
#if canImport(FoundationEssentials) || canImport(Foundation)
/// The open frames of an ``EncodingStream``, innermost last. The stream frees it (``deallocate()``) when it
/// goes; indexes are the stream's to keep in range (they come from ``lastIndex(where:)`` or ``count``).
struct FrameStack {
    private var base: UnsafeMutablePointer<EncodingStream.Frame>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<EncodingStream.Frame>.allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    mutating func append(_ frame: EncodingStream.Frame) {
        if count == capacity { grow() }
        (base + count).initialize(to: frame)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<EncodingStream.Frame>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    var last: EncodingStream.Frame? { count > 0 ? base[count - 1] : nil }

    mutating func removeLast() {
        precondition(count > 0, "no frame to close")
        count -= 1
    }

    mutating func removeLast(_ number: Int) {
        precondition(number >= 0 && number <= count, "closing more frames than are open")
        count -= number
    }

    mutating func removeAll() { count = 0 }

    /// The position of the innermost frame that matches.
    func lastIndex(where matches: (EncodingStream.Frame) -> Bool) -> Int? {
        var index = count - 1
        while index >= 0 {
            if matches(base[index]) { return index }
            index -= 1
        }
        return nil
    }

    subscript(index: Int) -> EncodingStream.Frame {
        @inline(__always) get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        @inline(__always) nonmutating set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
        @inline(__always) nonmutating _modify {
            assert(index >= 0 && index < count)
            yield &base[index]
        }
    }
}
#endif
