// A scan of a document that arrives in pieces: it records each value on one tape as the whole-document scan
// does, stops where the text so far stops, and goes on from there when more has arrived. The tokens are the
// strict scanner's own (strings, numbers, literals, keys), so every rule and limit is checked as in a whole
// parse; only the loop around them is different: its state lives in `ResumableScan` between calls, and it
// moves on only past tokens that are complete.
//
// A token the text cuts short makes the token scanner throw `unexpectedEndOfInput` (each of its checks
// reports a cut that way, and only a cut). The resumable loop then drops what that token wrote and stops
// before it; the next call scans it again from its first byte. A number that reaches the end of the text may
// go on, so it waits too, unless the input has ended. Keys, numbers and literals are short, so scanning one
// again costs little; a caller that may cut a long string many times reads it on by other means and resumes
// only once it has closed (`PartialText` does).

/// Where a resumable scan of one document stands between two calls.
struct ResumableScan {
    /// What the text may hold next.
    enum Expectation {
        /// A value (at the start, after `:`, or after `,` in an array).
        case value
        /// An array's first element or its `]`.
        case firstElement
        /// An object's first key or its `}`.
        case firstKey
        /// A key, after `,` in an object.
        case key
        /// `,` or the innermost container's closing bracket.
        case separator
        /// Nothing but whitespace: the root value is complete.
        case end
    }

    var expectation = Expectation.value
    /// Where the next token may start; everything before it is on the tape.
    var position = 0
    /// The innermost open container's tape index (-1 at the top level), whether it is an object, its
    /// finished members and its last key's tape index; the same for each container around it on `stack`.
    var container = -1
    var isObject = false
    var memberCount = 0
    var previousKey = -1
    var stack: [Scanner.OpenContainer] = []
    /// Grows whenever a value finishes or a container opens: while it stays the same, so does what a
    /// snapshot shows (but for an open string's text).
    var shownChanges = 0

    /// The number of open containers.
    var openDepth: Int { container >= 0 ? stack.count : 0 }

    /// The tape index of the open container at `depth` (0 for the root), below ``openDepth``.
    func openContainer(atDepth depth: Int) -> Int {
        // The stack's first entry stands for the top level, around the root.
        depth + 1 < stack.count ? stack[depth + 1].index : container
    }
}

