// Where a document's UTF-8 text came from, when it was read from UTF-16 or UTF-32 (`JSONParsingOptions.textEncoding
// = .detect`): the offsets of the input, for locations given to users.

/// The way from an offset in transcoded UTF-8 text back to the wide input. Between two non-ASCII scalars every
/// UTF-8 byte is one code unit of the input, so only the non-ASCII scalars are recorded.
struct OriginalOffsets: Sendable {
    /// Where one non-ASCII scalar is, in the UTF-8 text and in the input.
    struct Scalar: Sendable {
        var utf8Start: UInt32
        var utf8End: UInt32
        var originalStart: UInt32
        var originalEnd: UInt32
    }

    /// The bytes of one code unit of the input: 2 (UTF-16) or 4 (UTF-32).
    let codeUnitSize: Int
    /// The input's byte-order mark, 0 when it has none.
    let byteOrderMarkLength: Int
    /// Every non-ASCII scalar, in order.
    let scalars: [Scalar]

    /// The input offset of UTF-8 offset `offset`; an offset inside a scalar's UTF-8 bytes gives the scalar's start.
    func originalOffset(ofUTF8 offset: Int) -> Int {
        var low = 0
        var high = scalars.count
        while low < high {
            let middle = (low + high) / 2
            if Int(scalars[middle].utf8Start) <= offset { low = middle + 1 } else { high = middle }
        }
        let unit = codeUnitSize
        guard low > 0 else { return byteOrderMarkLength + offset * unit }
        let scalar = scalars[low - 1]
        if offset < Int(scalar.utf8End) { return Int(scalar.originalStart) }
        return Int(scalar.originalEnd) + (offset - Int(scalar.utf8End)) * unit
    }
}
