// Matching a member name written in snake case against a coding key without building the converted name:
// how `convertFromSnakeCase` looks a key up in an object with no allocation per object or per member.
//
// Most snake-case APIs write only plain names (`profile_image_url`: lower-case ASCII words of letters and
// digits, joined by single underscores, each word after the first starting with a letter). Conversion is
// one-to-one on plain names and undone by spelling the key in snake case, so in an object of plain names a
// key is found by its snake-case spelling with the ordinary member search. Other names are compared with the
// key as they would convert.

extension KeyNaming {
    /// Whether `written` (a member name's unescaped UTF-8), converted as `camelCase(fromSnakeCase:)` converts
    /// it, has exactly the bytes `key`. ASCII names, nearly all in practice, are compared as they are
    /// converted, byte by byte, and most fail on their first letter; others are converted in full.
    static func snakeCaseName(_ written: UnsafeRawBufferPointer, convertsTo key: UnsafeRawBufferPointer) -> Bool {
        let underscore = UInt8(ascii: "_")
        let count = written.count
        var start = 0
        while start < count && written[start] == underscore { start += 1 }
        var end = count
        while end > start && written[end - 1] == underscore { end -= 1 }
        guard start < end else { return bytesEqual(written, key) }   // empty, or underscores only: unchanged

        // The converted name starts with the written underscores and then the first letter, as written (one
        // word) or lower-cased (several words).
        let first = written[start]
        if first < 0x80 {
            guard start < key.count, key[start] == first || key[start] == lowercase(first) else { return false }
        }
        var severalWords = false
        for index in start..<end {
            let byte = written[index]
            if byte >= 0x80 { return convertedInFull(written, equals: key) }
            if byte == underscore { severalWords = true }
        }
        guard severalWords else { return bytesEqual(written, key) }   // one word: unchanged

        // Underscores are dropped and nothing else changes length, so the key can be no longer than the name.
        guard key.count < count else { return false }
        for index in 0..<start where key[index] != underscore { return false }
        var position = start
        var startsWord = false
        for index in start..<end {
            let byte = written[index]
            if byte == underscore {
                startsWord = true
                continue
            }
            let converted = startsWord ? uppercase(byte) : lowercase(byte)
            startsWord = false
            guard position < key.count, key[position] == converted else { return false }
            position += 1
        }
        for _ in end..<count {
            guard position < key.count, key[position] == underscore else { return false }
            position += 1
        }
        return position == key.count
    }

    private static func convertedInFull(_ written: UnsafeRawBufferPointer, equals key: UnsafeRawBufferPointer) -> Bool {
        var converted = camelCase(fromSnakeCase: String(decoding: written, as: UTF8.self))
        return converted.withUTF8 { bytesEqual(UnsafeRawBufferPointer($0), key) }
    }

    private static func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.count == 0 || memoryEqual(a.baseAddress!, b.baseAddress!, a.count))
    }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    private static func uppercase(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "a") < 26 ? byte & ~0x20 : byte
    }

    /// Whether `name` is plain snake case: non-empty ASCII lower-case letters, digits and underscores, not
    /// starting or ending with an underscore, each underscore followed by a letter.
    static func isPlainSnakeCase(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first, first != UInt8(ascii: "_") else { return false }
        var afterUnderscore = false
        for byte in name {
            if byte &- UInt8(ascii: "a") < 26 {
                afterUnderscore = false
            } else if byte == UInt8(ascii: "_") {
                if afterUnderscore { return false }
                afterUnderscore = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                if afterUnderscore { return false }
            } else {
                return false
            }
        }
        return !afterUnderscore
    }

    /// Writes into `buffer` (at least twice `key`'s length) the one plain snake-case name that converts to
    /// `key` (`profileImageURL` → `profile_image_u_r_l`) and returns its length, or `nil` when no plain name
    /// converts to `key` (it has bytes other than ASCII letters and digits, or starts with a capital).
    static func plainSnakeCaseSpelling(of key: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let first = key.first, first &- UInt8(ascii: "A") >= 26 else { return nil }
        var count = 0
        for byte in key {
            if byte &- UInt8(ascii: "A") < 26 {
                buffer[count] = UInt8(ascii: "_")
                buffer[count + 1] = byte | 0x20
                count += 2
            } else if byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 {
                buffer[count] = byte
                count += 1
            } else {
                return nil
            }
        }
        return count
    }

    /// Calls `body` with the plain snake-case spelling of `key` (see ``plainSnakeCaseSpelling(of:into:)``),
    /// written in temporary stack memory, or with `nil` when no plain name converts to `key`.
    static func withPlainSnakeCaseSpelling<R>(of key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
        withUnsafeTemporaryAllocation(byteCount: key.count * 2, alignment: 1) { buffer in
            body(plainSnakeCaseSpelling(of: key, into: buffer).map { UnsafeRawBufferPointer(rebasing: buffer[..<$0]) })
        }
    }
}
