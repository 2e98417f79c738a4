// Writing JSON values as compact text. The traversal keeps its own stack of open containers, so writing
// a value nested 100,000 levels deep uses heap, not call stack.

/// Writes ``JSON`` values as compact RFC 8259 text.
struct JSONWriter {
    private(set) var output: [UInt8] = []
    /// Stop once the output is longer than this (for short excerpts in messages).
    var limit: Int = .max

    var isTruncated: Bool { output.count > limit }

    private enum Frame {
        case array(JSONArray, next: Int)
        case object(JSONObject, next: Int)
    }

    mutating func write(_ value: JSON) {
        var stack: [Frame] = []
        var current: JSON? = value
        while true {
            if let value = current {
                current = nil
                switch value {
                case .null: append("null")
                case .bool(let flag): append(flag ? "true" : "false")
                case .number(let number): append(number.text)
                case .string(let string): writeString(string)
                case .array(let array):
                    output.append(UInt8(ascii: "["))
                    stack.append(.array(array, next: 0))
                case .object(let object):
                    output.append(UInt8(ascii: "{"))
                    stack.append(.object(object, next: 0))
                }
            }
            if isTruncated { return }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let array, let next):
                if next == array.count {
                    output.append(UInt8(ascii: "]"))
                } else {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    stack.append(.array(array, next: next + 1))
                    current = array[next]
                }
            case .object(let object, let next):
                if next == object.count {
                    output.append(UInt8(ascii: "}"))
                } else {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    writeString(object.storage.keys[next])
                    output.append(UInt8(ascii: ":"))
                    stack.append(.object(object, next: next + 1))
                    current = object.storage.values[next]
                }
            }
        }
    }

    private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }

    /// Writes a string with the escapes JSON requires: `"`, `\` and the control characters.
    mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\\")); output.append(byte)
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\")); output.append(byte)
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
}

extension JSON: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as compact JSON text.
    public var description: String {
        var writer = JSONWriter()
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The value as compact JSON text.
    public var debugDescription: String { description }

    /// Compact JSON text of at most about `length` characters, ending in `…` when cut (for messages).
    func excerpt(maximumLength length: Int = 40) -> String {
        var writer = JSONWriter()
        writer.limit = length
        writer.write(self)
        return Excerpt.shorten(writer.output, to: length)
    }
}

enum Excerpt {
    /// Cuts UTF-8 text to about `length` bytes on a character boundary, adding `…` when cut.
    static func shorten(_ bytes: some Collection<UInt8>, to length: Int) -> String {
        guard bytes.count > length else { return String(decoding: bytes, as: UTF8.self) }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            used += UTF8.width(scalar)
            if used > length { break }
            result.append(scalar)
        }
        return String(result) + "…"
    }
}
