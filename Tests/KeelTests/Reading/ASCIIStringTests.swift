import Foundation
@_spi(Testing) import Keel
import KeelTestSupport
import Testing

/// Strings read from a document are marked ASCII (`utf8Span.isKnownASCII`) exactly when they are: unmarked,
/// the standard library hashes, compares and counts them on its slower general paths; marked wrongly, it
/// would take non-ASCII text for ASCII.
@Suite struct ASCIIStringTests {
    /// Whether `string` is marked ASCII and whether it is, side by side.
    static func marking(_ string: String) -> (marked: Bool, isASCII: Bool)? {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else { return nil }
        return (string.utf8Span.isKnownASCII, string.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test(arguments: [
        #""plain""#, #""é""#, #""中文""#, #""\u0041""#, #""\u00e9""#, #""\n\t\"""#, #""a long ascii value, past sixteen bytes""#,
        #""a long value past sixteen bytes, then é""#, #""\ud83d\ude00""#, #""""#,
    ])
    func valuesAndKeysAreMarkedAsTheyAre(_ text: String) throws {
        let value = try #require(try JSONDocument(parsing: text).root.stringValue)
        let key = try #require(try JSONDocument(parsing: "{\(text): 1}").root.members.first?.key)
        #expect(key == value)
        for string in [value, key] {
            guard let marking = Self.marking(string) else { return }
            #expect(marking.marked == marking.isASCII, "\(text)")
        }
    }

    /// Every string of the corpus files (much non-ASCII text, escapes), read from the scanner's tape, with and
    /// without vector loops, and from a document written from a `JSON` tree.
    @Test(.enabled(if: SharedFixtures.corpus != nil, "corpus not found beside the repository"))
    func corpusStringsAreMarkedAsTheyAre() throws {
        let folder = try #require(SharedFixtures.corpus)
        var wordAtATime = JSONParsingOptions()
        wordAtATime.usesVectorInstructions = false
        for name in ["twitter.json", "twitterescaped.json", "citm_catalog.json"] {
            let bytes = try SharedFixtures.bytes(of: folder.appendingPathComponent(name))
            let parsed = try JSONDocument(parsing: bytes)
            let documents = [parsed, try JSONDocument(parsing: bytes, options: wordAtATime), try JSONDocument(JSON(parsed.root))]
            for document in documents {
                var counts = (ascii: 0, other: 0, wrong: 0)
                var pending = [document.root]
                while let view = pending.popLast() {
                    var strings: [String] = []
                    switch view.kind {
                    case .object:
                        for (key, value) in view.members { strings.append(key); pending.append(value) }
                    case .array: pending.append(contentsOf: view.elements)
                    case .string: strings.append(try #require(view.stringValue))
                    default: break
                    }
                    for string in strings {
                        guard let marking = Self.marking(string) else { return }
                        if marking.marked != marking.isASCII { counts.wrong += 1 }
                        if marking.isASCII { counts.ascii += 1 } else { counts.other += 1 }
                    }
                }
                #expect(counts.wrong == 0, "\(name)")
                #expect(counts.ascii > 0 && counts.other > 0, "\(name): \(counts)")
            }
        }
    }
}
