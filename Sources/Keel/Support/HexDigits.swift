// Hexadecimal digits, read (`\u` escapes) and written (escapes, and bytes named in error messages).
package enum HexDigits {
    /// The value of one hex digit (either case), or `nil` for any other byte.
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Four upper-case digits: `00E9`.
    static func four(_ value: UInt16) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [12, 8, 4, 0].map { digits[Int(value >> $0 & 0xF)] }, as: UTF8.self)
    }

    /// Two upper-case digits: `FF`.
    static func two(_ value: UInt8) -> String { String(four(UInt16(value)).suffix(2)) }
}
