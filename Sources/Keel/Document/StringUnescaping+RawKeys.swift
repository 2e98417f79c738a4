// Keys read straight from text that the scanner has checked but no document holds: the walks that answer
// queries while a file is read, and the typed reading of a document still arriving. A key is compared in
// its raw form when it has no backslash, which is almost always, so no `String` is made for it.

extension StringUnescaping {
    /// The text a raw string (between its quotes, escapes as written, already validated) stands for.
    static func text(of raw: UnsafeBufferPointer<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var unescaped = [UInt8](repeating: 0, count: raw.count)
        let count = unescaped.withUnsafeMutableBufferPointer { unescape(raw, into: $0) }
        return String(decoding: unescaped[..<count], as: UTF8.self)
    }

    /// Whether a raw string (between its quotes, escapes as written, already validated) stands for `utf8`.
    static func raw(_ raw: UnsafeBufferPointer<UInt8>, equals utf8: some Collection<UInt8>) -> Bool {
        let hasEscape = raw.contains(UInt8(ascii: "\\"))
        guard hasEscape else {
            guard raw.count == utf8.count else { return false }
            return utf8.withContiguousStorageIfAvailable { other in
                for index in 0..<other.count where other[index] != raw[index] { return false }
                return true
            } ?? raw.elementsEqual(utf8)
        }
        // Escapes only ever shorten text.
        guard raw.count >= utf8.count else { return false }
        var unescaped = [UInt8](repeating: 0, count: raw.count)
        let count = unescaped.withUnsafeMutableBufferPointer { unescape(raw, into: $0) }
        return unescaped[..<count].elementsEqual(utf8)
    }
}
