import Keel
import Testing

/// `JSONView.forEachValue`: every value once, in document order, with its depth, keys left out.
@Suite struct ForEachValueTests {
    @Test func visitsEveryValueInDocumentOrderWithItsDepth() throws {
        let document = try JSONDocument(parsing: #"{"a": [1, {"b": null}, []], "c": "x", "d": {}}"#)
        var visited: [(String, Int)] = []
        document.root.forEachValue { value, depth in visited.append((value.path.pointer, depth)) }
        #expect(visited.map(\.0) == ["", "/a", "/a/0", "/a/1", "/a/1/b", "/a/2", "/c", "/d"])
        #expect(visited.map(\.1) == [0, 1, 2, 2, 3, 2, 1, 1])
    }

    @Test func startsAtTheViewAndStaysInsideIt() throws {
        let document = try JSONDocument(parsing: #"[[1, [2]], 3]"#)
        let first = try #require(document.root.element(at: 0))
        var texts: [String] = []
        first.forEachValue { value, depth in texts.append("\(depth):\(value)") }
        #expect(texts == ["0:[1,[2]]", "1:1", "1:[2]", "2:2"])
        var scalars = 0
        try #require(document.root.element(at: 1)).forEachValue { _, _ in scalars += 1 }
        #expect(scalars == 1)
    }

    @Test func deepNestingNeedsNoStack() throws {
        var options = JSONParsingOptions()
        options.maximumDepth = 200_000
        let depth = 100_000
        let document = try JSONDocument(parsing: String(repeating: "[", count: depth) + String(repeating: "]", count: depth), options: options)
        var deepest = 0
        document.root.forEachValue { _, level in deepest = max(deepest, level) }
        #expect(deepest == depth - 1)
    }
}
