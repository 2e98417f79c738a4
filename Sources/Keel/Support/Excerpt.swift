// Short excerpts of JSON text for error messages, cut on a character boundary.

enum Excerpt {
    /// Cuts UTF-8 text to about `length` bytes on a character boundary, adding `…` when cut.
    static func shorten(_ bytes: some Collection<UInt8>, to length: Int) -> String {
        guard bytes.count > length else { return String(decoding: bytes, as: UTF8.self) }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            used += UTF8.width(scalar)
            if used > length { break }
            result.append(scalar)
        }
        return String(result) + "…"
    }
}
