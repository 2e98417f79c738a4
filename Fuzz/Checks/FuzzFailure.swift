/// A broken promise found by a fuzz check: what was expected, in words, for the input that broke it.
///
/// The fuzz entry points trap on it (that is how libFuzzer learns of a failure and saves the input); the
/// tests that replay saved inputs expect none.
public struct FuzzFailure: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Throws a ``FuzzFailure`` saying `message` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message()) }
}

/// Runs `check` on the `count` bytes at `start`, as libFuzzer hands them to an entry point, and traps on a
/// ``FuzzFailure`` so that libFuzzer saves the input that caused it. Returns 0, as libFuzzer expects.
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int, _ check: ([UInt8]) throws(FuzzFailure) -> Void) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    do { try check(bytes) } catch { fatalError(error.description) }
    return 0
}
