// JSON's whitespace, written once: the parser, the stream framing, the reading helpers and views all ask here.

/// The four bytes RFC 8259 allows between tokens: space, tab, line feed and carriage return.
enum JSONWhitespace {
    /// Whether `byte` is JSON whitespace.
    @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
