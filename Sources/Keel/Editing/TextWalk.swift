// Walking valid JSON text by skipping: a string is skipped to its closing quote, a container to its closing
// bracket, without reading what they hold. Finding one value of a large document this way costs one pass
// over the bytes before it and nothing in proportion to the document, where a tape costs several times the
// text and a tree tens of times.
//
// The text must already be known to be one valid strict JSON value (``EditableText`` checks it). Every read
// is still bounds-checked, so text that is not valid gives wrong offsets, never a crash.

/// Offsets into valid strict JSON text, found by skipping.
struct TextWalk {
    let bytes: UnsafeBufferPointer<UInt8>

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// The first offset from `offset` that is not whitespace.
    func skippingSpace(_ offset: Int) -> Int {
        var i = offset
        while i < bytes.count, JSONWhitespace.contains(bytes[i]) { i += 1 }
        return i
    }

    /// The first value's offset: after a byte order mark and whitespace.
    var rootStart: Int {
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        return skippingSpace(hasMark ? 3 : 0)
    }

    /// Just after the string whose opening quote is at `offset`.
    func stringEnd(_ offset: Int) -> Int {
        var i = offset + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""): return i + 1
            case UInt8(ascii: "\\"): i += 2
            default: i += 1
            }
        }
        return bytes.count
    }

    /// Just after the value that starts at `offset`.
    func valueEnd(_ offset: Int) -> Int {
        switch byte(offset) {
        case UInt8(ascii: "\""):
            return stringEnd(offset)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = offset
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i = stringEnd(i)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return bytes.count
        default:
            var i = offset
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return i
                default: i += 1
                }
            }
            return i
        }
    }

    func isObject(_ offset: Int) -> Bool { byte(offset) == UInt8(ascii: "{") }
    func isArray(_ offset: Int) -> Bool { byte(offset) == UInt8(ascii: "[") }

    /// Calls `body` with each child of the container whose opening bracket is at `open`, in order, until it
    /// returns `false`; returns just after the closing bracket (or where the walk stopped).
    @discardableResult
    func forEachChild(of open: Int, _ body: (ChildRange) -> Bool) -> Int {
        let isObject = self.isObject(open)
        var i = skippingSpace(open + 1)
        if byte(i) == UInt8(ascii: "}") || byte(i) == UInt8(ascii: "]") { return i + 1 }
        while i < bytes.count {
            let start = i
            var keyEnd = i
            if isObject {
                keyEnd = stringEnd(i)
                i = skippingSpace(skippingSpace(keyEnd) + 1)  // past the colon
            }
            let end = valueEnd(i)
            guard body(ChildRange(start: start, keyEnd: keyEnd, valueStart: i, valueEnd: end)) else { return end }
            i = skippingSpace(end)
            guard byte(i) == UInt8(ascii: ",") else { return i + 1 }
            i = skippingSpace(i + 1)
        }
        return bytes.count
    }

    /// The key of a member, unescaped.
    func key(of child: ChildRange) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[(child.start + 1)..<max(child.start + 1, child.keyEnd - 1)])
        if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw, as: UTF8.self) }
        let quoted = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[child.start..<child.keyEnd])
        if case .string(let key)? = try? JSON(parsing: quoted) { return key }
        return String(decoding: raw, as: UTF8.self)
    }

    /// Whether a member's key is `key` (given as UTF-8), comparing bytes when the key has no escape.
    func keyMatches(_ child: ChildRange, _ key: [UInt8]) -> Bool {
        let length = child.keyEnd - child.start - 2
        let raw = UnsafeBufferPointer(rebasing: bytes[(child.start + 1)..<max(child.start + 1, child.keyEnd - 1)])
        if length == key.count, raw.elementsEqual(key) { return true }
        // An escape can spell the key with more bytes, never fewer.
        guard length > key.count, raw.contains(UInt8(ascii: "\\")) else { return false }
        return Array(self.key(of: child).utf8) == key
    }

    /// The value at `offset` read as a `JSON` value (for a value an edit compares, copies or names).
    func value(at offset: Int) -> JSON? {
        let end = valueEnd(offset)
        let text = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[offset..<end])
        return try? JSON(parsing: text, options: .lenient)
    }
}
