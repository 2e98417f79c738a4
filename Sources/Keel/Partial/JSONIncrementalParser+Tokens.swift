// Strings and numbers read across chunk boundaries: each keeps a small state (an escape half read, a
// multi-byte character missing bytes, where a number's grammar stands) so that the next chunk carries on
// where the last one stopped. The checks and messages are the strict scanner's.

extension JSONIncrementalParser {
    /// Where an escape sequence stands inside a string.
    struct EscapeState: Sendable {
        enum Stage: UInt8, Sendable {
            /// No escape open.
            case none
            /// After `\`.
            case backslash
            /// Reading the four hex digits after `\u`.
            case hex
            /// After a high surrogate's escape: a low one must follow.
            case afterHigh
            /// After a high surrogate's escape and `\`.
            case afterHighBackslash
            /// Reading the low surrogate's four hex digits.
            case lowHex
        }

        var stage = Stage.none
        var digits = 0
        var value: UInt32 = 0
        var high: UInt16 = 0
        /// The offset of the escape's backslash (the first one, for a surrogate pair), and its line and column
        /// once the chunk holding it has passed.
        var start = 0
        var startPlace: TextPosition?
        /// The offset of a second backslash after a high surrogate, and its line and column once its chunk has passed.
        var secondStart = 0
        var secondStartPlace: TextPosition?

        /// What the input would need next, if it ended here.
        var expectation: String? {
            switch stage {
            case .none: return nil
            case .backslash: return "an escape character after '\\'"
            case .hex, .lowHex: return "four hex digits after '\\u'"
            case .afterHigh, .afterHighBackslash: return "a low surrogate escape (\\uDC00 to \\uDFFF)"
            }
        }
    }

    /// Where a multi-byte UTF-8 character stands inside a string.
    struct UTF8State: Sendable {
        /// Continuation bytes still due.
        var remaining = 0
        /// The range the next byte must fall in (narrower after some lead bytes).
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        /// Why the second byte's range is narrow, for the message.
        var why = "a continuation byte (0x80 to 0xBF)"

        var expectation: String? { remaining > 0 ? why : nil }
    }

    /// Where a number stands in RFC 8259's grammar.
    enum NumberState: UInt8, Sendable {
        case start, minus, zero, integer, dot, fraction, exponent, exponentSign, exponentDigits

        /// Whether the bytes so far are a whole number.
        var isComplete: Bool {
            switch self {
            case .zero, .integer, .fraction, .exponentDigits: return true
            default: return false
            }
        }
    }

    // MARK: Strings

    mutating func beginString(isKey: Bool, at i: Int) {
        token = .string
        stringIsKey = isKey
        stringStart = consumed + i
        stringStartPlace = nil
        text.removeAll(keepingCapacity: true)
        wholeLength = 0
        escape = EscapeState()
        utf8 = UTF8State()
    }

