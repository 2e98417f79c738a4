// Converting member names between Swift's camel case and JSON's snake case, with the same results as
// Foundation's JSONEncoder and JSONDecoder, so that a model's input and output do not change when it
// switches to Keel.

enum KeyNaming {
    /// `oneTwoThree` → `one_two_three`. The rules, which match Foundation's (quirks included):
    /// - leading and trailing underscores are kept as they are, and only the text between them converts;
    /// - an upper-case letter after the first character starts a new word;
    /// - in a run of upper-case letters followed by a lower-case one, the last capital starts the word that
    ///   the lower-case letter continues (`myURLKey` → `my_url_key`), while the run itself, when it starts
    ///   the text, has its first letter split off (`URLKey` → `u_rl_key`, `URL` → `u_rl`);
    /// - the words are lower-cased and joined with `_`.
    static func snakeCase(_ name: String) -> String {
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

    /// `one_two_three` → `oneTwoThree`. The rules, which match Foundation's JSONDecoder (quirks included):
    /// - leading and trailing underscores are kept as they are, and only the text between them converts;
    /// - that text is split at underscores, runs of them counting as one (`a__b` → `aB`);
    /// - a name of one word is left exactly as it is (`ABC` stays `ABC`); otherwise the first word is
    ///   lower-cased and each later word capitalised, its first letter upper case and the rest lower case
    ///   (`ABC_dEF` → `abcDef`).
    static func camelCase(fromSnakeCase name: String) -> String {
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

    private static func isUpperCase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowerCase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
