/// One node a ``JSONPathQuery`` selected in a document: the value, read in place, and where it is.
public struct JSONPathNode: Sendable {
    /// The selected value.
    public let value: JSONView
    /// The value the query ran on (its `$`).
    let root: JSONView

    /// The steps from the query's root to the value.
    public var path: JSONPath {
        let full = value.path.components
        let prefix = root.index == 0 ? 0 : root.path.components.count
        return JSONPath(Array(full.dropFirst(prefix)))
    }

    /// The node's normalized path (RFC 9535, section 2.7): `$['store']['book'][0]`.
    public var normalizedPath: String { path.normalizedPath }

    /// The node's JSON Pointer (RFC 6901) from the query's root: `/store/book/0`.
    public var pointer: String { path.pointer }

    /// The line and column where the value starts in the document's text.
    public var location: JSONSourceLocation { value.location }
}

extension JSONPath {
    /// This path as a JSONPath normalized path (RFC 9535, section 2.7): `$['people'][0]['name']`, with
    /// names in single quotes and only `'`, `\` and control characters escaped.
    public var normalizedPath: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                text += "['"
                for scalar in key.unicodeScalars {
                    switch scalar {
                    case "'": text += "\\'"
                    case "\\": text += "\\\\"
                    case "\u{8}": text += "\\b"
                    case "\u{C}": text += "\\f"
                    case "\n": text += "\\n"
                    case "\r": text += "\\r"
                    case "\t": text += "\\t"
                    case _ where scalar.value < 0x20:
                        let hex = String(scalar.value, radix: 16)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    default:
                        text.unicodeScalars.append(scalar)
                    }
                }
                text += "']"
            }
        }
        return text
    }
}
