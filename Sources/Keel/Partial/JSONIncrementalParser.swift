// A parser that takes a document in pieces, cut anywhere, and can say at any moment what has arrived. It keeps
// only what a snapshot needs: the members already finished of each open container, and the token being read
// (a string's text so far, a number's digits, how much of a literal matched). No byte is looked at twice, so
// the work for a chunk is proportional to the chunk, whatever came before it.

/// Parses a JSON document that arrives in chunks, and gives a snapshot of it at any time.
///
/// Feed bytes as they come, cut anywhere (inside a key, a string, a `\u` escape, a multi-byte character, a
/// number or `true`), and ask for ``snapshot(numbersInProgress:)`` whenever the screen should change:
///
/// ```swift
/// var parser = JSONIncrementalParser()
/// try parser.feed(#"{"title": "Shopping", "items": ["eggs", "mi"#)
/// parser.snapshot().value          // {"title":"Shopping","items":["eggs","mi"]}
/// parser.snapshot().openPath       // $.items[1]
/// try parser.feed(#"lk"]}"#)
/// let whole = try parser.finish()  // {"title":"Shopping","items":["eggs","milk"]}
/// ```
///
/// The grammar is RFC 8259, exactly as ``JSONDocument`` parses it, with the same options (depth, lengths,
/// lone surrogates, byte-order mark) and the same errors: a syntax error is thrown by the `feed` whose bytes
/// show it, with its byte offset, line and column in the whole document. After an error the parser stays
/// failed and every later call throws the same error.
public struct JSONIncrementalParser: Sendable {
    /// The options the document is parsed with. The incremental parser reads strict UTF-8 JSON only:
    /// ``JSONParsingOptions/textEncoding`` and ``JSONParsingOptions/syntax`` are not applied.
    public let options: JSONParsingOptions

    /// An open array or object: the members finished so far.
    struct Frame: Sendable {
        var isObject: Bool
        var keys: [String] = []
        var values: [JSON] = []
        /// In an object, the key of the member whose value is being read (after its colon).
        var pendingKey: String?
        /// Where each key began, when duplicate keys are rejected (checked as the object closes).
        var keyPlaces: [(offset: Int, place: TextPosition)] = []
    }

    /// What the next structural byte may be.
    enum Expectation: UInt8, Sendable {
        /// A value: at the start, after `:` and after `,` in an array.
        case value
        /// A value or `]`, right after `[`.
        case firstElement
        /// A key or `}`, right after `{`.
        case firstKey
        /// A key, after `,` in an object.
        case key
        /// The `:` after a key.
        case colon
        /// `,` or the container's closing bracket, after a member.
        case separator
        /// Nothing but whitespace: the document is complete.
        case end
    }

    /// The token being read, if one is open across the end of a chunk.
    enum Token: UInt8, Sendable {
        case none, string, number, literal
    }

    var frames: [Frame] = []
    var root: JSON?
    var expectation = Expectation.value
    var token = Token.none
    var failure: JSONSyntaxError?

    // The open string: its unescaped text, how much of it is whole scalars, and the state of an escape.
    var text: [UInt8] = []
    var wholeLength = 0
    var stringIsKey = false
    var stringStart = 0
    var stringStartPlace: TextPosition?
    var escape = EscapeState()
    var utf8 = UTF8State()

    // The open number's bytes and grammar state, or the open literal and how much of it matched.
    var number: [UInt8] = []
    var numberState = NumberState.start
    var numberStart = 0
    /// The open number's length so far (its bytes are kept only up to the length limit).
    var numberLength = 0
    var numberStartPlace: TextPosition?
    var literal: StaticString = "null"
    var literalMatched = 0

    /// Bytes consumed before the current chunk.
    var consumed = 0
    /// How far a byte-order mark has been matched at the start (`nil` once decided).
    var byteOrderMarkMatched: Int? = 0
    /// Lines and columns, counted lazily up to `positionOffset`.
    var position = TextPosition()
    var positionOffset = 0

    /// A count that grows whenever a snapshot would differ from the one before (a value began, grew or ended).
    public internal(set) var changeCount = 0

    /// A parser for one document.
    public init(options: JSONParsingOptions = JSONParsingOptions()) {
        self.options = options
        frames.reserveCapacity(16)
    }

