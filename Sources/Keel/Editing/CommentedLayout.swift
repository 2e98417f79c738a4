// Where a member of a JSONC document begins and ends once its comments are counted: the rule that lets an edit
// keep every comment, or remove one only with the member it belongs to.
//
// A member (or element) written on lines of its own owns the comment lines directly above it, up to a blank
// line or a line with code, and the comments after it on its last line. Deleting it deletes those lines; a
// member inserted before it goes above its comments; one added after the last goes below the last one's
// trailing comment, in the same indentation, with the container's trailing comma if it has one. Within a
// line a member is only its own bytes and one comma, as in strict JSON (the caller's rule).

/// The layout rule above, over the text as written.
struct CommentedLayout {
    let text: CommentedText
    private var bytes: [UInt8] { text.bytes }

    init(_ text: CommentedText) { self.text = text }

    /// The text without child `position` and the lines it owns, or `nil` when the child does not own its lines.
    func removing(_ children: [ChildRange], at position: Int) -> [UInt8]? {
        let child = children[position]
        guard let start = ownedStart(of: child.start), let end = ownedEnd(after: child.valueEnd) else { return nil }
        let isLast = position == children.count - 1
        // A comma that leads the next line (a "comma first" layout) is not this child's: the strict rule applies.
        if !isLast, end.comma == nil { return nil }
        var removed = [start..<end.offset]
        if isLast, position > 0, end.comma == nil {
            // The comma before it would be left trailing where the container has none: it goes too.
            guard let comma = nextSignificant(from: children[position - 1].valueEnd), bytes[comma] == UInt8(ascii: ","),
                  comma < start else { return nil }
            removed.insert(comma..<(comma + 1), at: 0)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var from = 0
        for range in removed {
            result += bytes[from..<range.lowerBound]
            // A comma before aligned comments gives way to a space, so they stay in their column.
            if range.count == 1, range.upperBound + 1 < bytes.count, Self.isSpace(bytes[range.upperBound]),
               Self.isSpace(bytes[range.upperBound + 1]) {
                result.append(0x20)
            }
            from = range.upperBound
        }
        result += bytes[from...]
        return result
    }

    /// The text with `member` (key, separator and value, or an element) before child `position` or after the
    /// last, on a line of its own; `nil` when the neighbour it is placed by does not own its lines.
    func adding(_ member: [UInt8], at position: Int, among children: [ChildRange]) -> [UInt8]? {
        if position < children.count {
            let child = children[position]
            guard let start = ownedStart(of: child.start), start > 0 else { return nil }
            let indentation = bytes[lineStart(of: child.start)..<child.start]
            return Array(bytes[..<start]) + indentation + member + [UInt8(ascii: ",")] + lineBreak(endingAt: start)
                + Array(bytes[start...])
        }
        guard let last = children.last, ownedStart(of: last.start) != nil, let end = ownedEnd(after: last.valueEnd),
              end.offset > 0, Self.isLineBreak(bytes[end.offset - 1]) else { return nil }
        let indentation = bytes[lineStart(of: last.start)..<last.start]
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + member.count + indentation.count + 4)
        if end.comma == nil {
            result += bytes[..<last.valueEnd]
            result.append(UInt8(ascii: ","))
            // The comma takes the place of a space where two or more stand before aligned comments.
            var rest = last.valueEnd
            if rest + 1 < end.offset, Self.isSpace(bytes[rest]), Self.isSpace(bytes[rest + 1]) { rest += 1 }
            result += bytes[rest..<end.offset]
        } else {
            result += bytes[..<end.offset]
        }
        result += indentation
        result += member
        if end.comma != nil { result.append(UInt8(ascii: ",")) }
        result += lineBreak(endingAt: end.offset)
        result += bytes[end.offset...]
        return result
    }

    /// The whitespace just before `offset` (back to the first byte that is not whitespace), without comments.
    func whitespace(before offset: Int) -> [UInt8] {
        var start = offset
        while start > 0, JSONWhitespace.contains(bytes[start - 1]) { start -= 1 }
        return Array(bytes[start..<offset])
    }

    // MARK: Lines

    /// Where the lines owned by a child starting at `start` begin: its own line's start, moved up over the
    /// comment lines directly above; `nil` when something other than spaces precedes it on its line.
    func ownedStart(of start: Int) -> Int? {
        var lineBegin = lineStart(of: start)
        guard bytes[lineBegin..<start].allSatisfy(Self.isSpace) else { return nil }
        while lineBegin > 0 {
            // The line above, from its end back to its start, over spaces and comments only.
            var cursor = lineBegin - 1
            if bytes[cursor] == 0x0A, cursor > 0, bytes[cursor - 1] == 0x0D { cursor -= 1 }
            var holdsComment = false
            while cursor > 0, !Self.isLineBreak(bytes[cursor - 1]) {
                if Self.isSpace(bytes[cursor - 1]) {
                    cursor -= 1
                } else if let comment = text.comment(endingAt: cursor) {
                    holdsComment = true
                    cursor = comment.lowerBound
                } else {
                    return lineBegin  // code on the line above
                }
            }
            guard holdsComment else { return lineBegin }  // a blank line above
            lineBegin = cursor
        }
        return lineBegin
    }

    /// Where the lines owned by a child whose value ends at `valueEnd` end (past the line break), and its comma
    /// on that line if it has one; `nil` when something other than a comma, spaces and comments follows it on
    /// its line.
    func ownedEnd(after valueEnd: Int) -> (offset: Int, comma: Int?)? {
        var cursor = valueEnd
        var comma: Int?
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if Self.isSpace(byte) {
                cursor += 1
            } else if byte == UInt8(ascii: ","), comma == nil {
                comma = cursor
                cursor += 1
            } else if let comment = text.comment(startingAt: cursor) {
                cursor = comment.upperBound
            } else {
                break
            }
        }
        guard cursor < bytes.count, Self.isLineBreak(bytes[cursor]) else { return nil }
        let breakLength = bytes[cursor] == 0x0D && cursor + 1 < bytes.count && bytes[cursor + 1] == 0x0A ? 2 : 1
        return (cursor + breakLength, comma)
    }

    /// The first byte at or after `offset` that is neither whitespace nor in a comment.
    func nextSignificant(from offset: Int) -> Int? {
        var cursor = offset
        while cursor < bytes.count {
            if JSONWhitespace.contains(bytes[cursor]) {
                cursor += 1
            } else if let comment = text.comment(startingAt: cursor) {
                cursor = comment.upperBound
            } else {
                return cursor
            }
        }
        return nil
    }

    private func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0, !Self.isLineBreak(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The line break that ends just before `offset` (a line's start): LF, CRLF or CR.
    private func lineBreak(endingAt offset: Int) -> [UInt8] {
        guard offset > 0, Self.isLineBreak(bytes[offset - 1]) else { return [0x0A] }
        if bytes[offset - 1] == 0x0A, offset > 1, bytes[offset - 2] == 0x0D { return [0x0D, 0x0A] }
        return [bytes[offset - 1]]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
