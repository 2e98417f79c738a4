// JSON's whitespace, written once: the parser, the stream framing, the reading helpers and views all ask here.

/// The four bytes RFC 8259 allows between tokens: space, tab, line feed and carriage return.
enum JSONWhitespace {
    /// Whether `byte` is JSON whitespace.
    @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// JSON5's whitespace, which adds to JSON's the vertical tab, form feed, no-break space, line and paragraph
/// separators, byte-order mark and every Unicode space separator (category Zs).
enum JSON5Whitespace {
    /// The length in bytes of the JSON5 whitespace character at `offset`, or 0 when there is none.
    static func length(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = bytes[offset]
        if byte < 0x80 { return JSONWhitespace.contains(byte) || byte == 0x0B || byte == 0x0C ? 1 : 0 }
        guard let (scalar, length) = UTF8Scalar.decode(at: offset, in: bytes), contains(scalar) else { return 0 }
        return length
    }

    /// Whether `scalar` is JSON5 whitespace beyond ASCII.
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0, 0xFEFF, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Whether the character at `offset` is U+2028 or U+2029, which end a line (and a line comment) in JSON5.
    static func isLineSeparator(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == 0xE2 && bytes[offset + 1] == 0x80 && bytes[offset + 2] | 1 == 0xA9
    }
}
