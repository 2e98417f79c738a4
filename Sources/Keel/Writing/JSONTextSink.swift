// Where written JSON goes: the output bytes, the layout (separators, newlines, indentation) and string
// escaping. The two writers (for JSON trees and for document views) only decide what comes next.

struct JSONTextSink: ~Copyable {
    private var buffer: OutputBytes
    let options: JSONWritingOptions
    /// Writing may stop once the output is longer than this (for short excerpts in messages).
    var limit = Int.max
    private let indent: Int

    init(options: JSONWritingOptions, capacity: Int = 0) {
        self.options = options
        if case .pretty(let indent) = options.layout { self.indent = max(indent, 0) } else { self.indent = -1 }
        buffer = OutputBytes(capacity: capacity)
    }

    /// The text written so far.
    var output: [UInt8] { buffer.bytes }

    var isFull: Bool { buffer.count > limit }

    /// Bytes written since the start or the last ``drain(into:)``.
    var bufferedCount: Int { buffer.count }

    /// Calls `body` with the bytes written from `offset` (counted as ``bufferedCount`` counts) to now.
    func withBytesWritten<R>(from offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        buffer.withBytes { body(UnsafeBufferPointer(rebasing: $0[offset...])) }
    }

    /// Hands the bytes written so far to `output` and forgets them, keeping the room they took.
    mutating func drain(into output: (UnsafeBufferPointer<UInt8>) -> Void) {
        buffer.withBytes(output)
        buffer.removeAll()
    }

    /// Takes back the bytes written from `offset` (counted as ``bufferedCount`` counts) on.
    mutating func discard(from offset: Int) { buffer.removeLast(from: offset) }

