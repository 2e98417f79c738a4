/// Reads a JSONPath query (RFC 9535) into a ``QuerySyntax``, checking the grammar and the function
/// extensions' types as it goes. A recursive-descent parser over the query's Unicode scalars; nesting of
/// parentheses, filters and function calls is limited (``maximumNesting``) so that a hostile query cannot
/// exhaust the stack.
struct JSONPathParser {
    /// How deeply filters, parentheses and function calls may nest.
    static let maximumNesting = 64
    /// The largest magnitude of an index or a slice bound: I-JSON's exact integers, 2^53 - 1.
    static let maximumInteger = (1 << 53) - 1

    let query: String
    let scalars: [Unicode.Scalar]
    var position = 0
    var nesting = 0

    init(_ query: String) {
        self.query = query
        self.scalars = Array(query.unicodeScalars)
    }

    /// Parses the whole text as one query.
    static func parse(_ query: String) throws(JSONPathSyntaxError) -> QuerySyntax {
        var parser = JSONPathParser(query)
        guard parser.peek == "$" else { throw parser.failure("expected '$' at the start of the query") }
        parser.position += 1
        let segments = try parser.segments()
        if parser.position < parser.scalars.count {
            throw parser.failure("expected a segment ('.', '..' or '[')")
        }
        return QuerySyntax(isRelative: false, segments: segments)
    }

