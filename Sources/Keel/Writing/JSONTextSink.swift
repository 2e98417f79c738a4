// Where written JSON goes: the output bytes, the layout (separators, newlines, indentation) and string
// escaping. The two writers (for JSON trees and for document views) only decide what comes next.

struct JSONTextSink {
    private(set) var output: [UInt8] = []
    let options: JSONWritingOptions
    /// Writing may stop once the output is longer than this (for short excerpts in messages).
    var limit = Int.max
    private let indent: Int

    init(options: JSONWritingOptions, capacity: Int = 0) {
        self.options = options
        if case .pretty(let indent) = options.layout { self.indent = max(indent, 0) } else { self.indent = -1 }
        output.reserveCapacity(capacity)
    }

    var isFull: Bool { output.count > limit }

    mutating func append(_ byte: UInt8) { output.append(byte) }
    mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { output.append(contentsOf: bytes) }

    /// Before an element or member of a container at `depth` (the container's own depth plus one).
    mutating func beginItem(first: Bool, depth: Int) {
        if !first { output.append(UInt8(ascii: ",")) }
        newline(depth: depth)
    }

    /// Closes a container whose contents were at `depth`; `empty` containers stay on one line.
    mutating func close(_ bracket: UInt8, empty: Bool, depth: Int) {
        if !empty { newline(depth: depth - 1) }
        output.append(bracket)
    }

    mutating func colon() {
        output.append(UInt8(ascii: ":"))
        if indent >= 0 { output.append(UInt8(ascii: " ")) }
    }

    private mutating func newline(depth: Int) {
        guard indent >= 0 else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    /// Whether string contents already valid as JSON can be copied as they are under these options.
    var copiesValidStrings: Bool { !options.escapesSlashes && !options.escapesNonASCII }

    /// Writes `text` (UTF-8) as a JSON string with the escapes JSON requires and those the options ask for.
    mutating func string<S: Sequence<UInt8>>(_ text: S) {
        output.append(UInt8(ascii: "\""))
        var pending: [UInt8] = []  // the bytes of a non-ASCII character, when escaping them
        for byte in text {
            if options.escapesNonASCII, byte >= 0x80 {
                pending.append(byte)
                if let scalar = JSONTextSink.decodeScalar(pending) {
                    writeUnicodeEscape(scalar)
                    pending.removeAll(keepingCapacity: true)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case UInt8(ascii: "/") where options.escapesSlashes:
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20: append("\\u" + Scanner.hex4(UInt16(byte)))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeUnicodeEscape(_ scalar: UInt32) {
        if scalar > 0xFFFF {
            let value = scalar - 0x10000
            append("\\u" + Scanner.hex4(UInt16(0xD800 + (value >> 10))))
            append("\\u" + Scanner.hex4(UInt16(0xDC00 + (value & 0x3FF))))
        } else {
            append("\\u" + Scanner.hex4(UInt16(scalar)))
        }
    }

    /// The scalar `bytes` encode, once they are a whole UTF-8 sequence.
    private static func decodeScalar(_ bytes: [UInt8]) -> UInt32? {
        guard let lead = bytes.first else { return nil }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard bytes.count == length else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return value
    }
}
