/// A regular expression in I-Regexp (RFC 9485), the interoperable subset that JSONPath's `match()` and
/// `search()` use: characters, `.`, classes (`[a-z]`, `[^...]`, `\p{L}`, `\P{Nd}`), groups, alternation and
/// the quantifiers `*`, `+`, `?` and `{n,m}`. It has no backreferences or lookaround, so it is matched by a
/// Thompson automaton: time proportional to the text's length times the pattern's size, with no
/// backtracking to explode on `(a*)*b`.
///
/// `^` and `$` match at the start and the end of the text, as the JSONPath compliance suite expects and as
/// the regular-expression engines most implementations hand patterns to treat them; RFC 9485's grammar
/// lists them among the ordinary characters, which no widespread implementation does.
///
/// Characters are Unicode scalars, as in the RFC (not Swift's grapheme clusters); `.` matches any scalar
/// but line feed and carriage return. A pattern that is not I-Regexp, or whose automaton would pass
/// ``maximumStates`` (a huge `{n}`), gives `nil`.
package struct IRegexp: Sendable {
    /// The most automaton states a pattern may compile to.
    package static let maximumStates = 100_000
    /// How deeply groups may nest.
    package static let maximumNesting = 100

    enum State: Sendable {
        /// Consume one scalar in the set, then go on to `next`.
        case scalar(CharacterSet, next: Int)
        /// Go on to both.
        case split(Int, Int)
        /// Go on to `next` only at the start (`^`) or the end (`$`) of the text.
        case anchor(atStart: Bool, next: Int)
        /// Go on to `next` only between a word character and another (`\b`), or not (`\B`).
        case wordBoundary(negated: Bool, next: Int)
        case accept
    }

    let states: [State]
    let start: Int
    /// The same pattern as a deterministic automaton for searching, when it is small enough.
    let searcher: IRegexpSearchAutomaton?

    init?(_ pattern: String) {
        var parser = IRegexpParser(Array(pattern.unicodeScalars))
        guard let tree = parser.parse() else { return nil }
        self.init(tree: tree, buildsSearcher: false)
    }

    /// The automaton for a pattern another syntax's parser has read (JSON Schema's ECMA-262 patterns),
    /// or `nil` when it would pass ``maximumStates``. `buildsSearcher` also builds the deterministic
    /// automaton ``isFound(in:)`` uses, worth its cost for a pattern compiled once and run often.
    package init?(tree: IRegexpTree, buildsSearcher: Bool) {
        var compiler = IRegexpCompiler()
        let accept = compiler.add(.accept)
        guard let start = compiler.compile(tree, next: accept) else { return nil }
        self.states = compiler.states
        self.start = start
        self.searcher = buildsSearcher ? IRegexpSearchAutomaton(states: compiler.states, start: start) : nil
    }

    /// Whether the whole text matches.
    package func matches(_ text: String) -> Bool { run(text, searching: false) }

    /// Whether some part of the text matches.
    package func isFound(in text: String) -> Bool {
        if let searcher { return searcher.isFound(in: text.unicodeScalars.lazy.map(\.value)) }
        return run(text, searching: true)
    }

    /// Whether some part of well-formed UTF-8 text matches.
    package func isFound(inUTF8 bytes: UnsafeRawBufferPointer) -> Bool {
        if let searcher { return searcher.isFound(inUTF8: bytes) }
        return run(String(decoding: bytes, as: UTF8.self), searching: true)
    }

    private func run(_ text: String, searching: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let length = scalars.count
        var position = 0
        var current: [Int] = []
        var next: [Int] = []
        var marks = [Int](repeating: -1, count: states.count)
        var generation = 0
        var pending: [Int] = []

        // Adds `state` and every state reachable from it without consuming a scalar.
        func close(_ state: Int, into set: inout [Int]) {
            pending.append(state)
            while let index = pending.popLast() {
                guard marks[index] != generation else { continue }
                marks[index] = generation
                switch states[index] {
                case .split(let first, let second):
                    pending.append(second)
                    pending.append(first)
                case .anchor(let atStart, let next):
                    if atStart ? position == 0 : position == length { pending.append(next) }
                case .wordBoundary(let negated, let next):
                    let before = position > 0 && IRegexp.isWordScalar(scalars[position - 1])
                    let after = position < length && IRegexp.isWordScalar(scalars[position])
                    if (before != after) != negated { pending.append(next) }
                default:
                    set.append(index)
                }
            }
        }
        func accepts(_ set: [Int]) -> Bool {
            set.contains { if case .accept = states[$0] { return true } else { return false } }
        }

        close(start, into: &current)
        for scalar in scalars {
            if searching, accepts(current) { return true }
            generation += 1
            position += 1
            next.removeAll(keepingCapacity: true)
            for index in current {
                if case .scalar(let set, let following) = states[index], set.contains(scalar) {
                    close(following, into: &next)
                }
            }
            if searching { close(start, into: &next) }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return accepts(current)
    }

    /// ECMA-262's word characters, which `\b` looks at: ASCII letters, digits and `_`.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        default: return false
        }
    }

    /// A set of scalars: ranges and general categories, possibly complemented.
    package struct CharacterSet: Sendable {
        package enum Item: Sendable {
            case range(UInt32, UInt32)
            /// A general category by its one- or two-letter name (`L`, `Nd`), or its complement.
            case category(String, complemented: Bool)
        }

        package var items: [Item]
        package var complemented = false

        package init(items: [Item], complemented: Bool = false) {
            self.items = items
            self.complemented = complemented
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            var found = false
            for item in items {
                switch item {
                case .range(let low, let high):
                    found = low <= value && value <= high
                case .category(let name, let complemented):
                    found = IRegexp.category(of: scalar).hasPrefix(name) != complemented
                }
                if found { break }
            }
            return found != complemented
        }
    }

    /// The two-letter name of a scalar's general category.
    package static func category(of scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter: return "Lu"
        case .lowercaseLetter: return "Ll"
        case .titlecaseLetter: return "Lt"
        case .modifierLetter: return "Lm"
        case .otherLetter: return "Lo"
        case .nonspacingMark: return "Mn"
        case .spacingMark: return "Mc"
        case .enclosingMark: return "Me"
        case .decimalNumber: return "Nd"
        case .letterNumber: return "Nl"
        case .otherNumber: return "No"
        case .connectorPunctuation: return "Pc"
        case .dashPunctuation: return "Pd"
        case .openPunctuation: return "Ps"
        case .closePunctuation: return "Pe"
        case .initialPunctuation: return "Pi"
        case .finalPunctuation: return "Pf"
        case .otherPunctuation: return "Po"
        case .mathSymbol: return "Sm"
        case .currencySymbol: return "Sc"
        case .modifierSymbol: return "Sk"
        case .otherSymbol: return "So"
        case .spaceSeparator: return "Zs"
        case .lineSeparator: return "Zl"
        case .paragraphSeparator: return "Zp"
        case .control: return "Cc"
        case .format: return "Cf"
        case .surrogate: return "Cs"
        case .privateUse: return "Co"
        case .unassigned: return "Cn"
        @unknown default: return "Cn"
        }
    }
}

