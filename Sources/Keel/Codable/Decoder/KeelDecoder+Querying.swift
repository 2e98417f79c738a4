// JSONPath queries through the Codable bridge (only where Foundation is, as the bridge).
#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeelDecoder {
    /// Decodes every node a JSONPath query selects in `value` (its `$`) as a `Decodable` model, in order,
    /// with this decoder's strategies; an error is a `DecodingError` whose Keel error names the failing
    /// node's path from the document's root and its place in the text.
    ///
    /// ```swift
    /// let users = try KeelDecoder().decode([User].self, at: JSONPathQuery("$.statuses[*].user"), in: document.root)
    /// ```
    public func decode<T: Decodable>(_ type: [T].Type, at query: JSONPathQuery, in value: JSONView) throws -> [T] {
        var values: [T] = []
        for node in query.select(in: value) { values.append(try decode(T.self, from: node.value)) }
        return values
    }
}
#endif
