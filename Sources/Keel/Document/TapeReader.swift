// The one place that knows how to read values back out of (input bytes, tape): skipping, key comparison,
// strings and number text. The scanner uses it for key indexes; document views use it for everything.

struct TapeReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let tape: UnsafePointer<TapeEntry>

    /// The tape index just past the value at `index` (and all its descendants).
    @inline(__always)
    static func indexAfter(_ index: Int, in tape: UnsafePointer<TapeEntry>) -> Int {
        let entry = tape[index]
        switch entry.kind {
        case .array, .object: return entry.end
        default: return index + 1
        }
    }

    /// The raw bytes between a string's quotes.
    func rawBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = tape[index]
        let start = entry.offset + 1
        return UnsafeBufferPointer(rebasing: bytes[start..<start + entry.length])
    }

    /// Calls `body` with the unescaped UTF-8 bytes of the string at `index`, using `scratch` when the string
    /// has escapes.
    func withKeyBytes<Result>(
        at index: Int, scratch: inout [UInt8], _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        let raw = rawBytes(at: index)
        guard tape[index].flags.contains(.hasEscapes) else {
            return try body(UnsafeRawBufferPointer(raw))
        }
        if scratch.count < raw.count { scratch = Array(repeating: 0, count: raw.count) }
        return try scratch.withUnsafeMutableBufferPointer { buffer in
            let count = StringUnescaping.unescape(raw, into: buffer)
            return try body(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[..<count]))
        }
    }

    /// Whether the string at `index`, unescaped, has exactly the bytes `key`.
    func keyEquals(at index: Int, _ key: UnsafeRawBufferPointer, scratch: inout [UInt8]) -> Bool {
        let entry = tape[index]
        if !entry.flags.contains(.hasEscapes) {
            guard entry.length == key.count else { return false }
            let raw = rawBytes(at: index)
            return key.count == 0 || memoryEqual(raw.baseAddress!, key.baseAddress!, key.count)
        }
        // Escapes only ever shorten text, so a raw form shorter than the key cannot match.
        guard entry.length >= key.count else { return false }
        return withKeyBytes(at: index, scratch: &scratch) { unescaped in
            unescaped.count == key.count
                && (key.count == 0 || memoryEqual(unescaped.baseAddress!, key.baseAddress!, key.count))
        }
    }

    /// The string at `index`, unescaped.
    func string(at index: Int) -> String {
        let entry = tape[index]
        let raw = rawBytes(at: index)
        let isASCII = entry.flags.contains(.isASCII)
        guard entry.flags.contains(.hasEscapes) else { return Self.string(ofValidUTF8: raw, isASCII: isASCII) }
        // Unescaped on the stack (the heap for long strings) and copied once into the new string. Letting
        // `String(unsafeUninitializedCapacity:)` do it cost about seven times as much: it checks the bytes
        // again and copies them a second time.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            let count = StringUnescaping.unescape(raw, into: buffer)
            let unescaped = UnsafeBufferPointer(rebasing: buffer[..<count])
            // A `\u` escape may stand for a character beyond ASCII.
            return Self.string(ofValidUTF8: unescaped, isASCII: isASCII && !unescaped.contains { $0 >= 0x80 })
        }
    }

    /// A string of `bytes`, which must be well-formed UTF-8, and all ASCII when `isASCII` says so.
    ///
    /// The scanner has checked every string's bytes, and unescaping keeps them well-formed (an escaped
    /// surrogate becomes a whole scalar or U+FFFD), so where the standard library can take the bytes as
    /// they are, they are copied without being checked a second time. A string made that way is marked
    /// ASCII only when it is said to be: unmarked, hashing it took seven times as long in a measurement
    /// (a 31-byte string), and comparing and counting it took slower paths too.
    @inline(__always)
    private static func string(ofValidUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The literal text of the number at `index`.
    func numberText(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = tape[index]
        return UnsafeBufferPointer(rebasing: bytes[entry.offset..<entry.offset + entry.length])
    }
}

/// Byte-wise equality of two memory ranges of `count` bytes.
///
/// Keys are short, so the last bytes are compared as one word that may overlap the ones before it (or, below
/// eight bytes, as two halves that may overlap), not one byte at a time.
@inline(__always)
package func memoryEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    if count >= 8 {
        var i = 0
        while i &+ 8 < count {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i &+= 8
        }
        let last = count &- 8
        return a.loadUnaligned(fromByteOffset: last, as: UInt64.self) == b.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
    if count >= 4 {
        let last = count &- 4
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: last, as: UInt32.self) == b.loadUnaligned(fromByteOffset: last, as: UInt32.self)
    }
    if count >= 2 {
        let last = count &- 2
        return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
            && a.loadUnaligned(fromByteOffset: last, as: UInt16.self) == b.loadUnaligned(fromByteOffset: last, as: UInt16.self)
    }
    return count == 0 || a.load(as: UInt8.self) == b.load(as: UInt8.self)
}