    mutating func append(_ byte: UInt8) { buffer.append(byte) }
    mutating func append(_ text: String) { buffer.append(text) }
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }

    /// Before an element or member of a container at `depth` (the container's own depth plus one).
    mutating func beginItem(first: Bool, depth: Int) {
        if !first { buffer.append(UInt8(ascii: ",")) }
        newline(depth: depth)
    }

    /// Closes a container whose contents were at `depth`; `empty` containers stay on one line.
    mutating func close(_ bracket: UInt8, empty: Bool, depth: Int) {
        if !empty { newline(depth: depth - 1) }
        buffer.append(bracket)
    }

    mutating func colon() {
        buffer.append(UInt8(ascii: ":"))
        if indent >= 0 { buffer.append(UInt8(ascii: " ")) }
    }

    private mutating func newline(depth: Int) {
        guard indent >= 0 else { return }
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(repeating: UInt8(ascii: " "), count: indent * depth)
    }

    /// Writes a number's text; integers go straight to the output without a `String` in between.
    mutating func number(_ number: JSONNumber) {
        switch number.storage {
        case .int(let value):
            if value < 0 { buffer.append(UInt8(ascii: "-")) }
            digits(value.magnitude)
        case .uint(let value):
            digits(value)
        case .shortDecimal(let decimal):
            decimal.withText { buffer.append($0) }
        case .double(let value) where value.isFinite:
            var digits = ShortText()
            value.write(to: &digits)
            if digits.isComplete { digits.withBytes { buffer.append($0) } } else { append(number.text) }
        default:
            append(number.text)
        }
    }

    private mutating func digits(_ value: UInt64) {
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &scratch) { raw in
            guard let digits = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            var start = raw.count
            var remaining = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            buffer.append(digits + start, count: raw.count - start)
        }
    }

    /// Whether string contents already valid as JSON can be copied as they are under these options.
    var copiesValidStrings: Bool { !options.escapesSlashes && !options.escapesNonASCII }

    /// Writes `text` as a JSON string (see the overload for its bytes).
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string($0) }
    }

    /// Writes `text` (valid UTF-8) as a JSON string with the escapes JSON requires and those the options
    /// ask for. Runs of bytes that need no escape are copied whole.
    mutating func string(_ text: UnsafeBufferPointer<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        guard let base = text.baseAddress else {
            buffer.append(UInt8(ascii: "\""))
            return
        }
        let count = text.count
        var runStart = 0
        var position = 0
        while position < count {
            // Eight bytes at a time while none of them needs an escape.
            if position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let mask = escapeMask(word)
                if mask == 0 {
                    position += 8
                    continue
                }
                position += mask.trailingZeroBitCount / 8
            } else {
                // The last few bytes, padded with spaces (which never need an escape) to a whole word.
                var word: UInt64 = 0x2020_2020_2020_2020
                withUnsafeMutableBytes(of: &word) { $0.baseAddress?.copyMemory(from: base + position, byteCount: count - position) }
                let mask = escapeMask(UInt64(littleEndian: word))
                if mask == 0 {
                    position = count
                    continue
                }
                position += mask.trailingZeroBitCount / 8
            }
            let byte = base[position]
            guard needsEscape(byte) else {
                position += 1
                continue
            }
            buffer.append(base + runStart, count: position - runStart)
            if byte >= 0x80 {
                let (scalar, length) = JSONTextSink.decodeScalar(text, at: position)
                writeUnicodeEscape(scalar)
                position = min(position + length, count)
            } else {
                writeEscape(byte)
                position += 1
            }
            runStart = position
        }
        buffer.append(base + runStart, count: count - runStart)
        buffer.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && options.escapesSlashes) || (byte >= 0x80 && options.escapesNonASCII)
    }

    /// A mask with the high bit set in each byte of `word` that needs an escape under the options, and
    /// perhaps above such a byte, never below (see `WordMask`).
    @inline(__always)
    private func escapeMask(_ word: UInt64) -> UInt64 {
        var mask = WordMask.bytes(equalTo: UInt8(ascii: "\""), in: word) | WordMask.bytes(equalTo: UInt8(ascii: "\\"), in: word)
            | WordMask.controlBytes(in: word)
        if options.escapesSlashes { mask |= WordMask.bytes(equalTo: UInt8(ascii: "/"), in: word) }
        if options.escapesNonASCII { mask |= word }
        return mask & WordMask.highBits
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0..<0x20: append("\\u" + HexDigits.four(UInt16(byte)))
        default:
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(byte)
        }
    }

    private mutating func writeUnicodeEscape(_ scalar: UInt32) {
        if scalar > 0xFFFF {
            let value = scalar - 0x10000
            append("\\u" + HexDigits.four(UInt16(0xD800 + (value >> 10))))
            append("\\u" + HexDigits.four(UInt16(0xDC00 + (value & 0x3FF))))
        } else {
            append("\\u" + HexDigits.four(UInt16(scalar)))
        }
    }

    /// The scalar whose UTF-8 sequence starts at `position` of valid UTF-8 `text`, and the sequence's length.
    private static func decodeScalar(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
        let lead = text[position]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length where position + offset < text.count {
            value = value << 6 | UInt32(text[position + offset] & 0x3F)
        }
        return (value, length)
    }
}

/// Up to 32 bytes of ASCII text, kept inline: where the standard library prints a double's shortest digits
/// (at most 24 characters) without allocating a `String` for them.
private struct ShortText: TextOutputStream {
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var count = 0
    /// False once text did not fit (it never should for a double); the caller then asks for a `String`.
    private(set) var isComplete = true

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    /// The standard library's formatters hand their ASCII output here (the protocol's default would make a
    /// `String` of it first).
    mutating func _writeASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 32 - count else {
            isComplete = false
            return
        }
        let room = bytes.count
        guard room > 0, let source = bytes.baseAddress else { return }
        let start = count
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.baseAddress?.advanced(by: start).copyMemory(from: source, byteCount: room)
        }
        count += room
    }

    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var storage = storage
        let count = count
        withUnsafeBytes(of: &storage) { raw in body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count])) }
    }
}

