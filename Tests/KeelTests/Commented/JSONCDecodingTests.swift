import Foundation
import Keel
import Testing

/// Models decoded from JSONC through the parsing options: the values are the JSON values, and a decoding
/// error's line and column are those of the text as written, comments included.
@Suite struct JSONCDecodingTests {
    struct Settings: Codable, Equatable {
        var fontSize: Int
        var rulers: [Int]
    }

    static let text = """
        {
          /* Größe in Pixeln */ "fontSize": 14,
          "rulers": [80, 120,], // both
        }
        """

    static var jsonc: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        return options
    }

    @Test func keelDecoderReadsJSONC() throws {
        let decoder = KeelDecoder(parsingOptions: Self.jsonc)
        #expect(try decoder.decode(Settings.self, from: Data(Self.text.utf8)) == Settings(fontSize: 14, rulers: [80, 120]))
        #expect(throws: DecodingError.self) { try KeelDecoder().decode(Settings.self, from: Data(Self.text.utf8)) }
    }

    @Test func errorsCountColumnsInTheTextAsWritten() throws {
        let wrong = Self.text.replacingOccurrences(of: "14", with: "\"14\"")
        let error = try #require(throws: DecodingError.self) {
            try KeelDecoder(parsingOptions: Self.jsonc).decode(Settings.self, from: Data(wrong.utf8))
        }
        let keel = try #require(error.jsonDecodingError)
        #expect(keel.location?.line == 2)
        // `ö` and `ß` are one column each, as an editor shows them.
        #expect(keel.location?.column == 37)
    }

    @Test func theCollectingStyleReadsJSONC() throws {
        let decoded = CollectingJSONDecoder(options: Self.jsonc).decode(JSON.self, from: Self.text)
        #expect(decoded.value == ["fontSize": 14, "rulers": [80, 120]])
    }
}
