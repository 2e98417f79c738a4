// JSON5 read by the strict scanner. One pass checks the JSON5 grammar, reporting its errors in the text as
// written, and rewrites the text as JSON: names get quotes, single-quoted strings double quotes, JSON5-only
// escapes become `\u` escapes, numbers lose a `+` and gain the digits JSON requires (`.5` → `0.5`), and
// hexadecimal becomes decimal, exactly. Whitespace and comments become the same number of spaces (line breaks
// kept), so the two texts stay aligned except where a token was rewritten; `TranslatedOffsets` records those
// places. `NaN`, `Infinity` and `-Infinity` are left as they are: the scanner, told the syntax is JSON5, takes
// them as numbers that JSON cannot hold.
//
// What the scanner still checks on the rewritten text (UTF-8 inside strings, surrogate escapes, duplicate keys,
// string and nesting limits) it reports at an offset that `TranslatedOffsets` maps back.

/// JSON5 text rewritten as the JSON the scanner reads, with where its comments were.
struct JSON5Translation {
    /// The rewritten text.
    var bytes: [UInt8] = []
    /// The way back from offsets in `bytes` to the text as written.
    var offsets = TranslatedOffsets()
    /// Each comment in the text as written, in order.
    var comments: [Range<Int>] = []
    /// The offset of each trailing comma in the text as written, in order.
    var trailingCommas: [Int] = []

    /// Nothing yet: what the translator starts from.
    fileprivate init() {}

    /// Checks `text` against the JSON5 grammar and rewrites it.
    ///
    /// - Throws: ``JSONSyntaxError`` (naming JSON5) for the first place the text breaks the grammar, or
    ///   nests deeper than the options allow.
    init(translating text: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONSyntaxError) {
        var translator = JSON5Translator(text: text, options: options)
        try translator.translate()
        self = translator.output
    }
}

/// The pass behind ``JSON5Translation``: a loop over values with an explicit stack of open containers, as
/// the scanner's, so nesting costs no call stack.
private struct JSON5Translator {
    let text: UnsafeBufferPointer<UInt8>
    let options: JSONParsingOptions
    var output = JSON5Translation()
    /// The next byte of `text` to read.
    var i = 0

    init(text: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) {
        self.text = text
        self.options = options
        output.bytes.reserveCapacity(text.count + text.count / 16 + 16)
    }

    var count: Int { text.count }

