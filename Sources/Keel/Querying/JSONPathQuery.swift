/// A JSONPath query (RFC 9535), compiled once and run on any number of documents, from any thread.
///
/// Every selector and segment of the RFC is supported: names (`.name`, `['name']`), wildcards, indices
/// (negative from the end), slices (`[1:10:2]`, `[::-1]`), filters (`[?@.price < 10 && @.tags]`) and
/// descendants (`..`), with the comparison and logical operators and the functions `length`, `count`,
/// `match`, `search` and `value` (I-Regexp, RFC 9485, for the last two). A query is checked when it is
/// compiled, well-typedness included, so running it never fails.
///
/// ```swift
/// let query = try JSONPathQuery("$.statuses[?@.retweet_count > 5].user.screen_name")
/// for node in query.select(in: document.root) {
///     print(node.normalizedPath, node.value.stringValue ?? "")   // $['statuses'][3]['user']['screen_name'] ...
/// }
/// ```
///
/// Results come as a node list: views into the document (nothing is copied), in the order the RFC
/// defines, each with its normalized path, JSON Pointer and line and column. Numbers compare exactly, as
/// Keel keeps them (`1 == 1.0`, integers past 2^53), and strings by their Unicode scalars. Of an object's
/// repeated keys, a name selector finds the last (as every Keel lookup does); wildcards, filters and
/// descendants visit each member as written.
public struct JSONPathQuery: Sendable, CustomStringConvertible {
    /// The query as written.
    public let text: String
    let syntax: QuerySyntax

    /// Compiles `text`, or throws an error that names the column and what was expected there.
    public init(_ text: String) throws(JSONPathSyntaxError) {
        self.text = text
        self.syntax = try JSONPathParser.parse(text)
    }

    /// Whether the query selects at most one node (only names and indices, no descendants).
    public var isSingular: Bool { syntax.isSingular }

    /// The nodes the query selects, with `root` as `$`.
    public func select(in root: JSONView) -> [JSONPathNode] {
        let selected = root.storage.withReader { reader in
            let target = DocumentQueryTarget(storage: root.storage, reader: reader, root: root.index)
            return JSONPathEvaluator(target: target).select(syntax, current: root.index)
        }
        return selected.map { JSONPathNode(value: JSONView(storage: root.storage, index: $0), root: root) }
    }

    /// The nodes the query selects in a tree, each with its path from `root`.
    public func select(in root: JSON) -> [(path: JSONPath, value: JSON)] {
        let target = TreeQueryTarget(root: TreeQueryTarget.Node(value: root, steps: nil))
        return JSONPathEvaluator(target: target).select(syntax, current: target.root).map {
            (path: $0.steps?.path ?? .root, value: $0.value)
        }
    }

    public var description: String { text }
}

extension JSONPathQuery: Equatable, Hashable {
    /// Queries are equal when their texts are.
    public static func == (lhs: JSONPathQuery, rhs: JSONPathQuery) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
