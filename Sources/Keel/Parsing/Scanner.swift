// The strict RFC 8259 scanner: one pass over raw bytes that checks every rule and records each value as
// one entry of a flat tape. Nothing is allocated per value, nothing is unescaped, no number is converted:
// readers do that later, only for what they ask for.
//
// A worked example. The input (byte offsets above it)
//
//     0         1         2
//     0123456789012345678901234
//     {"a":[1,true],"b\n":"x"}
//
// becomes this tape (index: kind, offset, payload):
//
//     0: object  offset 0   count 2, end 7      <- `end` is the index just past the last descendant
//     1: string  offset 1   length 1  [isKey]   "a"
//     2: array   offset 5   count 2, end 5
//     3: number  offset 6   length 1  [isInteger]
//     4: true    offset 8
//     5: string  offset 14  length 3  [isKey, hasEscapes]   raw bytes `b\n`, unescaped on demand
//
//     6: string  offset 20  length 1   "x"
//
// Keys are also chained, so that a lookup by key visits keys only: every key but the first links back to the
// key before it (entry 5 links to entry 1), and the first key links to the last (entry 1 links to entry 5).
// A lookup starts at the last key and walks back, so the first match it meets is the last occurrence of
// that key, the one a lookup returns, and it can stop there.
//
// To skip a value a reader jumps to `end` for containers and to the next index otherwise, so visiting an
// object's keys costs one step per member whatever their values hold. Objects with many members also get
// a hash index over their keys (`ObjectKeyIndex`), so that lookups stay O(1).
//
// The scanner never recurses: open containers live on an explicit stack, so the call stack's depth does not
// depend on the input, and the depth limit is a plain comparison.

internal import KeelVectorScan

