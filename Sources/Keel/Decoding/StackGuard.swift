// Decoding a recursive model recurses once per level of nesting, through the model's own code, so its depth
// is the document's. The parser bounds that depth (512 by default), but how much stack one level costs depends
// on the model, the build (a debug frame is several times a release one) and the thread (512 KiB on a
// secondary thread on Apple platforms). Rather than guess a depth, decoding checks the stack it has left
// before going one level deeper and fails with `JSONDecodingError.Kind.nestingTooDeep` when it runs short.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the current thread has stack enough to decode one level deeper.
@usableFromInline
package enum StackGuard {
    /// The stack kept free below the deepest decoding frame: room for the model's own frames between two
    /// checks, for making the error and for unwinding. A quarter of the stack when that is less.
    static let reserve = 128 * 1024

    /// Where each thread's decoding must stop, cached per thread (0 until first asked).
    private static let limitKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// `true` while the current frame is above the current thread's limit.
    @usableFromInline
    package static func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > limit()
    }

    /// The lowest address decoding may reach on this thread; 0 when it cannot be known (no check then).
    private static func limit() -> UInt {
        guard let key = limitKey else { return 0 }
        if let cached = pthread_getspecific(key) { return UInt(bitPattern: cached) }
        let bounds = stackBounds()
        // 1, not 0, marks "unknown" in the cache, since an empty slot reads as nil.
        let limit = bounds.map { $0.low + min(UInt(reserve), $0.size / 4) } ?? 1
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: limit))
        return limit
    }

    /// The current thread's stack: its lowest address and its size (stacks grow down on every platform
    /// Swift runs on).
    private static func stackBounds() -> (low: UInt, size: UInt)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return high > size ? (high - size, size) : nil
        #elseif canImport(Glibc) || canImport(Musl)
        // `pthread_getattr_np` is a GNU extension the C module does not export; look it up by name.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> CInt
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var low: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &low, &size) == 0, let low else { return nil }
        return (UInt(bitPattern: low), UInt(size))
        #else
        return nil
        #endif
    }
}

extension JSONDecodingError {
    /// Decoding `value` would take more stack than the thread has left.
    static func nestingTooDeep(at value: JSONView) -> JSONDecodingError {
        JSONDecodingError(kind: .nestingTooDeep, expected: "a value nested less deeply than this thread's stack allows",
                          found: value.kindAndExcerpt, at: value)
    }

    /// Throws ``Kind/nestingTooDeep`` unless the thread has stack enough to decode `value`, one level deeper.
    @usableFromInline
    static func checkStack(for value: JSONView) throws(JSONDecodingError) {
        if !StackGuard.hasRoom() { throw nestingTooDeep(at: value) }
    }
}