    mutating func translate() throws(JSONSyntaxError) {
        if count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
            // U+FEFF is JSON5 whitespace anywhere, but the option to refuse a byte-order mark still applies.
            guard options.byteOrderMark == .skip else { throw error(.unexpectedCharacter, at: 0, expected: "a value") }
        }
        // Open containers, `true` for an object.
        var stack: [Bool] = []
        let maximumDepth = max(options.maximumDepth, 0)
        valueLoop: while true {
            try skipSpace()
            guard i < count else { throw error(.unexpectedEndOfInput, at: i, expected: "a value") }
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if stack.count >= maximumDepth {
                    throw error(.nestingTooDeep, at: i, expected: "at most \(maximumDepth) levels of nesting",
                                found: "level \(stack.count + 1)", limit: maximumDepth)
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(isObject)
                copy(1)
                try skipSpace()
                if i < count, text[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    copy(1)
                    stack.removeLast()
                } else if isObject {
                    try memberName()
                    continue valueLoop
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "I"), UInt8(ascii: "N"):
                try number()
            case UInt8(ascii: "t"):
                try literal("true")
            case UInt8(ascii: "f"):
                try literal("false")
            case UInt8(ascii: "n"):
                try literal("null")
            default:
                throw error(.unexpectedCharacter, at: i, expected: "a value")
            }

            // After a value: a separator, or the end of one or more containers.
            while let isObject = stack.last {
                try skipSpace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let expected = isObject ? "',' or '}'" : "',' or ']'"
                guard i < count else { throw error(.unexpectedEndOfInput, at: i, expected: expected) }
                if text[i] == UInt8(ascii: ",") {
                    let comma = i
                    copy(1)
                    try skipSpace()
                    if i < count, text[i] == closer {
                        // One trailing comma: the scanner reads a space there.
                        output.bytes[output.bytes.count - (i - comma)] = 0x20
                        output.trailingCommas.append(comma)
                        copy(1)
                        stack.removeLast()
                        continue
                    }
                    if isObject { try memberName() }
                    continue valueLoop
                } else if text[i] == closer {
                    copy(1)
                    stack.removeLast()
                } else {
                    throw error(.unexpectedCharacter, at: i, expected: expected)
                }
            }
            break valueLoop
        }
        try skipSpace()
        if i < count { throw error(.trailingContent, at: i, expected: "end of input") }
    }

    // MARK: Writing the rewritten text

    /// Copies `length` bytes as they are.
    private mutating func copy(_ length: Int) {
        anchor()
        output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[i..<(i + length)]))
        i += length
    }

    /// Records that the next byte written stands for the byte at `i`.
    private mutating func anchor() {
        output.offsets.anchor(translated: output.bytes.count, original: i)
    }

    private mutating func emit(_ byte: UInt8) { output.bytes.append(byte) }

    private mutating func emit(_ ascii: StaticString) {
        output.bytes.append(contentsOf: UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount))
    }

    /// Writes `\u00XX` for a byte below 0x80.
    private mutating func emitUnicodeEscape(_ byte: UInt8) {
        emit("\\u00")
        output.bytes.append(contentsOf: HexDigits.two(byte).utf8)
    }

    // MARK: Whitespace and comments

    /// Skips JSON5 whitespace and comments, writing a space for each of their bytes (line breaks kept).
    private mutating func skipSpace() throws(JSONSyntaxError) {
        anchor()
        while i < count {
            let byte = text[i]
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09:
                emit(byte)
                i += 1
            case 0x0B, 0x0C:
                emit(0x20)
                i += 1
            case UInt8(ascii: "/"):
                try comment()
            case 0x80...:
                let length = JSON5Whitespace.length(at: i, in: text)
                guard length > 0 else { return }
                output.bytes.append(contentsOf: repeatElement(0x20, count: length))
                i += length
            default:
                return
            }
        }
    }

    /// A `//` or `/* */` comment starting at `i`.
    private mutating func comment() throws(JSONSyntaxError) {
        let start = i
        guard i + 1 < count else {
            throw unfinishedComment(startingAt: start, expected: "'/' or '*' to begin the comment")
        }
        if text[i + 1] == UInt8(ascii: "/") {
            i += 2
            while i < count, lineTerminatorLength(at: i) == 0 { i += 1 }
        } else if text[i + 1] == UInt8(ascii: "*") {
            i += 2
            while i + 1 < count, !(text[i] == UInt8(ascii: "*") && text[i + 1] == UInt8(ascii: "/")) { i += 1 }
            guard i + 1 < count else {
                throw unfinishedComment(startingAt: start, expected: "'*/' to close the comment")
            }
            i += 2
        } else {
            throw error(.unexpectedCharacter, at: i + 1, expected: "'/' or '*' to begin a comment after '/'")
        }
        output.comments.append(start..<i)
        for offset in start..<i {
            let byte = text[offset]
            emit(byte == 0x0A || byte == 0x0D ? byte : 0x20)
        }
    }

    private func unfinishedComment(startingAt start: Int, expected: String) -> JSONSyntaxError {
        let opening = JSONSourceLocation(byteOffset: start, in: text)
        return error(.unexpectedEndOfInput, at: count,
                     expected: "\(expected) at line \(opening.line), column \(opening.column)")
    }

    /// The length of the line terminator at `offset` (LF, CR, U+2028 or U+2029), or 0.
    private func lineTerminatorLength(at offset: Int) -> Int {
        if text[offset] == 0x0A || text[offset] == 0x0D { return 1 }
        return JSON5Whitespace.isLineSeparator(at: offset, in: text) ? 3 : 0
    }

    // MARK: Literals and numbers

    /// `true`, `false` or `null`. What follows is checked as whatever follows a value, so `nullx` fails at `x`.
    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        var k = 0
        while k < length, i + k < count, text[i + k] == word.utf8Start[k] { k += 1 }
        guard k == length else {
            let expected = k == 0 ? "a value" : "the literal '\(word)'"
            throw error(i + k < count ? .unexpectedCharacter : .unexpectedEndOfInput, at: i + k, expected: expected)
        }
        copy(length)
    }

    /// A JSON5 number: an optional sign, then a decimal or hexadecimal literal, `Infinity` or `NaN`.
    private mutating func number() throws(JSONSyntaxError) {
        let start = i
        anchor()
        var negative = false
        if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < count else {
            throw error(.unexpectedEndOfInput, at: i, expected: "a digit, 'Infinity' or 'NaN' after the sign")
        }
        switch text[i] {
        case UInt8(ascii: "I"):
            try word("Infinity")
            if negative { emit(UInt8(ascii: "-")) }
            emit("Infinity")
        case UInt8(ascii: "N"):
            // The sign of NaN means nothing; JSON5 allows it.
            try word("NaN")
            emit("NaN")
        case UInt8(ascii: "0") where i + 1 < count && text[i + 1] | 0x20 == UInt8(ascii: "x"):
            i += 2
            let digitsStart = i
            while i < count, HexDigits.value(text[i]) != nil { i += 1 }
            guard i > digitsStart else { throw missingDigit(at: i, expected: "a hexadecimal digit after '0x'") }
            try checkLength(from: start)
            if negative { emit(UInt8(ascii: "-")) }
            output.bytes.append(contentsOf: JSON5Translator.decimalDigits(ofHexadecimal: UnsafeBufferPointer(rebasing: text[digitsStart..<i])))
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
            try decimal(negative: negative)
        default:
            throw error(.invalidNumber, at: i, expected: "a digit, 'Infinity' or 'NaN' after the sign")
        }
        try checkLength(from: start)
        anchor()
    }

    /// A decimal literal from `i`, written as JSON: `.5` as `0.5`, `5.` as `5.0`.
    private mutating func decimal(negative: Bool) throws(JSONSyntaxError) {
        if negative { emit(UInt8(ascii: "-")) }
        var integerDigits = 0
        if text[i] == UInt8(ascii: "0") {
            emit(UInt8(ascii: "0"))
            i += 1
            integerDigits = 1
            if i < count, isDigit(text[i]) {
                throw error(.invalidNumber, at: i, expected: "'.', 'e' or the end of the number after a leading 0")
            }
        } else {
            while i < count, isDigit(text[i]) {
                emit(text[i])
                i += 1
                integerDigits += 1
            }
        }
        if i < count, text[i] == UInt8(ascii: ".") {
            i += 1
            if integerDigits == 0 { emit(UInt8(ascii: "0")) }
            emit(UInt8(ascii: "."))
            var fractionDigits = 0
            while i < count, isDigit(text[i]) {
                emit(text[i])
                i += 1
                fractionDigits += 1
            }
            if fractionDigits == 0 {
                guard integerDigits > 0 else { throw missingDigit(at: i, expected: "a digit after '.'") }
                emit(UInt8(ascii: "0"))
            }
        }
        if i < count, text[i] | 0x20 == UInt8(ascii: "e") {
            emit(UInt8(ascii: "e"))
            i += 1
            if i < count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                emit(text[i])
                i += 1
            }
            guard i < count, isDigit(text[i]) else {
                throw missingDigit(at: i, expected: "a digit after the exponent marker")
            }
            while i < count, isDigit(text[i]) {
                emit(text[i])
                i += 1
            }
        }
    }

    /// The rest of `Infinity` or `NaN`, whose first letter is at `i`.
    private mutating func word(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        var k = 0
        while k < length, i + k < count, text[i + k] == word.utf8Start[k] { k += 1 }
        guard k == length else {
            throw error(i + k < count ? .invalidNumber : .unexpectedEndOfInput, at: i + k, expected: "'\(word)'")
        }
        i += length
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func missingDigit(at offset: Int, expected: String) -> JSONSyntaxError {
        error(offset < count ? .invalidNumber : .unexpectedEndOfInput, at: offset, expected: expected)
    }

    /// Refuses a literal longer than the options allow, measured as written, before converting it.
    private func checkLength(from start: Int) throws(JSONSyntaxError) {
        let length = i - start
        guard length <= options.maximumNumberLength else {
            throw error(.numberTooLong, at: start, expected: "at most \(options.maximumNumberLength) bytes",
                        found: "\(length) bytes", limit: options.maximumNumberLength)
        }
    }

    /// The decimal digits of a hexadecimal integer, exactly: base-10⁹ limbs take seven hexadecimal digits
    /// (28 bits) per multiplication, so a literal of n digits costs O(n²/63) steps.
    static func decimalDigits(ofHexadecimal digits: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [0]
        var k = 0
        while k < digits.count {
            let take = min(7, digits.count - k)
            var chunk: UInt64 = 0
            for _ in 0..<take {
                chunk = chunk << 4 | UInt64(HexDigits.value(digits[k]) ?? 0)
                k += 1
            }
            let multiplier = UInt64(1) << (4 * take)
            var carry = chunk
            for index in limbs.indices {
                let value = limbs[index] * multiplier + carry
                limbs[index] = value % base
                carry = value / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
        }
        var text = Array(String(limbs[limbs.count - 1]).utf8)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb).utf8
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 9 - part.count))
            text.append(contentsOf: part)
        }
        return text
    }

    // MARK: Strings and names

    /// A member's name (an identifier or a string), then its colon.
    private mutating func memberName() throws(JSONSyntaxError) {
        let expected = "a name, a string or '}'"
        guard i < count else { throw error(.unexpectedEndOfInput, at: i, expected: expected) }
        if text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") {
            try string()
        } else if let (scalar, length) = try identifierCharacter(at: i), JSON5Translator.startsIdentifier(scalar) {
            try identifier(first: scalar, length: length)
        } else {
            throw error(.unexpectedCharacter, at: i, expected: expected)
        }
        try skipSpace()
        guard i < count else { throw error(.unexpectedEndOfInput, at: i, expected: "':'") }
        guard text[i] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter, at: i, expected: "':'") }
        copy(1)
    }

    /// The character of a name at `offset`, read through a `\u` escape, and the bytes it takes; `nil` when
    /// none is there. Throws for a broken escape or ill-formed UTF-8.
    private func identifierCharacter(at offset: Int) throws(JSONSyntaxError) -> (Unicode.Scalar, Int)? {
        let byte = text[offset]
        if byte == UInt8(ascii: "\\") {
            guard offset + 1 < count else {
                throw error(.unexpectedEndOfInput, at: offset + 1, expected: "'u' and four hex digits after '\\' in a name")
            }
            guard text[offset + 1] == UInt8(ascii: "u") else {
                throw error(.invalidEscape, at: offset, expected: "'\\u' and four hex digits (the only escape in a name)",
                            found: "'\\\(Scanner.describeCharacter(text[offset + 1]))'")
            }
            let value = try hexDigits(4, at: offset + 2, after: "'\\u'")
            // A surrogate is no character, so it cannot be part of a name.
            guard let scalar = Unicode.Scalar(value) else {
                throw error(.invalidEscape, at: offset, expected: "a letter, digit, '$' or '_' in a name",
                            found: "\\u" + HexDigits.four(UInt16(value)))
            }
            return (scalar, 6)
        }
        if byte < 0x80 { return (Unicode.Scalar(byte), 1) }
        guard let decoded = UTF8Scalar.decode(at: offset, in: text) else {
            throw error(.invalidUTF8, at: offset, expected: "well-formed UTF-8")
        }
        return decoded
    }

    /// A name written without quotes, whose first character (`first`, in `length` bytes) is at `i`: written
    /// with quotes, its `\u` escapes kept (they mean the same in JSON).
    private mutating func identifier(first: Unicode.Scalar, length: Int) throws(JSONSyntaxError) {
        anchor()
        emit(UInt8(ascii: "\""))
        anchor()
        var next: (Unicode.Scalar, Int)? = (first, length)
        var isFirst = true
        while let (scalar, length) = next {
            if text[i] == UInt8(ascii: "\\"),
               !(isFirst ? JSON5Translator.startsIdentifier(scalar) : JSON5Translator.continuesIdentifier(scalar)) {
                throw error(.invalidEscape, at: i, expected: "a letter, digit, '$' or '_' in a name",
                            found: "'\(Character(scalar))' (U+\(Scanner.hex4Scalar(scalar.value)))")
            }
            guard isFirst || JSON5Translator.continuesIdentifier(scalar) else { break }
            copy(length)
            isFirst = false
            next = i < count ? try identifierCharacter(at: i) : nil
        }
        anchor()
        emit(UInt8(ascii: "\""))
        anchor()
    }

    /// ECMAScript 5.1's IdentifierStart: a letter (categories Lu, Ll, Lt, Lm, Lo, Nl), `$` or `_`.
    static func startsIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return byte | 0x20 &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "_")
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        default:
            return false
        }
    }

    /// ECMAScript 5.1's IdentifierPart: a start character, a combining mark (Mn, Mc), a digit (Nd), a
    /// connector (Pc), or the zero-width (non-)joiner.
    static func continuesIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        if startsIdentifier(scalar) { return true }
        if scalar.isASCII { return scalar.value &- 0x30 < 10 }
        if scalar.value == 0x200C || scalar.value == 0x200D { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// A string in double or single quotes, written in double quotes.
    private mutating func string() throws(JSONSyntaxError) {
        let start = i
        let quote = text[i]
        anchor()
        emit(UInt8(ascii: "\""))
        i += 1
        while true {
            anchor()
            let runStart = i
            while i < count {
                let byte = text[i]
                if byte == quote || byte == UInt8(ascii: "\"") || byte < 0x20 { break }
                if byte == UInt8(ascii: "\\") {
                    // JSON's own escapes stay in the run, written as they are.
                    guard let length = jsonEscapeLength(at: i) else { break }
                    i += length
                    continue
                }
                i += 1
            }
            output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i]))
            guard i < count else {
                throw error(.unexpectedEndOfInput, at: i,
                            expected: "\(Scanner.quoteASCII(quote)) to close the string that starts at byte \(start)")
            }
            let byte = text[i]
            anchor()
            switch byte {
            case quote:
                emit(UInt8(ascii: "\""))
                i += 1
                return
            case UInt8(ascii: "\""):
                // Inside single quotes.
                emit("\\\"")
                i += 1
            case 0x0A, 0x0D:
                throw error(.controlCharacterInString, at: i,
                            expected: "'\\n', or a backslash before the line break to continue the string")
            case UInt8(ascii: "\\"):
                try escape()
            default:
                // Another control character: JSON5 allows it as it is, JSON only escaped.
                emitUnicodeEscape(byte)
                i += 1
            }
        }
    }

    /// The length of the escape at `offset` when JSON has it too (`\\n`, `\\u0041`, ...), so it is copied as it
    /// is; `nil` for JSON5's own escapes and for broken ones, which ``escape()`` rewrites or reports.
    private func jsonEscapeLength(at offset: Int) -> Int? {
        guard offset + 1 < count else { return nil }
        switch text[offset + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            guard offset + 5 < count else { return nil }
            for k in 2..<6 where HexDigits.value(text[offset + k]) == nil { return nil }
            return 6
        default:
            return nil
        }
    }

    /// The escape whose backslash is at `i`, written as JSON (a line continuation as nothing).
    private mutating func escape() throws(JSONSyntaxError) {
        guard i + 1 < count else {
            throw error(.unexpectedEndOfInput, at: i + 1, expected: "an escape character after '\\'")
        }
        let character = text[i + 1]
        switch character {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            copy(2)
        case UInt8(ascii: "v"):
            emitUnicodeEscape(0x0B)
            i += 2
        case UInt8(ascii: "0"):
            if i + 2 < count, isDigit(text[i + 2]) {
                throw error(.invalidEscape, at: i, expected: "no digit after '\\0' (JSON5 has no octal escapes)",
                            found: "'\\0\(Character(Unicode.Scalar(text[i + 2])))'")
            }
            emitUnicodeEscape(0)
            i += 2
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw error(.invalidEscape, at: i, expected: "an escape that is not a digit (JSON5 has no octal escapes)",
                        found: "'\\\(Character(Unicode.Scalar(character)))'")
        case UInt8(ascii: "x"):
            let value = try hexDigits(2, at: i + 2, after: "'\\x'")
            emitUnicodeEscape(UInt8(value))
            i += 4
        case UInt8(ascii: "u"):
            _ = try hexDigits(4, at: i + 2, after: "'\\u'")
            copy(6)
        case 0x0A:
            i += 2
        case 0x0D:
            i += 2
            if i < count, text[i] == 0x0A { i += 1 }
        default:
            if lineTerminatorLength(at: i + 1) == 3 {
                i += 4
            } else if character < 0x20 {
                emitUnicodeEscape(character)
                i += 2
            } else {
                // Any other character stands for itself; the bytes of a non-ASCII one follow in the next run.
                i += 1
                if character < 0x80 { copy(1) }
            }
        }
        anchor()
    }

    /// The value of `length` hexadecimal digits at `offset`.
    private func hexDigits(_ length: Int, at offset: Int, after what: String) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<length {
            let expected = length == 2 ? "two hex digits after \(what)" : "four hex digits after \(what)"
            guard offset + k < count else { throw error(.unexpectedEndOfInput, at: offset + k, expected: expected) }
            guard let digit = HexDigits.value(text[offset + k]) else {
                throw error(.invalidEscape, at: offset + k, expected: expected)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: Errors

    /// The error for `kind` at `offset` in the text as written.
    private func error(_ kind: JSONSyntaxError.Kind, at offset: Int, expected: String, found: String? = nil,
                       limit: Int? = nil) -> JSONSyntaxError {
        let location = JSONSourceLocation(byteOffset: offset, in: text)
        return JSONSyntaxError(kind: kind, byteOffset: offset, line: location.line, column: location.column,
                               expected: expected, found: found ?? Scanner.describeFound(at: offset, in: text),
                               limit: limit, syntax: .json5)
    }
}
