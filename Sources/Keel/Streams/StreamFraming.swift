// Finding where each record of a stream ends, for the four stream formats. The framing sees the stream's bytes
// one buffer at a time and keeps its state between buffers, so a record may cross any number of chunks. It
// does not check the records themselves: each is parsed on its own afterwards, so an invalid record is
// reported at its place and the next one is read as usual.
//
// Lines and text sequences end records at one byte (LF, RS) found with `memchr`. Concatenated documents and
// array elements end where the brackets outside strings balance; that scan knows strings and escapes and
// nothing else, so a record whose brackets do not balance runs on until they do (or into the size limit).

/// What the framing found in the bytes it was given.
enum FramingStep: Equatable {
    /// Every byte up to the end of the buffer belongs to the open record, which goes on.
    case needMore
    /// The bytes before this index belong to no record (separators, whitespace between records); no record
    /// was open.
    case skip(to: Int)
    /// The open record ends before `at`; the framing goes on at `resume`.
    case end(at: Int, resume: Int)
    /// The stream's framing is broken at `at`; the framing goes on at `resume`.
    case problem(JSONStreamProblem, at: Int, resume: Int)
    /// Nothing after `at` is read (the stream's framing ended there).
    case stop(at: Int)
}

/// The state of one format's record boundaries over a pass through a stream.
struct StreamFraming {
    private enum State {
        /// Lines: always inside a line. Text sequences: inside a text.
        case inRecord
        /// Text sequences, before the first RS.
        case beforeFirstSeparator
        /// Text sequences: skipping text that had no RS before it, up to the next RS.
        case resynchronizing
        /// Concatenated documents and arrays: between values (or, for an array, before the next element).
        case betweenValues
        /// Arrays: before the opening bracket.
        case beforeArray
        /// Arrays: after the opening bracket, where `]` may close an empty array.
        case afterOpeningBracket
        /// Concatenated documents and arrays: inside a value, `depth` brackets deep (0 for a scalar).
        case inValue(depth: Int)
        /// Arrays: after the closing bracket (only whitespace may follow).
        case afterArray
        /// Nothing more is read.
        case stopped
    }

    let format: JSONStream.Format
    private var state: State
    /// Whether a byte order mark at the stream's start is still being looked for, and how many of its bytes
    /// have been seen.
    private var looksForByteOrderMark: Bool
    private var byteOrderMarkMatched = 0
    private var inString = false
    private var escaped = false
    /// Concatenated documents: the open value is a number, a literal or a stray byte, not a container or string.
    private var isScalar = false

    /// The framing of `format`; with `skipsByteOrderMark`, a UTF-8 byte order mark that starts the stream is
    /// skipped (otherwise it is left to the first record, whose parser rejects it).
    init(format: JSONStream.Format, skipsByteOrderMark: Bool) {
        self.format = format
        looksForByteOrderMark = skipsByteOrderMark
        switch format {
        case .lines: state = .inRecord
        case .textSequence: state = .beforeFirstSeparator
        case .concatenated: state = .betweenValues
        case .array: state = .beforeArray
        }
    }

    /// Whether each record ends at a line feed and holds none, so the reader can number lines by records.
    var recordsAreLines: Bool { format == .lines }

