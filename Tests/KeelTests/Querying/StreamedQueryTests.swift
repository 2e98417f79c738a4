import Foundation
@_spi(Streaming) import Keel
import KeelTestSupport
import PropertyBased
import Testing

/// `StreamedQuery`, which answers `$.names[*]...` and `$.names[?...]...` while reading a file, against the
/// whole-document evaluation: the same nodes with the same paths, for every buffer size (so that every value
/// is cut by a buffer's end somewhere), and no answer at all for text that is not valid JSON.
@Suite struct StreamedQueryTests {
    typealias Found = [(path: String, value: JSON)]

    /// Runs `query` over `text` from a file, the buffer `bufferSize` bytes; `nil` when it needs the whole document.
    static func streamed(_ query: String, over text: [UInt8], bufferSize: Int) throws -> Found? {
        let plan = try #require(StreamedQuery(try JSONPathQuery(query)), "\(query) is not streamed")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).json")
        try Data(text).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var found: Found = []
        var foundFirst: Found = []
        let outcome = plan.run(fileDescriptor: descriptor, options: JSONParsingOptions(), bufferSize: bufferSize) { node in
            if node.comesFirst {
                foundFirst.append((node.path.normalizedPath, JSON(node.value)))
            } else {
                found.append((node.path.normalizedPath, JSON(node.value)))
            }
        } discardFound: {
            found.removeAll()
            foundFirst.removeAll()
        }
        return outcome == .answered ? foundFirst + found : nil
    }

    /// What the whole-document evaluation selects, or `nil` for invalid text.
    static func whole(_ query: String, over text: [UInt8]) throws -> Found? {
        guard let document = try? JSONDocument(parsing: text) else { return nil }
        return try JSONPathQuery(query).select(in: document.root).map { ($0.normalizedPath, JSON($0.value)) }
    }