/// The strict scanner. Make one per parse.
struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let end: Int
    let options: JSONParsingOptions
    /// Whether strings and indentation are searched sixteen bytes at a time (`KeelVectorScan`), rather than
    /// eight: when the build has vector instructions and the options allow them.
    let usesVectorLoops: Bool
    var keyIndexes: [Int: ObjectKeyIndex] = [:]
    /// Whether values are recorded on the tape. A scan that only validates checks every rule without
    /// recording (or indexing) anything, so it needs no memory in proportion to the input.
    let recordsTape: Bool
    /// Whether an error names its line, column and what was found. A scan of a piece of a longer text
    /// (``StreamedQuery``) turns this off: its errors only say that the piece is not a complete value, and
    /// counting lines from the piece's start would cost more than the scan.
    let locatesErrors: Bool
    // The tape being written. It lives in the scanner's own (struct) state while scanning, so that
    // appending costs no class access; `finishTape()` hands it to a `TapeBuffer`.
    private(set) var tapeBase: UnsafeMutablePointer<TapeEntry>
    var tapeCount = 0
    private(set) var tapeCapacity: Int

    /// A scanner over `bytes`. With `recordsTape` false it only validates: `tapeCount` still counts the
    /// values, but nothing is written, so it cannot apply `DuplicateKeyPolicy.reject`, which compares keys
    /// on the tape (callers record the tape for that policy).
    ///
    /// - Throws: ``JSONSyntaxError/Kind/insufficientMemory`` when the system refuses the tape's memory.
    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions, recordsTape: Bool = true,
         tapeCapacity: Int? = nil, locatesErrors: Bool = true) throws(JSONSyntaxError) {
        self.bytes = bytes
        self.recordsTape = recordsTape
        self.locatesErrors = locatesErrors
        // An empty buffer may have no base address; point at a static byte that is never read.
        self.base = bytes.baseAddress ?? Scanner.emptyInput
        self.end = bytes.count
        self.options = options
        usesVectorLoops = options.usesVectorInstructions && keel_vector_scan_available() != 0
        let capacity = recordsTape ? tapeCapacity ?? bytes.count / 12 + 16 : 1
        guard let tape = TapeRecycling.take(atLeast: capacity) else {
            throw Scanner.insufficientMemory(capacity: capacity, in: bytes)
        }
        self.tapeCapacity = tape.capacity
        self.tapeBase = tape.base
    }

    /// A scanner over `bytes` that goes on writing a tape begun by an earlier scanner of the same text (a
    /// longer copy of it): `count` of the `capacity` entries at `base` are written, and `keyIndexes` are
    /// theirs. The tape may move as it grows; read `tapeBase`, `tapeCount` and `tapeCapacity` back after.
    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions, continuing base: UnsafeMutablePointer<TapeEntry>,
         count: Int, capacity: Int, keyIndexes: [Int: ObjectKeyIndex]) {
        self.bytes = bytes
        recordsTape = true
        // Each cut of the text stops the scan with an error; counting lines for it would cost a pass over the
        // text so far. Users see the incremental parser's error instead.
        locatesErrors = false
        self.base = bytes.baseAddress ?? Scanner.emptyInput
        end = bytes.count
        self.options = options
        usesVectorLoops = options.usesVectorInstructions && keel_vector_scan_available() != 0
        tapeBase = base
        tapeCount = count
        tapeCapacity = capacity
        self.keyIndexes = keyIndexes
    }

    /// Appends an entry to the tape and returns its index.
    @inline(__always)
    @discardableResult
    mutating func append<Mode: ScanMode>(_ entry: TapeEntry, mode: Mode.Type = ConfiguredScan.self) throws(JSONSyntaxError) -> Int {
        if Mode.recordsTape(self) {
            if tapeCount == tapeCapacity { try growTape() }
            tapeBase[tapeCount] = entry
        }
        tapeCount &+= 1
        return tapeCount &- 1
    }

    /// Doubles the tape's capacity (in place where the allocator can). Out of line: it is rare, and not
    /// worth compiling into every `append`.
    @inline(never)
    private mutating func growTape() throws(JSONSyntaxError) {
        let newCapacity = tapeCapacity * 2
        guard let newBase = TapeBuffer.reallocateEntries(tapeBase, capacity: newCapacity) else {
            throw Scanner.insufficientMemory(capacity: newCapacity, in: bytes)
        }
        tapeBase = newBase
        tapeCapacity = newCapacity
    }

    private static func insufficientMemory(capacity: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        JSONSyntaxError(kind: .insufficientMemory, byteOffset: 0, line: 1, column: 1,
                        expected: "memory for \(capacity) values (16 bytes each)",
                        found: "the system refused it, for a document of \(bytes.count) bytes")
    }

    /// Hands the tape over to a buffer the document owns, which gives back the unused end. Call once, after
    /// a successful scan.
    mutating func finishTape() -> TapeBuffer {
        TapeBuffer(adopting: tapeBase, count: tapeCount, capacity: tapeCapacity, allocation: .c)
    }

    /// Gives the tape's memory back after a failed scan, or after validation.
    func discardTape() { TapeRecycling.giveBack(tapeBase, capacity: tapeCapacity) }

    // Never written after it is made, so reading it from any thread is safe.
    nonisolated(unsafe) private static let emptyInput: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    // MARK: The document

    /// Scans the whole input; on success the tape holds every value.
    mutating func scanDocument() throws(JSONSyntaxError) {
        let maximumSize = min(options.maximumDocumentSize, JSONParsingOptions.largestDocumentSize)
        if end > maximumSize {
            throw error(.documentTooLarge, at: 0, expected: "at most \(maximumSize) bytes",
                        found: "\(end) bytes", limit: maximumSize)
        }
        if options.textEncoding == .utf8, let encoding = wideEncoding() {
            throw error(.unsupportedEncoding, at: 0, expected: "UTF-8 text, as RFC 8259 requires", found: encoding)
        }
        var i = 0
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF, options.byteOrderMark == .skip {
            i = 3
        }
        // The common scan, a document's with vector loops, is compiled with both switches fixed.
        if usesVectorLoops && recordsTape {
            i = try scanValue(from: i, mode: VectorRecordingScan.self)
        } else {
            i = try scanValue(from: i)
        }
        i = skipWhitespace(from: i)
        if i < end {
            throw error(.trailingContent, at: i, expected: "end of input")
        }
    }

    /// Scans one value (with the whitespace before it) from `start`, and returns the index just past it. What
    /// follows is not looked at: ``scanDocument()`` checks that only whitespace does, ``StreamedQuery`` that
    /// a separator does.
    @inline(__always)
    mutating func scanValue<Mode: ScanMode>(from start: Int, mode: Mode.Type = ConfiguredScan.self) throws(JSONSyntaxError) -> Int {
        var i = start
        // The innermost open container (a tape index, or -1 at the top level), its member count so far,
        // and the same pair for every container around it.
        var container = -1
        var isObject = false
        var memberCount = 0
        var previousKey = -1
        var stack: [OpenContainer] = []
        stack.reserveCapacity(32)
        let maximumDepth = max(options.maximumDepth, 0)

        valueLoop: while true {
            i = skipWhitespace(from: i, mode: mode)
            guard i < end else { throw error(.unexpectedEndOfInput, at: i, expected: "a value") }
            switch base[i] {
            case UInt8(ascii: "\""):
                if let plainEnd = try scanShortPlainString(at: i, flags: .isASCII, linkedTo: 0, mode: mode) {
                    i = plainEnd
                } else {
                    i = try scanString(at: i, isKey: false, mode: mode)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = try scanNumber(at: i, mode: mode)
            case UInt8(ascii: "t"):
                i = try scanLiteral("true", kind: .true, at: i, mode: mode)
            case UInt8(ascii: "f"):
                i = try scanLiteral("false", kind: .false, at: i, mode: mode)
            case UInt8(ascii: "n"):
                i = try scanLiteral("null", kind: .null, at: i, mode: mode)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let opensObject = base[i] == UInt8(ascii: "{")
                if stack.count >= maximumDepth {
                    throw error(.nestingTooDeep, at: i, expected: "at most \(maximumDepth) levels of nesting",
                                found: "level \(stack.count + 1)", limit: maximumDepth)
                }
                stack.append(OpenContainer(index: container, isObject: isObject, count: memberCount, previousKey: previousKey))
                container = try append(TapeEntry(kind: opensObject ? .object : .array, offset: i, payload: 0), mode: mode)
                isObject = opensObject
                memberCount = 0
                previousKey = -1
                i = skipWhitespace(from: i + 1, mode: mode)
                let closer = opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i < end, base[i] == closer {
                    // Empty: close it here and carry on as after any value.
                    i += 1
                    (container, memberCount, isObject, previousKey) = try close(container, isObject: opensObject, count: 0, stack: &stack, mode: mode)
                } else if opensObject {
                    // The first key links to the last one later, when the object closes.
                    i = try scanMemberKey(at: i, expected: "a string key or '}'", in: container, linkedTo: 0, mode: mode)
                    previousKey = tapeCount - 1
                    continue valueLoop
                } else {
                    continue valueLoop
                }
            default:
                guard options.syntax == .json5, let next = try scanNonFiniteNumber(at: i) else {
                    throw error(.unexpectedCharacter, at: i, expected: "a value")
                }
                i = next
            }

            // After a value: a separator, or the end of one or more containers.
            while container >= 0 {
                memberCount += 1
                i = skipWhitespace(from: i, mode: mode)
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard i < end else {
                    throw error(.unexpectedEndOfInput, at: i, expected: isObject ? "',' or '}'" : "',' or ']'")
                }
                let byte = base[i]
                if byte == UInt8(ascii: ",") {
                    i += 1
                    if isObject {
                        i = skipWhitespace(from: i, mode: mode)
                        i = try scanMemberKey(at: i, expected: "a string key", in: container, linkedTo: previousKey, mode: mode)
                        previousKey = tapeCount - 1
                    }
                    continue valueLoop
                } else if byte == closer {
                    i += 1
                    if isObject, Mode.recordsTape(self) {
                        // The first key links to the last, where a lookup starts.
                        tapeBase[container + 1].payload |= UInt64(previousKey) << 32
                    }
                    (container, memberCount, isObject, previousKey) = try close(container, isObject: isObject,
                                                                                 count: memberCount, stack: &stack, mode: mode)
                } else {
                    throw error(.unexpectedCharacter, at: i, expected: isObject ? "',' or '}'" : "',' or ']'")
                }
            }
            break valueLoop
        }
        return i
    }

    /// A container that is open around the one being scanned: its tape index, whether it is an object, its
    /// member count so far and its last key's tape index.
    struct OpenContainer {
        var index: Int
        var isObject: Bool
        var count: Int
        var previousKey: Int
    }

    /// Records the size and extent of the container at tape index `index`, and returns the one around it.
    mutating func close<Mode: ScanMode>(
        _ index: Int, isObject: Bool, count: Int, stack: inout [OpenContainer], mode: Mode.Type = ConfiguredScan.self
    ) throws(JSONSyntaxError) -> (Int, Int, Bool, Int) {
        if Mode.recordsTape(self) {
            tapeBase[index].payload = UInt64(count) | UInt64(tapeCount) << 32
            if isObject { try indexKeysIfNeeded(ofObjectAt: index, count: count) }
        }
        let outer = stack.removeLast()
        return (outer.index, outer.count, outer.isObject, outer.previousKey)
    }

    /// Scans `"key"` and the `:` after it, leaving the position at the member's value. The key's entry links
    /// back to the key at tape index `link` (see the top of this file). Inlined where keys are scanned: the
    /// common key and colon take a few instructions, less than a call would.
    @inline(__always)
    mutating func scanMemberKey<Mode: ScanMode>(
        at start: Int, expected: StaticString, in object: Int, linkedTo link: Int, mode: Mode.Type = ConfiguredScan.self
    ) throws(JSONSyntaxError) -> Int {
        let afterKey: Int
        if let plainEnd = try scanShortPlainString(at: start, flags: [.isKey, .isASCII], linkedTo: link, mode: mode) {
            afterKey = plainEnd
        } else {
            afterKey = try scanAnyKey(at: start, expected: expected, in: object, linkedTo: link, mode: mode)
        }
        // Most keys are followed by the colon at once.
        if afterKey < end, base[afterKey] == UInt8(ascii: ":") { return afterKey + 1 }
        return try scanColon(from: afterKey)
    }

    /// Scans a key the short-string check does not take: with escapes, non-ASCII, long, near the end of the
    /// input, or not a string at all (an error).
    @inline(never)
    private mutating func scanAnyKey<Mode: ScanMode>(
        at start: Int, expected: StaticString, in object: Int, linkedTo link: Int, mode: Mode.Type
    ) throws(JSONSyntaxError) -> Int {
        guard start < end else { throw error(.unexpectedEndOfInput, at: start, expected: "\(expected)") }
        guard base[start] == UInt8(ascii: "\"") else {
            throw error(.unexpectedCharacter, at: start, expected: "\(expected)")
        }
        let afterKey = try scanString(at: start, isKey: true, mode: mode)
        if Mode.recordsTape(self) {
            tapeBase[tapeCount - 1].payload |= UInt64(truncatingIfNeeded: link) << 32
            if tapeBase[tapeCount - 1].header & TapeEntry.escapesBit != 0 {
                tapeBase[object].header |= UInt64(TapeEntry.Flags.hasEscapedKey.rawValue) << 8
            }
        }
        return afterKey
    }

    /// Skips whitespace to the colon after a key and past it.
    @inline(never)
    private func scanColon(from start: Int) throws(JSONSyntaxError) -> Int {
        let i = skipWhitespace(from: start)
        guard i < end else { throw error(.unexpectedEndOfInput, at: i, expected: "':'") }
        guard base[i] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter, at: i, expected: "':'") }
        return i + 1
    }

    /// The common string, scanned with one or two sixteen-byte comparisons: ASCII, without escapes and
    /// shorter than 32 bytes. Records it with `flags` (and for a key, its link back to the key at `link`) as
    /// ``scanString(at:isKey:)`` would, and returns the index after its closing quote; `nil`, having recorded
    /// nothing, for any other string (or without vector instructions), which the general scan then reads,
    /// errors included.
    @inline(__always)
    mutating func scanShortPlainString<Mode: ScanMode>(
        at start: Int, flags: TapeEntry.Flags, linkedTo link: Int, mode: Mode.Type = ConfiguredScan.self
    ) throws(JSONSyntaxError) -> Int? {
        guard Mode.usesVectorLoops(self), start &+ 17 <= end, base[start] == UInt8(ascii: "\"") else { return nil }
        var length = keel_plain_prefix_length(base + (start &+ 1))
        if length == 16 {
            guard start &+ 33 <= end else { return nil }
            length &+= keel_plain_prefix_length(base + (start &+ 17))
        }
        guard length < 32, base[start &+ 1 &+ length] == UInt8(ascii: "\""), length <= options.maximumStringLength else {
            return nil
        }
        try append(TapeEntry(kind: .string, flags: flags, offset: start,
                             payload: UInt64(truncatingIfNeeded: length) | UInt64(truncatingIfNeeded: link) << 32), mode: mode)
        return start &+ length &+ 2
    }

    @inline(__always)
    func skipWhitespace<Mode: ScanMode>(from start: Int, mode: Mode.Type = ConfiguredScan.self) -> Int {
        var i = start
        while i < end {
            let byte = base[i]
            if byte > 0x20 { break }
            // Spaces first: between tokens and after colons they are the most common whitespace.
            i &+= 1
            if byte == 0x20 { continue }
            guard JSONWhitespace.contains(byte) else { return i &- 1 }
            // A line break is usually followed by indentation: count its spaces sixteen bytes at a time, or
            // eight (after xor with eight spaces each space is a zero byte, so the trailing zero bytes are the
            // spaces).
            if byte == 0x0A {
                if Mode.usesVectorLoops(self) { i = keel_skip_spaces(base, i, end) }
                if !Mode.usesVectorLoops(self) || i &+ 16 > end {
                    while i &+ 8 <= end {
                        let spaces = (UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020)
                            .trailingZeroBitCount &>> 3
                        i &+= spaces
                        if spaces < 8 { break }
                    }
                }
            }
        }
        return i
    }

    // MARK: Literals and numbers

    /// Whether the bytes at `pointer` (at least as many as `word` has) are `word`, one of `true`, `false` and
    /// `null`: those have four or five bytes, so their first byte and their last four as one word cover them.
    @inline(__always)
    static func isLiteral(_ word: StaticString, at pointer: UnsafePointer<UInt8>) -> Bool {
        let length = word.utf8CodeUnitCount
        return pointer[0] == word.utf8Start[0]
            && UnsafeRawPointer(pointer + (length &- 4)).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(word.utf8Start + (length &- 4)).loadUnaligned(as: UInt32.self)
    }

    /// Scans `true`, `false` or `null` at `start`. Inlined where the word is a constant, so that the check is two
    /// comparisons (twitter.json has about 4,700 literals: called, each cost about 45 instructions).
    @inline(__always)
    mutating func scanLiteral<Mode: ScanMode>(
        _ word: StaticString, kind: TapeEntry.Kind, at start: Int, mode: Mode.Type = ConfiguredScan.self
    ) throws(JSONSyntaxError) -> Int {
        let length = word.utf8CodeUnitCount
        guard start &+ length <= end, Scanner.isLiteral(word, at: base + start) else {
            throw literalError(word, at: start)
        }
        try append(TapeEntry(kind: kind, offset: start, payload: 0), mode: mode)
        return start &+ length
    }

    /// The error for a literal that is not `word`, at the first byte that differs.
    @inline(never)
    private func literalError(_ word: StaticString, at start: Int) -> JSONSyntaxError {
        let length = word.utf8CodeUnitCount
        var i = start
        while i < end, i - start < length, base[i] == word.utf8Start[i - start] { i += 1 }
        let expected = "the literal '\(word)'"
        guard i < end else { return error(.unexpectedEndOfInput, at: i, expected: expected) }
        return error(.unexpectedCharacter, at: i, expected: i == start ? "a value" : expected)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    mutating func scanNumber<Mode: ScanMode>(at start: Int, mode: Mode.Type = ConfiguredScan.self) throws(JSONSyntaxError) -> Int {
        var i = start
        var isInteger = true
        if base[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end, isDigit(base[i]) else {
            if options.syntax == .json5, let next = try scanNonFiniteNumber(at: start) { return next }
            throw missingDigit(at: i, after: i == start ? "" : "'-'")
        }
        if base[i] == UInt8(ascii: "0") {
            i += 1
            if i < end, isDigit(base[i]) {
                throw error(.invalidNumber, at: i, expected: "'.', 'e' or the end of the number after a leading 0")
            }
        } else {
            i = skipDigits(from: i)
        }
        if i < end, base[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            try requireDigit(at: i, after: "'.'")
            i = skipDigits(from: i)
        }
        if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            i += 1
            if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
            try requireDigit(at: i, after: "the exponent marker")
            while i < end, isDigit(base[i]) { i += 1 }
        }
        let length = i - start
        if length > options.maximumNumberLength {
            throw error(.numberTooLong, at: start, expected: "at most \(options.maximumNumberLength) bytes",
                        found: "\(length) bytes", limit: options.maximumNumberLength)
        }
        try append(TapeEntry(kind: .number, flags: isInteger ? .isInteger : [], offset: start, payload: UInt64(length)), mode: mode)
        return i
    }

    /// `NaN`, `Infinity` or `-Infinity` at `start`, which only JSON5 text rewritten for the scanner holds
    /// (`JSON5Translation`); `nil` when none is there. Reached only where strict JSON has already failed.
    @inline(never)
    private mutating func scanNonFiniteNumber(at start: Int) throws(JSONSyntaxError) -> Int? {
        for word: StaticString in ["NaN", "Infinity", "-Infinity"] {
            let length = word.utf8CodeUnitCount
            if start + length <= end, memoryEqual(base + start, word.utf8Start, length) {
                try append(TapeEntry(kind: .number, flags: .isNonFinite, offset: start, payload: UInt64(length)))
                return start + length
            }
        }
        return nil
    }

    /// The index of the first byte from `start` on that is not a digit: eight bytes at a time while eight
    /// remain, each word's digits counted at once (so a short run costs one step too), then one at a time.
    @inline(__always)
    private func skipDigits(from start: Int) -> Int {
        var i = start
        while i &+ 8 <= end {
            let count = EightDigits.leadingDigitCount(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
            i &+= count
            if count < 8 { return i }
        }
        while i < end, isDigit(base[i]) { i += 1 }
        return i
    }

    @inline(__always)
    private func requireDigit(at i: Int, after what: StaticString) throws(JSONSyntaxError) {
        guard i < end, isDigit(base[i]) else { throw missingDigit(at: i, after: what) }
    }

    private func missingDigit(at i: Int, after what: StaticString) -> JSONSyntaxError {
        let expected = what.utf8CodeUnitCount == 0 ? "a digit" : "a digit after \(what)"
        return error(i < end ? .invalidNumber : .unexpectedEndOfInput, at: i, expected: expected)
    }

    // MARK: Strings

    /// Scans a string starting at its opening quote; returns the index after the closing quote.
    mutating func scanString<Mode: ScanMode>(at start: Int, isKey: Bool, mode: Mode.Type = ConfiguredScan.self) throws(JSONSyntaxError) -> Int {
        var i = start + 1
        var flags: TapeEntry.Flags = isKey ? [.isKey, .isASCII] : .isASCII
        while true {
            // Sixteen bytes at a time (eight near the end, or without vector instructions) while none of them
            // is a quote, a backslash, a control or a non-ASCII byte; then straight to the first one that is.
            if Mode.usesVectorLoops(self) { i = keel_skip_plain_string_bytes(base, i, end) }
            if !Mode.usesVectorLoops(self) || i &+ 16 > end {
                while i &+ 8 <= end {
                    let mask = Scanner.attentionMask(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    if mask != 0 {
                        i &+= mask.trailingZeroBitCount &>> 3
                        break
                    }
                    i &+= 8
                }
            }
            guard i < end else { throw unterminatedString(startingAt: start, at: i) }
            let byte = base[i]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                flags.insert(.hasEscapes)
                i = try scanEscape(at: i)
            } else if byte < 0x20 {
                throw controlCharacterInString(at: i)
            } else if byte >= 0x80 {
                flags.remove(.isASCII)
                // A run of non-ASCII characters (Japanese or Cyrillic text is mostly such runs) is read here to
                // its end: back in the eight-byte loop, each next character would stop the loop at once. The
                // common well-formed two- and three-byte forms inline; everything else, including every error,
                // through the full check. Long runs of three-byte characters go fifteen bytes at a time first.
                if Mode.usesVectorLoops(self) { i = keel_skip_three_byte_characters(base, i, end) }
                while i < end && base[i] >= 0x80 {
                    // Two three-byte characters at once (CJK text is mostly these): leads E1-EF other than ED,
                    // whose continuation bytes are never restricted, each followed by two continuation bytes.
                    if i &+ 8 <= end {
                        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                        if word & 0x0000_C0C0_F0C0_C0F0 == 0x0000_8080_E080_80E0,
                           Scanner.isUnrestrictedThreeByteLead(UInt8(truncatingIfNeeded: word)),
                           Scanner.isUnrestrictedThreeByteLead(UInt8(truncatingIfNeeded: word &>> 24)) {
                            i &+= 6
                            continue
                        }
                    }
                    let lead = base[i]
                    if lead >= 0xC2, lead <= 0xDF, i &+ 1 < end, base[i &+ 1] & 0xC0 == 0x80 {
                        i &+= 2
                    } else if lead >= 0xE1, lead <= 0xEF, lead != 0xED, i &+ 2 < end,
                              base[i &+ 1] & 0xC0 == 0x80, base[i &+ 2] & 0xC0 == 0x80 {
                        i &+= 3
                    } else {
                        i = try scanUTF8Sequence(at: i)
                    }
                }
            } else {
                i &+= 1
            }
        }
        let length = i &- start &- 1
        if length > options.maximumStringLength { throw stringTooLong(startingAt: start, length: length) }
        try append(TapeEntry(kind: .string, flags: flags, offset: start, payload: UInt64(length)), mode: mode)
        return i &+ 1
    }

    // The string scan's errors are made out of line, so that their messages' interpolations are not
    // compiled into the common path of `scanString` (measured: 0.9% fewer instructions for twitter.json).

    @inline(never)
    private func unterminatedString(startingAt start: Int, at i: Int) -> JSONSyntaxError {
        error(.unexpectedEndOfInput, at: i, expected: "'\"' to close the string that starts at byte \(start)")
    }

    @inline(never)
    private func controlCharacterInString(at i: Int) -> JSONSyntaxError {
        error(.controlCharacterInString, at: i, expected: "it escaped, as in \(Scanner.escapeSuggestion(for: base[i]))")
    }

    @inline(never)
    private func stringTooLong(startingAt start: Int, length: Int) -> JSONSyntaxError {
        error(.stringTooLong, at: start, expected: "at most \(options.maximumStringLength) bytes",
              found: "\(length) bytes", limit: options.maximumStringLength)
    }

    /// Whether `lead`, already known to be E0-EF, starts a three-byte character whose second byte may be any
    /// continuation byte (E0 needs A0-BF, against overlong forms; ED needs 80-9F, against surrogates).
    @inline(__always)
    static func isUnrestrictedThreeByteLead(_ lead: UInt8) -> Bool { lead != 0xE0 && lead != 0xED }

    /// A mask with the high bit set in each byte of `word` that is `"`, `\`, below 0x20 or above 0x7F, and
    /// perhaps above such a byte, never below (see `WordMask`).
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        (WordMask.bytes(equalTo: UInt8(ascii: "\""), in: word) | WordMask.bytes(equalTo: UInt8(ascii: "\\"), in: word)
            | WordMask.controlBytes(in: word) | word) & WordMask.highBits
    }

    /// The escape to suggest for a control character found raw in a string.
    static func escapeSuggestion(for byte: UInt8) -> String {
        switch byte {
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        default: return "\\u" + HexDigits.four(UInt16(byte))
        }
    }

    /// Checks the escape whose backslash is at `i`; returns the index after it.
    private func scanEscape(at i: Int) throws(JSONSyntaxError) -> Int {
        guard i + 1 < end else {
            throw error(.unexpectedEndOfInput, at: i + 1, expected: "an escape character after '\\'")
        }
        switch base[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(at: i + 2)
            switch unit {
            case 0xD800...0xDBFF:
                // Text cut short after a high surrogate is incomplete, not a lone surrogate.
                if i + 6 == end || (i + 7 == end && base[i + 6] == UInt8(ascii: "\\")) {
                    throw error(.unexpectedEndOfInput, at: end, expected: "a low surrogate escape (\\uDC00 to \\uDFFF)")
                }
                if i + 7 < end, base[i + 6] == UInt8(ascii: "\\"), base[i + 7] == UInt8(ascii: "u") {
                    let low = try hexQuad(at: i + 8)
                    if (0xDC00...0xDFFF).contains(low) { return i + 12 }
                }
                return try loneSurrogate(unit, at: i, expected: "a low surrogate escape (\\uDC00 to \\uDFFF) after it")
            case 0xDC00...0xDFFF:
                return try loneSurrogate(unit, at: i, expected: "a high surrogate escape (\\uD800 to \\uDBFF) before it")
            default:
                return i + 6
            }
        default:
            throw error(.invalidEscape, at: i,
                        expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits",
                        found: "'\\\(Scanner.describeCharacter(base[i + 1]))'")
        }
    }

    private func loneSurrogate(_ unit: UInt16, at i: Int, expected: String) throws(JSONSyntaxError) -> Int {
        guard options.loneSurrogates == .replace else {
            throw error(.loneSurrogate, at: i, expected: expected, found: "\\u" + HexDigits.four(unit))
        }
        return i + 6
    }

    /// Reads the four hex digits of a `\u` escape starting at `i`.
    private func hexQuad(at i: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for k in 0..<4 {
            guard i + k < end else {
                throw error(.unexpectedEndOfInput, at: i + k, expected: "four hex digits after '\\u'")
            }
            guard let digit = HexDigits.value(base[i + k]) else {
                throw error(.invalidEscape, at: i + k, expected: "four hex digits after '\\u'")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Checks the UTF-8 sequence whose lead byte (above 0x7F) is at `i`; returns the index after it.
    ///
    /// Rejects what Unicode calls ill-formed: continuation bytes without a lead, the overlong lead bytes
    /// C0 and C1, overlong three- and four-byte forms, encoded surrogates (ED A0–BF), scalars above U+10FFFF
    /// (F4 90 and up, F5–FF), and sequences cut short.
    private func scanUTF8Sequence(at i: Int) throws(JSONSyntaxError) -> Int {
        let lead = base[i]
        guard let rule = UTF8LeadRule(lead) else {
            throw error(.invalidUTF8, at: i, expected: UTF8LeadRule.expectation(insteadOf: lead), found: "byte 0x\(HexDigits.two(lead))")
        }
        let (length, low, high, why) = (rule.length, rule.low, rule.high, rule.why)
        for k in 1..<length {
            let j = i + k
            guard j < end else { throw error(.unexpectedEndOfInput, at: j, expected: why) }
            let byte = base[j]
            let bounds = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= bounds.0, byte <= bounds.1 else {
                throw error(.invalidUTF8, at: j, expected: k == 1 ? why : "a continuation byte (0x80 to 0xBF)",
                            found: "byte 0x\(HexDigits.two(byte))")
            }
        }
        return i + length
    }

}