    /// The number of bytes fed so far.
    public var byteCount: Int { consumed }

    /// Whether the whole document has arrived (only whitespace may follow).
    public var isComplete: Bool { expectation == .end && failure == nil }

    // MARK: Feeding

    /// Parses the next piece of the document.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        if let failure { throw failure }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        let count = bytes.count
        let chunk = UnsafeBufferPointer(start: base, count: count)
        do {
            if consumed > options.maximumDocumentSize - count {
                try fail(.documentTooLarge, at: options.maximumDocumentSize, in: chunk,
                         expected: "at most \(options.maximumDocumentSize) bytes", found: "more", limit: options.maximumDocumentSize)
            }
            try parse(chunk)
        } catch {
            failure = error
            throw error
        }
        // Places an error may still name once this chunk is gone: where the open token began.
        switch token {
        case .string:
            if stringStartPlace == nil { stringStartPlace = place(of: stringStart, in: chunk) }
            if escape.stage != .none, escape.startPlace == nil { escape.startPlace = place(of: escape.start, in: chunk) }
            if escape.stage == .afterHighBackslash || escape.stage == .lowHex, escape.secondStartPlace == nil {
                escape.secondStartPlace = place(of: escape.secondStart, in: chunk)
            }
        case .number:
            if numberStartPlace == nil { numberStartPlace = place(of: numberStart, in: chunk) }
        default:
            break
        }
        _ = place(of: consumed + count, in: chunk)
        consumed += count
    }

    /// Parses the next piece of the document.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        let result = bytes.withContiguousStorageIfAvailable { buffer in feeding(UnsafeRawBufferPointer(buffer)) }
            ?? Array(bytes).withUnsafeBytes { buffer in feeding(buffer) }
        try result.get()
    }

    /// Parses the next piece of the document, given as text.
    public mutating func feed(_ text: String) throws(JSONSyntaxError) {
        var text = text
        try text.withUTF8 { buffer in feeding(UnsafeRawBufferPointer(buffer)) }.get()
    }

    /// `feed(_:)` with its error as a result, for the standard library's closures, which throw untyped errors.
    private mutating func feeding(_ buffer: UnsafeRawBufferPointer) -> Result<Void, JSONSyntaxError> {
        do throws(JSONSyntaxError) {
            try feed(buffer)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// Ends the input: returns the whole document's value, or throws the error its end shows (a value cut short).
    public mutating func finish() throws(JSONSyntaxError) -> JSON {
        if let failure { throw failure }
        do {
            try finishInput()
        } catch {
            failure = error
            throw error
        }
        return root ?? .null
    }

    private mutating func finishInput() throws(JSONSyntaxError) {
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        // Part of a byte-order mark and nothing after it: its first byte begins no value.
        if let matched = byteOrderMarkMatched, matched > 0 {
            try fail(.unexpectedCharacter, at: 0, in: empty, expected: "a value", found: "byte 0xEF", place: TextPosition())
        }
        switch token {
        case .number:
            // The input's end ends a number, if its digits are whole.
            switch numberState {
            case .start, .minus: try missingDigit(at: consumed, in: empty, after: "'-'")
            case .dot: try missingDigit(at: consumed, in: empty, after: "'.'")
            case .exponent, .exponentSign: try missingDigit(at: consumed, in: empty, after: "the exponent marker")
            default: try completeNumber(in: empty)
            }
        case .string:
            try fail(.unexpectedEndOfInput, at: consumed, in: empty,
                     expected: escape.expectation ?? utf8.expectation ?? "'\"' to close the string that starts at byte \(stringStart)")
        case .literal:
            try fail(.unexpectedEndOfInput, at: consumed, in: empty, expected: "the literal '\(literal)'")
        case .none:
            break
        }
        if expectation != .end {
            throw error(.unexpectedEndOfInput, at: consumed, in: empty, expected: describe(expectation))
        }
    }

    // MARK: The structure

    private mutating func parse(_ chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        var i = 0
        let end = chunk.count
        if let matched = byteOrderMarkMatched { i = try skipByteOrderMark(chunk, matched: matched) }
        while i < end {
            switch token {
            case .string:
                i = try continueString(chunk, at: i)
                continue
            case .number:
                i = try continueNumber(chunk, at: i)
                continue
            case .literal:
                i = try continueLiteral(chunk, at: i)
                continue
            case .none:
                break
            }
            let byte = chunk[i]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                i &+= 1
                continue
            }
            switch expectation {
            case .value, .firstElement:
                if byte == UInt8(ascii: "]"), expectation == .firstElement {
                    try closeContainer(in: chunk)
                    i &+= 1
                } else {
                    i = try beginValue(byte, chunk, at: i)
                }
            case .firstKey, .key:
                if byte == UInt8(ascii: "\"") {
                    beginString(isKey: true, at: i)
                    i &+= 1
                } else if byte == UInt8(ascii: "}"), expectation == .firstKey {
                    try closeContainer(in: chunk)
                    i &+= 1
                } else {
                    try fail(.unexpectedCharacter, at: consumed + i, in: chunk, expected: describe(expectation))
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    try fail(.unexpectedCharacter, at: consumed + i, in: chunk, expected: "':'")
                }
                expectation = .value
                i &+= 1
            case .separator:
                let isObject = frames[frames.count - 1].isObject
                if byte == UInt8(ascii: ",") {
                    expectation = isObject ? .key : .value
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    try closeContainer(in: chunk)
                } else {
                    try fail(.unexpectedCharacter, at: consumed + i, in: chunk, expected: describe(expectation))
                }
                i &+= 1
            case .end:
                try fail(.trailingContent, at: consumed + i, in: chunk, expected: "end of input")
            }
        }
    }

    /// Skips a UTF-8 byte-order mark at the very start, which may itself arrive in pieces.
    private mutating func skipByteOrderMark(_ chunk: UnsafeBufferPointer<UInt8>, matched: Int) throws(JSONSyntaxError) -> Int {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var matched = matched
        var i = 0
        while i < chunk.count, matched < 3, options.byteOrderMark == .skip {
            guard chunk[i] == mark[matched] else {
                // Not a mark after all: what matched so far is an invalid start of a value.
                if matched > 0 {
                    try fail(.unexpectedCharacter, at: 0, in: chunk, expected: "a value", found: "byte 0xEF", place: TextPosition())
                }
                byteOrderMarkMatched = nil
                return i
            }
            matched += 1
            i += 1
        }
        byteOrderMarkMatched = matched == 3 || options.byteOrderMark == .reject ? nil : matched
        if matched == 3 {
            // Lines and columns start after the mark.
            position = TextPosition()
            positionOffset = 3
        }
        return i
    }

    private mutating func beginValue(_ byte: UInt8, _ chunk: UnsafeBufferPointer<UInt8>, at i: Int) throws(JSONSyntaxError) -> Int {
        switch byte {
        case UInt8(ascii: "\""):
            beginString(isKey: false, at: i)
            changeCount &+= 1
            return i &+ 1
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            token = .number
            number.removeAll(keepingCapacity: true)
            numberLength = 0
            numberState = .start
            numberStart = consumed + i
            numberStartPlace = nil
            return i
        case UInt8(ascii: "t"):
            return beginLiteral("true", at: i)
        case UInt8(ascii: "f"):
            return beginLiteral("false", at: i)
        case UInt8(ascii: "n"):
            return beginLiteral("null", at: i)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let maximumDepth = max(options.maximumDepth, 0)
            if frames.count >= maximumDepth {
                try fail(.nestingTooDeep, at: consumed + i, in: chunk, expected: "at most \(maximumDepth) levels of nesting",
                         found: "level \(frames.count + 1)", limit: maximumDepth)
            }
            let isObject = byte == UInt8(ascii: "{")
            frames.append(Frame(isObject: isObject))
            expectation = isObject ? .firstKey : .firstElement
            changeCount &+= 1
            return i &+ 1
        default:
            try fail(.unexpectedCharacter, at: consumed + i, in: chunk, expected: "a value")
        }
    }

    /// Gives a finished value to its container, or makes it the document.
    mutating func complete(_ value: JSON) {
        changeCount &+= 1
        guard !frames.isEmpty else {
            root = value
            expectation = .end
            return
        }
        let last = frames.count - 1
        if frames[last].isObject {
            frames[last].keys.append(frames[last].pendingKey ?? "")
            frames[last].pendingKey = nil
        }
        frames[last].values.append(value)
        expectation = .separator
    }

    private mutating func closeContainer(in chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if options.duplicateKeys == .reject, frames[frames.count - 1].keys.count > 1 {
            let frame = frames[frames.count - 1]
            // Keys compare by their UTF-8 bytes, as everywhere in Keel.
            var seen = Set<UTF8Key>()
            for (key, start) in zip(frame.keys, frame.keyPlaces) where !seen.insert(UTF8Key(key)).inserted {
                try fail(.duplicateKey, at: start.offset, in: chunk, expected: "each key once per object",
                         found: key.debugDescription, place: start.place)
            }
        }
        let frame = frames.removeLast()
        complete(frame.isObject ? .object(JSONObject(keys: frame.keys, values: frame.values)) : .array(JSONArray(frame.values)))
    }

    /// What the parser waits for, for an error message (as ``JSONDocument`` words it).
    private func describe(_ expectation: Expectation) -> String {
        switch expectation {
        case .value, .firstElement: return "a value"
        case .firstKey: return "a string key or '}'"
        case .key: return "a string key"
        case .colon: return "':'"
        case .separator: return frames.last?.isObject == true ? "',' or '}'" : "',' or ']'"
        case .end: return "end of input"
        }
    }

    // MARK: Literals

    private mutating func beginLiteral(_ word: StaticString, at i: Int) -> Int {
        token = .literal
        literal = word
        literalMatched = 0
        return i
    }

    private mutating func continueLiteral(_ chunk: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start
        let length = literal.utf8CodeUnitCount
        while i < chunk.count, literalMatched < length {
            guard chunk[i] == literal.utf8Start[literalMatched] else {
                try fail(.unexpectedCharacter, at: consumed + i, in: chunk,
                         expected: literalMatched == 0 ? "a value" : "the literal '\(literal)'")
            }
            literalMatched += 1
            i += 1
        }
        if literalMatched == length {
            token = .none
            switch literal.utf8Start[0] {
            case UInt8(ascii: "t"): complete(.bool(true))
            case UInt8(ascii: "f"): complete(.bool(false))
            default: complete(.null)
            }
        }
        return i
    }

    // MARK: Errors and places

    /// The line and column before absolute `offset`, which lies in the current chunk at or after the last
    /// place asked for (places are counted forward once, never again).
    mutating func place(of offset: Int, in chunk: UnsafeBufferPointer<UInt8>) -> TextPosition {
        if offset > positionOffset {
            let from = positionOffset - consumed
            let to = min(offset - consumed, chunk.count)
            if from >= 0, from < to {
                position.advance(over: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: chunk[from..<to])))
                positionOffset = consumed + to
            }
        }
        return position
    }

    mutating func error(
        _ kind: JSONSyntaxError.Kind, at offset: Int, in chunk: UnsafeBufferPointer<UInt8>, expected: String,
        found: String? = nil, limit: Int? = nil, place known: TextPosition? = nil
    ) -> JSONSyntaxError {
        let place = known ?? self.place(of: offset, in: chunk)
        let index = offset - consumed
        let found = found ?? (index >= 0 && index < chunk.count ? Self.describe(chunk, at: index) : "end of input")
        return JSONSyntaxError(kind: kind, byteOffset: offset, line: place.line, column: place.column,
                               expected: expected, found: found, limit: limit)
    }

    mutating func fail(
        _ kind: JSONSyntaxError.Kind, at offset: Int, in chunk: UnsafeBufferPointer<UInt8>, expected: String,
        found: String? = nil, limit: Int? = nil, place known: TextPosition? = nil
    ) throws(JSONSyntaxError) -> Never {
        throw error(kind, at: offset, in: chunk, expected: expected, found: found, limit: limit, place: known)
    }

    /// `'x'`, `U+000B`, `'é' (U+00E9)` or `byte 0xFF`: the character at `index`, as far as the chunk shows it.
    static func describe(_ chunk: UnsafeBufferPointer<UInt8>, at index: Int) -> String {
        Scanner.describeFound(at: index, in: chunk)
    }
}
