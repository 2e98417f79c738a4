// The coding path of a value being encoded, kept as a linked list so that each nested value adds one node
// instead of copying an array of keys; the array is only built when someone asks for `codingPath`.

indirect enum CodingPathNode {
    case root
    case key(any CodingKey, parent: CodingPathNode)
    case index(Int, parent: CodingPathNode)

    func appending(_ key: some CodingKey) -> CodingPathNode { .key(key, parent: self) }
    func appending(index: Int) -> CodingPathNode { .index(index, parent: self) }
    /// The path of an array's element at `position` when there is one (0 and up), this path itself for -1: how
    /// the encoder keeps an element's position until its path is asked for.
    func appending(elementPosition position: Int) -> CodingPathNode { position >= 0 ? appending(index: position) : self }

    /// The keys from the root down, as `Encoder.codingPath` gives them; array positions are integer keys.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return keys.reversed()
            case .key(let key, let parent):
                keys.append(key)
                node = parent
            case .index(let index, let parent):
                keys.append(JSONMemberKey(index: index))
                node = parent
            }
        }
    }
}

extension JSONMemberKey {
    /// The key of an array element, as Foundation spells it in coding paths: `Index 3`, with integer value 3.
    init(index: Int) {
        self.init(stringValue: "Index \(index)")
        self.intValue = index
    }
}

extension JSONPath {
    /// The path as `Encoder` and `Decoder` coding paths spell it.
    var codingKeys: [any CodingKey] {
        components.map { component in
            switch component {
            case .key(let key): return JSONMemberKey(stringValue: key)
            case .index(let index): return JSONMemberKey(index: index)
            }
        }
    }
}
