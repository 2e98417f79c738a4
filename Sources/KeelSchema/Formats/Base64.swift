/// Standard base64 (RFC 4648 section 4), padded, as `contentEncoding: base64` means.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var chunk: UInt32 = 0
        var padding = 0
        for (position, byte) in input.enumerated() {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - 65)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - 97 + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - 48 + 52)
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                // Padding only at the end, at most two.
                guard position >= input.count - 2 else { return nil }
                padding += 1
                value = 0
            default: return nil
            }
            if padding > 0, byte != UInt8(ascii: "=") { return nil }
            chunk = chunk << 6 | value
            if position % 4 == 3 {
                output.append(UInt8(truncatingIfNeeded: chunk >> 16))
                output.append(UInt8(truncatingIfNeeded: chunk >> 8))
                output.append(UInt8(truncatingIfNeeded: chunk))
                chunk = 0
            }
        }
        output.removeLast(padding)
        return output
    }
}
