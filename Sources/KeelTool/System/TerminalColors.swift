#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Colours JSON text for a terminal as it streams past, a piece at a time: keys, strings, numbers,
/// `true`/`false` and `null` each get their own colour, punctuation stays plain.
///
/// On by default only when standard output is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org); `--color` and `--no-color` override.
struct TerminalColors {
    /// Whether to colour output written to standard output.
    static func wanted(forced: Bool?) -> Bool {
        if let forced { return forced }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(STDOUT_FILENO) == 1
    }

    private static let reset = Array("\u{1B}[0m".utf8)
    private static let keyColor = Array("\u{1B}[1;34m".utf8)
    private static let stringColor = Array("\u{1B}[32m".utf8)
    private static let numberColor = Array("\u{1B}[36m".utf8)
    private static let literalColor = Array("\u{1B}[33m".utf8)
    private static let nullColor = Array("\u{1B}[90m".utf8)

    /// Open containers, innermost last: `true` for an object.
    private var containers: [Bool] = []
    /// Whether the next string in the current object is a key.
    private var expectingKey = false
    private var inString = false
    private var escaped = false
    /// Whether a number or literal is being coloured.
    private var inWord = false

    /// The coloured form of `piece`, which continues the text of the pieces before it.
    mutating func colour(_ piece: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(piece.count + piece.count / 4)
        for byte in piece {
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    output += Self.reset
                }
                continue
            }
            let isWordByte = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            if inWord, !isWordByte {
                inWord = false
                output += Self.reset
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output += expectingKey && containers.last == true ? Self.keyColor : Self.stringColor
                expectingKey = false
            case UInt8(ascii: "{"):
                containers.append(true)
                expectingKey = true
            case UInt8(ascii: "["):
                containers.append(false)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
            case UInt8(ascii: ","):
                expectingKey = containers.last == true
            case UInt8(ascii: "t") where !inWord, UInt8(ascii: "f") where !inWord:
                inWord = true
                output += Self.literalColor
            case UInt8(ascii: "n") where !inWord:
                inWord = true
                output += Self.nullColor
            default:
                if isWordByte, !inWord {
                    inWord = true
                    output += Self.numberColor
                }
            }
            output.append(byte)
        }
        return output
    }

    /// Closes a colour left open at the end of the text (a number or literal at the very end).
    mutating func finish() -> [UInt8] {
        guard inWord else { return [] }
        inWord = false
        return Self.reset
    }
}

/// Turns the one-space-per-level indentation of pretty text into one tab per level, as
/// the text streams past (strings never hold a raw line break, so spaces after one are indentation).
struct TabIndentation {
    private var atLineStart = false

    mutating func convert(_ piece: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output = Array(piece)
        for i in output.indices {
            if output[i] == UInt8(ascii: "\n") {
                atLineStart = true
            } else if atLineStart, output[i] == UInt8(ascii: " ") {
                output[i] = UInt8(ascii: "\t")
            } else {
                atLineStart = false
            }
        }
        return output
    }
}
