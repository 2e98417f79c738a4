/// Why and where a text is not JSON (or exceeds a limit of ``JSONParsingOptions``).
///
/// The parser throws exactly this type (`throws(JSONSyntaxError)`). It names the byte offset, the line and
/// column (both 1-based; the column counts Unicode scalars from the start of the line, so `é` is one column
/// and a tab is one column), what the parser expected and what it found. Its description is one sentence:
///
/// ```
/// Unexpected ']' at line 3, column 7 (byte 41): expected a value.
/// ```
///
/// Match a kind with `~=`:
///
/// ```swift
/// do { _ = try JSONDocument(parsing: "[1,") }
/// catch JSONSyntaxError.unexpectedEndOfInput { print("truncated") }
/// ```
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of a syntax error. New kinds may be added; match with `==` or `~=`, not exhaustively.
    public struct Kind: JSONErrorKind {
        // The parts of the skeleton every error kind shares (``JSONErrorKind``): the code, the names by code,
        // and how to read an error's kind.
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public let _code: UInt8
        init(_ code: UInt8) { _code = code }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static func _kind(of error: JSONSyntaxError) -> Kind { error.kind }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static let _names = ["unexpectedCharacter", "unexpectedEndOfInput", "trailingContent", "invalidNumber",
            "invalidEscape", "loneSurrogate", "controlCharacterInString", "invalidUTF8", "duplicateKey",
            "nestingTooDeep", "documentTooLarge", "stringTooLong", "numberTooLong", "unsupportedEncoding",
            "insufficientMemory", "invalidUnicode"]

        /// A byte that cannot start or continue the value the grammar allows here.
        public static let unexpectedCharacter = Kind(0)
        /// The input ended inside a value, or held no value at all.
        public static let unexpectedEndOfInput = Kind(1)
        /// Something other than whitespace follows the top-level value.
        public static let trailingContent = Kind(2)
        /// A number that does not follow the grammar (`01`, `1.`, `-`, `1e`).
        public static let invalidNumber = Kind(3)
        /// A backslash followed by something other than `" \ / b f n r t u`, or `\u` without four hex digits.
        public static let invalidEscape = Kind(4)
        /// A `\u` escape of a UTF-16 surrogate with no partner (see ``JSONParsingOptions/loneSurrogates``).
        public static let loneSurrogate = Kind(5)
        /// A byte below U+0020 inside a string; it must be escaped.
        public static let controlCharacterInString = Kind(6)
        /// Bytes that are not well-formed UTF-8.
        public static let invalidUTF8 = Kind(7)
        /// A key that appears twice in one object, under ``JSONParsingOptions/DuplicateKeyPolicy/reject``.
        public static let duplicateKey = Kind(8)
        /// Nesting deeper than ``JSONParsingOptions/maximumDepth``.
        public static let nestingTooDeep = Kind(9)
        /// Input larger than ``JSONParsingOptions/maximumDocumentSize``.
        public static let documentTooLarge = Kind(10)
        /// A string longer than ``JSONParsingOptions/maximumStringLength``.
        public static let stringTooLong = Kind(11)
        /// A number literal longer than ``JSONParsingOptions/maximumNumberLength``.
        public static let numberTooLong = Kind(12)
        /// Text in UTF-16 or UTF-32 (recognised by a byte-order mark or by its zero bytes), which RFC 8259
        /// does not allow: JSON exchanged between systems is UTF-8.
        public static let unsupportedEncoding = Kind(13)
        /// The system refused the memory a document needs (16 bytes per value, besides the input). Not a
        /// fault of the text: the same input may parse where more memory is available.
        public static let insufficientMemory = Kind(14)
        /// Bytes that are not well-formed in the UTF-16 or UTF-32 encoding the input was read in (a code unit
        /// cut by the end of input, a lone surrogate, a value past U+10FFFF), under
        /// ``JSONParsingOptions/TextEncodingPolicy/detect``.
        public static let invalidUnicode = Kind(15)
    }

    /// What went wrong.
    public let kind: Kind
    /// The offset of the offending byte from the start of the input (0-based).
    public let byteOffset: Int
    /// The line of the offending byte, 1-based. LF, CR and CRLF each end a line.
    public let line: Int
    /// The column of the offending byte, 1-based, in Unicode scalars from the start of its line.
    public let column: Int
    /// What the grammar allowed at this point, in words (`"a value"`, `"',' or ']'"`).
    public let expected: String
    /// What was there instead, in words (`"']'"`, `"end of input"`, `"byte 0xFF"`).
    public let found: String
    /// The limit that was exceeded, for the limit kinds; otherwise `nil`.
    public let limit: Int?
    /// The grammar the text was read in (``JSONParsingOptions/syntax``); the description names it when it is
    /// not strict JSON.
    public let syntax: JSONParsingOptions.Syntax

    /// Makes an error; `line` and `column` are given, so this is the form for tests and other producers.
    public init(kind: Kind, byteOffset: Int, line: Int, column: Int, expected: String, found: String, limit: Int? = nil,
                syntax: JSONParsingOptions.Syntax = .strict) {
        self.kind = kind
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
        self.limit = limit
        self.syntax = syntax
    }

    /// The byte offset, line and column together, as the other error types give them.
    public var location: JSONSourceLocation { JSONSourceLocation(byteOffset: byteOffset, line: line, column: column) }

    /// One plain sentence: what, where, and what was expected.
    public var description: String { describing(place: " at line \(line), column \(column) (byte \(byteOffset))") }

    /// The same error, read in `syntax`, with its line and column counted in `text` (the text as written,
    /// where the parser read a copy with its comments blanked out).
    func read(as syntax: JSONParsingOptions.Syntax, in text: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        let location = JSONSourceLocation(byteOffset: byteOffset, in: text)
        return JSONSyntaxError(kind: kind, byteOffset: byteOffset, line: location.line, column: location.column,
                               expected: expected, found: found, limit: limit, syntax: syntax)
    }

    /// The sentence with `place` (empty, or " at ..." with its leading space) where it says where; a stream
    /// gives its own place for an error in one of its records.
    func describing(place: String) -> String {
        let place = syntax == .strict ? place : place + " in \(syntax)"
        switch kind {
        case .unexpectedEndOfInput:
            return "Unexpected end of input\(place): expected \(expected)."
        case .trailingContent:
            return "Unexpected \(found) after the top-level value\(place): expected \(expected)."
        case .invalidNumber:
            return "Invalid number\(place): expected \(expected), found \(found)."
        case .invalidEscape:
            return "Invalid escape \(found)\(place): expected \(expected)."
        case .loneSurrogate:
            return "Lone surrogate \(found)\(place): expected \(expected)."
        case .controlCharacterInString:
            return "Unescaped control character \(found) in a string\(place): expected \(expected)."
        case .invalidUTF8:
            return "Invalid UTF-8 \(found)\(place): expected \(expected)."
        case .duplicateKey:
            return "Duplicate key \(found)\(place): expected \(expected)."
        case .nestingTooDeep:
            return "Nesting too deep\(place): expected \(expected)."
        case .invalidUnicode:
            return "Invalid \(found)\(place): expected \(expected)."
        case .unsupportedEncoding:
            return "Unsupported encoding \(found)\(place): expected \(expected)."
        case .documentTooLarge:
            return "Document too large\(place): expected \(expected)."
        case .stringTooLong:
            return "String too long\(place): expected \(expected)."
        case .numberTooLong:
            return "Number too long\(place): expected \(expected)."
        case .insufficientMemory:
            return "Not enough memory to parse: expected \(expected), but \(found)."
        default:
            return "Unexpected \(found)\(place): expected \(expected)."
        }
    }

}

