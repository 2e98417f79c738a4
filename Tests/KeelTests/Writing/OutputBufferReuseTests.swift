import Foundation
@testable import Keel
import Testing

/// A large output buffer's memory is kept when its writer is done and written into by the next large write:
/// each text must hold exactly what its own value wrote, whatever the sizes before it and on any thread.
@Suite struct OutputBufferReuseTests {
    /// An array of `count` objects that differ by `seed`; 2,000 of them write about 130 KB.
    static func value(count: Int, seed: Int) -> JSON {
        .array(JSONArray((0..<count).map { index -> JSON in
            ["id": .number(JSONNumber(index &* seed)), "name": .string("n\(index)-\(seed)"),
             "tags": [.number(JSONNumber(seed)), .string("\(index)"), .null, true]]
        }))
    }

    @Test func aFinishedLargeOutputsMemoryIsWrittenByTheNextLargeOutput() throws {
        let value = Self.value(count: 6_000, seed: 7)
        let before = OutputBytes.keptMemory.reuses
        for _ in 0..<3 {
            let written = try value.jsonBytes()
            #expect(written.count > 300_000)
            #expect(try JSON(parsing: written) == value)
        }
        #expect(OutputBytes.keptMemory.reuses > before)
    }

    @Test func eachTextHoldsOnlyWhatItsOwnValueWrote() throws {
        // Larger, smaller and equal outputs after one another, through each writer that fills the buffer.
        for (count, seed) in [(9_000, 3), (800, 5), (4_000, 11), (4_000, 13), (30_000, 17), (500, 19)] {
            let value = Self.value(count: count, seed: seed)
            let compact = try value.jsonBytes()
            #expect(try JSON(parsing: compact) == value)
            let pretty = try value.jsonBytes(options: .pretty(indent: 2))
            #expect(try JSON(parsing: pretty) == value)
            let document = try JSONDocument(parsing: pretty)
            #expect(document.root.jsonBytes() == compact)
            let encoded = try KeelEncoder().encodeToBytes(value)
            #expect(try JSON(parsing: encoded) == value)
            #expect(value[count - 1]["name"].string == .success("n\(count - 1)-\(seed)"))
        }
    }

    @Test func threadsWritingAtOnceEachGetTheirOwnBuffer() {
        let values = (0..<4).map { Self.value(count: 2_500 + 1_500 * $0, seed: $0 + 2) }
        let expected = values.map { try? $0.jsonBytes() }
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<12 {
                let which = (thread + round) % values.count
                if (try? values[which].jsonBytes()) != expected[which] { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }
}
