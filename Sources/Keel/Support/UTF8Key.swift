/// A string that compares and hashes by its UTF-8 bytes, not by Unicode canonical equivalence as `String`
/// does: JSON keys `"\u00e9"` and `"e\u0301"` are different keys.
struct UTF8Key: Hashable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (a: UTF8Key, b: UTF8Key) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }

    func hash(into hasher: inout Hasher) { UTF8Key.hashBytes(of: string, into: &hasher) }

    static func hashBytes(of string: String, into hasher: inout Hasher) {
        var copy = string
        hasher.combine(copy.utf8.count)
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Byte-wise equality (no canonical equivalence).
    func hasSameUTF8(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
