import Foundation
import Keel
import Testing

/// Plain `Codable` types read from snapshots through `KeelDecoder`.
@Suite struct SnapshotDecodingTests {
    enum Mood: String, Codable, Equatable { case calm, excited }

    struct Item: Codable, Equatable {
        let name: String
        let count: Int
    }

    /// A type for snapshots: every property optional.
    struct Reply: Codable, Equatable {
        var title: String?
        var mood: Mood?
        var items: [Item]?
        var score: Double?
    }

    static let document = #"{"title": "Pack list", "mood": "excited", "items": [{"name": "tent", "count": 1}, {"name": "pegs", "count": 12}], "score": 0.75}"#

    /// At every byte the snapshot decodes; what it shows agrees with the whole; the complete one is the
    /// whole document's decode.
    @Test func everyCutDecodes() throws {
        let bytes = Array(Self.document.utf8)
        let whole = try JSONDecoder().decode(Reply.self, from: Data(bytes))
        var parser = JSONIncrementalParser()
        let decoder = KeelDecoder()
        var seenItems: [Int] = []
        for index in bytes.indices {
            try parser.feed(bytes[index...index])
            let snapshot = parser.snapshot()
            guard snapshot.value != nil else { continue }
            let reply = try decoder.decode(Reply.self, fromSnapshot: snapshot)
            if let title = reply.title { #expect(whole.title!.hasPrefix(title)) }
            if let mood = reply.mood { #expect(mood == whole.mood) }
            if let items = reply.items {
                #expect(items == Array(whole.items!.prefix(items.count)))
                seenItems.append(items.count)
            }
            if let score = reply.score { #expect(score == whole.score) }
        }
        #expect(try decoder.decode(Reply.self, fromSnapshot: parser.snapshot()) == whole)
        // The items appeared one at a time, each once finished.
        #expect(Set(seenItems) == [0, 1, 2])
    }

    /// An enum's name half written is left out; a finished value that does not decode is an error.
    @Test func openValuesAreLeftOutFinishedOnesAreNot() throws {
        var parser = JSONIncrementalParser()
        try parser.feed(#"{"title": "x", "mood": "exc"#)
        let reply = try KeelDecoder().decode(Reply.self, fromSnapshot: parser.snapshot())
        #expect(reply == Reply(title: "x"))
        var broken = JSONIncrementalParser()
        try broken.feed(#"{"mood": "sleepy", "title": "y"#)
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Reply.self, fromSnapshot: broken.snapshot()) }
    }
}
