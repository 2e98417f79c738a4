// Decoding a recursive model recurses once per level of nesting, through the model's own code, so its depth
// is the document's. The parser bounds that depth (512 by default), but how much stack one level costs depends
// on the model, the build (a debug frame is several times a release one) and the thread (512 KiB on a
// secondary thread on Apple platforms). Rather than guess a depth, decoding checks the stack it has left
// before going one level deeper and fails with `JSONDecodingError.Kind.nestingTooDeep` when it runs short.
/// Whether the current thread has stack enough to decode one level deeper.
@usableFromInline
package enum StackGuard {
    /// The stack kept free below the deepest decoding frame: room for the model's own frames between two
    /// checks, for making the error and for unwinding. A quarter of the stack when that is less.
    static let reserve = 128 * 1024

    /// Where each thread's decoding must stop, cached per thread (0 until first asked).
    private static let limitSlot = SystemLibrary.ThreadWord()

    /// `true` while the current frame is above the current thread's limit.
    @usableFromInline
    package static func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > limit()
    }

    /// The lowest address decoding may reach on this thread; 0 when it cannot be known (no check then).
    private static func limit() -> UInt {
        guard let slot = limitSlot else { return 0 }
        let cached = slot.value
        if cached != 0 { return cached }
        // 1, not 0, marks "unknown" in the cache, since an empty slot reads as 0.
        let limit = SystemLibrary.currentThreadStack().map { $0.low + min(UInt(reserve), $0.size / 4) } ?? 1
        slot.value = limit
        return limit
    }
}
