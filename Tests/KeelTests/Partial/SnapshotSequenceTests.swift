import Foundation
import Keel
import Testing
import KeelTestSupport

/// `JSONSnapshots` over asynchronous sources of chunks, text and bytes.
@Suite struct SnapshotSequenceTests {
    /// An asynchronous sequence of the given elements, each handed out after a yield, as a network body would.
    struct Pieces<Element: Sendable>: AsyncSequence, Sendable {
        let elements: [Element]
        var failure: (any Error & Sendable)?
        struct AsyncIterator: AsyncIteratorProtocol {
            var elements: ArraySlice<Element>
            var failure: (any Error & Sendable)?
            mutating func next() async throws -> Element? {
                await Task.yield()
                if elements.isEmpty, let failure { throw failure }
                return elements.popFirst()
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(elements: elements[...], failure: failure) }
    }

    struct Dropped: Error {}

    /// A model's reply in text deltas, as a streaming API sends them: the snapshots show the title first, then
    /// each item, and end with the whole reply.
    @Test func textDeltas() async throws {
        let deltas = [#"{"ti"#, #"tle": "Wee"#, #"kend plan", "ste"#, #"ps": [{"time": 9, "what": "Bre"#,
                      #"akfast"}, {"time": 1"#, #"1, "what""#, #": "Walk"}], "done": tr"#, "ue}"]
        var seen: [JSONSnapshot] = []
        for try await snapshot in JSONSnapshots(Pieces(elements: deltas)) { seen.append(snapshot) }
        #expect(seen.map(\.value).contains(["title": "Wee"]))
        #expect(seen.map(\.value).contains(["title": "Weekend plan", "steps": [["time": 9, "what": "Bre"]]]))
        let last = try #require(seen.last)
        #expect(last.isComplete)
        #expect(last.value == ["title": "Weekend plan", "steps": [["time": 9, "what": "Breakfast"], ["time": 11, "what": "Walk"]], "done": true])
        // Only changes are handed out: no two snapshots in a row are equal.
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 != $1 })
        // The piece `{"ti` shows nothing but an empty object; the key alone changes nothing.
        #expect(seen.first?.value == [:])
        #expect(seen.filter(\.isComplete).count == 1)
    }

    /// Chunks of bytes and single bytes give the same final document.
    @Test func bytesAndChunks() async throws {
        let text = #"{"a": [1, 2.5, "x\u00e9"], "b": {"c": null}}"#
        let bytes = Array(text.utf8)
        var fromBytes: JSONSnapshot?
        var count = 0
        for try await snapshot in JSONSnapshots(Pieces(elements: bytes)) {
            fromBytes = snapshot
            count += 1
        }
        var fromChunks: JSONSnapshot?
        for try await snapshot in JSONSnapshots(Pieces(elements: stride(from: 0, to: bytes.count, by: 5).map { Array(bytes[$0..<min($0 + 5, bytes.count)]) })) {
            fromChunks = snapshot
        }
        #expect(fromBytes?.value == (try JSON(parsing: text)))
        #expect(fromChunks == fromBytes)
        #expect(count < bytes.count)
    }

    /// A top-level number is only whole at the source's end.
    @Test func aNumberEndsWithTheSource() async throws {
        var last: JSONSnapshot?
        for try await snapshot in JSONSnapshots(Pieces(elements: ["12", "34"]), numbersInProgress: true) { last = snapshot }
        #expect(last?.value == 1234)
        #expect(last?.isComplete == true)
    }