extension Scanner {
    /// Scans from where `state` stands as far as the text goes, recording complete values on the tape, and
    /// returns the first byte of the token the text ends inside (`nil` when it ends between tokens). With
    /// `isAtEnd`, the input has ended: a number at the very end is complete, and a cut token is an error.
    ///
    /// - Throws: ``JSONSyntaxError`` for text that no continuation can make valid (and with `isAtEnd`, for
    ///   text cut short). The caller asks ``JSONIncrementalParser`` for the error it reports to users.
    mutating func resume(_ state: inout ResumableScan, isAtEnd: Bool) throws(JSONSyntaxError) -> Int? {
        let maximumDepth = max(options.maximumDepth, 0)
        while true {
            let i = skipWhitespace(from: state.position)
            state.position = i
            guard i < end else { return nil }
            let written = tapeCount
            let byte = base[i]
            // The first byte of the token being scanned: where a cut makes the scan wait.
            var token = i
            do throws(JSONSyntaxError) {
                switch state.expectation {
                case .end:
                    throw error(.trailingContent, at: i, expected: "end of input")
                case .separator:
                    if byte == UInt8(ascii: ","), state.isObject {
                        // The key after the comma in the same pass, as the whole-document scan reads it: a turn
                        // of the loop per token costs more than the token (a key is a few bytes). Cut, it waits
                        // as if it had been scanned in a turn of its own.
                        let key = skipWhitespace(from: i + 1)
                        state.position = key
                        state.expectation = .key
                        guard key < end else { return nil }
                        token = key
                        state.position = try scanMemberKey(at: key, expected: "a string key", in: state.container,
                                                           linkedTo: state.previousKey)
                        state.previousKey = tapeCount - 1
                        state.expectation = .value
                    } else if byte == UInt8(ascii: ",") {
                        state.position = i + 1
                        state.expectation = .value
                    } else if byte == (state.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        try closeContainer(&state, at: i)
                    } else {
                        throw error(.unexpectedCharacter, at: i, expected: state.isObject ? "',' or '}'" : "',' or ']'")
                    }
                case .firstKey, .key:
                    if state.expectation == .firstKey, byte == UInt8(ascii: "}") {
                        try closeContainer(&state, at: i)
                        continue
                    }
                    let expected: StaticString = state.expectation == .firstKey ? "a string key or '}'" : "a string key"
                    // The first key links to the last one when the object closes.
                    let link = state.expectation == .firstKey ? 0 : state.previousKey
                    state.position = try scanMemberKey(at: i, expected: expected, in: state.container, linkedTo: link)
                    state.previousKey = tapeCount - 1
                    state.expectation = .value
                case .firstElement, .value:
                    if state.expectation == .firstElement, byte == UInt8(ascii: "]") {
                        try closeContainer(&state, at: i)
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        if state.stack.count >= maximumDepth {
                            throw error(.nestingTooDeep, at: i, expected: "at most \(maximumDepth) levels of nesting",
                                        found: "level \(state.stack.count + 1)", limit: maximumDepth)
                        }
                        let opensObject = byte == UInt8(ascii: "{")
                        state.stack.append(OpenContainer(index: state.container, isObject: state.isObject,
                                                         count: state.memberCount, previousKey: state.previousKey))
                        state.container = try append(TapeEntry(kind: opensObject ? .object : .array, offset: i, payload: 0))
                        state.isObject = opensObject
                        state.memberCount = 0
                        state.previousKey = -1
                        state.position = i + 1
                        state.expectation = opensObject ? .firstKey : .firstElement
                        state.shownChanges &+= 1
                    case UInt8(ascii: "\""):
                        // The common short string first, as the whole-document scan reads it; it takes only a
                        // string whose closing quote is in the text, so a cut one goes to the general scan.
                        if let plainEnd = try scanShortPlainString(at: i, flags: .isASCII, linkedTo: 0) {
                            state.position = plainEnd
                        } else {
                            state.position = try scanString(at: i, isKey: false)
                        }
                        finishValue(&state)
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        let next = try scanNumber(at: i)
                        if next == end, !isAtEnd {
                            // More digits may follow.
                            tapeCount = written
                            return i
                        }
                        state.position = next
                        finishValue(&state)
                    case UInt8(ascii: "t"):
                        state.position = try scanLiteral("true", kind: .true, at: i)
                        finishValue(&state)
                    case UInt8(ascii: "f"):
                        state.position = try scanLiteral("false", kind: .false, at: i)
                        finishValue(&state)
                    case UInt8(ascii: "n"):
                        state.position = try scanLiteral("null", kind: .null, at: i)
                        finishValue(&state)
                    default:
                        throw error(.unexpectedCharacter, at: i, expected: "a value")
                    }
                }
            } catch {
                // Whatever the token wrote goes: the state stands before it, so a caller that waits (a cut, or
                // an error its own checks do not confirm) resumes from a tape that ends where the state does.
                tapeCount = written
                // The token is cut by the end of the text so far: wait before it.
                if error.kind == .unexpectedEndOfInput, !isAtEnd { return token }
                throw error
            }
        }
    }

    /// Counts a value that has just finished in its container (or completes the document).
    private func finishValue(_ state: inout ResumableScan) {
        state.shownChanges &+= 1
        if state.container < 0 {
            state.expectation = .end
        } else {
            state.memberCount += 1
            state.expectation = .separator
        }
    }

    /// Closes the innermost container at its closing bracket, `index`, which finishes it as a value.
    private mutating func closeContainer(_ state: inout ResumableScan, at index: Int) throws(JSONSyntaxError) {
        if state.isObject, state.memberCount > 0 {
            // The first key links to the last, where a lookup starts.
            tapeBase[state.container + 1].payload |= UInt64(state.previousKey) << 32
        }
        (state.container, state.memberCount, state.isObject, state.previousKey) =
            try close(state.container, isObject: state.isObject, count: state.memberCount, stack: &state.stack)
        state.position = index + 1
        finishValue(&state)
    }
}
