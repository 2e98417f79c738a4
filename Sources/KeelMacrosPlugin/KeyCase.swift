// Member names from property names, worked out at compile time (`@JSONModel(keys: .snakeCase)`).

enum KeyCase: String {
    case asWritten, snakeCase, screamingSnakeCase, kebabCase, pascalCase

    /// The member name for a property named `name`.
    func memberName(for name: String) -> String {
        switch self {
        case .asWritten: return name
        case .snakeCase: return KeyCase.words(of: name).joined(separator: "_")
        case .screamingSnakeCase: return KeyCase.words(of: name).map { $0.uppercased() }.joined(separator: "_")
        case .kebabCase: return KeyCase.words(of: name).joined(separator: "-")
        case .pascalCase:
            guard let first = name.first else { return name }
            return first.uppercased() + name.dropFirst()
        }
    }

    /// The lower-case words of a camel-case name, as Foundation's `convertToSnakeCase` splits them: a word
    /// starts at an upper-case letter after a lower-case one, and a run of capitals is one word, whose last
    /// capital starts the next word when a lower-case letter follows it (`myURLValue`: my, url, value).
    /// Underscores already in the name are kept as they are, around the words.
    static func words(of name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (position, character) in characters.enumerated() {
            if character.isUppercase, !current.isEmpty {
                let previous = characters[position - 1]
                let next = position + 1 < characters.count ? characters[position + 1] : nil
                let startsWord = previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && (next?.isLowercase ?? false))
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(contentsOf: character.lowercased())
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