    /// Reads a string's bytes from `start`; returns where it stopped (after the closing quote, or the chunk's end).
    mutating func continueString(_ chunk: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start
        let end = chunk.count
        let lengthBefore = wholeLength
        defer {
            if !stringIsKey, token == .string, wholeLength != lengthBefore { changeCount &+= 1 }
        }
        while i < end {
            if escape.stage != .none {
                i = try continueEscape(chunk, at: i)
                continue
            }
            if utf8.remaining > 0 {
                i = try continueUTF8(chunk, at: i)
                continue
            }
            // A run of plain bytes: ASCII eight at a time, and whole, well-formed multi-byte characters.
            var j = i
            run: while true {
                if let base = chunk.baseAddress {
                    while j &+ 8 <= end {
                        let mask = Scanner.attentionMask(UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
                        if mask != 0 {
                            j &+= mask.trailingZeroBitCount &>> 3
                            break
                        }
                        j &+= 8
                    }
                }
                while j < end {
                    let byte = chunk[j]
                    if byte < 0x80 {
                        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break run }
                        j &+= 1
                        continue
                    }
                    // The common forms whose continuation bytes are unrestricted; the rest (and every error)
                    // go through `beginUTF8`.
                    if byte >= 0xC2, byte <= 0xDF, j &+ 1 < end, chunk[j &+ 1] & 0xC0 == 0x80 {
                        j &+= 2
                    } else if byte >= 0xE1, byte <= 0xEF, byte != 0xED, j &+ 2 < end,
                              chunk[j &+ 1] & 0xC0 == 0x80, chunk[j &+ 2] & 0xC0 == 0x80 {
                        j &+= 3
                    } else {
                        break run
                    }
                    continue run
                }
                break
            }
            if j > i {
                // A string that starts and ends in this run needs no copy.
                if text.isEmpty, j < end, chunk[j] == UInt8(ascii: "\""), i == stringStart + 1 - consumed {
                    try endString(chunk, at: j, direct: UnsafeBufferPointer(rebasing: chunk[i..<j]))
                    return j &+ 1
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[i..<j]))
                wholeLength = text.count
                i = j
            }
            guard i < end else { break }
            let byte = chunk[i]
            if byte == UInt8(ascii: "\"") {
                try endString(chunk, at: i)
                return i &+ 1
            } else if byte == UInt8(ascii: "\\") {
                escape.stage = .backslash
                escape.start = consumed + i
                escape.startPlace = nil
                i &+= 1
            } else if byte < 0x20 {
                try fail(.controlCharacterInString, at: consumed + i, in: chunk,
                         expected: "it escaped, as in \(Scanner.escapeSuggestion(for: byte))")
            } else {
                try beginUTF8(chunk, at: i)
                i &+= 1
            }
        }
        // A string longer than the limit fails at its end, as in `JSONDocument` (an error inside it comes
        // first); meanwhile its text stops growing, so that memory stays bounded.
        if text.count > options.maximumStringLength {
            text.removeSubrange(max(options.maximumStringLength, 0)...)
            wholeLength = min(wholeLength, text.count)
        }
        return i
    }

    /// Ends the open string at the closing quote `i`: its text is `direct` when given (the whole string lay in
    /// one run of the chunk), otherwise what was gathered.
    private mutating func endString(
        _ chunk: UnsafeBufferPointer<UInt8>, at i: Int, direct: UnsafeBufferPointer<UInt8>? = nil
    ) throws(JSONSyntaxError) {
        let length = consumed + i - stringStart - 1
        if length > options.maximumStringLength {
            try fail(.stringTooLong, at: stringStart, in: chunk, expected: "at most \(options.maximumStringLength) bytes",
                     found: "\(length) bytes", limit: options.maximumStringLength, place: stringPlace(in: chunk))
        }
        token = .none
        let string = direct.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: text, as: UTF8.self)
        if stringIsKey {
            let last = frames.count - 1
            if options.duplicateKeys == .reject {
                // Checked when the object closes, as `JSONDocument` does, so that an error before then comes first.
                frames[last].keyPlaces.append((stringStart, stringPlace(in: chunk)))
            }
            frames[last].pendingKey = string
            expectation = .colon
        } else {
            complete(.string(string))
        }
    }

    // MARK: Escapes

    private mutating func continueEscape(_ chunk: UnsafeBufferPointer<UInt8>, at i: Int) throws(JSONSyntaxError) -> Int {
        let byte = chunk[i]
        switch escape.stage {
        case .none:
            return i
        case .backslash:
            let simple: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
            case UInt8(ascii: "b"): simple = 0x08
            case UInt8(ascii: "f"): simple = 0x0C
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                escape.stage = .hex
                escape.digits = 0
                escape.value = 0
                return i &+ 1
            default:
                let shown = byte >= 0x20 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "U+" + HexDigits.four(UInt16(byte))
                try fail(.invalidEscape, at: escape.start, in: chunk,
                         expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits",
                         found: "'\\\(shown)'", place: escapePlace(in: chunk))
            }
            text.append(simple)
            wholeLength = text.count
            escape.stage = .none
            return i &+ 1
        case .hex, .lowHex:
            guard let digit = HexDigits.value(byte) else {
                try fail(.invalidEscape, at: consumed + i, in: chunk, expected: "four hex digits after '\\u'")
            }
            escape.value = escape.value << 4 | UInt32(digit)
            escape.digits += 1
            if escape.digits == 4 { try endHexEscape(chunk) }
            return i &+ 1
        case .afterHigh:
            if byte == UInt8(ascii: "\\") {
                escape.stage = .afterHighBackslash
                escape.secondStart = consumed + i
                escape.secondStartPlace = nil
                return i &+ 1
            }
            // Anything else leaves the high surrogate alone; the byte is read again as string content.
            try loneHighSurrogate(chunk)
            escape.stage = .none
            return i
        case .afterHighBackslash:
            if byte == UInt8(ascii: "u") {
                escape.stage = .lowHex
                escape.digits = 0
                escape.value = 0
                return i &+ 1
            }
            // Another escape follows the lone high surrogate: read it from its backslash.
            try loneHighSurrogate(chunk)
            escape.stage = .backslash
            escape.start = escape.secondStart
            escape.startPlace = escape.secondStartPlace
            return i
        }
    }

    /// Four hex digits have been read: a scalar, half of a pair, or a lone surrogate.
    private mutating func endHexEscape(_ chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        let unit = UInt16(escape.value)
        if escape.stage == .lowHex {
            if (0xDC00...0xDFFF).contains(unit) {
                let scalar = 0x10000 + (UInt32(escape.high) - 0xD800) << 10 + (UInt32(unit) - 0xDC00)
                appendScalar(scalar)
                escape.stage = .none
                return
            }
            // Not a low surrogate: the high one stands alone, and this escape is read on its own.
            try loneHighSurrogate(chunk)
            escape.start = escape.secondStart
            escape.startPlace = escape.secondStartPlace
        }
        switch unit {
        case 0xD800...0xDBFF:
            escape.high = unit
            escape.stage = .afterHigh
        case 0xDC00...0xDFFF:
            guard options.loneSurrogates == .replace else {
                try fail(.loneSurrogate, at: escape.start, in: chunk,
                         expected: "a high surrogate escape (\\uD800 to \\uDBFF) before it",
                         found: "\\u" + HexDigits.four(unit), place: escapePlace(in: chunk))
            }
            appendScalar(0xFFFD)
            escape.stage = .none
        default:
            appendScalar(UInt32(unit))
            escape.stage = .none
        }
    }

    private mutating func loneHighSurrogate(_ chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard options.loneSurrogates == .replace else {
            try fail(.loneSurrogate, at: escape.start, in: chunk,
                     expected: "a low surrogate escape (\\uDC00 to \\uDFFF) after it",
                     found: "\\u" + HexDigits.four(escape.high), place: escapePlace(in: chunk))
        }
        appendScalar(0xFFFD)
    }

    /// The line and column of the open string's quote.
    private mutating func stringPlace(in chunk: UnsafeBufferPointer<UInt8>) -> TextPosition {
        stringStartPlace ?? place(of: stringStart, in: chunk)
    }

    /// The line and column of the open number's first byte.
    private mutating func numberPlace(in chunk: UnsafeBufferPointer<UInt8>) -> TextPosition {
        numberStartPlace ?? place(of: numberStart, in: chunk)
    }

    /// The line and column of the open escape's backslash.
    private mutating func escapePlace(in chunk: UnsafeBufferPointer<UInt8>) -> TextPosition {
        escape.startPlace ?? place(of: escape.start, in: chunk)
    }

    private mutating func appendScalar(_ value: UInt32) {
        switch value {
        case ..<0x80:
            text.append(UInt8(value))
        case ..<0x800:
            text.append(UInt8(0xC0 | value >> 6))
            text.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            text.append(UInt8(0xE0 | value >> 12))
            text.append(UInt8(0x80 | value >> 6 & 0x3F))
            text.append(UInt8(0x80 | value & 0x3F))
        default:
            text.append(UInt8(0xF0 | value >> 18))
            text.append(UInt8(0x80 | value >> 12 & 0x3F))
            text.append(UInt8(0x80 | value >> 6 & 0x3F))
            text.append(UInt8(0x80 | value & 0x3F))
        }
        wholeLength = text.count
    }

    // MARK: UTF-8

    /// Checks a lead byte (above 0x7F) and notes how many continuation bytes must follow, and in what range.
    private mutating func beginUTF8(_ chunk: UnsafeBufferPointer<UInt8>, at i: Int) throws(JSONSyntaxError) {
        let lead = chunk[i]
        guard let rule = UTF8LeadRule(lead) else {
            try fail(.invalidUTF8, at: consumed + i, in: chunk, expected: UTF8LeadRule.expectation(insteadOf: lead),
                     found: "byte 0x\(HexDigits.two(lead))")
        }
        utf8 = UTF8State(remaining: rule.length - 1, low: rule.low, high: rule.high, why: rule.why)
        text.append(lead)
    }

    private mutating func continueUTF8(_ chunk: UnsafeBufferPointer<UInt8>, at i: Int) throws(JSONSyntaxError) -> Int {
        let byte = chunk[i]
        guard byte >= utf8.low, byte <= utf8.high else {
            let isSecond = utf8.low != 0x80 || utf8.high != 0xBF
            try fail(.invalidUTF8, at: consumed + i, in: chunk,
                     expected: isSecond ? utf8.why : "a continuation byte (0x80 to 0xBF)", found: "byte 0x\(HexDigits.two(byte))")
        }
        text.append(byte)
        utf8.remaining -= 1
        utf8.low = 0x80
        utf8.high = 0xBF
        if utf8.remaining == 0 { wholeLength = text.count }
        return i &+ 1
    }

    // MARK: Numbers

    /// Reads a number's bytes from `start`; when a byte ends it, completes it and returns that byte's index
    /// (the byte itself is read as structure).
    mutating func continueNumber(_ chunk: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start
        let end = chunk.count
        var state = numberState
        var ended = false
        scan: while i < end {
            let byte = chunk[i]
            let isDigit = byte &- UInt8(ascii: "0") < 10
            switch state {
            case .start:
                state = byte == UInt8(ascii: "-") ? .minus : (byte == UInt8(ascii: "0") ? .zero : .integer)
            case .minus:
                guard isDigit else { try missingDigit(at: consumed + i, in: chunk, after: "'-'") }
                state = byte == UInt8(ascii: "0") ? .zero : .integer
            case .zero, .integer, .fraction:
                if isDigit {
                    guard state != .zero else {
                        try fail(.invalidNumber, at: consumed + i, in: chunk, expected: "'.', 'e' or the end of the number after a leading 0")
                    }
                    break
                }
                if byte == UInt8(ascii: "."), state != .fraction {
                    state = .dot
                } else if byte | 0x20 == UInt8(ascii: "e") {
                    state = .exponent
                } else {
                    ended = true
                    break scan
                }
            case .dot:
                guard isDigit else { try missingDigit(at: consumed + i, in: chunk, after: "'.'") }
                state = .fraction
            case .exponent:
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    state = .exponentSign
                } else {
                    guard isDigit else { try missingDigit(at: consumed + i, in: chunk, after: "the exponent marker") }
                    state = .exponentDigits
                }
            case .exponentSign:
                guard isDigit else { try missingDigit(at: consumed + i, in: chunk, after: "the exponent marker") }
                state = .exponentDigits
            case .exponentDigits:
                guard isDigit else {
                    ended = true
                    break scan
                }
            }
            i &+= 1
        }
        numberState = state
        numberLength += i - start
        // Past the limit the digits are counted, not kept (the number fails when it ends, as in `JSONDocument`).
        if i > start, number.count <= options.maximumNumberLength {
            number.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<i]))
        }
        if ended { try completeNumber(in: chunk) }
        return i
    }

    mutating func completeNumber(in chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if numberLength > options.maximumNumberLength {
            try fail(.numberTooLong, at: numberStart, in: chunk, expected: "at most \(options.maximumNumberLength) bytes",
                     found: "\(numberLength) bytes", limit: options.maximumNumberLength, place: numberPlace(in: chunk))
        }
        token = .none
        complete(.number(currentNumber()))
    }

    /// The open number's value, valid when its state is complete.
    func currentNumber() -> JSONNumber {
        let isPlainInteger = numberState == .zero || numberState == .integer
        return number.withUnsafeBufferPointer { JSONNumber(validatedLiteral: $0, isPlainInteger: isPlainInteger) }
    }

    mutating func missingDigit(at offset: Int, in chunk: UnsafeBufferPointer<UInt8>, after what: String = "") throws(JSONSyntaxError) -> Never {
        let expected = what.isEmpty ? "a digit" : "a digit after \(what)"
        let atEnd = offset - consumed >= chunk.count
        try fail(atEnd ? .unexpectedEndOfInput : .invalidNumber, at: offset, in: chunk, expected: expected)
    }
}
