extension JSONView {
    /// The nodes a JSONPath query (RFC 9535) selects, with this value as `$`.
    ///
    /// ```swift
    /// let names = try document.root.query("$.people[?@.age >= 18].name").map(\.value)
    /// ```
    public func query(_ query: String) throws(JSONPathSyntaxError) -> [JSONPathNode] {
        try JSONPathQuery(query).select(in: self)
    }

    /// The nodes a compiled JSONPath query selects, with this value as `$`.
    public func query(_ query: JSONPathQuery) -> [JSONPathNode] { query.select(in: self) }

    /// Decodes every node the query selects, in order; an error names the failing node's path and place.
    ///
    /// ```swift
    /// let users = try document.root.decode([User].self, at: JSONPathQuery("$.statuses[*].user"))
    /// ```
    public func decode<T: JSONDecodable>(_ type: [T].Type = [T].self, at query: JSONPathQuery) throws(JSONDecodingError) -> [T] {
        var values: [T] = []
        for node in query.select(in: self) { values.append(try T.decode(node.value)) }
        return values
    }
}

extension JSON {
    /// The nodes a JSONPath query (RFC 9535) selects in this tree, each with its path.
    public func query(_ query: String) throws(JSONPathSyntaxError) -> [(path: JSONPath, value: JSON)] {
        try JSONPathQuery(query).select(in: self)
    }

    /// The nodes a compiled JSONPath query selects in this tree, each with its path.
    public func query(_ query: JSONPathQuery) -> [(path: JSONPath, value: JSON)] { query.select(in: self) }
}
