@_spi(Streaming) import Keel

/// JSONPath answered while the text is read (`StreamedQuery`, what `keel query` does with a file): the first
/// byte picks a query of a shape it answers, the buffer's size and how much each read hands over; the rest
/// is the document. It must answer exactly when the document parses, with the nodes (paths and values, in
/// order) that the whole-document evaluation selects.
public enum QueryCheck {
    static let queries = ["$[*]", "$[?@.a]", "$.a[*]", "$.a[?@.b > 1].c", "$..a", "$..a[*]", "$.a.b[*]..c", "$..b.a"]

    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        guard let choice = bytes.first else { return }
        let text = Array(bytes.dropFirst())
        let selector = queries[Int(choice) % queries.count]
        guard let query = try? JSONPathQuery(selector), let plan = StreamedQuery(query) else {
            throw FuzzFailure("\(selector) is not answered while reading")
        }
        let bufferSize = [1, 2, 3, 7, 64, 4096][Int(choice >> 3) % 6]
        let readSize = [1, 5, 1 << 16][Int(choice >> 6) % 3]
        var offset = 0
        var nodes: [(path: String, value: JSON)] = []
        var firstNodes: [(path: String, value: JSON)] = []
        let outcome = plan.run(options: JSONParsingOptions(), bufferSize: bufferSize, reading: { buffer in
            let count = min(buffer.count, readSize, text.count - offset)
            if count > 0, let target = buffer.baseAddress {
                text.withUnsafeBytes { source in
                    if let base = source.baseAddress { target.copyMemory(from: base + offset, byteCount: count) }
                }
            }
            offset += count
            return count
        }, found: { node in
            let found = (node.path.normalizedPath, JSON(node.value))
            if node.comesFirst { firstNodes.append(found) } else { nodes.append(found) }
        }, discardFound: {
            nodes.removeAll()
            firstNodes.removeAll()
        })
        guard let document = try? JSONDocument(parsing: text) else {
            try require(outcome == .needsWholeDocument, "\(selector) answered over invalid text")
            return
        }
        try require(outcome == .answered, "\(selector) gave up on a valid document")
        let expected = query.select(in: document.root).map { ($0.normalizedPath, JSON($0.value)) }
        let got = firstNodes + nodes
        try require(got.map(\.path) == expected.map(\.0) && got.map(\.value) == expected.map(\.1),
                    "\(selector) with a buffer of \(bufferSize) selected \(got), the document \(expected)")
    }
}
