// Turning a string's raw bytes (between its quotes, already validated by the scanner) into the text it
// stands for. This runs only when someone reads the string.

enum StringUnescaping {
    /// Writes the unescaped form of `raw` to `output`, which must hold at least `raw.count` bytes (an escape
    /// is never shorter than what it stands for). Returns the number of bytes written.
    ///
    /// A lone surrogate escape can only be here when the parser ran with
    /// ``JSONParsingOptions/LoneSurrogatePolicy/replace``; it becomes U+FFFD.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        let n = raw.count
        while i < n {
            // Runs without a backslash are copied eight bytes at a time. Writing a whole word is safe even
            // when it passes the backslash: `o` never runs ahead of `i`, so `o + 8 <= n` too.
            if let input = raw.baseAddress, let out = output.baseAddress {
                while i &+ 8 <= n {
                    let word = UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(out + o).storeBytes(of: word, as: UInt64.self)
                    let found = WordMask.bytes(equalTo: UInt8(ascii: "\\"), in: UInt64(littleEndian: word)) & WordMask.highBits
                    if found != 0 {
                        // Only bytes above the first backslash can be marked wrongly, so the lowest mark is it.
                        let run = found.trailingZeroBitCount >> 3
                        i &+= run
                        o &+= run
                        break
                    }
                    i &+= 8
                    o &+= 8
                }
                guard i < n else { break }
            }
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < n else {
                output[o] = byte
                o += 1
                i += 1
                continue
            }
            let escaped = raw[i + 1]
            i += 2
            switch escaped {
            case UInt8(ascii: "b"): output[o] = 0x08; o += 1
            case UInt8(ascii: "f"): output[o] = 0x0C; o += 1
            case UInt8(ascii: "n"): output[o] = 0x0A; o += 1
            case UInt8(ascii: "r"): output[o] = 0x0D; o += 1
            case UInt8(ascii: "t"): output[o] = 0x09; o += 1
            case UInt8(ascii: "u"):
                let unit = hexQuad(raw, at: i)
                i += 4
                var scalar: UInt32 = 0xFFFD
                switch unit {
                case 0xD800...0xDBFF:
                    if i + 5 < n, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") {
                        let low = hexQuad(raw, at: i + 2)
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                            i += 6
                        }
                    }
                case 0xDC00...0xDFFF:
                    break
                default:
                    scalar = UInt32(unit)
                }
                o += writeUTF8(scalar, to: output, at: o)
            default:
                // `"`, `\` and `/` stand for themselves.
                output[o] = escaped
                o += 1
            }
        }
        return o
    }

    private static func hexQuad(_ raw: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt16 {
        var value: UInt16 = 0
        for k in 0..<4 where i + k < raw.count {
            value = value << 4 | UInt16(HexDigits.value(raw[i + k]) ?? 0)
        }
        return value
    }

    private static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            output[o] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[o] = UInt8(0xC0 | scalar >> 6)
            output[o + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            output[o] = UInt8(0xE0 | scalar >> 12)
            output[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[o + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            output[o] = UInt8(0xF0 | scalar >> 18)
            output[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[o + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
