/// A read-only look at a parsed document's tape, for Keel's own modules that walk whole documents in hot
/// loops (the schema checker). Reached through `JSONView.withTapeWindow(_:)`; valid only inside that call.
///
/// Its reads are `@inlinable`, so another module's loop compiles them to loads and shifts; a `package`
/// function would be a call per read. That is why it is SPI (`@_spi(Tape) import Keel`) rather than
/// `package`. The bit layout is `TapeEntry`'s (`Tape.swift`); `TapeWindowTests` pins the two together.
@_spi(Tape) public struct TapeWindow {
    @usableFromInline let entries: UnsafeRawPointer
    @usableFromInline let text: UnsafePointer<UInt8>

    init(entries: UnsafePointer<TapeEntry>, text: UnsafePointer<UInt8>) {
        self.entries = UnsafeRawPointer(entries)
        self.text = text
    }

    @inlinable @inline(__always)
    func header(_ index: Int) -> UInt64 { entries.load(fromByteOffset: index &* 16, as: UInt64.self) }

    @inlinable @inline(__always)
    func payload(_ index: Int) -> UInt64 { entries.load(fromByteOffset: index &* 16 &+ 8, as: UInt64.self) }

    /// The value's kind as its tape code: 0 null, 1 false, 2 true, 3 number, 4 string, 5 array, 6 object.
    @inlinable @inline(__always)
    public func kindCode(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: header(index)) }

    /// A string's raw length (between the quotes), a number literal's length, or a container's count.
    @inlinable @inline(__always)
    public func count(_ index: Int) -> Int { Int(truncatingIfNeeded: payload(index) & 0xFFFF_FFFF) }

    /// The tape index of the value after this one and all its descendants (its next sibling).
    @inlinable @inline(__always)
    public func indexAfter(_ index: Int) -> Int {
        kindCode(index) >= 5 ? Int(truncatingIfNeeded: payload(index) >> 32) : index &+ 1
    }

    /// The byte offset of the value's first character.
    @inlinable @inline(__always)
    public func offset(_ index: Int) -> Int { Int(truncatingIfNeeded: header(index) >> 16) }

    /// Whether a string holds a backslash escape (its raw bytes are then not its text).
    @inlinable @inline(__always)
    public func hasEscapes(_ index: Int) -> Bool { header(index) & (1 << 8) != 0 }

    /// Whether a string's raw bytes are all ASCII.
    @inlinable @inline(__always)
    public func isASCII(_ index: Int) -> Bool { header(index) & (1 << 9) != 0 }

    /// Whether a string is an object member's key.
    @inlinable @inline(__always)
    public func isKey(_ index: Int) -> Bool { header(index) & (1 << 10) != 0 }

    /// Whether a number literal has neither fraction nor exponent.
    @inlinable @inline(__always)
    public func isPlainInteger(_ index: Int) -> Bool { header(index) & (1 << 11) != 0 }

    /// A string's bytes between the quotes, as written (escapes not undone).
    @inlinable @inline(__always)
    public func rawStringBytes(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text + offset(index) + 1, count: count(index))
    }

    /// A number's literal text.
    @inlinable @inline(__always)
    public func literalBytes(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text + offset(index), count: count(index))
    }

    /// A plain integer literal's value when it has at most 18 digits (so it cannot overflow); `nil` otherwise.
    @inlinable @inline(__always)
    public func smallInteger(_ index: Int) -> Int64? {
        guard isPlainInteger(index) else { return nil }
        let literal = literalBytes(index)
        var position = 0
        let negative = literal.first == UInt8(ascii: "-")
        if negative { position = 1 }
        guard literal.count - position <= 18 else { return nil }
        var value: Int64 = 0
        while position < literal.count {
            value = value &* 10 &+ Int64(literal[position] &- UInt8(ascii: "0"))
            position &+= 1
        }
        return negative ? 0 &- value : value
    }

    /// Writes a string's text with its escapes undone to `buffer`, which must hold at least ``count(_:)``
    /// bytes (escapes only shorten); returns its length.
    public func unescape(_ index: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let raw = UnsafeBufferPointer(start: text + offset(index) + 1, count: count(index))
        precondition(buffer.count >= raw.count, "the buffer is shorter than the raw string")
        return StringUnescaping.unescape(raw, into: buffer.bindMemory(to: UInt8.self))
    }
}
