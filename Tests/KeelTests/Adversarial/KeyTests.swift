import Foundation
import Keel
import KeelTestSupport
import Testing

/// Keys that repeat, that are equal only after unescaping, and that look equal but differ in their bytes
/// (Unicode's composed and decomposed forms): each policy does what it says, and no member is lost.
@Suite struct KeyTests {
    static let rejecting = { var options = JSONParsingOptions(); options.duplicateKeys = .reject; return options }()

    @Test func repeatedKeysUnderEachPolicy() throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        // Keep all: every member in order, lookups find the last.
        let document = try JSONDocument(parsing: text)
        #expect(document.root.members.map(\.key) == ["a", "b", "a"])
        #expect(document.root.member("a")?.numberValue == 3)
        #expect(try JSON(parsing: text)["a"].value == 3)
        #expect(try JSON(parsing: text).description == #"{"a":1,"b":2,"a":3}"#)
        #expect(try KeelDecoder().decode([String: Int].self, from: text) == ["a": 3, "b": 2])
        // Reject: an error at the second occurrence.
        let error = syntaxError(Array(text.utf8), options: Self.rejecting)
        #expect(error?.kind == .duplicateKey)
        #expect(error?.byteOffset == 17)
    }

    /// Many repeats of one key in an object large enough to be indexed.
    @Test func repeatedKeysInLargeObjects() throws {
        let text = "{" + (0..<200).map { #""k": \#($0)"# }.joined(separator: ",") + "}"
        let document = try JSONDocument(parsing: text)
        #expect(document.root.count == 200)
        #expect(document.root.member("k")?.numberValue == 199)
        #expect(syntaxError(Array(text.utf8), options: Self.rejecting)?.kind == .duplicateKey)
    }

    @Test func keysEqualAfterUnescapingAreTheSameKey() throws {
        let text = #"{"a/": 1, "\u0061\/": 2}"#
        #expect(try JSONDocument(parsing: text).root.member("a/")?.numberValue == 2)
        let error = syntaxError(Array(text.utf8), options: Self.rejecting)
        #expect(error?.kind == .duplicateKey)
        #expect(error?.byteOffset == 10)
    }

    /// `é` composed (U+00E9) and decomposed (`e` + U+0301) are different bytes, so different keys: both are
    /// kept, found and written back. (Swift's `String` compares them equal, so a `[String: V]` has room for
    /// only one of them: there, as for any repeated key, the last wins.)
    @Test func composedAndDecomposedKeysStayApart() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let text = "{\"\(composed)\": 1, \"\(decomposed)\": 2}"
        #expect(syntaxError(Array(text.utf8), options: Self.rejecting) == nil)
        let document = try JSONDocument(parsing: text)
        #expect(document.root.member(composed)?.numberValue == 1)
        #expect(document.root.member(decomposed)?.numberValue == 2)
        let tree = try JSON(parsing: text)
        #expect(tree[composed].value == 1)
        #expect(tree[decomposed].value == 2)
        #expect(try JSON(parsing: tree.description) == tree)
        #expect(Array(tree.description.utf8) == Array(text.utf8.filter { $0 != UInt8(ascii: " ") }))
        #expect(try KeelDecoder().decode([String: Int].self, from: text).count == 1)
    }
}