    /// Looks through `buffer[from...]` for the next boundary.
    mutating func step(_ buffer: UnsafeRawBufferPointer, from start: Int) -> FramingStep {
        let end = buffer.count
        var index = start
        if looksForByteOrderMark {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            while byteOrderMarkMatched < 3, index < end, buffer[index] == mark[byteOrderMarkMatched] {
                byteOrderMarkMatched += 1
                index += 1
            }
            if byteOrderMarkMatched < 3, index == end { return .skip(to: end) }  // it may go on in the next chunk
            looksForByteOrderMark = false
            if byteOrderMarkMatched == 3 { return .skip(to: index) }
            if byteOrderMarkMatched > 0 { return .problem(.partialByteOrderMark, at: index, resume: index) }
        }
        switch state {
        case .stopped:
            return .stop(at: start)
        case .inRecord:
            let separator: UInt8 = format == .lines ? 0x0A : 0x1E
            guard let found = Self.find(separator, in: buffer, from: start) else { return .needMore }
            return .end(at: found, resume: found + 1)
        case .beforeFirstSeparator:
            while index < end, JSONWhitespace.contains(buffer[index]) { index += 1 }
            if index == end { return .skip(to: end) }
            if buffer[index] == 0x1E {
                state = .inRecord
                return .skip(to: index + 1)
            }
            state = .resynchronizing
            return .problem(.missingRecordSeparator, at: index, resume: index)
        case .resynchronizing:
            guard let found = Self.find(0x1E, in: buffer, from: start) else { return .skip(to: end) }
            state = .inRecord
            return .skip(to: found + 1)
        case .beforeArray:
            while index < end, JSONWhitespace.contains(buffer[index]) { index += 1 }
            if index == end { return .skip(to: end) }
            guard buffer[index] == UInt8(ascii: "[") else {
                state = .stopped
                return .problem(.notAnArray, at: index, resume: end)
            }
            state = .afterOpeningBracket
            return .skip(to: index + 1)
        case .afterOpeningBracket, .betweenValues:
            let closesEmptyArray = if case .afterOpeningBracket = state { true } else { false }
            while index < end, JSONWhitespace.contains(buffer[index]) { index += 1 }
            if index == end { return .skip(to: end) }
            if index > start { return .skip(to: index) }
            let byte = buffer[index]
            if format == .array, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                if byte == UInt8(ascii: "]") {
                    state = .afterArray
                    if closesEmptyArray { return .skip(to: index + 1) }
                }
                // An element is missing: `[,1]`, `[1,,2]` or `[1,]`.
                return .problem(.missingElement, at: index, resume: index + 1)
            }
            inString = false
            escaped = false
            if format == .concatenated {
                isScalar = byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "\"")
                return scanDocument(buffer, from: index, depth: 0)
            }
            return scanBrackets(buffer, from: index, depth: 0)
        case .inValue(let depth):
            return format == .array ? scanBrackets(buffer, from: start, depth: depth) : scanDocument(buffer, from: start, depth: depth)
        case .afterArray:
            while index < end, JSONWhitespace.contains(buffer[index]) { index += 1 }
            if index == end { return .skip(to: end) }
            state = .stopped
            return .problem(.contentAfterArray, at: index, resume: end)
        }
    }

    /// Where the framing stands when the stream ends: a problem if the stream should not have ended here. (An
    /// open record ends with the stream; the reader hands it out.)
    mutating func finish() -> JSONStreamProblem? {
        defer { state = .stopped }
        if looksForByteOrderMark, byteOrderMarkMatched > 0 { return .partialByteOrderMark }
        guard format == .array else { return nil }
        switch state {
        case .beforeArray: return .notAnArray
        case .afterOpeningBracket, .betweenValues, .inValue: return .unclosedArray
        default: return nil
        }
    }

    /// Concatenated documents: scans a value from `start`, `depth` brackets deep. A container ends where its
    /// brackets balance, a string at its closing quote, and anything else (a number, a literal, a stray byte)
    /// at whitespace or at the next `{`, `[` or `"`.
    private mutating func scanDocument(_ buffer: UnsafeRawBufferPointer, from start: Int, depth: Int) -> FramingStep {
        var index = start
        if isScalar {
            // The first byte is never one that ends a scalar, so the scan may start at it.
            while index < buffer.count {
                let byte = buffer[index]
                if JSONWhitespace.contains(byte) || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"") {
                    state = .betweenValues
                    return .end(at: index, resume: index)
                }
                index += 1
            }
            state = .inValue(depth: 0)
            return .needMore
        }
        return scanBrackets(buffer, from: index, depth: depth)
    }

    /// The scan that concatenated documents (a container or a string) and array elements share: it follows
    /// strings, escapes and bracket depth from `start`, `depth` brackets deep. A document ends where its
    /// brackets balance or its string closes; an element at a `,` or `]` outside any bracket.
    private mutating func scanBrackets(_ buffer: UnsafeRawBufferPointer, from start: Int, depth: Int) -> FramingStep {
        let isElement = format == .array
        var depth = depth
        var index = start
        while index < buffer.count {
            if inString, !escaped {
                index = Self.skipPlainStringBytes(buffer, from: index)
                if index == buffer.count { break }
            }
            let byte = buffer[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\""), depth == 0, !isElement {
                    inString = false
                    state = .betweenValues
                    return .end(at: index + 1, resume: index + 1)
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if isElement, depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                state = byte == UInt8(ascii: ",") ? .betweenValues : .afterArray
                return .end(at: index, resume: index + 1)
            } else if depth > 0, byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0, !isElement {
                    state = .betweenValues
                    return .end(at: index + 1, resume: index + 1)
                }
            }
            index += 1
        }
        state = .inValue(depth: depth)
        return .needMore
    }

    /// The index of the first quote or backslash at or after `start` (or the end), eight bytes at a time:
    /// most of a record's bytes are inside strings, and only those two bytes matter there.
    @inline(__always)
    private static func skipPlainStringBytes(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        if let base = buffer.baseAddress {
            while index + 8 <= buffer.count {
                let word = UInt64(littleEndian: (base + index).loadUnaligned(as: UInt64.self))
                let found = (WordMask.bytes(equalTo: UInt8(ascii: "\""), in: word)
                    | WordMask.bytes(equalTo: UInt8(ascii: "\\"), in: word)) & WordMask.highBits
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < buffer.count, buffer[index] != UInt8(ascii: "\""), buffer[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }

    /// The index of the first `byte` in `buffer[start...]`.
    private static func find(_ byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        return SystemLibrary.firstOffset(of: byte, in: base + start, count: buffer.count - start).map { $0 + start }
    }
}
