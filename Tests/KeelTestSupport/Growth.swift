#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much longer `body` takes on `large` input than on `small`: the ratio of the best of `runs` timings
/// each. Linear work on four times the input gives about 4; quadratic about 16.
///
/// A ratio, not an absolute time, so that it holds on a slow or busy machine; the best of several runs, so
/// that a pause in one does not count.
public func growth(small: Int, large: Int, runs: Int = 3, _ body: (Int) -> Void) -> Double {
    func best(_ size: Int) -> Double {
        var fastest = Double.infinity
        for _ in 0..<runs {
            let start = now()
            body(size)
            fastest = min(fastest, now() - start)
        }
        return max(fastest, 1e-6)
    }
    body(small)  // warm up: first-touch page faults and lazy initialisation are not the work measured
    return best(large) / best(small)
}

/// Monotonic seconds.
private func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
