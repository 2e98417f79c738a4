// A document still arriving decodes each value once: what a snapshot decoded of a finished value is taken by
// the decodings around it (the array or model it sits in, the complete document at the end), not decoded
// again. Counted by a value type that tallies its own decodings.
import Keel
import KeelMacros
import KeelTestSupport
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

/// A value that `null` decodes to as well.
struct Blank: JSONPartialDecodable, JSONEncodable, Equatable, Sendable {
    let text: String

    static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Blank {
        value.isNullValue ? Blank(text: "blank") : Blank(text: try String.decode(value, in: context))
    }

    func toJSON() -> JSON { .string(text) }
}

/// Two properties read from one member, as a hand-written model may: one decodes `null` as a value, the
/// other sees no value. (`@JSONModel` does not let two properties read one member.)
struct Form: JSONPartialModel, Sendable, Equatable {
    var required: Blank
    var optional: Blank?
    var y: Int

    static let names = JSONMemberNames(["x", "y"])

    static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Form {
        let members = try value.members(names)
        return Form(required: try members.decode(0, in: context), optional: try members.decodeIfPresent(0, in: context),
                    y: try members.decode(1, in: context))
    }

    static var jsonPartialMembers: [JSONPartialMember<Self>] {
        [JSONPartialMember(\Self.required, path: ["x"]), JSONPartialMember(\Self.optional, path: ["x"]),
         JSONPartialMember(\Self.y, path: ["y"])]
    }
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

    /// Documents of rows of numbers and of ledgers, a value of the wrong type or a member missing now and
    /// then, fed in chunks of random sizes with a snapshot after each: `finish()` (which takes what the
    /// snapshots decoded) gives what one whole decode gives, the same value or the same error.
    @Test func finishingAgreesWithAWholeDecode() throws {
        var generator = SplitMix64(seed: 2026_11_29)
        var problems: [String] = []
        var failing = 0
        for _ in 0..<300 {
            let chunk = Int.random(in: 1...16, using: &generator)
            let rows = Self.rows(&generator)
            if let problem = try Self.disagreement([[Int]].self, rows, chunk: chunk) { problems.append("\(rows): \(problem)") }
            let ledgers = Self.ledgers(&generator)
            if let problem = try Self.disagreement([Ledger].self, ledgers, chunk: chunk) { problems.append("\(ledgers): \(problem)") }
            if (try? [[Int]].decode(parsing: Array(rows.utf8))) == nil { failing += 1 }
            if (try? [Ledger].decode(parsing: Array(ledgers.utf8))) == nil { failing += 1 }
        }
        #expect(problems == [])
        // Both ends are met often: documents that decode, and documents that fail somewhere inside.
        #expect((100...500).contains(failing))
    }

    /// What differs between `T` decoded whole from `text` and `finish()` of a partial decoder fed it in
    /// pieces of `chunk` bytes, with a snapshot after each.
    static func disagreement<T: JSONPartialDecodable & Equatable>(_ type: T.Type, _ text: String, chunk: Int) throws -> String? {
        let bytes = Array(text.utf8)
        let whole = Result { () throws -> T in try T.decode(parsing: bytes) }
        let decoder = JSONPartialDecoder(T.self)
        for (piece, _) in ChunkCuts(count: bytes.count, sizes: [chunk]) {
            try decoder.feed(bytes[piece])
            _ = try decoder.snapshot()
        }
        let arrived = Result { () throws -> T in try decoder.finish() }
        switch (whole, arrived) {
        case (.success(let expected), .success(let found)):
            return expected == found ? nil : "finished as \(found), not \(expected)"
        case (.failure(let expected), .failure(let found)):
            return "\(expected)" == "\(found)" ? nil : "threw \(found), not \(expected)"
        case (.success, .failure(let found)):
            return "threw \(found)"
        case (.failure(let expected), .success):
            return "did not throw \(expected)"
        }
    }

    /// One value of a row: mostly a number, now and then a string, `null` or a number no `Int` holds.
    static func item(_ generator: inout SplitMix64) -> String {
        switch Int.random(in: 0..<60, using: &generator) {
        case 0: return #""seven""#
        case 1: return "null"
        case 2: return "1e30"
        default: return String(Int.random(in: -999...999, using: &generator))
        }
    }

    static func rows(_ generator: inout SplitMix64) -> String {
        let rows = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            "[" + (0..<Int.random(in: 0...5, using: &generator)).map { _ in item(&generator) }.joined(separator: ", ") + "]"
        }
        return "[" + rows.joined(separator: ",") + "]"
    }

    static func ledgers(_ generator: inout SplitMix64) -> String {
        let ledgers = (0..<Int.random(in: 0...4, using: &generator)).map { number in
            var members = [#""title": "ledger \#(number)""#]
            if Int.random(in: 0..<12, using: &generator) > 0 { members.append(#""first": \#(item(&generator))"#) }
            let tallies = (0..<Int.random(in: 0...4, using: &generator)).map { _ in item(&generator) }
            members.append(#""tallies": [\#(tallies.joined(separator: ", "))]"#)
            if Bool.random(using: &generator) { members.append(#""spare": \#(item(&generator))"#) }
            return "{" + members.shuffled(using: &generator).joined(separator: ", ") + "}"
        }
        return "[" + ledgers.joined(separator: ", ") + "]"
    }

    /// A `null` member taken from an earlier decoding would be a value where an optional property sees none.
    @Test func aNullMemberIsNotTakenForAnOptional() throws {
        let decoder = JSONPartialDecoder(Form.self)
        try decoder.feed(#"{"x": null, "#)
        let partial = try #require(try decoder.snapshot())
        #expect(partial.required == Blank(text: "blank"))
        try decoder.feed(#""y": 1}"#)
        let form = try decoder.finish()
        #expect(form == Form(required: Blank(text: "blank"), optional: nil, y: 1))
        #expect(form == (try Form.decode(parsing: Array(#"{"x": null, "y": 1}"#.utf8))))
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
