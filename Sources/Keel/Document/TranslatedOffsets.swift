// Where a document read as JSON5 came from: the scanner reads JSON text rewritten from the JSON5 (quotes
// around names, hexadecimal in decimal), and users are told offsets in the text they wrote.

/// The way from an offset in the rewritten text back to the text as written. Most of the text is copied
/// byte for byte (whitespace and comments become the same number of spaces), so only the places where the two
/// drift apart are recorded: from each anchor on, offsets advance together until the next one.
struct TranslatedOffsets: Sendable {
    /// Anchor offsets in the rewritten text, ascending.
    private(set) var translated: [UInt32] = []
    /// The offset in the text as written that each anchor stands for.
    private(set) var original: [UInt32] = []

    /// Records that offset `translated` in the rewritten text stands for `original`, unless the anchors
    /// already say so.
    mutating func anchor(translated offset: Int, original source: Int) {
        if let last = translated.last {
            if Int(original[original.count - 1]) + (offset - Int(last)) == source { return }
            if Int(last) == offset {
                original[original.count - 1] = UInt32(truncatingIfNeeded: source)
                return
            }
        } else if offset == source {
            return
        }
        translated.append(UInt32(truncatingIfNeeded: offset))
        original.append(UInt32(truncatingIfNeeded: source))
    }

    /// The offset in the text as written for `offset` in the rewritten text.
    func originalOffset(of offset: Int) -> Int {
        var low = 0
        var high = translated.count
        while low < high {
            let middle = (low + high) / 2
            if Int(translated[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offset }
        return Int(original[low - 1]) + (offset - Int(translated[low - 1]))
    }
}
