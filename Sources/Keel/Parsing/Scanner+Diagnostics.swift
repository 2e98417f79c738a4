// How the scanner turns a position into a JSONSyntaxError: the location is computed here, once, when the
// error is made; the hot loop only carries byte offsets.

extension Scanner {
    /// Makes the error for `kind` at byte `offset`; `found` defaults to a description of the byte there.
    func error(
        _ kind: JSONSyntaxError.Kind, at offset: Int, expected: String, found: String? = nil, limit: Int? = nil
    ) -> JSONSyntaxError {
        guard locatesErrors else {
            return JSONSyntaxError(kind: kind, byteOffset: offset, line: 0, column: 0, expected: expected, found: "", limit: limit)
        }
        let location = JSONSourceLocation(byteOffset: offset, in: bytes)
        return JSONSyntaxError(
            kind: kind, byteOffset: location.byteOffset, line: location.line, column: location.column,
            expected: expected, found: found ?? describeFound(at: offset), limit: limit)
    }

    /// `'x'`, `U+000B`, `'é' (U+00E9)`, `byte 0xFF` or `end of input`.
    func describeFound(at offset: Int) -> String { Scanner.describeFound(at: offset, in: bytes) }

    /// What is at `offset` in `bytes`, named as in ``describeFound(at:)``.
    static func describeFound(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte < 0x80 { return Scanner.quoteASCII(byte) }
        // Decode one scalar if the bytes form one; otherwise name the byte.
        if let (scalar, _) = UTF8Scalar.decode(at: offset, in: bytes) {
            return "'\(Character(scalar))' (U+\(Scanner.hex4Scalar(scalar.value)))"
        }
        return "byte 0x\(HexDigits.two(byte))"
    }

    static func quoteASCII(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "U+" + HexDigits.four(UInt16(byte))
    }

    /// The character after a backslash, for an invalid-escape message.
    static func describeCharacter(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
        return "U+" + HexDigits.four(UInt16(byte))
    }

    static func hex4Scalar(_ value: UInt32) -> String {
        value > 0xFFFF ? String(value, radix: 16, uppercase: true) : HexDigits.four(UInt16(value))
    }

    /// The name of the UTF-16 or UTF-32 encoding the input starts in, if it does (``JSONTextEncoding/detect(_:)``).
    /// None of the patterns it looks for can begin UTF-8 JSON, so naming the encoding only replaces a less
    /// helpful error.
    func wideEncoding() -> String? {
        let detection = JSONTextEncoding.detect(bytes)
        guard detection.encoding != .utf8 else { return nil }
        return detection.byteOrderMarkLength > 0 ? "\(detection.encoding) (with a byte-order mark)" : "\(detection.encoding)"
    }
}
