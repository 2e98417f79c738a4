/// URIs and URI references (RFC 3986), IRIs (RFC 3987, which also allow non-ASCII characters) and URI
/// templates (RFC 6570), checked character by character against each part's grammar.
enum URIFormats {
    static func isURI(_ text: String, relative: Bool, international: Bool) -> Bool {
        let uri = SchemaURI(text)
        if uri.scheme == nil {
            guard relative else { return false }
            // A relative reference whose first segment has a ':' would read as a scheme.
            if uri.authority == nil, let firstSegment = uri.path.split(separator: "/").first, firstSegment.contains(":"),
               !uri.path.hasPrefix("/") { return false }
        } else if let scheme = uri.scheme {
            guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        }
        if let authority = uri.authority, !isAuthority(authority, international: international) { return false }
        // Without an authority, a path cannot start with "//".
        if uri.authority == nil, uri.path.hasPrefix("//") { return false }
        let pathExtra: Set<Unicode.Scalar> = [":", "@", "/"]
        let queryExtra: Set<Unicode.Scalar> = [":", "@", "/", "?"]
        return isMade(of: uri.path, extra: pathExtra, international: international)
            && (uri.query.map { isMade(of: $0, extra: queryExtra, international: international) } ?? true)
            && (uri.fragment.map { isMade(of: $0, extra: queryExtra, international: international) } ?? true)
    }

    private static let unreservedPunctuation = Set("-._~".unicodeScalars)
    private static let subDelimiters = Set("!$&'()*+,;=".unicodeScalars)

    /// Unreserved characters, sub-delimiters, percent escapes and `extra`; for IRIs, non-ASCII too.
    private static func isMade(of part: String, extra: Set<Unicode.Scalar>, international: Bool) -> Bool {
        let scalars = Array(part.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].isASCII, scalars[index + 2].isASCII,
                      UInt8(scalars[index + 1].value).isHexDigit, UInt8(scalars[index + 2].value).isHexDigit else { return false }
                index += 3
                continue
            }
            let allowed = scalar.isASCII
                ? scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || unreservedPunctuation.contains(scalar)
                    || subDelimiters.contains(scalar) || extra.contains(scalar)
                : international && !(0xE000...0xF8FF).contains(scalar.value) && scalar.properties.generalCategory != .control
            guard allowed else { return false }
            index += 1
        }
        return true
    }

    private static func isAuthority(_ authority: String, international: Bool) -> Bool {
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") {
            guard isMade(of: String(host[..<at]), extra: [":"], international: international) else { return false }
            host = host[host.index(after: at)...]
        }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard AddressFormats.isIPv6(String(literal)) || literal.lowercased().hasPrefix("v") else { return false }
            host = host[host.index(after: close)...]
            if host.isEmpty { return true }
            guard host.first == ":" else { return false }
            return host.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            host = host[..<colon]
        }
        return isMade(of: String(host), extra: [], international: international)
    }

    /// Literal text and `{...}` expressions: an optional operator, then variables with optional `*` or
    /// `:length` modifiers, separated by commas.
    static func isTemplate(_ text: String) -> Bool {
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "}" { return false }
            guard scalar == "{" else {
                // Literals: anything but controls, space and `"<>\\^`|`; `%` only as an escape.
                guard scalar.value > 0x20, scalar.value != 0x7F, !"\"<>\\^`|".unicodeScalars.contains(scalar) else { return false }
                if scalar == "%" {
                    guard scalars.count >= 2, scalars.prefix(2).allSatisfy({ $0.isASCII && UInt8($0.value).isHexDigit }) else { return false }
                }
                continue
            }
            guard let close = scalars.firstIndex(of: "}") else { return false }
            var expression = scalars[..<close]
            scalars = scalars[(close + 1)...]
            if let first = expression.first, "+#./;?&=,!@|".unicodeScalars.contains(first) { expression.removeFirst() }
            guard !expression.isEmpty else { return false }
            for variable in expression.split(separator: ",", omittingEmptySubsequences: false) {
                var name = variable[...]
                if name.last == "*" {
                    name.removeLast()
                } else if let colon = name.firstIndex(of: ":") {
                    let length = name[(colon + 1)...]
                    guard (1...4).contains(length.count), length.allSatisfy({ ("0"..."9").contains($0) }),
                          length.first != "0" else { return false }
                    name = name[..<colon]
                }
                // Names are letters, digits, `_` and escapes, with single dots between them.
                guard !name.isEmpty, name.first != ".", name.last != ".", !String(String.UnicodeScalarView(name)).contains(".."),
                      name.allSatisfy({
                          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "." || $0 == "%")
                      }) else { return false }
            }
        }
        return true
    }
}

/// JSON Pointers (RFC 6901) and relative JSON Pointers (draft-handrews-relative-json-pointer).
enum PointerFormats {
    static func isPointer(_ text: String) -> Bool {
        guard text.isEmpty || text.hasPrefix("/") else { return false }
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "~") {
                guard let next = utf8.next(), next == UInt8(ascii: "0") || next == UInt8(ascii: "1") else { return false }
            }
        }
        return true
    }

    /// A non-negative integer without leading zeros, an optional `+n` or `-n` index change, then `#` or a
    /// JSON Pointer.
    static func isRelativePointer(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        let digits = bytes.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return false }
        bytes = bytes.dropFirst(digits.count)
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let change = bytes.dropFirst().prefix(while: \.isASCIIDigit)
            guard !change.isEmpty, change.count == 1 || change.first != UInt8(ascii: "0") else { return false }
            bytes = bytes.dropFirst(1 + change.count)
        }
        if bytes == [UInt8(ascii: "#")] { return true }
        return isPointer(String(decoding: bytes, as: UTF8.self))
    }
}
