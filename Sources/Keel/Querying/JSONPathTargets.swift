/// A query over a document: nodes are tape indexes, read in place. Made inside the document's
/// `withReader`, so the tape and the bytes are plain pointers for the whole run: no view (and no retain of
/// the document) per node visited.
struct DocumentQueryTarget: JSONPathTarget {
    let storage: DocumentStorage
    let reader: TapeReader
    let root: Int

    var tape: UnsafePointer<TapeEntry> { reader.tape }

    func view(_ node: Int) -> JSONView { JSONView(storage: storage, index: node) }

    func kind(of node: Int) -> JSONKind { tape[node].kind.jsonKind }

    func count(of node: Int) -> Int {
        let entry = tape[node]
        return entry.kind == .array || entry.kind == .object ? entry.count : 0
    }

    func forEachChild(of node: Int, _ body: (Int) -> Void) {
        let entry = tape[node]
        switch entry.kind {
        case .array:
            var child = node + 1
            for _ in 0..<entry.count {
                body(child)
                child = TapeReader.indexAfter(child, in: tape)
            }
        case .object:
            var key = node + 1
            for _ in 0..<entry.count {
                body(key + 1)
                key = TapeReader.indexAfter(key + 1, in: tape)
            }
        default:
            return
        }
    }

    /// A document's values are on the tape in document order, each before its descendants: walking the
    /// tape from `node` to its end, skipping keys, visits them in the order the RFC asks, with one small
    /// stack of the open containers.
    func forEachDescendant(of node: Int, _ visit: (Int) -> Void) {
        visit(node)
        let entry = tape[node]
        guard entry.kind == .array || entry.kind == .object else { return }
        var open: [(end: Int, isObject: Bool)] = [(entry.end, entry.kind == .object)]
        var index = node + 1
        while let container = open.last {
            if index >= container.end {
                open.removeLast()
                continue
            }
            if container.isObject { index += 1 }  // the member's key
            visit(index)
            let child = tape[index]
            if child.kind == .array || child.kind == .object { open.append((child.end, child.kind == .object)) }
            index += 1
        }
    }

    /// What `..name` selects, in one pass over the tape below `node`: every key entry is compared with the
    /// name's bytes (most differ in length, so a load and a compare each), and a match is placed by its
    /// object, found by hopping back along the keys' links to the first. The RFC's order is the objects' order
    /// (each object's member before the members of objects nested in it), so matches are sorted by object
    /// when a nested match came first; of an object's repeated keys the last counts, as in ``member(_:of:)``.
    func forEachMember(named name: MemberName, inDescendantsOf node: Int, _ found: (Int) -> Void) {
        let entry = tape[node]
        guard entry.kind == .array || entry.kind == .object else { return }
        let tape = self.tape
        var matches: [(object: Int, value: Int)] = []
        var sorted = true
        var scratch: [UInt8] = []
        name.utf8.withUnsafeBytes { key in
            let isKey = UInt64(TapeEntry.Flags.isKey.rawValue) << 8
            for index in (node + 1)..<entry.end where tape[index].header & isKey != 0 {
                guard reader.keyEquals(at: index, key, scratch: &scratch) else { continue }
                let object = Self.object(ofKeyAt: index, in: tape)
                if let last = matches.last {
                    if last.object == object {
                        matches[matches.count - 1].value = index + 1  // a repeated key: the last counts
                        continue
                    }
                    if last.object > object { sorted = false }
                }
                matches.append((object, index + 1))
            }
        }
        if !sorted {
            // Stable, so an object's repeated keys stay in order and the last is kept below.
            matches = matches.enumerated().sorted { ($0.element.object, $0.offset) < ($1.element.object, $1.offset) }.map(\.element)
        }
        for (position, match) in matches.enumerated()
        where position + 1 == matches.count || matches[position + 1].object != match.object {
            found(match.value)
        }
    }

    /// The tape index of the object whose key is at `key`: the first key's link points at the last key,
    /// every other key's at the key before it.
    static func object(ofKeyAt key: Int, in tape: UnsafePointer<TapeEntry>) -> Int {
        var current = key
        while true {
            let previous = tape[current].linkedKey
            if previous >= current { return current - 1 }
            current = previous
        }
    }

    /// The document's own member search (key index, escaped keys; the last of repeated keys), without making
    /// a member table: a query mostly looks in each object once or twice, for which filling a table costs
    /// more than reading the keys.
    func member(_ name: MemberName, of node: Int) -> Int? {
        guard tape[node].kind == .object else { return nil }
        return name.utf8.withUnsafeBytes { storage.valueIndex(ofMember: $0, inObjectAt: node, reader: reader, makesTables: false) }
    }

    func element(at position: Int, of node: Int) -> Int? { view(node).element(at: position)?.index }
    func string(of node: Int) -> String? { tape[node].kind == .string ? reader.string(at: node) : nil }
    func number(of node: Int) -> JSONNumber? { view(node).numberValue }
    func bool(of node: Int) -> Bool? {
        switch tape[node].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }
    func tree(of node: Int) -> JSON { JSON(view(node)) }
}

/// A query over a `JSON` tree: nodes carry the steps that led to them, for their paths.
struct TreeQueryTarget: JSONPathTarget {
    struct Node {
        let value: JSON
        let steps: PathSteps?
    }

    /// The steps from the root to a node, shared by its descendants.
    final class PathSteps: @unchecked Sendable {
        let parent: PathSteps?
        let component: JSONPath.Component

        init(parent: PathSteps?, component: JSONPath.Component) {
            self.parent = parent
            self.component = component
        }

        var path: JSONPath {
            var components: [JSONPath.Component] = []
            var step: PathSteps? = self
            while let current = step {
                components.append(current.component)
                step = current.parent
            }
            return JSONPath(components.reversed())
        }
    }

    let root: Node

    func kind(of node: Node) -> JSONKind { node.value.kind }

    func count(of node: Node) -> Int {
        switch node.value {
        case .array(let array): return array.count
        case .object(let object): return object.count
        default: return 0
        }
    }

    func forEachChild(of node: Node, _ body: (Node) -> Void) {
        switch node.value {
        case .array(let array):
            for (position, element) in array.enumerated() {
                body(Node(value: element, steps: PathSteps(parent: node.steps, component: .index(position))))
            }
        case .object(let object):
            for (key, value) in object {
                body(Node(value: value, steps: PathSteps(parent: node.steps, component: .key(key))))
            }
        default:
            return
        }
    }

    func member(_ name: MemberName, of node: Node) -> Node? {
        guard case .object(let object) = node.value, let value = object[name.text] else { return nil }
        return Node(value: value, steps: PathSteps(parent: node.steps, component: .key(name.text)))
    }

    func element(at position: Int, of node: Node) -> Node? {
        guard case .array(let array) = node.value, position >= 0, position < array.count else { return nil }
        return Node(value: array[position], steps: PathSteps(parent: node.steps, component: .index(position)))
    }

    func string(of node: Node) -> String? {
        if case .string(let text) = node.value { return text }
        return nil
    }

    func number(of node: Node) -> JSONNumber? {
        if case .number(let number) = node.value { return number }
        return nil
    }

    func bool(of node: Node) -> Bool? {
        if case .bool(let bool) = node.value { return bool }
        return nil
    }

    func tree(of node: Node) -> JSON { node.value }
}
