import KeelTestSupport
import Testing

/// Wide and many: work grows linearly with the input. Each check counts the instructions a workload
/// (`Tests/KeelWorkloads`) runs at two sizes, four times apart, under callgrind, and expects a ratio near the
/// 4 of linear work, far below the 16 of quadratic work. Counted, not timed: the counts are the same on every
/// run, so the bound can be tight and a busy machine cannot fail it.
@Suite(.enabled(if: CountedWork.isAvailable, CountedWork.unavailableReason))
struct GrowthTests {
    /// Linear work plus the slow growth of hash tables and arrays that double: well under n log n's share at
    /// these sizes, and far from quadratic.
    static let linearBound = 5.0

    /// The checks: workload, small size, and the large one, four times as big.
    static let checks: [(workload: String, small: Int)] = [
        ("keys", 10_000),              // parse, look up, build the tree, compare
        ("colliding-keys", 5_000),     // keys that collide under the common string hash
        ("elements", 100_000),         // a flat array
        ("string", 256),               // one string, in KiB
        ("failing-elements", 1_000),    // an error in every element, each with its path and position
        ("deep-pointer", 1_000),       // a JSON Pointer that many levels deep
        ("deep-chain", 1_000),         // that many chained subscripts
        ("digits", 25_000),            // a number that many digits long
        ("arriving-key", 32),          // a key that many KiB long, in 64-byte pieces, a snapshot after each
        ("pathological-regex", 2_000), // JSONPath match() of (a*)*b against that many a's
        ("descendant-query", 2_000),   // JSONPath $..[?@.followers > 50].name over that many records
    ]

    @Test(arguments: checks.map(\.workload))
    func workGrowsLinearly(_ workload: String) throws {
        let small = try #require(Self.checks.first { $0.workload == workload }).small
        let ratio = try CountedWork.growth(workload, small: small, large: 4 * small)
        #expect(ratio > 2, "\(workload): 4x the input ran only \(ratio)x the instructions; is the work counted?")
        #expect(ratio < Self.linearBound, "\(workload): 4x the input ran \(ratio)x the instructions")
    }
}
