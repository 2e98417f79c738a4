import Keel
import Testing

/// UTF-16 and UTF-32 input is rejected with an error that names the encoding, not "Unexpected byte 0xFF".
@Suite struct WideEncodingTests {
    static func encoded(_ text: String, _ encoding: String, byteOrderMark: Bool) -> [UInt8] {
        let scalars = text.unicodeScalars.map(\.value)
        func utf16(_ bigEndian: Bool) -> [UInt8] {
            let units: [UInt16] = (byteOrderMark ? [0xFEFF] : []) + Array(text.utf16)
            var bytes: [UInt8] = []
            for unit in units {
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                bytes += bigEndian ? [high, low] : [low, high]
            }
            return bytes
        }
        func utf32(_ bigEndian: Bool) -> [UInt8] {
            ((byteOrderMark ? [0xFEFF] : []) + scalars).flatMap { value -> [UInt8] in
                let bytes = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
                return bigEndian ? bytes : bytes.reversed()
            }
        }
        switch encoding {
        case "UTF-16BE": return utf16(true)
        case "UTF-16LE": return utf16(false)
        case "UTF-32BE": return utf32(true)
        default: return utf32(false)
        }
    }

    @Test(arguments: ["UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE"], [true, false])
    func wideTextNamesItsEncoding(_ encoding: String, _ byteOrderMark: Bool) {
        for text in [#"{"a": [1, "é"]}"#, "1", "[]"] {
            let bytes = Self.encoded(text, encoding, byteOrderMark: byteOrderMark)
            do {
                _ = try JSONDocument(parsing: bytes)
                Issue.record("\(encoding) parsed")
            } catch {
                #expect(error.kind == .unsupportedEncoding, "\(encoding) \(text)")
                let name = byteOrderMark ? "\(encoding) (with a byte-order mark)" : encoding
                #expect(error.description == "Unsupported encoding \(name) at line 1, column 1 (byte 0): expected UTF-8 text, as RFC 8259 requires.",
                        "\(text)")
            }
        }
    }

    @Test func utf8AndOtherBadStartsAreUnchanged() throws {
        #expect(try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).root.count == 1)
        for bytes: [UInt8] in [[0x00], [0x00, 0x00, 0x00, 0x00], [0xFF], [0xFE], [0x31, 0x20, 0x00]] {
            #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: bytes) }
            do { _ = try JSONDocument(parsing: bytes) } catch { #expect(error.kind != .unsupportedEncoding, "\(bytes)") }
        }
    }
}
