/// A place in JSON source text: byte offset, line and column.
///
/// Lines are 1-based and end at LF, CR or CRLF. Columns are 1-based and count Unicode scalars from the
/// start of the line (a tab is one column, `é` is one column, a leading byte-order mark is none).
/// A malformed UTF-8 byte counts as one column.
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
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
            }
            index += 1
        }
        var column = 1
        var position = lineStart
        if lineStart == 0, offset >= 3, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
        while position < offset {
            // Count every byte that starts a scalar (or stands alone, when malformed).
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        self.init(byteOffset: offset, line: line, column: column)
    }

    /// `line 3, column 7 (byte 41)`.
    public var description: String { "line \(line), column \(column) (byte \(byteOffset))" }
}
