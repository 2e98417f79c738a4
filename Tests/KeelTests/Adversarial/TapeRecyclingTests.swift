import Foundation
@testable import Keel
import Testing

/// A released document's tape memory is written again by the next parse: that parse must see nothing of the
/// last document's entries, whatever the two documents' sizes, on any thread.
@Suite struct TapeRecyclingTests {
    /// An array of `count` objects, each different, large enough for its tape to be kept.
    static func document(count: Int, seed: Int) -> String {
        "[" + (0..<count).map { #"{"id": \#($0 &* seed), "name": "n\#($0)-\#(seed)", "tags": [\#(seed), "\#($0)", null, true]}"# }
            .joined(separator: ",\n") + "]"
    }

    @Test func aReleasedDocumentsTapeIsReusedByTheNextParse() throws {
        let text = Self.document(count: 3_000, seed: 7)
        let before = TapeRecycling.reuses
        for _ in 0..<3 {
            let document = try JSONDocument(parsing: text)
            #expect(document.root.element(at: 2_999)?.member("id").map { try? Int.decode($0) } == 2_999 * 7)
        }
        #expect(TapeRecycling.reuses > before)
    }

    @Test func aReusedTapeHoldsOnlyTheNewDocument() throws {
        // Larger, smaller and equal documents after one another, each read back in full.
        for (count, seed) in [(4_000, 3), (900, 5), (2_500, 11), (2_500, 13), (12_000, 17), (700, 19)] {
            let text = Self.document(count: count, seed: seed)
            let expected = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
            let parsed = try JSON(parsing: text)
            let document = try JSONDocument(parsing: text)
            #expect(JSON(document.root) == parsed)
            #expect((try? parsed.array.get())?.count == expected?.count)
            #expect(parsed[count - 1]["name"].string == .success("n\(count - 1)-\(seed)"))
        }
    }

    @Test func threadsParsingAtOnceEachGetTheirOwnTape() {
        let texts = (0..<4).map { Self.document(count: 1_000 + 700 * $0, seed: $0 + 2) }
        let expected = texts.map { try? JSON(parsing: $0) }
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<15 {
                let which = (thread + round) % texts.count
                guard let document = try? JSONDocument(parsing: texts[which]), JSON(document.root) == expected[which] else {
                    failures.withLock { $0 += 1 }
                    continue
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }
}
