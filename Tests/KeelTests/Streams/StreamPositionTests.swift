import Keel
import Testing

/// A stream counts lines and columns by the rule a document does (LF, CR and CR LF each end one line), so a
/// value's place is the same whether its text was read as a stream, in chunks of any size, or parsed whole.
@Suite struct StreamPositionTests {
    /// Line breaks of every kind, inside and between records, beside multi-byte characters.
    static let texts: [(JSONStream.Format, String)] = [
        (.array, "[\r{\"a\": 1},\r\n {\"é\": [2,\r 3]},\n\r  {\"b\":\r\n\"日\"},\r\r\"x\"]"),
        (.concatenated, "{\"a\":\r1}\r\n\r{\"b\": [1,\r\n2]}\r\"é\"\n\r\n 7 "),
        (.lines, "{\"a\":\r1}\n{\"b\": 2}\r\n\r\n{\"c\":\r\r3}\n  \"é\"\n"),
        (.textSequence, "\u{1E}{\"a\":\r1}\r\n\u{1E}\r{\"b\": 2}\n\u{1E}\r\n\"é\"\n"),
    ]

    /// Every value of `root`, depth first.
    static func values(_ root: JSONView) -> [JSONView] {
        [root] + root.elements.flatMap(values) + root.members.flatMap { values($0.value) }
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func placesInAStreamArePlacesInTheWholeText(chunkSize: Int) throws {
        var options = JSONStream.Options()
        options.chunkSize = chunkSize
        for (format, text) in Self.texts {
            let bytes = Array(text.utf8)
            let whole = { (offset: Int) in bytes.withUnsafeBufferPointer { JSONSourceLocation(byteOffset: offset, in: $0) } }
            var count = 0
            for outcome in JSONStream(bytes, format: format, options: options) {
                let record = try outcome.get()
                count += 1
                #expect(record.position.start == whole(record.position.byteOffset),
                        "\(format), record \(record.position.record), chunks of \(chunkSize)")
                for value in Self.values(record.root) {
                    let place = record.position.streamLocation(of: value.location)
                    #expect(place == whole(place.byteOffset), "\(format), record \(record.position.record), chunks of \(chunkSize)")
                }
            }
            #expect(count >= 3, "\(format)")
        }
    }

    @Test func anArrayReadAsAStreamAgreesWithTheArrayParsedWhole() throws {
        let text = Self.texts[0].1
        let document = try JSONDocument(parsing: text)
        let records = try JSONStream(text, format: .array).map { try $0.get() }
        #expect(records.map(\.position.start) == document.root.elements.map(\.location))
        #expect(records.map(\.position.start.line) == [2, 3, 6, 9])
    }

    @Test func anErrorSaysItsPlaceOnce() {
        let errors = JSONStream("{\"a\":1}\r\n{\"b\":}\n", format: .lines).compactMap { outcome -> JSONRecordError? in
            if case .failure(let error) = outcome { error } else { nil }
        }
        #expect(errors.map(\.description) == ["Unexpected '}' at line 2, column 6 (byte 14): expected a value (record 2)."])
        #expect(errors.map(\.reasonDescription) == ["Unexpected '}': expected a value"])
        #expect(errors.map { "\($0.line):\($0.column)" } == ["2:6"])
    }
}