/// The parsed pattern.
package indirect enum IRegexpTree {
    case set(IRegexp.CharacterSet)
    /// `^` (at the start) or `$` (at the end).
    case anchor(atStart: Bool)
    /// `\b`, or `\B` when negated (ECMA-262 only).
    case wordBoundary(negated: Bool)
    case sequence([IRegexpTree])
    case alternatives([IRegexpTree])
    case repetition(IRegexpTree, minimum: Int, maximum: Int?)
}

/// Reads RFC 9485's grammar; `nil` for anything outside it.
struct IRegexpParser {
    let scalars: [Unicode.Scalar]
    var position = 0
    var nesting = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func parse() -> IRegexpTree? {
        guard let tree = alternatives(), position == scalars.count else { return nil }
        return tree
    }

    mutating func alternatives() -> IRegexpTree? {
        var branches: [IRegexpTree] = []
        repeat {
            guard let branch = branch() else { return nil }
            branches.append(branch)
        } while take("|")
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    mutating func branch() -> IRegexpTree? {
        var pieces: [IRegexpTree] = []
        while let next = peek, next != "|", next != ")" {
            guard var atom = atom() else { return nil }
            switch peek {
            case "*": position += 1; atom = .repetition(atom, minimum: 0, maximum: nil)
            case "+": position += 1; atom = .repetition(atom, minimum: 1, maximum: nil)
            case "?": position += 1; atom = .repetition(atom, minimum: 0, maximum: 1)
            case "{":
                position += 1
                guard let minimum = number() else { return nil }
                var maximum: Int? = minimum
                if take(",") { maximum = peek == "}" ? nil : number() ?? -1 }
                guard take("}"), maximum.map({ $0 >= minimum }) ?? true else { return nil }
                atom = .repetition(atom, minimum: minimum, maximum: maximum)
            default: break
            }
            pieces.append(atom)
        }
        return .sequence(pieces)
    }

    /// Digits, capped far above any count the automaton's size limit lets through.
    mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let next = peek, next >= "0" && next <= "9" {
            value = min(value * 10 + Int(next.value - 0x30), 1 << 40)
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    mutating func atom() -> IRegexpTree? {
        guard let next = peek else { return nil }
        position += 1
        switch next {
        case "(":
            nesting += 1
            defer { nesting -= 1 }
            guard nesting <= IRegexp.maximumNesting, let inner = alternatives(), take(")") else { return nil }
            return inner
        case ".":
            return .set(IRegexp.CharacterSet(items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D)], complemented: true))
        case "[":
            return classExpression().map { .set($0) }
        case "\\":
            switch categoryEscape() {
            case .category(let item): return .set(IRegexp.CharacterSet(items: [item]))
            case .invalid: return nil
            case .none: return singleCharacterEscape().map { .set(IRegexp.CharacterSet(items: [.range($0, $0)])) }
            }
        case "^", "$":
            return .anchor(atStart: next == "^")
        case ")", "*", "+", "?", "]", "{", "|", "}":
            return nil
        default:
            return .set(IRegexp.CharacterSet(items: [.range(next.value, next.value)]))
        }
    }

