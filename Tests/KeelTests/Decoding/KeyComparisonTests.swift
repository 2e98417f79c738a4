@testable import Keel
import Testing

/// The byte comparison behind every key match (member search, `JSONMemberNames`), which compares the last
/// bytes of a key as one overlapping word: against a comparison byte by byte, for every length up to 40 and
/// a difference at every position.
@Suite struct KeyComparisonTests {
    @Test func equalityMatchesAByteByByteComparison() {
        for count in 0...40 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            for position in -1..<count {
                var b = a
                if position >= 0 { b[position] ^= 0x20 }
                // Offset copies, so that no load is aligned by chance.
                let left = [0x7F] + a, right = [0x7F, 0x7F, 0x7F] + b
                let equal = left.withUnsafeBytes { l in
                    right.withUnsafeBytes { r in memoryEqual(l.baseAddress! + 1, r.baseAddress! + 3, count) }
                }
                #expect(equal == (position < 0), "length \(count), difference at \(position)")
            }
        }
    }
}
