/// The syntax of JSON Pointers (RFC 6901): `""`, or `/` followed by tokens separated by `/`, where `~0`
/// stands for `~` and `~1` for `/`.
package enum JSONPointerSyntax {
    /// The unescaped reference tokens of `pointer`.
    package static func tokens(of pointer: String) throws(JSONAccessError) -> [String] {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else {
            throw invalid(pointer, expected: "'/' at the start of a non-empty pointer")
        }
        var tokens: [String] = []
        for raw in pointer.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            var token: [UInt8] = []
            var i = raw.startIndex
            while i < raw.endIndex {
                let byte = raw[i]
                if byte == UInt8(ascii: "~") {
                    let next = raw.index(after: i)
                    guard next < raw.endIndex, raw[next] == UInt8(ascii: "0") || raw[next] == UInt8(ascii: "1") else {
                        throw invalid(pointer, expected: "'~0' or '~1' (a '~' must be escaped)")
                    }
                    token.append(raw[next] == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
                    i = raw.index(after: next)
                } else {
                    token.append(byte)
                    i = raw.index(after: i)
                }
            }
            tokens.append(String(decoding: token, as: UTF8.self))
        }
        return tokens
    }

    /// A reference token as a pointer writes it: `~` as `~0`, `/` as `~1`.
    package static func escape(_ token: String) -> String {
        token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    /// The array index a token names: `0`, or digits not starting with `0`. `-` (past the end) is none.
    static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        guard token == "0" || token.first != "0" else { return nil }
        return Int(token)
    }

    private static func invalid(_ pointer: String, expected: String) -> JSONAccessError {
        JSONAccessError(kind: .invalidPointer, path: .root, expected: expected, found: pointer.debugDescription)
    }
}
