// Splicing one edit into a container's text by the layout its children already follow: a removed child
// takes its key and one separating comma with it; a new child gets the whitespace its neighbours have.
//
// An edit needs only a few children: the edited one, its neighbours, the first (for the key separator) and
// the last two (for appending). A container of ten million elements is walked, not stored, to find them.

/// Where one child of a container lies in the text as written.
struct ChildRange: Sendable {
    /// The key's index on the document's tape (objects read into a tape); -1 otherwise.
    var keyIndex: Int = -1
    /// The key's opening quote for an object's member, the value's first byte for an array's element.
    var start: Int
    /// Just after the key's closing quote (``start`` for an element).
    var keyEnd: Int
    var valueStart: Int
    var valueEnd: Int
}

/// The children of one container that an edit at `position` needs to see, and how many there are.
struct ChildNeighbourhood: Sendable {
    let count: Int
    private let known: [Int: ChildRange]

    init(count: Int, known: [(position: Int, range: ChildRange)]) {
        self.count = count
        self.known = Dictionary(known, uniquingKeysWith: { _, later in later })
    }

    /// The neighbourhood of `position` among all of a container's children.
    init(_ children: [ChildRange], around position: Int) {
        let wanted = Self.positions(around: position, count: children.count)
        self.init(count: children.count, known: wanted.map { ($0, children[$0]) })
    }

    /// Child `position`, when it is one the edit needs.
    subscript(position: Int) -> ChildRange? {
        known[position]
    }

    /// The positions an edit at `position` reads: the first, the two before and after it, the last two.
    static func positions(around position: Int, count: Int) -> [Int] {
        [0, position - 1, position, position + 1, count - 2, count - 1].filter { $0 >= 0 && $0 < count }
    }
}

/// One container's text and the children an edit needs: the strict layout rule for removing and adding.
struct ContainerSplice<Text: TextReading> {
    let bytes: Text
    /// The opening bracket.
    let open: Int
    /// Just after the closing bracket.
    let end: Int
    let children: ChildNeighbourhood
    /// A JSONC or JSON5 document's comments, which the whitespace before a child stops at.
    var commented: CommentedText? = nil

    /// The change that removes child `position` with one separating comma; `nil` if a child it needs is unknown.
    func removing(at position: Int) -> TextEditRange? {
        let removed: Range<Int>
        if children.count == 1 {
            // Everything between the brackets.
            removed = (open + 1)..<(end - 1)
        } else if position + 1 < children.count {
            guard let child = children[position], let next = children[position + 1] else { return nil }
            removed = child.start..<next.start
        } else {
            guard let previous = children[position - 1], let child = children[position] else { return nil }
            removed = previous.valueEnd..<child.valueEnd
        }
        return TextEditRange(range: removed, replacement: [])
    }

    /// The change that replaces child `position`'s value by `value`.
    func replacingValue(at position: Int, with value: [UInt8]) -> TextEditRange? {
        guard let child = children[position] else { return nil }
        return TextEditRange(range: child.valueStart..<child.valueEnd, replacement: value)
    }

    /// The bytes between a key and its value in this container (`: ` when it has no member to copy).
    var keySeparator: [UInt8] {
        guard let first = children[0] else { return Array(": ".utf8) }
        let separator = bytes.copy(first.keyEnd..<first.valueStart)
        // Not a comment that sits between a key and its value.
        return separator.contains(UInt8(ascii: "/")) ? Array(": ".utf8) : separator
    }

    /// The whitespace before child `index`: after the comma (or the bracket) that precedes it.
    func leadingSpace(_ index: Int) -> [UInt8] {
        guard let child = children[index] else { return [] }
        if let commented { return CommentedLayout(commented).whitespace(before: child.start) }
        var start = child.start
        while start > open + 1, JSONWhitespace.contains(bytes[start - 1]) { start -= 1 }
        return bytes.copy(start..<child.start)
    }

    /// The change that adds `member` (key, separator and value, or an element) before child `position` or
    /// after the last, separated from its neighbours as they are from each other.
    func adding(_ member: [UInt8], at position: Int) -> TextEditRange? {
        guard children.count > 0 else {
            return TextEditRange(range: (open + 1)..<(open + 1), replacement: member)
        }
        if position < children.count {
            guard let child = children[position] else { return nil }
            return TextEditRange(range: child.start..<child.start,
                                 replacement: member + [UInt8(ascii: ",")] + leadingSpace(position))
        }
        guard let last = children[children.count - 1] else { return nil }
        return TextEditRange(range: last.valueEnd..<last.valueEnd,
                             replacement: [UInt8(ascii: ",")] + leadingSpace(children.count - 1) + member)
    }
}

/// One change of a text: the bytes of `range` become `replacement` (an empty range inserts).
struct TextEditRange {
    var range: Range<Int>
    var replacement: [UInt8]

    /// How much longer the text gets.
    var growth: Int { replacement.count - range.count }
}

/// Building a new text from an old one and the ranges that change, in one copy.
enum TextSplicing {
    /// `bytes` with each edit made; the edits' ranges are in order and do not overlap (an empty range
    /// inserts).
    static func applying(_ edits: [TextEditRange], to bytes: [UInt8]) -> [UInt8] {
        var size = bytes.count
        for edit in edits { size += edit.growth }
        var result: [UInt8] = []
        result.reserveCapacity(size)
        var from = 0
        for edit in edits {
            result += bytes[from..<edit.range.lowerBound]
            result += edit.replacement
            from = edit.range.upperBound
        }
        result += bytes[from...]
        return result
    }
}
