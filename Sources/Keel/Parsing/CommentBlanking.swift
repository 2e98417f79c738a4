// JSON with comments (JSONC) read by the strict scanner: a copy of the text in which each comment and each
// trailing comma is spaces (a block comment keeps its line breaks). Offsets, lines and every value are then the
// same in the copy and in the text as written, so the scanner, the tape and every reader work unchanged on the
// copy, strict parsing pays nothing for the option, and an edit can splice the text as written at the offsets
// the tape gives.

/// The copy the scanner reads, and where the comments and trailing commas were.
struct BlankedText {
    /// The text with comments and trailing commas replaced by spaces.
    var bytes: [UInt8]
    /// Each comment, in order: `//` up to its line break (not included), or `/*` through `*/`.
    var comments: [Range<Int>] = []
    /// The offset of each trailing comma, in order.
    var trailingCommas: [Int] = []
    /// Where a comment starts that the input ends inside of (a block comment with no `*/`, or a `/` as the last
    /// byte), if one does, and what would finish it. It is left in the copy, so the scanner stops there at the
    /// latest, and ``explaining(_:syntax:in:)`` says why.
    var unfinishedComment: (start: Int, expected: String)?

    /// Blanks the comments and trailing commas of `text`.
    ///
    /// Only what JSONC allows is blanked: a comma is trailing when a value ends before it and a closing
    /// bracket follows (past whitespace and comments), so `[,]`, `[1,,]` and `{"a",}` are left for the scanner
    /// to reject where strict JSON would. A lone `/` is left for it too. Nesting deeper than `maximumDepth`
    /// stops the pass: the scanner fails there before reading further.
    init(blanking text: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        bytes = Array(text)
        let count = text.count
        var index = 0
        // The comma that may turn out to be trailing: after a value, with only whitespace and comments since.
        var pendingComma: Int?
        // Whether the last token ended a value (an element, a member's value, a closed container).
        var afterValue = false
        // Whether the next string is a key: after `{`, or after a comma inside an object.
        var expectingKey = false
        // Open containers, `true` for an object.
        var objects: [Bool] = []
        loop: while index < count {
            let byte = text[index]
            if JSONWhitespace.contains(byte) {
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "/") where index + 1 < count && text[index + 1] == UInt8(ascii: "/"):
                var end = index + 2
                while end < count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
                blank(index..<end)
                index = end
            case UInt8(ascii: "/") where index + 1 < count && text[index + 1] == UInt8(ascii: "*"):
                var end = index + 2
                while end + 1 < count, !(text[end] == UInt8(ascii: "*") && text[end + 1] == UInt8(ascii: "/")) { end += 1 }
                guard end + 1 < count else {
                    unfinishedComment = (index, "'*/' to close the comment")
                    break loop
                }
                blank(index..<(end + 2))
                index = end + 2
            case UInt8(ascii: "/") where index + 1 == count:
                // More input could make it a comment, as a stream that is still arriving may.
                unfinishedComment = (index, "'/' or '*' to begin the comment")
                break loop
            case UInt8(ascii: "\""):
                // A string: comments and commas inside it are text.
                var end = index + 1
                while end < count, text[end] != UInt8(ascii: "\"") {
                    end += text[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = end + 1
                pendingComma = nil
                afterValue = !expectingKey
                expectingKey = false
            case UInt8(ascii: ","):
                pendingComma = afterValue ? index : nil
                afterValue = false
                expectingKey = objects.last == true
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma = pendingComma {
                    bytes[comma] = 0x20
                    trailingCommas.append(comma)
                }
                pendingComma = nil
                if !objects.isEmpty { objects.removeLast() }
                afterValue = true
                expectingKey = false
                index += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard objects.count < maximumDepth else { break loop }
                objects.append(byte == UInt8(ascii: "{"))
                pendingComma = nil
                afterValue = false
                expectingKey = byte == UInt8(ascii: "{")
                index += 1
            case UInt8(ascii: ":"):
                pendingComma = nil
                afterValue = false
                expectingKey = false
                index += 1
            default:
                // A number or literal (or a byte the scanner rejects): one token, up to the next delimiter.
                pendingComma = nil
                afterValue = true
                expectingKey = false
                index += 1
                while index < count, !BlankedText.endsToken(text[index]) { index += 1 }
            }
        }
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
             UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{"):
            return true
        default:
            return false
        }
    }

    /// Turns a comment into spaces, keeping its line breaks so lines stay where they were.
    private mutating func blank(_ range: Range<Int>) {
        comments.append(range)
        for offset in range where bytes[offset] != 0x0A && bytes[offset] != 0x0D { bytes[offset] = 0x20 }
    }

    /// The scanner's error for the copy, told in terms of the text as written: its line and column counted in
    /// `text` (a comment's characters are one column each there, where the copy has a space per byte), the
    /// syntax named, and a block comment left open reported as such.
    func explaining(_ error: JSONSyntaxError, syntax: JSONParsingOptions.Syntax,
                    in text: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        if let unfinishedComment, error.byteOffset >= unfinishedComment.start, error.kind != .insufficientMemory {
            let start = JSONSourceLocation(byteOffset: unfinishedComment.start, in: text)
            let end = JSONSourceLocation(byteOffset: text.count, in: text)
            return JSONSyntaxError(
                kind: .unexpectedEndOfInput, byteOffset: end.byteOffset, line: end.line, column: end.column,
                expected: "\(unfinishedComment.expected) at line \(start.line), column \(start.column)",
                found: "end of input", syntax: syntax)
        }
        return error.read(as: syntax, in: text)
    }
}
