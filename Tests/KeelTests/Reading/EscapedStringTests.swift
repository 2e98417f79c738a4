import Foundation
import Keel
import Testing

/// Strings with escapes, read back as values and as keys, against Foundation's reading of the same text.
/// Unescaping copies the runs between escapes eight bytes at a time, so every escape kind is placed at
/// every position around the eight-byte steps, among one-, two-, three- and four-byte characters.
@Suite struct EscapedStringTests {
    static let escapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u0000"#,
                          #"\u00e9"#, #"\u4e2d"#, #"\ud83d\ude00"#, #"\uFFFF"#]
    static let fillers = ["a", "é", "中", "😀"]

    /// Every escape at every position of runs of 0–20 characters, once alone and once followed by a
    /// second escape after a further run.
    static var texts: [String] {
        var texts: [String] = []
        for filler in fillers {
            for escape in escapes {
                for length in 0...20 {
                    for position in 0...length {
                        let before = String(repeating: filler, count: position)
                        let after = String(repeating: filler, count: length - position)
                        texts.append(before + escape + after)
                        texts.append(before + escape + after + #"\n"# + before)
                    }
                }
            }
        }
        return texts
    }

    /// What Foundation makes of the JSON string `text` (between quotes).
    static func foundationReading(of text: String) throws -> String {
        let value = try JSONSerialization.jsonObject(with: Data("[\"\(text)\"]".utf8))
        return try #require((value as? [Any])?.first as? String)
    }

    @Test func escapedValuesReadAsFoundationReadsThem() throws {
        for text in Self.texts {
            let expected = try Self.foundationReading(of: text)
            let root = try JSONDocument(parsing: "\"\(text)\"").root
            #expect(root.stringValue == expected, "\(text)")
        }
    }

    @Test func escapedKeysMatchTheirUnescapedText() throws {
        for text in Self.texts {
            let key = try Self.foundationReading(of: text)
            let root = try JSONDocument(parsing: "{\"\(text)\": 1, \"other\": 2}").root
            let value = try #require(root.member(key), "\(text)")
            #expect(try Int.decode(value, in: .strict) == 1, "\(text)")
            #expect(root.members.first?.key == key, "\(text)")
        }
    }
}
