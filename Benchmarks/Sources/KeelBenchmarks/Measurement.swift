/// Timing: run a closure in batches for a fixed time and keep the fastest batch's time per run.
///
/// The fastest batch is the least disturbed by the rest of the machine; every case in a table is measured
/// the same way in the same process, so their ratios are comparable.
struct Measurement {
    /// Seconds per run.
    let seconds: Double

    /// Megabytes (10^6 bytes) per second for an input of `bytes`.
    func megabytesPerSecond(_ bytes: Int) -> Double { Double(bytes) / seconds / 1e6 }

    static func measure(budget: Double, _ body: () -> Void) -> Measurement {
        let clock = ContinuousClock()
        // Find a batch size that takes about 20 ms, so the clock's resolution does not matter.
        var batch = 1
        while true {
            let elapsed = clock.measure { for _ in 0..<batch { body() } }
            if elapsed.seconds >= 0.02 || batch >= 1 << 20 { break }
            batch *= 2
        }
        var best = Double.infinity
        let start = clock.now
        repeat {
            let elapsed = clock.measure { for _ in 0..<batch { body() } }
            best = min(best, elapsed.seconds / Double(batch))
        } while (clock.now - start).seconds < budget
        return Measurement(seconds: best)
    }
}

extension Measurement {
    /// Measures each closure twice, once in order and once in reverse, keeping the faster: a case measured
    /// right after JSONDecoder's or JSONEncoder's allocations ran up to a third slower than before them.
    static func measureInTurn(budget: Double, _ bodies: [() -> Void]) -> [Measurement] {
        var seconds = bodies.map { measure(budget: budget, $0).seconds }
        for index in bodies.indices.reversed() {
            seconds[index] = min(seconds[index], measure(budget: budget, bodies[index]).seconds)
        }
        return seconds.map { Measurement(seconds: $0) }
    }
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) * 1e-18
    }
}

/// Keeps the optimizer from removing work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