    /// A syntax error ends the iteration at its place; a document cut short, with the error for its end; the
    /// source's own error, as it is.
    @Test func errors() async throws {
        var received: [JSONSnapshot] = []
        let error = await #expect(throws: JSONSyntaxError.self) {
            for try await snapshot in JSONSnapshots(Pieces(elements: [#"{"a": 1"#, "\n", #", "b" 2}"#])) { received.append(snapshot) }
        }
        #expect(error?.line == 2)
        #expect(error?.column == 7)
        #expect(error?.kind == .unexpectedCharacter)
        #expect(received.last?.value == ["a": 1])
        let cut = await #expect(throws: JSONSyntaxError.self) {
            for try await _ in JSONSnapshots(Pieces(elements: [#"{"a": [1"#])) {}
        }
        #expect(cut?.kind == .unexpectedEndOfInput)
        await #expect(throws: Dropped.self) {
            for try await _ in JSONSnapshots(Pieces(elements: [#"{"a""#], failure: Dropped())) {}
        }
    }

    // MARK: Typed snapshots (JSONPartialSnapshots)

    typealias Lists = [String: [String]]

    /// What a `JSONPartialDecoder` fed the same pieces shows after each of them (the pieces that show
    /// nothing give no snapshot).
    static func decoderSnapshots(_ pieces: [String]) throws -> [Lists] {
        let decoder = JSONPartialDecoder(Lists.self)
        var shown: [Lists] = []
        for piece in pieces {
            try decoder.feed(piece)
            if let snapshot = try decoder.snapshot() { shown.append(snapshot) }
        }
        return shown
    }

    @Test func typedSnapshotsOfTextDeltas() async throws {
        let deltas = ["{", #""fruit": ["app"#, #"le", "ba"#, #"nana"], "veg"#, #"": ["leek"#, #""]}"#]
        var seen: [Lists] = []
        for try await lists in JSONPartialSnapshots(Lists.self, from: Pieces(elements: deltas)) { seen.append(lists) }
        #expect(seen == (try Self.decoderSnapshots(deltas)))
        #expect(seen.first == [:])
        #expect(seen.contains(["fruit": ["app"]]))
        #expect(seen.last == ["fruit": ["apple", "banana"], "veg": ["leek"]])
    }

    @Test func typedSnapshotsOfByteChunks() async throws {
        let text = #"{"a": ["x\u00e9", "y"], "b": [], "c": ["long string cut in many places"]}"#
        let bytes = Array(text.utf8)
        for size in [1, 3, 7, 64] {
            let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
            var last: Lists?
            var count = 0
            for try await lists in JSONPartialSnapshots(Lists.self, from: Pieces(elements: chunks)) {
                last = lists
                count += 1
            }
            #expect(last == ["a": ["xé", "y"], "b": [], "c": ["long string cut in many places"]], "chunks of \(size)")
            #expect(count <= chunks.count)
            let asData = Pieces(elements: chunks.map { Data($0) })
            var lastFromData: Lists?
            for try await lists in JSONPartialSnapshots(Lists.self, from: asData) { lastFromData = lists }
            #expect(lastFromData == last)
        }
    }

    /// Pieces that change nothing a snapshot shows (a key, whitespace, a number cut short) give no snapshot.
    @Test func typedSnapshotsOnlyWhenSomethingChanged() async throws {
        let deltas = ["{", #""key""#, ": ", "  ", #"["v""#, ", 12", "3", ", tr", "ue]", "}", "\n"]
        var seen: [[String: [JSON]]] = []
        for try await lists in JSONPartialSnapshots([String: [JSON]].self, from: Pieces(elements: deltas)) { seen.append(lists) }
        #expect(seen == [[:], ["key": ["v"]], ["key": ["v", 123]], ["key": ["v", 123, true]], ["key": ["v", 123, true]]])
    }

    /// A source of single bytes (as `URLSession.AsyncBytes` is): a snapshot for each change, none for the
    /// bytes of keys, whitespace and numbers cut short, and every change the decoder shows byte by byte.
    @Test func typedSnapshotsOfSingleBytes() async throws {
        typealias Mixed = [String: [JSON]]
        let text = #"{"a long key that shows nothing": ["x\u00e9", "yz"], "n": [1234567, 8], "e": []}"#
        let bytes = Array(text.utf8)
        var seen: [Mixed] = []
        for try await lists in JSONPartialSnapshots(Mixed.self, from: Pieces(elements: bytes)) { seen.append(lists) }
        let decoder = JSONPartialDecoder(Mixed.self)
        var fromBytes: [Mixed] = []
        for byte in bytes {
            try decoder.feed([byte])
            if let shown = try decoder.snapshot() { fromBytes.append(shown) }
        }
        func withoutRepeats(_ list: [Mixed]) -> [Mixed] {
            list.enumerated().filter { $0.offset == 0 || $0.element != list[$0.offset - 1] }.map(\.element)
        }
        // Every change the decoder shows byte by byte is delivered, in order.
        #expect(withoutRepeats(seen) == withoutRepeats(fromBytes))
        #expect(seen.last == ["a long key that shows nothing": ["xé", "yz"], "n": [1234567, 8], "e": []])
        // One snapshot per change: the key's 31 bytes, the spaces and the digits give none.
        #expect(fromBytes.count == bytes.count)  // the decoder shows something after every byte
        #expect(seen.count < bytes.count / 2)
        #expect(seen.contains(["a long key that shows nothing": ["x"]]))
    }

    /// Random documents in random chunks: leaving out the snapshots of pieces that change nothing loses no
    /// change, so the sequence shows every distinct snapshot a decoder fed the same pieces shows, in order.
    @Test func noChangeIsMissedOverRandomChunkings() async throws {
        var documents = RandomDocuments(seed: 2026_11_27_25)
        var generator = SplitMix64(seed: 25)
        func withoutRepeats(_ list: [JSON]) -> [JSON] {
            list.enumerated().filter { $0.offset == 0 || $0.element != list[$0.offset - 1] }.map(\.element)
        }
        for round in 0..<200 {
            let bytes = Array((" " + documents.document() + "\n").utf8)
            let size = round.isMultiple(of: 4) ? 1 : Int.random(in: 1...12, using: &generator)
            let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
            var seen: [JSON] = []
            for try await value in JSONPartialSnapshots(JSON.self, from: Pieces(elements: chunks)) { seen.append(value) }
            let decoder = JSONPartialDecoder(JSON.self)
            var fed: [JSON] = []
            for chunk in chunks {
                try decoder.feed(chunk)
                if let shown = try decoder.snapshot() { fed.append(shown) }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(withoutRepeats(seen) == withoutRepeats(fed), "\(text) in chunks of \(size)")
            #expect(seen.last == (try JSON(parsing: bytes)), "\(text)")
            #expect(seen.count <= chunks.count, "\(text)")
        }
    }

    @Test func typedSnapshotErrors() async throws {
        // A syntax error ends the iteration at the piece that shows it, after what came before.
        var before: [Lists] = []
        let syntax = await #expect(throws: JSONSyntaxError.self) {
            for try await lists in JSONPartialSnapshots(Lists.self, from: Pieces(elements: [#"{"a": ["x""#, ", ]", "}"])) {
                before.append(lists)
            }
        }
        #expect(before == [["a": ["x"]]])
        #expect(syntax?.column == 13)  // the `]` where a value was expected
        // The source ends before the document: the error for a document cut short.
        await #expect(throws: JSONSyntaxError.self) {
            for try await _ in JSONPartialSnapshots(Lists.self, from: Pieces(elements: [#"{"a": ["#])) {}
        }
        // A whole document that is not a `Lists`: the decoding error, with its path, once the source ends.
        let decoding = await #expect(throws: JSONDecodingError.self) {
            for try await _ in JSONPartialSnapshots(Lists.self, from: Pieces(elements: [#"{"a": [1]}"#])) {}
        }
        #expect(decoding?.path.description == "$.a[0]")
        // The source's own error.
        await #expect(throws: Dropped.self) {
            for try await _ in JSONPartialSnapshots(Lists.self, from: Pieces(elements: [#"{"a""#], failure: Dropped())) {}
        }
    }
}
