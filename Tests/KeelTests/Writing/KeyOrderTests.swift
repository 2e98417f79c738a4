@testable import Keel
import Testing
import KeelTestSupport

/// The one order for sorted keys: byte order of the UTF-8 text, a prefix first, equal keys in their own order.
@Suite struct KeyOrderTests {
    /// Keys around the eight-byte words the comparison reads: shared prefixes of every length, prefixes of
    /// each other, bytes above 0x7F (which a signed comparison would put first), and repeats.
    static func keys() -> [[UInt8]] {
        var generator = SplitMix64(seed: 0x5EED)
        var keys: [[UInt8]] = [[], [0x00], [0xFF], Array("member9".utf8), Array("member10".utf8)]
        let alphabet: [UInt8] = [0x00, 0x41, 0x61, 0x7F, 0x80, 0xC3, 0xE9, 0xFF]
        for _ in 0..<600 {
            let prefix = Array("shared-prefix-".utf8).prefix(Int(generator.next() % 16))
            let tail = (0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % 8)] }
            keys.append(Array(prefix) + tail)
        }
        keys += keys.prefix(50)
        return keys
    }

    @Test func ordersByBytesAsAPlainComparisonDoes() {
        let keys = Self.keys()
        let items = Array(keys.enumerated())
        let sorted = KeyOrder.sorted(items) { $0.element }
        let expected = items.sorted { a, b in
            a.element == b.element ? a.offset < b.offset : a.element.lexicographicallyPrecedes(b.element)
        }
        #expect(sorted.map(\.offset) == expected.map(\.offset))
        for a in keys.prefix(80) {
            for b in keys.prefix(80) {
                let comparison = KeyOrder.compare(a, b)
                #expect((comparison < 0) == a.lexicographicallyPrecedes(b), "\(a) \(b)")
                #expect((comparison == 0) == (a == b), "\(a) \(b)")
            }
        }
    }

    @Test func aLargeDictionaryEncodesSortedAndWhole() throws {
        // Past the size where repeated keys are looked for through a table; sorted, and not.
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("member\($0)", $0) })
        var sorting = KeelEncoder()
        sorting.writingOptions.sortsKeys = true
        let text = try sorting.encodeToString(dictionary)
        let expected = "{" + dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { #""\#($0)":\#(dictionary[$0] ?? -1)"# }.joined(separator: ",") + "}"
        #expect(text == expected)
        let unsorted = try JSON(parsing: KeelEncoder().encodeToBytes(dictionary))
        guard case .object(let members) = unsorted else { Issue.record("not an object"); return }
        #expect(members.count == 5_000)
        #expect(unsorted == (try JSON(parsing: Array(text.utf8))))
    }
}
