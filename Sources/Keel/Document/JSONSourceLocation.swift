/// A place in JSON source text: byte offset, line and column.
///
/// Lines are 1-based and end at LF, CR or CRLF (one break; see `TextPosition`, the one rule every reader of
/// text in Keel counts with). Columns are 1-based and count Unicode scalars from the start of the line (a tab
/// is one column, `é` is one column, a leading byte-order mark is none). A malformed UTF-8 byte counts as one
/// column.
public struct JSONSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 0-based offset in bytes from the start of the input.
    public let byteOffset: Int
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in Unicode scalars.
    public let column: Int

    /// Makes a location from its three parts.
    public init(byteOffset: Int, line: Int, column: Int) {
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
    }

    /// Computes the line and column of `offset` in `bytes` by counting from the start.
    ///
    /// - Complexity: O(`offset`); it runs only when an error is made or a location is asked for.
    public init(byteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let offset = min(max(offset, 0), bytes.count)
        let position = Self.position(before: offset, in: bytes)
        self.init(byteOffset: offset, line: position.line, column: position.column)
    }

    /// Where `bytes[offset]` is, counted from the start by ``TextPosition``'s rule; a byte-order mark at the
    /// start takes no column.
    static func position(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
        let hasMark = offset >= 3 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var position = TextPosition()
        position.advance(over: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(hasMark ? 3 : 0)..<offset])))
        return position
    }

    /// `line 3, column 7 (byte 41)`.
    public var description: String { "line \(line), column \(column) (byte \(byteOffset))" }
}
