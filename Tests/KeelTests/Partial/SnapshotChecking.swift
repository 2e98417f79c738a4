import Keel

/// Checks a snapshot against the document it is a prefix of: every value off the open path equals the
/// document's, and every value on it is a beginning of the document's (fewer members, each key the same,
/// a string's text a prefix). Returns what is wrong, or `nil`.
func inconsistency(of snapshot: JSONSnapshot, with full: JSON) -> String? {
    if snapshot.isComplete {
        return snapshot.value == full && snapshot.openPath == nil ? nil : "a complete snapshot differs from the document"
    }
    guard let openPath = snapshot.openPath else { return "an incomplete snapshot without an open path" }
    guard let value = snapshot.value else { return nil }
    return inconsistency(of: value, with: full, open: openPath.components[...], at: .root)
}

private func inconsistency(of value: JSON, with full: JSON, open: ArraySlice<JSONPath.Component>?, at path: JSONPath) -> String? {
    guard let open else { return value == full ? nil : "\(path): a finished value differs: \(value) is not \(full)" }
    switch (value, full) {
    case (.object(let object), .object(let whole)):
        guard object.count <= whole.count else { return "\(path): more members than the document" }
        for (index, member) in object.enumerated() {
            guard member.key == whole[index].key else { return "\(path): key \(member.key) is not \(whole[index].key)" }
            let isOpen = index == object.count - 1 && open.first == .key(member.key)
            if let problem = inconsistency(of: member.value, with: whole[index].value, open: isOpen ? open.dropFirst() : nil,
                                           at: path.appending(.key(member.key))) {
                return problem
            }
        }
        return nil
    case (.array(let array), .array(let whole)):
        guard array.count <= whole.count else { return "\(path): more elements than the document" }
        for (index, element) in array.enumerated() {
            let isOpen = index == array.count - 1 && open.first == .index(index)
            if let problem = inconsistency(of: element, with: whole[index], open: isOpen ? open.dropFirst() : nil,
                                           at: path.appending(.index(index))) {
                return problem
            }
        }
        return nil
    case (.string(let text), .string(let whole)):
        guard open.isEmpty else { return "\(path): the open path goes on past a string" }
        return Array(whole.utf8).starts(with: Array(text.utf8)) ? nil : "\(path): \(text.debugDescription) does not begin \(whole.debugDescription)"
    case (.number, _), (.bool, _), (.null, _):
        // Never open: the open path names a later member with the same key, still absent.
        return value == full ? nil : "\(path): a finished value differs: \(value) is not \(full)"
    default:
        return "\(path): an open \(value.kind) where the document has \(full.kind)"
    }
}

/// Feeds `bytes` in the given chunk sizes (cycled), returning the parser.
func parser(fedWith bytes: [UInt8], chunks sizes: [Int], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) -> JSONIncrementalParser {
    var parser = JSONIncrementalParser(options: options)
    var start = 0
    var turn = 0
    while start < bytes.count {
        let size = max(1, sizes[turn % sizes.count])
        let end = min(bytes.count, start + size)
        try parser.feed(bytes[start..<end])
        start = end
        turn += 1
    }
    return parser
}

/// A random document: nested containers, strings with escapes and characters of every UTF-8 length,
/// numbers of every form, and the literals.
struct RandomDocuments {
    var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func document(depth: Int = 0) -> String {
        let pick = depth > 4 ? Int.random(in: 0..<5, using: &generator) : Int.random(in: 0..<8, using: &generator)
        switch pick {
        case 0: return ["true", "false", "null"].randomElement(using: &generator)!
        case 1, 2: return number()
        case 3, 4: return string()
        case 5: return "[" + (0..<Int.random(in: 0..<5, using: &generator)).map { _ in space() + document(depth: depth + 1) + space() }.joined(separator: ",") + "]"
        default:
            let members = (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
                space() + string() + space() + ":" + space() + document(depth: depth + 1) + space()
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    mutating func space() -> String {
        [" ", "", "", "\n", "\r\n", "\t", "  "].randomElement(using: &generator)!
    }

    mutating func number() -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        text += Bool.random(using: &generator) ? "0" : String(Int.random(in: 1...99_999_999, using: &generator))
        if Bool.random(using: &generator) { text += "." + String(Int.random(in: 0...999, using: &generator)) }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            text += ["e", "E", "e+", "e-", "E-"].randomElement(using: &generator)! + String(Int.random(in: 0...40, using: &generator))
        }
        return text
    }

    mutating func string() -> String {
        let pieces = ["a", "key", " ", "é", "日本", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\u0000", "\\t", "x y"]
        return "\"" + (0..<Int.random(in: 0..<6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
    }
}
