import Keel

/// Swift literals for values the generated source names: member names, tags and date formats.
enum SwiftLiteral {
    /// `text` as a Swift string literal, with quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator:
                literal += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A `JSONDateFormat` as written in `@JSONDate(...)`.
    static func dateFormat(_ format: JSONDateFormat) -> String {
        switch format {
        case .rfc3339: return ".rfc3339"
        case .secondsSince1970: return ".secondsSince1970"
        case .millisecondsSince1970: return ".millisecondsSince1970"
        case .formatted(let pattern):
            let offset = pattern.secondsFromGMT == 0 ? "" : ", secondsFromGMT: \(pattern.secondsFromGMT)"
            return ".pattern(\(string(pattern.pattern))\(offset))"
        }
    }
}
