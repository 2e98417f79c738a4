// `@JSONModel` types read from JSON5: NaN, the infinities and hexadecimal decode exactly, and writing the model
// back needs JSON5's spelling for what JSON cannot hold.
import Keel
import KeelMacros
import Testing

/// A range with limits that may be infinite, and a mask written in hexadecimal.
@JSONModel struct Limits: Equatable {
    var low: Double
    var high: Double
    var scale: Float
    var mask: UInt32
}

@Suite struct JSONModelJSON5Tests {
    static var json5: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .json5
        return options
    }

    @Test func modelsDecodeWhatOnlyJSON5Holds() throws {
        let document = try JSONDocument(parsing: "{low: -Infinity, high: +Infinity, scale: NaN, mask: 0xFFFFFFFF}", options: Self.json5)
        let limits = try Limits.decode(document.root, in: .strict)
        #expect(limits.low == -.infinity && limits.high == .infinity && limits.scale.isNaN)
        #expect(limits.mask == .max)
        // A hexadecimal beyond the type is out of range, as its decimal would be.
        let wide = try JSONDocument(parsing: "{low: 0, high: 1, scale: 1, mask: 0x1FFFFFFFF}", options: Self.json5)
        #expect(throws: JSONDecodingError.self) { try Limits.decode(wide.root, in: .strict) }
    }

    @Test func writingBackNeedsJSON5() throws {
        let limits = Limits(low: -.infinity, high: 1.5, scale: .nan, mask: 7)
        #expect(throws: JSONWritingError.self) { try limits.jsonText() }
        var options = JSONWritingOptions()
        options.writesJSON5NonFiniteNumbers = true
        let text = try limits.jsonText(options: options)
        #expect(text == #"{"low":-Infinity,"high":1.5,"scale":NaN,"mask":7}"#)
        let read = try Limits.decode(try JSONDocument(parsing: text, options: Self.json5).root, in: .strict)
        #expect(read.low == limits.low && read.high == limits.high && read.scale.isNaN && read.mask == 7)
        // The tree the model makes writes the same.
        #expect(try limits.toJSON().jsonText(options: options) == text)
    }
}
