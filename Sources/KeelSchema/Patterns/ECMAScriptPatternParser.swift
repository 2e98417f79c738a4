import Keel

/// Reads a regular expression in ECMA-262's syntax (with the `u` flag, as JSON Schema asks) into the tree
/// that Keel's Thompson automaton runs, so that no pattern can backtrack exponentially.
///
/// It knows everything but backreferences and lookaround, which no automaton can run; for those it
/// reports ``Outcome/needsBacktracking`` and the caller falls back to Swift's `Regex`.
struct ECMAScriptPatternParser {
    enum Outcome {
        case tree(IRegexpTree)
        case needsBacktracking
        case invalid(String)
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0
    private var failure: Outcome?

    init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

    static func parse(_ pattern: String) -> Outcome {
        var parser = ECMAScriptPatternParser(pattern)
        let tree = parser.disjunction()
        if let failure = parser.failure { return failure }
        guard let tree, parser.position == parser.scalars.count else {
            return .invalid(parser.position < parser.scalars.count && parser.scalars[parser.position] == ")"
                ? "unmatched ')'" : "unexpected end of pattern")
        }
        return .tree(tree)
    }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    private mutating func fail(_ message: String) -> IRegexpTree? {
        if failure == nil { failure = .invalid(message) }
        return nil
    }

    private mutating func unsupported() -> IRegexpTree? {
        if failure == nil { failure = .needsBacktracking }
        return nil
    }

