// Reading one Unicode scalar from UTF-8 bytes, for the readers that look past ASCII one character at a time
// (JSON5's whitespace and names, and the character an error names).

enum UTF8Scalar {
    /// The scalar whose UTF-8 starts at `offset` and its length in bytes; `nil` for ill-formed or cut UTF-8.
    static func decode(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (scalar: Unicode.Scalar, length: Int)? {
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
