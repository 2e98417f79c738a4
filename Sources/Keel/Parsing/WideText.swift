// UTF-16 and UTF-32 input, read on request (`JSONParsingOptions.textEncoding = .detect`): the scanner reads
// only UTF-8, so wide input is transcoded first, once, and the document keeps the UTF-8 text together with the
// way back from its offsets to the input's. Lines and columns need no translation: they count line breaks and
// Unicode scalars, which are the same in every encoding form.

/// Wide input transcoded to UTF-8, with the map back to the input's byte offsets.
struct WideText {
    /// The text in UTF-8, without the input's byte-order mark.
    let utf8: [UInt8]
    /// From offsets in `utf8` to offsets in the input.
    let offsets: OriginalOffsets

    /// The transcoded text of `bytes`, or `nil` when they are UTF-8 (or detection is off) and the scanner
    /// reads them as they are.
    ///
    /// - Throws: ``JSONSyntaxError/Kind/documentTooLarge`` before any work for input over the size limit;
    ///   ``JSONSyntaxError/Kind/invalidUnicode`` for a cut code unit, a lone surrogate or a value past U+10FFFF.
    static func transcoding(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONSyntaxError) -> WideText? {
        guard options.textEncoding == .detect else { return nil }
        let detection = JSONTextEncoding.detect(bytes)
        guard detection.encoding != .utf8 else { return nil }
        let maximumSize = min(options.maximumDocumentSize, JSONParsingOptions.largestDocumentSize)
        if bytes.count > maximumSize {
            throw JSONSyntaxError(kind: .documentTooLarge, byteOffset: 0, line: 1, column: 1,
                                  expected: "at most \(maximumSize) bytes", found: "\(bytes.count) bytes", limit: maximumSize)
        }
        var transcoder = WideTranscoder(bytes: bytes, detection: detection)
        return try transcoder.run()
    }

    /// Options for scanning the transcoded text: the input's mark is already gone (another one at the start
    /// would be a character of the text), and the scanner must not look for wide text again.
    static func scanningOptions(_ options: JSONParsingOptions) -> JSONParsingOptions {
        var inner = options
        inner.byteOrderMark = .reject
        inner.textEncoding = .detect
        return inner
    }
}

extension OriginalOffsets {
    /// The same error, its byte offset in the input's terms.
    func inOriginalTerms(_ error: JSONSyntaxError) -> JSONSyntaxError {
        JSONSyntaxError(kind: error.kind, byteOffset: originalOffset(ofUTF8: error.byteOffset), line: error.line,
                        column: error.column, expected: error.expected, found: error.found, limit: error.limit,
                        syntax: error.syntax)
    }
}

/// One pass over wide input, writing UTF-8 and recording the non-ASCII scalars.
private struct WideTranscoder {
    let bytes: UnsafeBufferPointer<UInt8>
    let detection: JSONTextEncoding.Detection
    var utf8: [UInt8] = []
    var scalars: [OriginalOffsets.Scalar] = []

    init(bytes: UnsafeBufferPointer<UInt8>, detection: JSONTextEncoding.Detection) {
        self.bytes = bytes
        self.detection = detection
        utf8.reserveCapacity(bytes.count / detection.encoding.codeUnitSize)
    }

    mutating func run() throws(JSONSyntaxError) -> WideText {
        let unit = detection.encoding.codeUnitSize
        var index = detection.byteOrderMarkLength
        while index < bytes.count {
            let start = index
            guard index + unit <= bytes.count else {
                throw failure(at: start, expected: "a whole \(unit)-byte code unit",
                              found: "\(bytes.count - index) byte\(bytes.count - index == 1 ? "" : "s") at the end of input")
            }
            let value = codeUnit(at: index)
            index += unit
            if value < 0x80 {
                utf8.append(UInt8(truncatingIfNeeded: value))
                continue
            }
            var scalarValue = value
            if unit == 2, (0xD800..<0xDC00).contains(value) {
                let low: UInt32? = index + 2 <= bytes.count ? codeUnit(at: index) : nil
                guard let low, (0xDC00..<0xE000).contains(low) else {
                    throw failure(at: start, expected: "a low surrogate (DC00–DFFF) after a high one",
                                  found: "code unit \(Scanner.hex4Scalar(value)) alone")
                }
                index += 2
                scalarValue = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw failure(at: start, expected: "a Unicode scalar value",
                              found: unit == 2 ? "code unit \(Scanner.hex4Scalar(value)) alone" : "value \(Scanner.hex4Scalar(value))")
            }
            let utf8Start = utf8.count
            appendUTF8(of: scalar.value)
            scalars.append(OriginalOffsets.Scalar(utf8Start: UInt32(utf8Start), utf8End: UInt32(utf8.count),
                                                  originalStart: UInt32(start), originalEnd: UInt32(index)))
        }
        let offsets = OriginalOffsets(codeUnitSize: detection.encoding.codeUnitSize, byteOrderMarkLength: detection.byteOrderMarkLength,
                                      scalars: scalars)
        return WideText(utf8: utf8, offsets: offsets)
    }

    /// Writes a non-ASCII scalar's two, three or four UTF-8 bytes.
    private mutating func appendUTF8(of value: UInt32) {
        func byte(_ bits: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: bits) }
        if value < 0x800 {
            utf8.append(byte(0xC0 | value >> 6))
        } else if value < 0x10000 {
            utf8.append(byte(0xE0 | value >> 12))
            utf8.append(byte(0x80 | (value >> 6) & 0x3F))
        } else {
            utf8.append(byte(0xF0 | value >> 18))
            utf8.append(byte(0x80 | (value >> 12) & 0x3F))
            utf8.append(byte(0x80 | (value >> 6) & 0x3F))
        }
        utf8.append(byte(0x80 | value & 0x3F))
    }

    /// The code unit at `index`, in the input's byte order.
    private func codeUnit(at index: Int) -> UInt32 {
        switch detection.encoding {
        case .utf16BigEndian: return UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
        case .utf16LittleEndian: return UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index])
        case .utf32BigEndian:
            return UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
                | UInt32(bytes[index + 3])
        case .utf32LittleEndian:
            return UInt32(bytes[index + 3]) << 24 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 1]) << 8
                | UInt32(bytes[index])
        case .utf8: return UInt32(bytes[index])
        }
    }

    /// The error at input offset `offset`, its line and column counted in the text transcoded so far.
    private func failure(at offset: Int, expected: String, found: String) -> JSONSyntaxError {
        let location = utf8.withUnsafeBufferPointer { JSONSourceLocation(byteOffset: $0.count, in: $0) }
        return JSONSyntaxError(kind: .invalidUnicode, byteOffset: offset, line: location.line, column: location.column,
                               expected: expected, found: "\(detection.encoding) \(found)")
    }
}
