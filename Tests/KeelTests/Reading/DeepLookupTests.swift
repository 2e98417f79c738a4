import Keel
import KeelTestSupport
import Testing

/// Chained subscripts and JSON Pointers cost time linear in the depth they go to.
@Suite struct DeepLookupTests {
    static func nested(_ depth: Int) throws -> (view: JSONView, tree: JSON) {
        var options = JSONParsingOptions()
        options.maximumDepth = 2 * depth + 1
        let text = String(repeating: #"{"a":["#, count: depth) + "true" + String(repeating: "]}", count: depth)
        return (try JSONDocument(parsing: text, options: options).root, try JSON(parsing: text, options: options))
    }

    static func pointer(_ depth: Int) -> String { String(repeating: "/a/0", count: depth) }

    @Test func deepChainsAndPointersFindTheValue() throws {
        let (view, tree) = try Self.nested(2_000)
        #expect(view[pointer: Self.pointer(2_000)].bool == .success(true))
        #expect(tree[pointer: Self.pointer(2_000)].bool == .success(true))
        var lookup = tree.lookup
        for _ in 0..<2_000 { lookup = lookup["a"][0] }
        #expect(lookup.bool == .success(true))
        #expect(lookup.path.components.count == 4_000)
        // A failure deep down still names the whole path.
        let missing = tree[pointer: Self.pointer(2_000) + "/x"]
        #expect(missing.error?.path.components.count == 4_001)
        #expect(missing.error?.path.pointer == Self.pointer(2_000) + "/x")
    }

    @Test func timeGrowsLinearlyWithDepth() throws {
        let (smallView, smallTree) = try Self.nested(5_000)
        let (largeView, largeTree) = try Self.nested(20_000)
        // Four times as deep: about 4× the time when linear, 16× when quadratic.
        let pointerRatio = growth(small: 5_000, large: 20_000) { depth in
            let view = depth == 5_000 ? smallView : largeView
            let tree = depth == 5_000 ? smallTree : largeTree
            _ = view[pointer: Self.pointer(depth)].value
            _ = tree[pointer: Self.pointer(depth)].value
        }
        #expect(pointerRatio < 8, "pointer: \(pointerRatio)")
        let chainRatio = growth(small: 5_000, large: 20_000) { depth in
            var lookup = (depth == 5_000 ? smallTree : largeTree).lookup
            for _ in 0..<depth { lookup = lookup["a"][0] }
            _ = lookup.value
        }
        #expect(chainRatio < 8, "chain: \(chainRatio)")
    }
}
