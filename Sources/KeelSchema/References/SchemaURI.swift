/// A URI reference split into RFC 3986's five parts, enough to resolve `$id` and `$ref` values against a
/// base as section 5.2 says (merging paths and removing `.` and `..` segments). It neither percent-decodes
/// nor validates: schemas name resources by their text, and two spellings of one URI stay two names.
struct SchemaURI: Sendable, Hashable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        // A scheme is letters, digits, `+`, `-` and `.` before the first `:`, starting with a letter.
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter, first.isASCII,
           rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) {
            scheme = String(rest[..<colon]).lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    /// The reference resolved against this URI (RFC 3986, 5.2.2).
    func resolving(_ reference: String) -> SchemaURI {
        let relative = SchemaURI(reference)
        var target = relative
        if relative.scheme != nil {
            target.path = Self.removingDotSegments(relative.path)
            return target
        }
        target.scheme = scheme
        if relative.authority != nil {
            target.path = Self.removingDotSegments(relative.path)
            return target
        }
        target.authority = authority
        if relative.path.isEmpty {
            target.path = path
            if relative.query == nil { target.query = query }
        } else if relative.path.hasPrefix("/") {
            target.path = Self.removingDotSegments(relative.path)
        } else {
            target.path = Self.removingDotSegments(merged(with: relative.path))
        }
        return target
    }

    /// The reference's path appended to this URI's directory.
    private func merged(with relativePath: String) -> String {
        if authority != nil, path.isEmpty { return "/" + relativePath }
        guard let slash = path.lastIndex(of: "/") else { return relativePath }
        return String(path[...slash]) + relativePath
    }

    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (position, segment) in segments.enumerated() {
            let isLast = position == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        var joined = output.joined(separator: "/")
        if path.hasPrefix("/"), !joined.hasPrefix("/") { joined = "/" + joined }
        return joined
    }

    /// The URI with no fragment: the name of the resource it points into.
    var withoutFragment: SchemaURI {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// The URI as text; an empty fragment is dropped (`http://x/y#` names the same resource as `http://x/y`).
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment, !fragment.isEmpty { result += "#" + fragment }
        return result
    }
}