extension JSONSyntaxError {
    /// Shorthands so `catch JSONSyntaxError.unexpectedEndOfInput` reads naturally.
    public static var unexpectedCharacter: Kind { .unexpectedCharacter }
    /// See ``Kind/unexpectedEndOfInput``.
    public static var unexpectedEndOfInput: Kind { .unexpectedEndOfInput }
    /// See ``Kind/trailingContent``.
    public static var trailingContent: Kind { .trailingContent }
    /// See ``Kind/invalidNumber``.
    public static var invalidNumber: Kind { .invalidNumber }
    /// See ``Kind/invalidEscape``.
    public static var invalidEscape: Kind { .invalidEscape }
    /// See ``Kind/loneSurrogate``.
    public static var loneSurrogate: Kind { .loneSurrogate }
    /// See ``Kind/controlCharacterInString``.
    public static var controlCharacterInString: Kind { .controlCharacterInString }
    /// See ``Kind/invalidUTF8``.
    public static var invalidUTF8: Kind { .invalidUTF8 }
    /// See ``Kind/duplicateKey``.
    public static var duplicateKey: Kind { .duplicateKey }
    /// See ``Kind/nestingTooDeep``.
    public static var nestingTooDeep: Kind { .nestingTooDeep }
    /// See ``Kind/documentTooLarge``.
    public static var documentTooLarge: Kind { .documentTooLarge }
    /// See ``Kind/stringTooLong``.
    public static var stringTooLong: Kind { .stringTooLong }
    /// See ``Kind/numberTooLong``.
    public static var numberTooLong: Kind { .numberTooLong }
    /// See ``Kind/unsupportedEncoding``.
    public static var unsupportedEncoding: Kind { .unsupportedEncoding }
    /// See ``Kind/insufficientMemory``.
    public static var insufficientMemory: Kind { .insufficientMemory }
}
