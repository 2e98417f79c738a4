// Where written JSON goes: the output bytes, the layout (separators, newlines, indentation) and string
// escaping. The two writers (for JSON trees and for document views) only decide what comes next.

internal import KeelVectorScan

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
    @inline(__always)
    mutating func beginItem(first: Bool, depth: Int) {
        if !first { buffer.append(UInt8(ascii: ",")) }
        newline(depth: depth)
    }

    /// Closes a container whose contents were at `depth`; `empty` containers stay on one line.
    mutating func close(_ bracket: UInt8, empty: Bool, depth: Int) {
        if !empty { newline(depth: depth - 1) }
        buffer.append(bracket)
    }

    /// Writes `"name":` (with the pretty layout's space) for a member name whose bytes need no escape under
    /// any options: printable ASCII other than `"`, `\` and `/`, as most names written in source are. The
    /// bytes are checked as they are copied into one reservation, with no search call and no separate copy;
    /// for any other name nothing is written and the answer is false.
    @inline(__always)
    mutating func plainMemberName(_ name: UnsafePointer<UInt8>, count: Int) -> Bool {
        let room = buffer.room(for: count &+ 4)
        room[0] = UInt8(ascii: "\"")
        if count >= 8 {
            // Eight bytes at a time, the last word overlapping the one before it.
            var index = 0
            while true {
                let word = UnsafeRawPointer(name + index).loadUnaligned(as: UInt64.self)
                guard Self.plainNameMask(UInt64(littleEndian: word)) == 0 else { return false }
                UnsafeMutableRawPointer(room + 1 + index).storeBytes(of: word, as: UInt64.self)
                if index == count &- 8 { break }
                index = min(index &+ 8, count &- 8)
            }
        } else {
            var index = 0
            while index < count {
                let byte = name[index]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"),
                      byte != UInt8(ascii: "/") else { return false }
                room[index &+ 1] = byte
                index &+= 1
            }
        }
        endMemberName(in: room, count: count)
        return true
    }

    /// ``plainMemberName(_:count:)`` for a name already known to need no escape under any option (as
    /// `@JSONModel` checks its names when it expands): the bytes are copied without being looked at.
    @inline(__always)
    mutating func knownPlainMemberName(_ name: UnsafePointer<UInt8>, count: Int) {
        let room = buffer.room(for: count &+ 4)
        room[0] = UInt8(ascii: "\"")
        let raw = UnsafeRawPointer(name)
        let target = UnsafeMutableRawPointer(room + 1)
        // Whole words, the last one overlapping the one before it, as a call to copy would cost more.
        if count >= 8 {
            var index = 0
            while index < count &- 8 {
                target.storeBytes(of: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), toByteOffset: index, as: UInt64.self)
                index &+= 8
            }
            target.storeBytes(of: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: raw.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self), toByteOffset: count &- 4, as: UInt32.self)
        } else {
            for index in 0..<count { room[index &+ 1] = name[index] }
        }
        endMemberName(in: room, count: count)
    }

    /// Closes the quoted name of `count` bytes written at `room` with its quote, colon and the pretty
    /// layout's space, and counts what was written.
    @inline(__always)
    private mutating func endMemberName(in room: UnsafeMutablePointer<UInt8>, count: Int) {
        room[count &+ 1] = UInt8(ascii: "\"")
        room[count &+ 2] = UInt8(ascii: ":")
        if indent >= 0 {
            room[count &+ 3] = UInt8(ascii: " ")
            buffer.didWrite(count &+ 4)
        } else {
            buffer.didWrite(count &+ 3)
        }
    }

    /// ``plainMemberName(_:count:)`` for a `String` name of up to 32 bytes (a coding key, a dictionary's key)
    /// whose bytes are contiguous; false, with nothing written, for any other name.
    @inline(__always)
    mutating func plainMemberName(_ name: String) -> Bool {
        guard name.utf8.count <= 32 else { return false }
        return name.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return plainMemberName(base, count: bytes.count)
        } ?? false
    }

    /// The length of what ``colon()`` writes.
    var colonLength: Int { indent >= 0 ? 2 : 1 }

    /// Nonzero when a byte of `word` keeps a name from being plain: a control byte, a quote, a backslash, a
    /// slash or a byte outside ASCII.
    @inline(__always)
    private static func plainNameMask(_ word: UInt64) -> UInt64 {
        (WordMask.controlBytes(in: word) | WordMask.bytes(equalTo: UInt8(ascii: "\""), in: word)
            | WordMask.bytes(equalTo: UInt8(ascii: "\\"), in: word) | WordMask.bytes(equalTo: UInt8(ascii: "/"), in: word)
            | word) & WordMask.highBits
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
            // The shortest digits that read back as the same double, spelled as `description` spells them,
            // written straight into the output.
            buffer.didWrite(ShortestDouble.write(value, to: buffer.room(for: ShortestDouble.maximumLength)))
        default:
            append(number.text)
        }
    }

    /// Writes `value`'s decimal digits straight into the output, counted first (see ``DecimalDigits``).
    private mutating func digits(_ value: UInt64) {
        let length = DecimalDigits.count(of: value)
        DecimalDigits.write(value, endingAt: buffer.room(for: length) + length)
        buffer.didWrite(length)
    }

    /// Whether string contents already valid as JSON can be copied as they are under these options.
    var copiesValidStrings: Bool { !options.escapesSlashes && !options.escapesNonASCII }

    /// Writes `text` as a JSON string (see the overload for its bytes).
    mutating func string(_ text: String) {
        // Native strings lend their bytes without a copy of the `String` (and its retain).
        let lent: Void? = text.utf8.withContiguousStorageIfAvailable { string($0) }
        if lent == nil {
            var text = text
            text.withUTF8 { string($0) }
        }
    }

    /// Writes `text` (valid UTF-8) as a JSON string with the escapes JSON requires and those the options
    /// ask for. Runs of bytes that need no escape are copied whole.
    mutating func string(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else {
            buffer.append(UInt8(ascii: "\""))
            buffer.append(UInt8(ascii: "\""))
            return
        }
        let count = text.count
        var position = 0
        // Under the default escapes most strings need none: found sixteen bytes at a time, then copied in
        // one piece with their quotes. Otherwise the loop below starts at the first byte to escape.
        if copiesValidStrings, JSONTextSink.hasVectorSearch {
            position = firstByteNeedingEscape(base, count)
            if position == count {
                let room = buffer.room(for: count &+ 2)
                room[0] = UInt8(ascii: "\"")
                (room + 1).update(from: base, count: count)
                room[count &+ 1] = UInt8(ascii: "\"")
                buffer.didWrite(count &+ 2)
                return
            }
        }
        buffer.append(UInt8(ascii: "\""))
        var runStart = 0
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
            // Past an escape, the next one is usually far (a line break in a long text): look for it sixteen
            // bytes at a time again, where the options allow the vector search.
            if copiesValidStrings, JSONTextSink.hasVectorSearch { position = keel_skip_unescaped_bytes(base, position, count) }
        }
        buffer.append(base + runStart, count: count - runStart)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether this build has the sixteen-byte search (SSE2 or NEON); otherwise every string takes the
    /// eight-byte loop.
    static var hasVectorSearch: Bool { keel_vector_scan_available() != 0 }

    /// The index of the first byte of `base[0..<count]` that needs an escape under these options (sixteen
    /// bytes at a time, then eight, then one), or `count` when there is none. Only for options that copy valid
    /// strings: the sixteen-byte search knows nothing of escaped slashes or non-ASCII bytes.
    @inline(__always)
    private func firstByteNeedingEscape(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var position = keel_skip_unescaped_bytes(base, 0, count)
        // Fewer than sixteen bytes are left, or `position` is at the byte sought.
        while position &+ 8 <= count {
            let mask = escapeMask(UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)))
            if mask != 0 { return position &+ mask.trailingZeroBitCount / 8 }
            position &+= 8
        }
        while position < count, !needsEscape(base[position]) { position &+= 1 }
        return position
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
