import Foundation
import Keel
import Testing

/// UTF-16 and UTF-32 input: detected without parsing (as the Freddy library's encoding detector did), rejected by
/// default with an error that names the encoding, and read on request with positions in the input's terms.
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

    // MARK: Detection

    static let encodings: [(name: String, encoding: JSONTextEncoding)] = [
        ("UTF-16BE", .utf16BigEndian), ("UTF-16LE", .utf16LittleEndian),
        ("UTF-32BE", .utf32BigEndian), ("UTF-32LE", .utf32LittleEndian),
    ]

    @Test func detectionNamesEveryEncodingWithAndWithoutAMark() {
        for (name, encoding) in Self.encodings {
            for text in [#"{"a": 1}"#, "1", "[]", #""é""#] {
                let marked = JSONTextEncoding.detect(Self.encoded(text, name, byteOrderMark: true))
                #expect(marked == .init(encoding: encoding, byteOrderMarkLength: encoding.codeUnitSize), "\(name) \(text)")
                let plain = JSONTextEncoding.detect(Self.encoded(text, name, byteOrderMark: false))
                #expect(plain == .init(encoding: encoding, byteOrderMarkLength: 0), "\(name) \(text)")
                #expect(encoding.description == name)
            }
        }
        #expect(JSONTextEncoding.detect([0xEF, 0xBB, 0xBF, 0x31]) == .init(encoding: .utf8, byteOrderMarkLength: 3))
        #expect(JSONTextEncoding.detect(Array("[1]".utf8)) == .init(encoding: .utf8, byteOrderMarkLength: 0))
        // Too short to tell, a mark cut short, or NUL where the first character would be: UTF-8 with no mark.
        for bytes: [UInt8] in [[], [0x31], [0x00], [0xEF, 0xBB], [0x00, 0x00, 0x00, 0x00], [0x00, 0x00]] {
            #expect(JSONTextEncoding.detect(bytes) == .init(encoding: .utf8, byteOrderMarkLength: 0), "\(bytes)")
        }
        // FF FE 00 00 is UTF-32LE's mark, never UTF-16LE's mark before a NUL character.
        #expect(JSONTextEncoding.detect([0xFF, 0xFE, 0x00, 0x00]).encoding == .utf32LittleEndian)
        #expect(JSONTextEncoding.detect([0xFF, 0xFE, 0x31, 0x00]).encoding == .utf16LittleEndian)
        // Any collection of bytes, read no further than four.
        #expect(JSONTextEncoding.detect(Array(Self.encoded("[1]", "UTF-16LE", byteOrderMark: false))[...]).encoding
                == .utf16LittleEndian)
    }

    // MARK: Reading wide text on request

    static var detecting: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.textEncoding = .detect
        return options
    }

    @Test func wideTextParsesToTheSameValueWhenAskedTo() throws {
        let texts = [#"{"name": "Zoë", "tags": ["😀", "a\u00e9b"], "n": -1.5e3}"#, "1", "[]", #""𝄞""#, "\r\n[\ttrue ]"]
        for (name, _) in Self.encodings {
            for byteOrderMark in [true, false] {
                for text in texts {
                    let expected = try JSON(parsing: text)
                    let document = try JSONDocument(parsing: Self.encoded(text, name, byteOrderMark: byteOrderMark),
                                                    options: Self.detecting)
                    #expect(JSON(document.root) == expected, "\(name) \(text)")
                    #expect(document.bytes == Array(text.utf8), "the document's text is UTF-8, without the mark")
                    try JSONDocument.validate(Self.encoded(text, name, byteOrderMark: byteOrderMark), options: Self.detecting)
                }
            }
        }
        // UTF-8 input reads exactly as without detection.
        #expect(try JSON(parsing: Array("[1]".utf8), options: Self.detecting) == [1])
    }

    @Test func positionsAreTheInputsOwn() throws {
        // "é" and "😀" are one column each in every encoding; byte offsets count the input's code units.
        let text = "{\"é\": [\"😀\", 2,\n  x]}"
        let utf8Error = #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: text) }
        for (name, encoding) in Self.encodings {
            let bytes = Self.encoded(text, name, byteOrderMark: true)
            let error = #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: bytes, options: Self.detecting) }
            #expect(error?.kind == .unexpectedCharacter)
            #expect(error?.line == 2 && error?.column == 3, "\(name)")
            #expect(error?.line == utf8Error?.line && error?.column == utf8Error?.column)
            // The input offset of the 'x': the mark, then every scalar before it in code units.
            let before = String(text[..<text.firstIndex(of: "x")!])
            let unit = encoding.codeUnitSize
            let expected = unit + (unit == 2 ? before.utf16.count * 2 : before.unicodeScalars.count * 4)
            #expect(error?.byteOffset == expected, "\(name)")
            #expect(Array(bytes[expected..<(expected + unit)]) == Self.encoded("x", name, byteOrderMark: false))
        }
        // A value's location: line, column and the input offset.
        let good = "{\"é😀\": [true,\n \"ü\", null]}"
        let bytes = Self.encoded(good, "UTF-16LE", byteOrderMark: false)
        let document = try JSONDocument(parsing: bytes, options: Self.detecting)
        let null = try document.root["é😀"][2].get()
        #expect(null.location.line == 2 && null.location.column == 7)
        let nullOffset = String(good[..<good.range(of: "null")!.lowerBound]).utf16.count * 2
        #expect(null.location.byteOffset == nullOffset)
        #expect(Array(bytes[nullOffset..<(nullOffset + 2)]) == [UInt8(ascii: "n"), 0])
        let access = document.root["é😀"][7].error
        #expect(access?.location?.line == 1)
    }

    @Test func malformedWideTextIsATypedError() {
        let cases: [(bytes: [UInt8], offset: Int, column: Int)] = [
            ([0xFF, 0xFE, 0x5B, 0x00, 0x31], 4, 2),                          // UTF-16LE cut inside a code unit
            ([0x00, 0x5B, 0xD8, 0x00, 0x00, 0x5D], 2, 2),                    // UTF-16BE high surrogate alone
            ([0x22, 0x00, 0x00, 0xDC, 0x22, 0x00], 2, 2),                    // UTF-16LE low surrogate alone
            ([0x00, 0x00, 0x00, 0x5B, 0x00, 0x11, 0x00, 0x00], 4, 2),        // UTF-32BE past U+10FFFF
            ([0x5B, 0x00, 0x00, 0x00, 0x00, 0xD8, 0x00, 0x00], 4, 2),        // UTF-32LE surrogate value
            ([0x5B, 0x00, 0x00, 0x00, 0x31, 0x00], 4, 2),                    // UTF-32LE cut
        ]
        for (bytes, offset, column) in cases {
            let error = #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: bytes, options: Self.detecting) }
            #expect(error?.kind == .invalidUnicode, "\(bytes)")
            #expect(error?.byteOffset == offset, "\(bytes)")
            #expect(error?.line == 1 && error?.column == column, "\(bytes)")
            #expect(error?.description.hasPrefix("Invalid UTF-") == true, "\(error?.description ?? "")")
            #expect(throws: JSONSyntaxError.self) { try JSONDocument.validate(bytes, options: Self.detecting) }
        }
        // The size limit applies to the input, before any transcoding.
        var small = Self.detecting
        small.maximumDocumentSize = 8
        let large = #expect(throws: JSONSyntaxError.self) {
            try JSONDocument(parsing: Self.encoded("[1, 2]", "UTF-32LE", byteOrderMark: false), options: small)
        }
        #expect(large?.kind == .documentTooLarge)
        // A second mark after the first is a character of the text, not skipped again.
        let twice = #expect(throws: JSONSyntaxError.self) {
            try JSONDocument(parsing: [0xFE, 0xFF, 0xFE, 0xFF, 0x00, 0x31], options: Self.detecting)
        }
        #expect(twice?.kind == .unexpectedCharacter)
        #expect(twice?.byteOffset == 2)
    }

    @Test func keelDecoderReadsWideDataWhenConfigured() throws {
        struct Person: Codable, Equatable { var name: String; var age: Int }
        let text = #"{"name": "Zoë", "age": "x"}"#
        var decoder = KeelDecoder()
        let data = Data(Self.encoded(#"{"name": "Zoë", "age": 41}"#, "UTF-16LE", byteOrderMark: true))
        #expect(throws: DecodingError.self) { try decoder.decode(Person.self, from: data) }
        decoder.parsingOptions.textEncoding = .detect
        #expect(try decoder.decode(Person.self, from: data) == Person(name: "Zoë", age: 41))
        // A decoding error's location is the input's too.
        let bad = Self.encoded(text, "UTF-32BE", byteOrderMark: false)
        do {
            _ = try decoder.decode(Person.self, from: bad)
            Issue.record("decoded a string as an Int")
        } catch let error as DecodingError {
            guard case .typeMismatch(_, let context) = error, let keel = context.underlyingError as? JSONDecodingError else {
                Issue.record("\(error)")
                return
            }
            let offset = String(text[..<text.range(of: #""x""#)!.lowerBound]).unicodeScalars.count * 4
            #expect(keel.location?.byteOffset == offset)
            #expect(keel.location?.column == 24)
        }
    }
}
