import KeelKeyNaming

/// Swift identifiers for JSON names: property names, type names and case names that compile, read as Swift
/// does (`screen_name` → `screenName`, `user_mentions` → `UserMention` for an element) and avoid the words
/// Swift reserves and the names the standard library, Foundation and Keel already use.
enum SwiftNames {
    /// Keywords that cannot name a property without backquotes, and the members `@JSONModel` generates.
    /// A name among them takes a `Value` suffix (`default` → `defaultValue`).
    private static let reservedPropertyNames: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "self", "super", "throws", "true",
        "try", "await", "some", "any", "consume", "copy", "borrowing", "consuming", "_",
        "toJSON", "write", "decode", "jsonMemberNames", "jsonTags", "jsonCaseMembers", "unknownCase",
    ]

    /// Type names a generated type must not shadow. A name among them takes a `Model` suffix.
    private static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Comparable", "Decodable", "Dictionary",
        "Double", "Encodable", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Int64",
        "Never", "Optional", "Protocol", "Range", "Result", "Self", "Sendable", "Set", "String", "Substring",
        "Type", "UInt", "Void", "Data", "Date", "Decimal", "Locale", "TimeZone", "URL", "UUID", "Foundation",
        "JSON", "JSONArray", "JSONDocument", "JSONField", "JSONNumber", "JSONObject", "JSONPath",
        "JSONTimestamp", "JSONView", "Keel", "KeelMacros",
    ]

    /// The lower-case words of a JSON name: split at every character that is not a letter or a digit, and
    /// within the parts where the case changes (`idStr` → id, str; `Content-Type` → content, type).
    static func words(of name: String) -> [String] {
        var parts: [String] = []
        var part = ""
        for character in name {
            if character.isLetter || character.isNumber, character.isASCII {
                part.append(character)
            } else if !part.isEmpty {
                parts.append(part)
                part = ""
            }
        }
        if !part.isEmpty { parts.append(part) }
        return parts.flatMap { CaseConversion.readableWords(of: $0) }
    }

    /// `screen_name` → `screenName`; a name that starts with a digit takes a leading `_`, an empty one is `value`.
    static func propertyName(for key: String) -> String {
        let words = words(of: key)
        guard let first = words.first else { return "value" }
        var name = first + words.dropFirst().map(capitalized).joined()
        if name.first?.isNumber == true { name = "_" + name }
        if reservedPropertyNames.contains(name) { name += "Value" }
        return name
    }

    /// `search_metadata` → `SearchMetadata`; with `singular`, the last word made singular (`statuses` → `Status`).
    static func typeName(for key: String, singular: Bool) -> String {
        var words = words(of: key)
        if singular, let last = words.last { words[words.count - 1] = EnglishSingular.singular(of: last) }
        var name = words.map(capitalized).joined()
        if name.isEmpty { name = "Value" }
        if name.first?.isNumber == true { name = "Model" + name }
        if reservedTypeNames.contains(name) { name += "Model" }
        return name
    }

    /// A case name for a tag's value: `push_event` → `pushEvent`.
    static func caseName(for tag: String) -> String {
        propertyName(for: tag)
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
