import Foundation
@_spi(Tape) @testable import Keel
import KeelTestSupport
import Testing

/// `TapeWindow` decodes the tape's bits on its own (its reads are inlined into other modules); every read
/// must agree with `TapeEntry` and `TapeReader`, entry by entry, on documents with every kind of value.
@Suite struct TapeWindowTests {
    static let sample = #"""
        {"plain": "text", "escaped": "line\nbreak \u00e9 \ud83d\ude00", "ünïcode": "ça", "k\u0065y": 1,
         "numbers": [0, -7, 123456789012345678, -123456789012345678, 1234567890123456789, 1.5, 2e3, -0],
         "nested": {"empty": {}, "list": [], "flags": [true, false, null]}}
        """#

    /// The entries where a read of the window disagrees with the tape, described.
    func disagreements(in document: JSONDocument) -> [String] {
        let storage = document.storage
        var found: [String] = []
        storage.withReader { reader in
            _ = document.root.withTapeWindow { window, root in
                func check(_ agrees: Bool, _ what: String, _ index: Int) {
                    if !agrees { found.append("\(what) at tape index \(index)") }
                }
                check(root == 0, "the root", 0)
                for index in 0..<storage.tape.count {
                    let entry = reader.tape[index]
                    check(window.kindCode(index) == entry.kind.rawValue, "kind", index)
                    check(window.offset(index) == entry.offset, "offset", index)
                    check(window.indexAfter(index) == TapeReader.indexAfter(index, in: reader.tape), "index after", index)
                    check(window.hasEscapes(index) == entry.flags.contains(.hasEscapes), "escapes", index)
                    check(window.isASCII(index) == entry.flags.contains(.isASCII), "ASCII", index)
                    check(window.isKey(index) == entry.flags.contains(.isKey), "key", index)
                    check(window.isPlainInteger(index) == entry.flags.contains(.isInteger), "integer", index)
                    switch entry.kind {
                    case .string:
                        check(window.count(index) == entry.length, "length", index)
                        check(Array(window.rawStringBytes(index)) == Array(reader.rawBytes(at: index)), "raw bytes", index)
                        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(window.count(index), 1), alignment: 1)
                        defer { buffer.deallocate() }
                        let text = window.hasEscapes(index)
                            ? String(decoding: buffer[..<window.unescape(index, into: buffer)], as: UTF8.self)
                            : String(decoding: window.rawStringBytes(index), as: UTF8.self)
                        check(text == reader.string(at: index), "text", index)
                    case .number:
                        let literal = String(decoding: window.literalBytes(index), as: UTF8.self)
                        let digits = literal.filter(\.isNumber).count
                        let expected = entry.flags.contains(.isInteger) && digits <= 18 ? Int64(literal) : nil
                        check(window.smallInteger(index) == expected, "small integer \(literal)", index)
                    case .array, .object:
                        check(window.count(index) == entry.count, "count", index)
                    default:
                        break
                    }
                }
            }
        }
        return found
    }

    @Test func everyReadAgreesWithTheTape() throws {
        let found = disagreements(in: try JSONDocument(parsing: Self.sample))
        #expect(found.isEmpty, "\(found.prefix(5))")
    }

    @Test func everyReadAgreesWithTheTapeOnTheCorpus() throws {
        guard let corpus = SharedFixtures.corpus else { return }
        for name in ["twitter.json", "citm_catalog.json"] {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(name)))
            let found = disagreements(in: try JSONDocument(parsing: bytes))
            #expect(found.isEmpty, "\(name): \(found.prefix(5))")
        }
    }

    @Test func smallIntegersStopWhereOverflowCouldBegin() throws {
        let document = try JSONDocument(parsing: "[999999999999999999, 9999999999999999999, -999999999999999999]")
        let values = document.root.withTapeWindow { window, root -> [Int64?] in
            var element = root + 1
            return (0..<3).map { _ in
                defer { element = window.indexAfter(element) }
                return window.smallInteger(element)
            }
        }
        #expect(values == [999_999_999_999_999_999, nil, -999_999_999_999_999_999])
    }
}