    private mutating func disjunction() -> IRegexpTree? {
        var branches: [IRegexpTree] = []
        repeat {
            guard let branch = alternative() else { return nil }
            branches.append(branch)
        } while take("|")
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    private mutating func alternative() -> IRegexpTree? {
        var terms: [IRegexpTree] = []
        while let next = peek, next != "|", next != ")" {
            guard let term = term() else { return nil }
            terms.append(term)
        }
        return .sequence(terms)
    }

    private mutating func term() -> IRegexpTree? {
        guard let next = peek else { return nil }
        switch next {
        case "^", "$":
            position += 1
            return .anchor(atStart: next == "^")
        case "\\" where peek(1) == "b" || peek(1) == "B":
            let negated = peek(1) == "B"
            position += 2
            return .wordBoundary(negated: negated)
        case "(" where peek(1) == "?" && (peek(2) == "=" || peek(2) == "!" || (peek(2) == "<" && (peek(3) == "=" || peek(3) == "!"))):
            return unsupported()
        default:
            guard let atom = atom() else { return nil }
            return quantified(atom)
        }
    }

    private mutating func quantified(_ atom: IRegexpTree) -> IRegexpTree? {
        var minimum = 0
        var maximum: Int?
        switch peek {
        case "*": position += 1
        case "+": position += 1; minimum = 1
        case "?": position += 1; maximum = 1
        case "{":
            let start = position
            position += 1
            guard let low = number() else { position = start; return fail("'{' does not start a quantifier") }
            minimum = low
            maximum = low
            if take(",") { maximum = peek == "}" ? nil : number() }
            guard take("}") else { position = start; return fail("'{' does not start a quantifier") }
            if let maximum, maximum < minimum { return fail("quantifier range out of order") }
        default:
            return atom
        }
        _ = take("?")  // lazy: the same set of matches, and only whether one exists matters
        if case .anchor = atom { return fail("nothing to repeat") }
        if case .wordBoundary = atom { return fail("nothing to repeat") }
        return .repetition(atom, minimum: minimum, maximum: maximum)
    }

    /// Digits, capped far above any count the automaton's size limit lets through.
    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let next = peek, next >= "0", next <= "9" {
            value = min(value * 10 + Int(next.value - 0x30), 1 << 40)
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    private mutating func atom() -> IRegexpTree? {
        guard let next = peek else { return nil }
        position += 1
        switch next {
        case "(":
            if take("?") {
                if take(":") {
                } else if take("<") {
                    while let scalar = peek, scalar != ">" { position += 1 }
                    guard take(">") else { return fail("unterminated group name") }
                } else {
                    return fail("unknown group kind")
                }
            }
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= IRegexp.maximumNesting else { return fail("groups nest too deeply") }
            guard let inner = disjunction() else { return nil }
            guard take(")") else { return fail("missing ')'") }
            return inner
        case ".":
            return .set(IRegexp.CharacterSet(items: Self.lineTerminators, complemented: true))
        case "[":
            return characterClass().map { .set($0) }
        case "\\":
            return atomEscape()
        case ")", "*", "+", "?", "{", "}", "]", "|":
            return fail("'\(next)' has nothing to apply to")
        default:
            return .set(IRegexp.CharacterSet(items: [.range(next.value, next.value)]))
        }
    }

    private mutating func atomEscape() -> IRegexpTree? {
        guard let next = peek else { return fail("'\\' at the end of the pattern") }
        if next >= "1", next <= "9" { return unsupported() }
        if next == "k" { return unsupported() }
        guard let items = classEscape(inClass: false) else { return nil }
        return .set(items)
    }

    /// After `\`: a character class escape (`\d`, `\p{L}`) or one character, as a set.
    private mutating func classEscape(inClass: Bool) -> IRegexp.CharacterSet? {
        guard let next = peek else { _ = fail("'\\' at the end of the pattern"); return nil }
        position += 1
        func single(_ value: UInt32) -> IRegexp.CharacterSet { IRegexp.CharacterSet(items: [.range(value, value)]) }
        switch next {
        case "d": return IRegexp.CharacterSet(items: Self.digits)
        case "D": return IRegexp.CharacterSet(items: Self.digits, complemented: true)
        case "w": return IRegexp.CharacterSet(items: Self.wordCharacters)
        case "W": return IRegexp.CharacterSet(items: Self.wordCharacters, complemented: true)
        case "s": return IRegexp.CharacterSet(items: Self.whitespace)
        case "S": return IRegexp.CharacterSet(items: Self.whitespace, complemented: true)
        case "p", "P":
            guard let item = propertyEscape(complemented: next == "P") else { return nil }
            return IRegexp.CharacterSet(items: [item])
        case "t": return single(0x09)
        case "n": return single(0x0A)
        case "v": return single(0x0B)
        case "f": return single(0x0C)
        case "r": return single(0x0D)
        case "b" where inClass: return single(0x08)
        case "-" where inClass: return single(0x2D)
        case "0":
            if let digit = peek, digit >= "0", digit <= "9" { _ = fail("octal escapes are not allowed"); return nil }
            return single(0)
        case "c":
            guard let letter = peek, letter.isASCII, letter.properties.isAlphabetic else {
                _ = fail("'\\c' must be followed by a letter"); return nil
            }
            position += 1
            return single(letter.value % 32)
        case "x":
            guard let value = hexDigits(count: 2) else { _ = fail("'\\x' needs two hex digits"); return nil }
            return single(value)
        case "u":
            guard let value = unicodeEscape() else { return nil }
            return single(value)
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
            return single(next.value)
        default:
            _ = fail("'\\\(next)' is not an ECMA-262 escape")
            return nil
        }
    }

    private mutating func hexDigits(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = peek, let nibble = Self.hexValue(digit) else { return nil }
            value = value << 4 | nibble
            position += 1
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        guard scalar.isASCII else { return nil }
        return HexDigits.value(UInt8(scalar.value)).map(UInt32.init)
    }

    /// After `\u`: four hex digits (joining a surrogate pair written as two escapes) or `{hex}`.
    private mutating func unicodeEscape() -> UInt32? {
        if take("{") {
            var value: UInt32 = 0
            var digits = 0
            while let digit = peek, let nibble = Self.hexValue(digit) {
                value = value << 4 | nibble
                digits += 1
                position += 1
                guard value <= 0x10FFFF else { _ = fail("'\\u{...}' is past U+10FFFF"); return nil }
            }
            guard digits > 0, take("}") else { _ = fail("'\\u{' needs hex digits and '}'"); return nil }
            return value
        }
        guard let high = hexDigits(count: 4) else { _ = fail("'\\u' needs four hex digits"); return nil }
        if (0xD800...0xDBFF).contains(high), peek == "\\", peek(1) == "u" {
            let saved = position
            position += 2
            if let low = hexDigits(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            position = saved
        }
        return high
    }

    /// After `\p` or `\P`: `{Name}` or `{General_Category=Name}`, for the general categories.
    private mutating func propertyEscape(complemented: Bool) -> IRegexp.CharacterSet.Item? {
        guard take("{") else { _ = fail("'\\p' needs '{'"); return nil }
        var name = ""
        while let next = peek, next != "}" {
            name.unicodeScalars.append(next)
            position += 1
        }
        guard take("}") else { _ = fail("'\\p{' is not closed"); return nil }
        for prefix in ["General_Category=", "gc="] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        guard let category = Self.generalCategories[name] else {
            _ = unsupported()
            return nil
        }
        return .category(category, complemented: complemented)
    }

    private mutating func characterClass() -> IRegexp.CharacterSet? {
        var set = IRegexp.CharacterSet(items: [])
        set.complemented = take("^")
        while true {
            guard let next = peek else { _ = fail("'[' is not closed"); return nil }
            if next == "]" {
                position += 1
                return set
            }
            guard let low = classAtom() else { return nil }
            if peek == "-", let after = peek(1), after != "]" {
                position += 1
                guard let high = classAtom() else { return nil }
                guard let lowValue = low.single, let highValue = high.single else {
                    _ = fail("a class escape cannot bound a range"); return nil
                }
                guard lowValue <= highValue else { _ = fail("class range out of order"); return nil }
                set.items.append(.range(lowValue, highValue))
            } else {
                set.items.append(contentsOf: low.items)
            }
        }
    }

    /// One class member: a character or an escape (which may stand for a whole set, like `\d`).
    private mutating func classAtom() -> (items: [IRegexp.CharacterSet.Item], single: UInt32?)? {
        guard let next = peek else { return nil }
        position += 1
        guard next == "\\" else { return ([.range(next.value, next.value)], next.value) }
        guard let set = classEscape(inClass: true) else { return nil }
        if !set.complemented, set.items.count == 1, case .range(let low, let high) = set.items[0], low == high {
            return (set.items, low)
        }
        // A complemented escape (`\D`) inside a class: keep it as its own set by listing its complement.
        if set.complemented { return (Self.complement(of: set.items), nil) }
        return (set.items, nil)
    }

    /// The complement of ranges (category items are complemented in place).
    private static func complement(of items: [IRegexp.CharacterSet.Item]) -> [IRegexp.CharacterSet.Item] {
        var ranges: [(UInt32, UInt32)] = []
        var result: [IRegexp.CharacterSet.Item] = []
        for item in items {
            switch item {
            case .range(let low, let high): ranges.append((low, high))
            case .category(let name, let complemented): result.append(.category(name, complemented: !complemented))
            }
        }
        ranges.sort { $0.0 < $1.0 }
        var next: UInt32 = 0
        for (low, high) in ranges {
            if low > next { result.append(.range(next, low - 1)) }
            next = max(next, high &+ 1)
        }
        if next <= 0x10FFFF { result.append(.range(next, 0x10FFFF)) }
        return result
    }

    static let lineTerminators: [IRegexp.CharacterSet.Item] = [
        .range(0x0A, 0x0A), .range(0x0D, 0x0D), .range(0x2028, 0x2029),
    ]
    static let digits: [IRegexp.CharacterSet.Item] = [.range(0x30, 0x39)]
    static let wordCharacters: [IRegexp.CharacterSet.Item] = [
        .range(0x30, 0x39), .range(0x41, 0x5A), .range(0x5F, 0x5F), .range(0x61, 0x7A),
    ]
    /// ECMA-262's WhiteSpace and LineTerminator.
    static let whitespace: [IRegexp.CharacterSet.Item] = [
        .range(0x09, 0x0D), .range(0x20, 0x20), .range(0xA0, 0xA0), .range(0x1680, 0x1680),
        .range(0x2000, 0x200A), .range(0x2028, 0x2029), .range(0x202F, 0x202F), .range(0x205F, 0x205F),
        .range(0x3000, 0x3000), .range(0xFEFF, 0xFEFF),
    ]

    /// General categories by their short and long names.
    static let generalCategories: [String: String] = {
        let pairs: [(String, String)] = [
            ("L", "Letter"), ("Lu", "Uppercase_Letter"), ("Ll", "Lowercase_Letter"), ("Lt", "Titlecase_Letter"),
            ("Lm", "Modifier_Letter"), ("Lo", "Other_Letter"), ("M", "Mark"), ("Mn", "Nonspacing_Mark"),
            ("Mc", "Spacing_Mark"), ("Me", "Enclosing_Mark"), ("N", "Number"), ("Nd", "Decimal_Number"),
            ("Nl", "Letter_Number"), ("No", "Other_Number"), ("P", "Punctuation"), ("Pc", "Connector_Punctuation"),
            ("Pd", "Dash_Punctuation"), ("Ps", "Open_Punctuation"), ("Pe", "Close_Punctuation"),
            ("Pi", "Initial_Punctuation"), ("Pf", "Final_Punctuation"), ("Po", "Other_Punctuation"),
            ("S", "Symbol"), ("Sm", "Math_Symbol"), ("Sc", "Currency_Symbol"), ("Sk", "Modifier_Symbol"),
            ("So", "Other_Symbol"), ("Z", "Separator"), ("Zs", "Space_Separator"), ("Zl", "Line_Separator"),
            ("Zp", "Paragraph_Separator"), ("C", "Other"), ("Cc", "Control"), ("Cf", "Format"),
            ("Cs", "Surrogate"), ("Co", "Private_Use"), ("Cn", "Unassigned"),
        ]
        var table: [String: String] = ["digit": "Nd", "punct": "P", "cntrl": "Cc"]
        for (short, long) in pairs {
            table[short] = short
            table[long] = short
        }
        return table
    }()
}
