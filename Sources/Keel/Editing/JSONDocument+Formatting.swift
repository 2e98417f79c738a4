// Laying out a document's text afresh while keeping its comments: the text is read token by token (comments
// are tokens too) and written with new whitespace, each comment where it was relative to the code: after a
// token on the same line, or on a line of its own at the indentation of what follows.

extension JSONDocument {
    /// The document's text laid out afresh, keeping every comment: one member or element per line, indented
    /// `indent` spaces per level (``JSONWritingOptions/Layout/pretty(indent:)``), or without whitespace
    /// (``JSONWritingOptions/Layout/compact``, where a line comment still ends its line).
    ///
    /// Numbers, strings, comments and trailing commas are kept exactly as written, and so is member order. A
    /// comment that followed code on its line still does; one on a line of its own is re-indented with the
    /// code after it; a blank line between two members stays one blank line. For strict JSON text this is
    /// the same layout ``JSONView/jsonText(options:)`` writes, with every number and string as written.
    ///
    /// ```swift
    /// var options = JSONParsingOptions()
    /// options.syntax = .jsonc
    /// let document = try JSONDocument(parsing: "{\n// size\n\"a\": 1,}", options: options)
    /// let text = document.formattedText(layout: .pretty(indent: 2))
    /// // {\n  // size\n  "a": 1,\n}
    /// ```
    public func formattedText(layout: JSONWritingOptions.Layout = .pretty(indent: 2)) -> [UInt8] {
        var formatter = CommentedFormatter(text: storage.commentedText ?? CommentedText(bytes: storage.bytes, comments: [], trailingCommas: []),
                                           layout: layout)
        formatter.run()
        return formatter.output
    }
}

/// One pass over the text as written, writing each token with new whitespace.
private struct CommentedFormatter {
    let text: CommentedText
    let indent: Int?
    var output: [UInt8] = []
    private var level = 0
    /// Whether a line break (and indentation) goes before the next token.
    private var breakPending = false
    /// Whether that break must be written even in the compact layout (after a line comment).
    private var breakRequired = false
    /// Whether the text had a blank line before the next token.
    private var blankLineBefore = false
    /// Line breaks in the text since the last token.
    private var breaksSinceToken = 0
    /// Whether a space goes before the next token written on the same line (after a block comment).
    private var spacePending = false
    /// Whether the last thing written was a block comment on a line of its own: code on the next line of the
    /// text then goes on the next line too, as under a heading.
    private var ownLineBlockComment = false

    init(text: CommentedText, layout: JSONWritingOptions.Layout) {
        self.text = text
        if case .pretty(let indent) = layout { self.indent = max(0, indent) } else { indent = nil }
        output.reserveCapacity(text.bytes.count + text.bytes.count / 4)
    }

    mutating func run() {
        let bytes = text.bytes
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte-order mark is not kept
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                breaksSinceToken += 1
                index += 1
                continue
            }
            if JSONWhitespace.contains(byte) {
                index += 1
                continue
            }
            if let length = json5Whitespace(at: index) {
                // A line or paragraph separator ends a line in JSON5 (and a line comment before it).
                if length == 3, bytes.withUnsafeBufferPointer({ JSON5Whitespace.isLineSeparator(at: index, in: $0) }) {
                    breaksSinceToken += 1
                }
                index += length
                continue
            }
            if let comment = text.comment(startingAt: index) {
                writeComment(comment)
                index = comment.upperBound
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                startToken()
                output.append(byte)
                index += 1
                var next = index
                while next < bytes.count, let length = whitespaceLength(at: next) { next += length }
                if next < bytes.count, bytes[next] == closer {
                    output.append(closer)  // empty, with no comment inside: `{}` and `[]`
                    index = next + 1
                    endToken()
                } else {
                    level += 1
                    endToken()
                    breakPending = true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
                breakPending = true
                blankLineBefore = false
                breaksSinceToken = min(breaksSinceToken, 1)
                startToken()
                output.append(byte)
                index += 1
                endToken()
            case UInt8(ascii: ","):
                writeRequiredBreak()
                output.append(byte)
                index += 1
                endToken()
                breakPending = true
            case UInt8(ascii: ":"):
                writeRequiredBreak()
                output.append(byte)
                if indent != nil { output.append(0x20) }
                index += 1
                endToken()
            default:
                startToken()
                let start = index
                index = tokenEnd(from: index)
                output += bytes[start..<index]
                endToken()
            }
        }
    }

    /// The end of a string (in double quotes, or JSON5's single quotes) or of a number, literal or JSON5
    /// name starting at `start`.
    private func tokenEnd(from start: Int) -> Int {
        let bytes = text.bytes
        var index = start
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            while index < bytes.count, bytes[index] != quote {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(index + 1, bytes.count)
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
                 UInt8(ascii: "/"):
                return index
            default:
                if json5Whitespace(at: index) != nil { return index }
                index += 1
            }
        }
        return index
    }

    /// The length of the whitespace character at `index` (JSON's, or JSON5's in a document read as JSON5), or
    /// `nil` when there is none.
    private func whitespaceLength(at index: Int) -> Int? {
        JSONWhitespace.contains(text.bytes[index]) ? 1 : json5Whitespace(at: index)
    }

    /// The length of the whitespace character at `index` that JSON5 has and JSON has not (vertical tab, form
    /// feed, no-break space, U+2028, ...), in a document read as JSON5; `nil` otherwise.
    private func json5Whitespace(at index: Int) -> Int? {
        let byte = text.bytes[index]
        guard text.translation != nil, byte == 0x0B || byte == 0x0C || byte >= 0x80 else { return nil }
        let length = text.bytes.withUnsafeBufferPointer { JSON5Whitespace.length(at: index, in: $0) }
        return length > 0 ? length : nil
    }

    /// Writes the pending line break, if any, before a token; a blank line in the text stays one blank line.
    private mutating func startToken() {
        if breaksSinceToken > 1 { blankLineBefore = true }
        if ownLineBlockComment, breaksSinceToken > 0 { breakPending = true }
        ownLineBlockComment = false
        guard breakPending, !output.isEmpty else {
            if spacePending, indent != nil { output.append(0x20) }
            breakPending = false
            blankLineBefore = false
            spacePending = false
            return
        }
        if let indent {
            output.append(0x0A)
            if blankLineBefore { output.append(0x0A) }
            output += repeatElement(0x20, count: indent * max(level, 0))
        } else if breakRequired {
            output.append(0x0A)
        }
        breakPending = false
        breakRequired = false
        blankLineBefore = false
        spacePending = false
    }

    /// Ends the line where a line comment left it open, before a comma or colon (which need no other break).
    private mutating func writeRequiredBreak() {
        guard breakRequired else { return }
        startToken()
    }

    private mutating func endToken() {
        breaksSinceToken = 0
    }

    /// A comment: after the previous token when it was on that token's line, otherwise on its own line.
    private mutating func writeComment(_ comment: Range<Int>) {
        let isLineComment = text.bytes[comment.lowerBound + 1] == UInt8(ascii: "/")
        if breaksSinceToken == 0, !output.isEmpty {
            // After code on its line: it stays there.
            if breakRequired { startToken() }
            if indent != nil, output.last != 0x20, output.last != 0x0A { output.append(0x20) }
            output += text.bytes[comment]
        } else {
            breakPending = true
            startToken()
            output += text.bytes[comment]
            ownLineBlockComment = !isLineComment
        }
        breaksSinceToken = 0
        if isLineComment {
            breakPending = true
            breakRequired = true
        } else {
            spacePending = true
        }
    }
}
