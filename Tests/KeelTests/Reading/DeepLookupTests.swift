import Keel
import KeelTestSupport
import Testing

/// Chained subscripts and JSON Pointers reach deep values and name deep failures (that their cost is linear
/// in the depth is counted in `GrowthTests`).
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
}