    static func expectSameAnswer(_ query: String, over text: [UInt8], bufferSizes: [Int], _ comment: String = "") throws {
        let expected = try whole(query, over: text)
        for size in bufferSizes {
            let got = try streamed(query, over: text, bufferSize: size)
            #expect(got?.map(\.path) == expected?.map(\.path) && got?.map(\.value) == expected?.map(\.value),
                    "\(query) over \(String(decoding: text.prefix(300), as: UTF8.self)) with a buffer of \(size) \(comment): got \(got.map { "\($0)" } ?? "no answer"), expected \(expected.map { "\($0)" } ?? "no answer")")
        }
    }

    @Test func onlyQueriesThroughNamesToAWildcardOrFilterOrSearchingANameAreStreamed() throws {
        for query in ["$[*]", "$.a[*]", "$.a.b[?@.x > 1].y", "$['a'][?@.x]..z", "$.a[*][?@ == 2]", "$[?length(@.n) > 2]",
                      "$..a", "$..a[*].b", "$..['a']", "$..a[?@.b]"] {
            #expect(StreamedQuery(try JSONPathQuery(query)) != nil, "\(query)")
        }
        for query in ["$", "$.a", "$.a[0]", "$..*", "$..[0]", "$..['a','b']", "$.a[0:2]", "$.a[*,0]", "$.a[?@.x == $.y]",
                      "$.a[*][?$.b]", "$.a[?count($..x) > 1]", "$.a..b[*]", "$..a[?@ == $.b]"] {
            #expect(StreamedQuery(try JSONPathQuery(query)) == nil, "\(query)")
        }
    }

    @Test func answersAsTheWholeDocumentDoesWhateverTheBufferSize() throws {
        let text = Array("""
            \u{FEFF}{"meta": {"n": [1, {"k": "v"}], "s": "a \\" \\u00e9 b"},
             "items" : [ {"id": 1, "tags": ["x"], "n": 5}, {"id": 2, "n": 50, "deep": [[[{"id": 9}]]]},
                         7, "text", null, {"n": 12.5e1, "id": -3} ] , "after": [true, false, {}]  }
            """.utf8)
        for query in ["$.items[*]", "$.items[?@.n > 10].id", "$.items[*].id", "$.items[*]..id", "$.items[?@.tags]",
                      "$.meta[*]", "$.meta.n[*]", "$.missing[*]", "$.after[?@ == true]", "$[*]", "$[?@.n]",
                      "$..id", "$..n", "$..n[*]", "$..k", "$..deep[0]", "$..s"] {
            try Self.expectSameAnswer(query, over: text, bufferSizes: [1, 2, 3, 5, 8, 13, 64, 4096])
        }
        try Self.expectSameAnswer("$[?@ > 1]", over: Array("[1, 2, 3.5, \"4\", [5]]".utf8), bufferSizes: [1, 4, 100])
        try Self.expectSameAnswer("$[*]", over: Array(" [ ] ".utf8), bufferSizes: [1, 100])
        try Self.expectSameAnswer("$.a[*]", over: Array("{\"a\": 3}".utf8), bufferSizes: [1, 100])
        for text in ["3", "[]", "{}", "[{\"id\": 1}, [{\"id\": 2}]]", "{\"id\": {\"id\": 1}}", "\"id\""] {
            try Self.expectSameAnswer("$..id", over: Array(text.utf8), bufferSizes: [1, 100])
        }
    }

    /// A search puts the root's own member first, though the text has it last, and of repeated keys there
    /// the last is the root's member, while each of them is searched.
    @Test func aSearchPutsTheRootsOwnMemberFirst() throws {
        for text in [#"{"list": [{"id": 1}, {"x": {"id": 2}}], "id": 3}"#, #"{"id": {"id": 4}, "list": [{"id": 1}], "id": [{"id": 5}]}"#,
                     #"{"a": {"id": 6}, "\u0069d": 7, "b": [], "c": [[{"id": 8}]]}"#] {
            for query in ["$..id", "$..id[*]", "$..id..id", "$..id.id"] {
                try Self.expectSameAnswer(query, over: Array(text.utf8), bufferSizes: [1, 5, 4096])
            }
        }
    }

    /// Of repeated keys on the way, the last counts: what an earlier one found is dropped, even when the last
    /// one holds no array, and a key written with escapes is the same key.
    @Test func theLastOfRepeatedKeysCounts() throws {
        for text in [#"{"a": {"b": [1, 2]}, "a": {"b": [3]}}"#, #"{"a": {"b": [1, 2]}, "a": {"c": [3]}}"#,
                     #"{"a": {"b": [1], "b": {"x": 4}}}"#, #"{"a": {"b": [1]}, "\u0061": {"b": [5, 6]}}"#,
                     #"{"a": {"b": [1]}, "a": 2}"#, #"{"a": [{"b": [1]}], "a": {"b": [2]}}"#] {
            try Self.expectSameAnswer("$.a.b[*]", over: Array(text.utf8), bufferSizes: [1, 7, 4096])
        }
    }

    /// Invalid text never gives an answer: every cut of a valid document that is not itself a valid one, and
    /// every one-byte change that makes it invalid (wherever it falls: on the way, in an element, after the end).
    @Test func invalidTextIsNeverAnswered() throws {
        let text = Array(#"{"pre": {"x": [1, "s"]}, "list": [{"v": 1, "w": [true]}, {"v": 22}, "é"], "post": null}"#.utf8)
        let query = "$.list[?@.v > 1].v"
        for cut in 0..<text.count {
            let prefix = Array(text[..<cut])
            try Self.expectSameAnswer(query, over: prefix, bufferSizes: [1, 6, 4096], "(cut at \(cut))")
        }
        let replacements = Array("{}[],:\" x1\\\u{0}".utf8) + [0xFF, 0xC3]
        for offset in 0..<text.count {
            for byte in replacements where byte != text[offset] {
                var changed = text
                changed[offset] = byte
                try Self.expectSameAnswer(query, over: changed, bufferSizes: [3, 4096], "(byte \(byte) at \(offset))")
            }
        }
        try Self.expectSameAnswer(query, over: text + Array(" x".utf8), bufferSizes: [1, 4096])
        try Self.expectSameAnswer(query, over: Array(#"{"list": [1, 2]} {"#.utf8), bufferSizes: [1, 4096])
    }

    /// The depth limit counts from the document's root, not from the element.
    @Test func theDepthLimitIsTheDocuments() throws {
        let nested = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
        for depth in [510, 511, 512, 513] {
            let inner = String(repeating: "[", count: depth - 2) + String(repeating: "]", count: depth - 2)
            let text = Array(#"{"a": [\#(inner)]}"#.utf8)
            try Self.expectSameAnswer("$.a[*]", over: text, bufferSizes: [4096], "(depth \(depth))")
        }
        try Self.expectSameAnswer("$[*]", over: Array("[\(nested)]".utf8), bufferSizes: [64])
    }

    /// Every streamable case of the RFC 9535 compliance suite gives the whole document's answer.
    @Test(.enabled(if: SharedFixtures.jsonPathComplianceSuite != nil))
    func complianceCasesGiveTheWholeDocumentsAnswer() throws {
        let suite = try JSONDocument(parsing: SharedFixtures.bytes(of: try #require(SharedFixtures.jsonPathComplianceSuite)))
        var streamedCases = 0
        for test in try suite.root["tests"].array.get() {
            guard let selector = test.member("selector")?.stringValue, let document = test.member("document"),
                  let query = try? JSONPathQuery(selector), StreamedQuery(query) != nil else { continue }
            streamedCases += 1
            try Self.expectSameAnswer(selector, over: document.jsonBytes(), bufferSizes: [1, 5, 4096])
        }
        #expect(streamedCases >= 100)
    }

    /// Generated documents with the queried array among other members, all cut by small buffers.
    @Test func generatedDocumentsGiveTheWholeDocumentsAnswer() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...200)) { program in
            let value = GeneratedJSON.build(from: program)
            let elements = GeneratedJSON.build(from: Array(program.reversed()))
            let list: JSON = if case .array = elements { elements } else { [elements, value, ["n": 3]] }
            let document: JSON = ["before": value, "list": list, "after": value]
            let text = try document.jsonText(options: program.count % 2 == 0 ? .pretty() : JSONWritingOptions())
            for query in ["$.list[*]", "$.list[?@.n]", "$.list[*][*]", "$.list[?@ == @]..*", "$..n", "$..list[*]"] {
                try Self.expectSameAnswer(query, over: Array(text.utf8), bufferSizes: [1, 9, 4096])
            }
        }
    }

    /// The corpus files, with a buffer far smaller than each and the default.
    @Test(.enabled(if: SharedFixtures.corpus != nil))
    func corpusFilesGiveTheWholeDocumentsAnswer() throws {
        let corpus = try #require(SharedFixtures.corpus)
        let cases = [("twitter.json", "$.statuses[?@.retweet_count > 5].id"), ("twitter.json", "$.statuses[*].user.screen_name"),
                     ("citm_catalog.json", "$.performances[?@.venueCode == 'PLEYEL_PLEYEL'].id"),
                     ("citm_catalog.json", "$.events[*].name"), ("canada.json", "$.features[*].geometry.type"),
                     ("twitter.json", "$..screen_name"), ("citm_catalog.json", "$..seatCategoryId"), ("canada.json", "$..type")]
        for (file, query) in cases {
            let text = try SharedFixtures.bytes(of: corpus.appendingPathComponent(file))
            let expected = try #require(try Self.whole(query, over: text))
            #expect(!expected.isEmpty)
            try Self.expectSameAnswer(query, over: text, bufferSizes: [4096, 1 << 18], "(\(file))")
        }
    }
}
