/// IPv4 dotted quads (RFC 2673 3.2: no leading zeros) and IPv6 text (RFC 4291 2.2).
enum AddressFormats {
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit),
                  part.count == 1 || part.first != UInt8(ascii: "0") else { return false }
            let value = part.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard value <= 255 else { return false }
        }
        return true
    }

    static func isIPv6(_ text: String) -> Bool {
        var groups = 0
        var text = Substring(text)
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            // An embedded IPv4 address takes the last two groups.
            guard isIPv4(String(text[text.index(after: lastColon)...])) else { return false }
            text = text[...lastColon]
            if !text.hasSuffix("::") { text = text.dropLast() }
            groups += 2
        }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        for half in halves where !half.isEmpty {
            for group in half.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.utf8.count), group.utf8.allSatisfy(\.isHexDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}

extension StringProtocol {
    /// Splits on a separator string (without Foundation).
    func components(separatedBy separator: String) -> [Substring] {
        var parts: [Substring] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        parts.append(rest)
        return parts
    }
}