    /// What follows a `\\`: a category escape, an invalid one, or something else (position unchanged).
    enum CategoryEscape {
        case category(IRegexp.CharacterSet.Item)
        case invalid
        case none
    }

    /// After `\\`: `p{..}` or `P{..}` with one of the categories RFC 9485 names.
    mutating func categoryEscape() -> CategoryEscape {
        guard let letter = peek, letter == "p" || letter == "P" else { return .none }
        position += 1
        guard take("{") else { return .invalid }
        var name = ""
        while let next = peek, next != "}", name.unicodeScalars.count < 2 {
            name.unicodeScalars.append(next)
            position += 1
        }
        let valid: [Unicode.Scalar: String] = ["L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno"]
        let letters = Array(name.unicodeScalars)
        guard take("}"), let first = letters.first, let seconds = valid[first],
              letters.count == 1 || seconds.unicodeScalars.contains(letters[1]) else { return .invalid }
        return .category(.category(name, complemented: letter == "P"))
    }

    /// After `\`: one of `( ) * + - . ? [ \ ] ^ { | }` or `n`, `r`, `t`.
    mutating func singleCharacterEscape() -> UInt32? {
        guard let next = peek else { return nil }
        position += 1
        switch next {
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return next.value
        default: return nil
        }
    }

    /// After `[`: `^`?, then ranges, characters and category escapes, with `-` allowed first and last.
    mutating func classExpression() -> IRegexp.CharacterSet? {
        var set = IRegexp.CharacterSet(items: [])
        set.complemented = take("^")
        if take("-") { set.items.append(.range(0x2D, 0x2D)) }
        while true {
            guard let next = peek else { return nil }
            if next == "]" {
                position += 1
                return set.items.isEmpty ? nil : set
            }
            if next == "-" {
                // Only a last '-' is allowed here.
                position += 1
                guard take("]") else { return nil }
                set.items.append(.range(0x2D, 0x2D))
                return set
            }
            if next == "\\" {
                position += 1
                switch categoryEscape() {
                case .category(let item):
                    set.items.append(item)
                    continue
                case .invalid: return nil
                case .none: break
                }
            }
            guard let low = classCharacter(escaped: next == "\\") else { return nil }
            if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                let escaped = take("\\")
                guard let high = classCharacter(escaped: escaped), high >= low else { return nil }
                set.items.append(.range(low, high))
            } else {
                set.items.append(.range(low, low))
            }
        }
    }

    /// A character in a class: escaped (the `\` already taken), or any but `-`, `[`, `\` and `]`.
    mutating func classCharacter(escaped: Bool) -> UInt32? {
        if escaped { return singleCharacterEscape() }
        guard let next = peek, next != "-", next != "[", next != "\\", next != "]" else { return nil }
        position += 1
        return next.value
    }
}

/// Builds the automaton back to front: each part is compiled knowing the state that follows it.
struct IRegexpCompiler {
    var states: [IRegexp.State] = []

    mutating func add(_ state: IRegexp.State) -> Int {
        states.append(state)
        return states.count - 1
    }

    /// The entry state of `tree` followed by `next`, or `nil` when the automaton grows too large.
    mutating func compile(_ tree: IRegexpTree, next: Int) -> Int? {
        guard states.count < IRegexp.maximumStates else { return nil }
        switch tree {
        case .set(let set):
            return add(.scalar(set, next: next))
        case .anchor(let atStart):
            return add(.anchor(atStart: atStart, next: next))
        case .wordBoundary(let negated):
            return add(.wordBoundary(negated: negated, next: next))
        case .sequence(let parts):
            var entry = next
            for part in parts.reversed() {
                guard let compiled = compile(part, next: entry) else { return nil }
                entry = compiled
            }
            return entry
        case .alternatives(let branches):
            var entries: [Int] = []
            for branch in branches {
                guard let entry = compile(branch, next: next) else { return nil }
                entries.append(entry)
            }
            var entry = entries[entries.count - 1]
            for other in entries.dropLast().reversed() { entry = add(.split(other, entry)) }
            return entry
        case .repetition(let body, let minimum, let maximum):
            var entry = next
            if let maximum {
                for _ in 0..<(maximum - minimum) {
                    guard states.count < IRegexp.maximumStates, let copy = compile(body, next: entry) else { return nil }
                    entry = add(.split(copy, next))
                }
            } else {
                let loop = add(.split(0, 0))
                guard let copy = compile(body, next: loop) else { return nil }
                states[loop] = .split(copy, next)
                entry = loop
            }
            for _ in 0..<minimum {
                guard states.count < IRegexp.maximumStates, let copy = compile(body, next: entry) else { return nil }
                entry = copy
            }
            return entry
        }
    }
}
