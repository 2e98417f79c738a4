// A document still arriving decodes each value once: what a snapshot decoded of a finished value is taken by
// the decodings around it (the array or model it sits in, the complete document at the end), not decoded
// again. Counted by a value type that tallies its own decodings.
import Keel
import KeelMacros
import Synchronization
import Testing

/// A number that counts how many times values of its type are decoded.
struct Tally: JSONPartialDecodable, JSONEncodable, Equatable, Sendable {
    static let decodings = Mutex(0)
    let number: Int

    static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Tally {
        decodings.withLock { $0 += 1 }
        return Tally(number: try Int.decode(value, in: context))
    }

    func toJSON() -> JSON { number.toJSON() }
}

/// A model with tallies as a member and as elements.
@JSONModel struct Ledger: Sendable, Equatable {
    let title: String
    let first: Tally
    let tallies: [Tally]
    let spare: Tally?
}

// One at a time: the tests read one counter.
@Suite(.serialized) struct PartialDecodeReuseTests {
    static func decodings(_ body: () throws -> Void) rethrows -> Int {
        let before = Tally.decodings.withLock { $0 }
        try body()
        return Tally.decodings.withLock { $0 } - before
    }

    @Test func theElementsOfAnArrayAreDecodedOnce() throws {
        var result: [Tally] = []
        let count = try Self.decodings {
            let decoder = JSONPartialDecoder([Tally].self)
            try decoder.feed("[")
            for number in 1...50 {
                try decoder.feed("\(number), ")
                _ = try decoder.snapshot()
            }
            try decoder.feed("51]")
            #expect(try decoder.snapshot()?.map(\.number) == Array(1...51))
            result = try decoder.finish()
        }
        #expect(result.map(\.number) == Array(1...51))
        // Each element when it finished; the array and the complete document took them.
        #expect(count == 51)
    }

    @Test func aModelsMembersAndElementsAreDecodedOnce() throws {
        let text = #"{"title": "March", "first": 7, "tallies": [1, 2, 3], "spare": 9, "other": [4]}"#
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(5)))
            rest = rest.dropFirst(5)
        }
        var ledger: Ledger?
        let count = try Self.decodings {
            let decoder = JSONPartialDecoder(Ledger.self)
            for piece in pieces {
                try decoder.feed(piece)
                _ = try decoder.snapshot()
            }
            ledger = try decoder.finish()
        }
        #expect(ledger == (try Ledger.decode(parsing: Array(text.utf8))))
        #expect(count == 5)
    }

    @Test func anArrayDecodedWholeTakesItsElementsAndAnErrorIsStillFound() throws {
        let decoder = JSONPartialDecoder([Tally].self)
        try decoder.feed("[1, 2, ")
        _ = try decoder.snapshot()
        try decoder.feed(#""three"]"#)
        // The last element does not decode: the snapshot shows the others, the whole decode fails at it.
        #expect(try decoder.snapshot()?.map(\.number) == [1, 2])
        #expect(throws: JSONDecodingError.self) { try decoder.finish() }
    }

    /// Decoding overrides may differ from one decoding to the next: inside a scope nothing is taken from
    /// earlier decodings, so the overrides in force decide every value.
    @Test func overridesInForceDecodeAgain() throws {
        let decoder = JSONPartialDecoder([Tally].self)
        try decoder.feed("[1, 2, ")
        #expect(try decoder.snapshot()?.map(\.number) == [1, 2])
        try decoder.feed("3]")
        var overrides = JSONDecodingOverrides()
        overrides.replace(Int.self) { json in try Int.decode(json, in: .strict) + 100 }
        let shifted = try overrides.apply { try decoder.finish() }
        #expect(shifted.map(\.number) == [101, 102, 103])
        #expect(try decoder.finish().map(\.number) == [1, 2, 3])
    }
}