    // MARK: Reading characters

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(at offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    func failure(_ expected: String, at column: Int? = nil) -> JSONPathSyntaxError {
        let at = column ?? position
        let found = at < scalars.count ? "found \(Self.describe(scalars[at]))" : "found the end of the query"
        return JSONPathSyntaxError(query: query, column: at + 1, reason: "\(expected), \(found)")
    }

    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": return "a space"
        case "\t": return "a tab"
        case "\n": return "a line feed"
        case "\r": return "a carriage return"
        case "'": return "\"'\""
        default:
            if scalar.value < 0x20 { return "U+\(String(scalar.value, radix: 16, uppercase: true))" }
            return "'\(scalar)'"
        }
    }

    static func isBlank(_ scalar: Unicode.Scalar?) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    mutating func skipBlanks() {
        while Self.isBlank(peek) { position += 1 }
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(JSONPathSyntaxError) {
        guard take(scalar) else { throw failure("expected \(what)") }
    }

    static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar >= "0" && scalar <= "9"
    }

    static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    static func isNameFirst(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return isAlpha(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar?) -> Bool {
        isNameFirst(scalar) || isDigit(scalar)
    }

    mutating func enterNesting() throws(JSONPathSyntaxError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw failure("expressions nested more than \(Self.maximumNesting) levels deep are not accepted; expected less nesting")
        }
    }

    // MARK: Segments and selectors

    /// `*(S segment)`: stops before blanks that no segment follows.
    mutating func segments() throws(JSONPathSyntaxError) -> [SegmentSyntax] {
        var segments: [SegmentSyntax] = []
        while true {
            let start = position
            skipBlanks()
            guard let next = peek, next == "." || next == "[" else {
                position = start
                return segments
            }
            segments.append(try segment())
        }
    }

    mutating func segment() throws(JSONPathSyntaxError) -> SegmentSyntax {
        if take("[") {
            return SegmentSyntax(isDescendant: false, selectors: try bracketedSelection())
        }
        position += 1  // "."
        let isDescendant = take(".")
        if isDescendant, take("[") {
            return SegmentSyntax(isDescendant: true, selectors: try bracketedSelection())
        }
        if take("*") { return SegmentSyntax(isDescendant: isDescendant, selectors: [.wildcard]) }
        guard Self.isNameFirst(peek) else {
            throw failure(isDescendant ? "expected a member name, '*' or '[' after '..'" : "expected a member name or '*' after '.'")
        }
        return SegmentSyntax(isDescendant: isDescendant, selectors: [.name(MemberName(memberNameShorthand()))])
    }

    mutating func memberNameShorthand() -> String {
        var name = String.UnicodeScalarView()
        while Self.isNameCharacter(peek) {
            name.append(scalars[position])
            position += 1
        }
        return String(name)
    }

    /// After `[`: selectors separated by commas, then `]`.
    mutating func bracketedSelection() throws(JSONPathSyntaxError) -> [SelectorSyntax] {
        var selectors: [SelectorSyntax] = []
        repeat {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
        } while take(",")
        try expect("]", "',' or ']' after a selector")
        return selectors
    }

    mutating func selector() throws(JSONPathSyntaxError) -> SelectorSyntax {
        switch peek {
        case "'", "\"":
            return .name(MemberName(try stringLiteral()))
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            try enterNesting()
            defer { nesting -= 1 }
            skipBlanks()
            return .filter(try logicalOr())
        case ":":
            return try slice(start: nil)
        case let next? where next == "-" || Self.isDigit(next):
            let start = try integer()
            let afterStart = position
            skipBlanks()
            if peek == ":" { return try slice(start: start) }
            position = afterStart
            return .index(start)
        default:
            throw failure("expected a selector (a name in quotes, '*', an index, a slice or a filter)")
        }
    }

    /// At the first `:` of a slice whose start (if any) has been read.
    mutating func slice(start: Int?) throws(JSONPathSyntaxError) -> SelectorSyntax {
        position += 1  // ":"
        skipBlanks()
        var end: Int?
        if peek == "-" || Self.isDigit(peek) {
            end = try integer()
            skipBlanks()
        }
        var step: Int?
        if take(":") {
            skipBlanks()
            if peek == "-" || Self.isDigit(peek) { step = try integer() }
        }
        return .slice(start: start, end: end, step: step)
    }

    /// `0` or an optional `-` and digits without a leading zero, within ±(2^53 - 1).
    mutating func integer() throws(JSONPathSyntaxError) -> Int {
        let start = position
        let negative = take("-")
        guard let first = peek, Self.isDigit(first) else { throw failure("expected a digit") }
        if first == "0" {
            position += 1
            if negative { throw failure("expected a non-zero integer after '-' (-0 is not an index)", at: start) }
            if Self.isDigit(peek) { throw failure("expected no leading zero in an integer", at: start) }
            return 0
        }
        var value = 0
        while let digit = peek, Self.isDigit(digit) {
            value = value * 10 + Int(digit.value - 0x30)
            position += 1
            if value > Self.maximumInteger {
                throw failure("expected an integer between -(2^53 - 1) and 2^53 - 1", at: start)
            }
        }
        return negative ? -value : value
    }

    /// A string in single or double quotes, with JSON's escapes (and `\'` in single quotes).
    mutating func stringLiteral() throws(JSONPathSyntaxError) -> String {
        let quote = scalars[position]
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let next = peek else { throw failure("expected the closing \(quote == "'" ? "\"'\"" : "'\"'")") }
            if next == quote {
                position += 1
                return String(text)
            }
            if next.value < 0x20 { throw failure("expected a control character to be escaped in a string") }
            if next != "\\" {
                text.append(next)
                position += 1
                continue
            }
            position += 1
            guard let escaped = peek else { throw failure("expected an escape after '\\'") }
            position += 1
            switch escaped {
            case "b": text.append("\u{8}")
            case "f": text.append("\u{C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "/": text.append("/")
            case "\\": text.append("\\")
            case "u": text.append(try unicodeEscape())
            case quote: text.append(quote)
            default:
                throw failure("expected one of b, f, n, r, t, /, \\, u or the quote after '\\'", at: position - 1)
            }
        }
    }

    /// After `\u`: four hex digits, or a surrogate pair written as two escapes.
    mutating func unicodeEscape() throws(JSONPathSyntaxError) -> Unicode.Scalar {
        let start = position - 2
        let first = try hexQuad()
        if (0xDC00...0xDFFF).contains(first) {
            throw failure("expected a high surrogate before a low one", at: start)
        }
        if (0xD800...0xDBFF).contains(first) {
            guard take("\\"), take("u") else { throw failure("expected '\\u' and a low surrogate after a high surrogate") }
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure("expected a low surrogate after a high surrogate", at: position - 4)
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    mutating func hexQuad() throws(JSONPathSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let next = peek, let digit = Self.hexValue(next) else {
                throw failure("expected four hexadecimal digits after '\\u'")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    // MARK: Filter expressions

    mutating func logicalOr() throws(JSONPathSyntaxError) -> LogicalSyntax {
        var terms = [try logicalAnd()]
        while true {
            let start = position
            skipBlanks()
            guard peek == "|", peek(at: 1) == "|" else { position = start; break }
            position += 2
            skipBlanks()
            terms.append(try logicalAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    mutating func logicalAnd() throws(JSONPathSyntaxError) -> LogicalSyntax {
        var terms = [try basicExpression()]
        while true {
            let start = position
            skipBlanks()
            guard peek == "&", peek(at: 1) == "&" else { position = start; break }
            position += 2
            skipBlanks()
            terms.append(try basicExpression())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// A parenthesised expression, a comparison, or a test (each may be negated, but not a comparison).
    mutating func basicExpression() throws(JSONPathSyntaxError) -> LogicalSyntax {
        if take("!") {
            skipBlanks()
            if peek == "(" { return .not(try parenthesised()) }
            let start = position
            switch try operand() {
            case .query(let query): return .not(.exists(query))
            case .function(let call): return .not(try test(call, at: start))
            case .literal:
                throw failure("expected a query, a function or '(' after '!' (a literal is not a test)", at: start)
            }
        }
        if peek == "(" { return try parenthesised() }
        let start = position
        let left = try operand()
        let afterOperand = position
        skipBlanks()
        if let comparison = comparisonOperator() {
            skipBlanks()
            let rightStart = position
            let right = try comparable(try operand(), at: rightStart)
            return .comparison(try comparable(left, at: start), comparison, right)
        }
        position = afterOperand
        switch left {
        case .query(let query): return .exists(query)
        case .function(let call): return try test(call, at: start)
        case .literal:
            throw failure("expected a comparison operator after a literal (a literal alone is not a test)", at: afterOperand)
        }
    }

    mutating func parenthesised() throws(JSONPathSyntaxError) -> LogicalSyntax {
        position += 1  // "("
        try enterNesting()
        defer { nesting -= 1 }
        skipBlanks()
        let inner = try logicalOr()
        skipBlanks()
        try expect(")", "')' to close '('")
        return inner
    }

    /// A function used as a test: its result must be logical, or a node list (true when not empty).
    func test(_ call: FunctionCallSyntax, at start: Int) throws(JSONPathSyntaxError) -> LogicalSyntax {
        guard call.name.result != .value else {
            throw failure("expected a function that returns a logical value or nodes in a test; \(call.name.rawValue)() returns a value, so compare it", at: start)
        }
        return .function(call)
    }

    /// One side of a comparison: a literal, a singular query, or a function returning a value.
    func comparable(_ operand: Operand, at start: Int) throws(JSONPathSyntaxError) -> ComparableSyntax {
        switch operand {
        case .literal(let literal): return .literal(literal)
        case .query(let query):
            guard query.isSingular else {
                throw failure("expected a singular query (names and indices only) in a comparison", at: start)
            }
            return .query(query)
        case .function(let call):
            guard call.name.result == .value else {
                throw failure("expected a function that returns a value in a comparison; \(call.name.rawValue)() returns a logical value", at: start)
            }
            return .function(call)
        }
    }

    mutating func comparisonOperator() -> ComparisonOperator? {
        guard let first = peek else { return nil }
        let second = peek(at: 1)
        switch (first, second) {
        case ("=", "="): position += 2; return .equal
        case ("!", "="): position += 2; return .notEqual
        case ("<", "="): position += 2; return .lessOrEqual
        case (">", "="): position += 2; return .greaterOrEqual
        case ("<", _): position += 1; return .less
        case (">", _): position += 1; return .greater
        default: return nil
        }
    }

    enum Operand {
        case literal(LiteralValue)
        case query(QuerySyntax)
        case function(FunctionCallSyntax)
    }

    /// A literal, a query (`@...` or `$...`) or a function call.
    mutating func operand() throws(JSONPathSyntaxError) -> Operand {
        guard let next = peek else { throw failure("expected a literal, a query or a function") }
        switch next {
        case "@", "$":
            position += 1
            try enterNesting()
            defer { nesting -= 1 }
            return .query(QuerySyntax(isRelative: next == "@", segments: try segments()))
        case "'", "\"":
            return .literal(.string(try stringLiteral()))
        case "-", "0"..."9":
            return .literal(.number(try numberLiteral()))
        default:
            guard next >= "a" && next <= "z" else {
                throw failure("expected a literal, a query ('@' or '$') or a function")
            }
            let start = position
            var name = String.UnicodeScalarView()
            while let scalar = peek, (scalar >= "a" && scalar <= "z") || Self.isDigit(scalar) || scalar == "_" {
                name.append(scalar)
                position += 1
            }
            let word = String(name)
            if peek == "(" { return .function(try functionCall(word, at: start)) }
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default: throw failure("expected a literal, a query or a function call ('\(word)' is none of these)", at: start)
            }
        }
    }

    /// `-0` or an integer, then an optional fraction and exponent.
    mutating func numberLiteral() throws(JSONPathSyntaxError) -> JSONNumber {
        let start = position
        var text = ""
        if take("-") { text += "-" }
        guard let first = peek, Self.isDigit(first) else { throw failure("expected a digit") }
        if first == "0" {
            position += 1
            text += "0"
            if Self.isDigit(peek) { throw failure("expected no leading zero in a number", at: start) }
        } else {
            while let digit = peek, Self.isDigit(digit) { text.unicodeScalars.append(digit); position += 1 }
        }
        if take(".") {
            text += "."
            guard Self.isDigit(peek) else { throw failure("expected a digit after '.'") }
            while let digit = peek, Self.isDigit(digit) { text.unicodeScalars.append(digit); position += 1 }
        }
        if peek == "e" || peek == "E" {
            position += 1
            text += "e"
            if let sign = peek, sign == "+" || sign == "-" { text.unicodeScalars.append(sign); position += 1 }
            guard Self.isDigit(peek) else { throw failure("expected a digit in the exponent") }
            while let digit = peek, Self.isDigit(digit) { text.unicodeScalars.append(digit); position += 1 }
        }
        guard let number = JSONNumber(literal: text) else { throw failure("expected a number", at: start) }
        return number
    }

    /// After a function's name: its arguments, converted to its parameters' types.
    mutating func functionCall(_ name: String, at start: Int) throws(JSONPathSyntaxError) -> FunctionCallSyntax {
        guard let function = FunctionName(rawValue: name) else {
            throw failure("expected a known function (length, count, match, search, value); '\(name)' is not one", at: start)
        }
        position += 1  // "("
        try enterNesting()
        defer { nesting -= 1 }
        skipBlanks()
        var arguments: [ArgumentSyntax] = []
        if !take(")") {
            repeat {
                skipBlanks()
                let argumentStart = position
                guard arguments.count < function.parameters.count else {
                    throw failure("expected ')': \(name)() takes \(function.parameters.count) argument\(function.parameters.count == 1 ? "" : "s")")
                }
                arguments.append(try argument(for: function.parameters[arguments.count], of: name, at: argumentStart))
                skipBlanks()
            } while take(",")
            try expect(")", "',' or ')' after a function argument")
        }
        guard arguments.count == function.parameters.count else {
            throw failure("expected \(function.parameters.count) argument\(function.parameters.count == 1 ? "" : "s") for \(name)(), found \(arguments.count)", at: start)
        }
        var call = FunctionCallSyntax(name: function, arguments: arguments, compiledPattern: nil, patternIsLiteral: false)
        if function == .match || function == .search, case .literal(let literal) = arguments[1] {
            call.patternIsLiteral = true
            if case .string(let pattern) = literal { call.compiledPattern = IRegexp(pattern) }
        }
        return call
    }

    /// One argument, read as the widest form that fits and then converted to the parameter's type.
    mutating func argument(for type: FunctionType, of name: String, at start: Int) throws(JSONPathSyntaxError) -> ArgumentSyntax {
        var form: ArgumentSyntax
        if peek == "!" || peek == "(" {
            form = .logical(try logicalOr())
        } else {
            let operand = try operand()
            let afterOperand = position
            skipBlanks()
            let continues = comparisonOperator() != nil
                || (peek == "&" && peek(at: 1) == "&") || (peek == "|" && peek(at: 1) == "|")
            if continues {
                position = start
                form = .logical(try logicalOr())
            } else {
                position = afterOperand
                switch operand {
                case .literal(let literal): form = .literal(literal)
                case .query(let query): form = .query(query)
                case .function(let call): form = .function(call)
                }
            }
        }
        switch (type, form) {
        case (.value, .literal), (.nodes, .query), (.logical, .logical):
            return form
        case (.value, .query(let query)):
            guard query.isSingular else {
                throw failure("expected a singular query (names and indices only) or a value for \(name)()", at: start)
            }
            return form
        case (.value, .function(let call)):
            guard call.name.result == .value else {
                throw failure("expected a value for \(name)(); \(call.name.rawValue)() returns a logical value", at: start)
            }
            return form
        case (.logical, .query(let query)):
            return .logical(.exists(query))
        case (.logical, .function(let call)):
            return .logical(try test(call, at: start))
        case (.nodes, .function(let call)):
            guard call.name.result == .nodes else {
                throw failure("expected a query for \(name)(); \(call.name.rawValue)() does not return nodes", at: start)
            }
            return form
        case (.value, .logical):
            throw failure("expected a value for \(name)(), not a logical expression", at: start)
        case (.nodes, _):
            throw failure("expected a query for \(name)()", at: start)
        case (.logical, .literal):
            throw failure("expected a logical expression for \(name)(), not a literal", at: start)
        }
    }
}
