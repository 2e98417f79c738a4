// What a document read as JSON with comments keeps besides the copy it was scanned from: the text as written,
// for edits that keep every comment, and where its comments and trailing commas are.

/// The text of a document read with comments, as written. For JSONC its offsets are the tape's: the scanner
/// read a copy in which each comment and trailing comma was spaces. For JSON5 the scanner read a rewriting as
/// JSON, and ``translation`` maps its offsets here.
struct CommentedText: Sendable {
    /// The text as written, comments included.
    let bytes: [UInt8]
    /// Each comment's bytes, in order: `//` up to its line break (not included), or `/*` through `*/`.
    let comments: [Range<Int>]
    /// The offset of each trailing comma, in order.
    let trailingCommas: [Int]
    /// For text read as JSON5: the way from the tape's offsets (in the JSON the text was rewritten as) to
    /// offsets in `bytes`. `nil` for JSONC, whose offsets are the tape's.
    var translation: TranslatedOffsets? = nil

    /// The offset in the text as written of offset `offset` in the text the scanner read.
    func originalOffset(of offset: Int) -> Int { translation?.originalOffset(of: offset) ?? offset }

    /// The comment that starts at `offset`, if one does.
    func comment(startingAt offset: Int) -> Range<Int>? {
        let found = firstComment(endingAfter: offset)
        guard found < comments.count, comments[found].lowerBound == offset else { return nil }
        return comments[found]
    }

    /// The comment that ends exactly at `offset` (its last byte is at `offset - 1`), if one does.
    func comment(endingAt offset: Int) -> Range<Int>? {
        let found = firstComment(endingAfter: offset - 1)
        guard found < comments.count, comments[found].upperBound == offset else { return nil }
        return comments[found]
    }

    /// The index of the first comment whose end is past `offset`.
    private func firstComment(endingAfter offset: Int) -> Int {
        var low = 0
        var high = comments.count
        while low < high {
            let middle = (low + high) / 2
            if comments[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
