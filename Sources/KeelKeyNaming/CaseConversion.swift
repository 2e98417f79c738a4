// Member names from Swift names: camel case to snake case and back. Written once, for the library (the Codable
// bridge's key strategies) and the macro plug-in (`@JSONModel(keys:)`), which both depend on this module.
//
// Two ways to split a camel-case name into words are in use, and they differ only around capitals at the start:
// - Foundation's, which `JSONEncoder`'s `convertToSnakeCase` applies and the bridge must match so that a
//   model's output does not change when it moves to Keel: `URLValue` → `u_rl_value`, `URL` → `u_rl`;
// - the readable one, which `@JSONModel(keys: .snakeCase)` applies: `URLValue` → `url_value`, `URL` → `url`.
// In the middle of a name they agree: `myURLValue` → `my_url_value`.

/// Converting member names between Swift's camel case and JSON's snake case.
package enum CaseConversion {
    /// `oneTwoThree` → `one_two_three`, exactly as Foundation's `JSONEncoder` converts keys (quirks included):
    /// - leading and trailing underscores are kept as they are, and only the text between them converts;
    /// - an upper-case letter after the first character starts a new word;
    /// - in a run of upper-case letters followed by a lower-case one, the last capital starts the word that
    ///   the lower-case letter continues (`myURLKey` → `my_url_key`), while the run itself, when it starts
    ///   the text, has its first letter split off (`URLKey` → `u_rl_key`, `URL` → `u_rl`);
    /// - once no lower-case letter follows a capital, the rest is one word (`AB2C` → `a_b2c`);
    /// - the words are lower-cased and joined with `_`.
    package static func foundationSnakeCase(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }),
            let last = scalars.lastIndex(where: { $0 != "_" })
        else { return name }

        var words: [ArraySlice<Unicode.Scalar>] = []
        var wordStart = first
        var position = first + 1
        while position <= last, let capital = scalars[position...last].firstIndex(where: isUpperCase) {
            words.append(scalars[wordStart..<capital])
            guard let lower = scalars[capital...last].firstIndex(where: isLowerCase) else {
                wordStart = capital
                break
            }
            if lower == capital + 1 {
                wordStart = capital
            } else {
                words.append(scalars[capital..<(lower - 1)])
                wordStart = lower - 1
            }
            position = lower + 1
        }
        words.append(scalars[wordStart...last])

        var result = String(String.UnicodeScalarView(scalars[..<first]))
        for (number, word) in words.enumerated() {
            if number > 0 { result += "_" }
            result += String(String.UnicodeScalarView(word)).lowercased()
        }
        result += String(String.UnicodeScalarView(scalars[(last + 1)...]))
        return result
    }

    /// `one_two_three` → `oneTwoThree`, exactly as Foundation's `JSONDecoder` converts keys (quirks included):
    /// - leading and trailing underscores are kept as they are, and only the text between them converts;
    /// - that text is split at underscores, runs of them counting as one (`a__b` → `aB`);
    /// - a name of one word is left exactly as it is (`ABC` stays `ABC`); otherwise the first word is
    ///   lower-cased and each later word capitalised, its first letter upper case and the rest lower case
    ///   (`ABC_dEF` → `abcDef`).
    package static func foundationCamelCase(fromSnakeCase name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0 != "_" }),
            let last = scalars.lastIndex(where: { $0 != "_" })
        else { return name }
        let words = scalars[first...last].split(separator: "_").map { String(String.UnicodeScalarView($0)) }
        guard words.count > 1 else { return name }

        var result = String(String.UnicodeScalarView(scalars[..<first]))
        result += words[0].lowercased()
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        result += String(String.UnicodeScalarView(scalars[(last + 1)...]))
        return result
    }

    /// The lower-case words of a camel-case name, split the readable way: a word starts at an upper-case
    /// letter after a lower-case letter or a digit, and a run of capitals is one word, whose last capital
    /// starts the next word when a lower-case letter follows it (`URLValue`: url, value; `myURL`: my, url;
    /// `HTTP2Server`: http2, server). Underscores already in the name stay where they are, inside the words.
    package static func readableWords(of name: String) -> [String] {
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

    /// `URLValue` → `url_value`: the readable words joined with `_`.
    package static func readableSnakeCase(_ name: String) -> String {
        readableWords(of: name).joined(separator: "_")
    }

    private static func isUpperCase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowerCase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
