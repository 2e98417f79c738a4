// The statements that write properties as members straight to a `JSONTextWriter` named `writer`, for the
// generated `write(to:)`. Members with paths into nested objects are grouped under one nested object per
// step, in the order `toJSON()` gives them, so both ways of writing give the same text.

struct MemberWriting {
    /// Each property with the expression that reads its value (`self.name`, or a case's `value0`).
    let items: [(property: ModelProperty, value: String)]

    /// A member of the object being written: one property's, or a nested object holding several.
    private indirect enum Node {
        case property(Int, name: String)
        case object(String, [Node])

        var name: String {
            switch self {
            case .property(_, let name), .object(let name, _): return name
            }
        }

        /// The positions in `items` of the properties this member writes, in order.
        var positions: [Int] {
            switch self {
            case .property(let position, _): return [position]
            case .object(_, let children): return children.flatMap(\.positions)
            }
        }
    }

    /// The statements, or `nil` when writing straight could not give `toJSON()`'s text: two properties
    /// whose paths collide, or a nested object whose place in `toJSON()` depends on which optionals are set.
    var statements: [String]? {
        // A flattened property's members are only known from its `toJSON()`.
        guard !items.contains(where: { $0.property.isFlattened }) else { return nil }
        guard let nodes = tree(), nodes.allSatisfy(keepsPlace) else { return nil }
        return nodes.flatMap(statements(for:))
    }

    private func tree() -> [Node]? {
        var nodes: [Node] = []
        for (position, item) in items.enumerated() {
            guard insert(position, path: item.property.path[...], into: &nodes) else { return nil }
        }
        return nodes
    }

    private func insert(_ position: Int, path: ArraySlice<String>, into nodes: inout [Node]) -> Bool {
        guard let name = path.first else { return false }
        let existing = nodes.firstIndex { $0.name == name }
        if path.count == 1 {
            guard existing == nil else { return false }
            nodes.append(.property(position, name: name))
            return true
        }
        guard let index = existing else {
            var children: [Node] = []
            guard insert(position, path: path.dropFirst(), into: &children) else { return false }
            nodes.append(.object(name, children))
            return true
        }
        guard case .object(_, var children) = nodes[index] else { return false }
        guard insert(position, path: path.dropFirst(), into: &children) else { return false }
        nodes[index] = .object(name, children)
        return true
    }

    /// `toJSON()` places a nested object where its first written property is. Written straight, it goes
    /// where its first property is; the two agree when that property is always written, or when no other
    /// member falls between the object's properties.
    private func keepsPlace(_ node: Node) -> Bool {
        guard case .object(_, let children) = node else { return true }
        let positions = node.positions
        let first = positions[0]
        let together = positions[positions.count - 1] - first + 1 == positions.count
        return (together || condition(items[first]) == nil) && children.allSatisfy(keepsPlace)
    }

    /// When the property's member is written: `nil` for always.
    private func condition(_ item: (property: ModelProperty, value: String)) -> String? {
        switch item.property.reading {
        case .optional, .date(_, optional: true, _), .coded(_, optional: true): return "\(item.value) != nil"
        case .field: return "\(item.value).isPresent"
        default: return nil
        }
    }

    private func statements(for node: Node) -> [String] {
        switch node {
        case .property(let position, let name):
            return [statement(for: items[position], name: name)]
        case .object(let name, let children):
            let body = ["writer.key(\(name.nameArgument))", "writer.beginObject()"]
                + children.flatMap(statements(for:)) + ["writer.endObject()"]
            let conditions = node.positions.map { condition(items[$0]) }
            if conditions.contains(where: { $0 == nil }) { return body }
            return ["if " + conditions.compactMap { $0 }.joined(separator: " || ") + " {"] + body + ["}"]
        }
    }

    private func statement(for item: (property: ModelProperty, value: String), name: String) -> String {
        let value = item.value
        let key = name.literal
        let argument = name.nameArgument
        switch item.property.reading {
        case .date(let format, let optional, let asDate):
            let timestamp = asDate ? "JSONTimestamp(value)" : "value"
            let written = "writer.key(\(argument)); try \(timestamp).write(format: \(format.trimmedDescription), to: &writer)"
            return optional ? "if let value = \(value) { \(written) }" : "do { let value = \(value); \(written) }"
        case .field:
            return "try \(value).write(key: \(key), to: &writer)"
        case .coded(let coder, let optional):
            let written = "writer.key(\(argument)); try writer.json(JSON(value, coder: \(coder.trimmedDescription)))"
            return optional ? "if let value = \(value) { \(written) }" : "do { let value = \(value); \(written) }"
        case .optional:
            return "if let value = \(value) { try writer.member(\(argument), value) }"
        default:
            return "try writer.member(\(argument), \(value))"
        }
    }
}

extension String {
    /// The labelled argument that names this member for the writer: `plainLiteral:` when the name needs no
    /// escape under any writing option (ASCII from space to `~` without `"`, `\` or `/`, checked here once
    /// rather than each time a model is written), `literal:` otherwise.
    var nameArgument: String {
        let isPlain = unicodeScalars.allSatisfy {
            $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" && $0 != "/"
        }
        return (isPlain ? "plainLiteral: " : "literal: ") + literal
    }
}
