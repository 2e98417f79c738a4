/// How strict the parser is where RFC 8259 leaves a choice, and how much it accepts before it stops.
///
/// The defaults accept exactly RFC 8259 text and keep every byte of it; each limit throws its own
/// ``JSONSyntaxError`` kind when exceeded, so hostile input costs bounded time and memory.
///
/// ```swift
/// var options = JSONParsingOptions()
/// options.duplicateKeys = .reject
/// options.maximumDepth = 64
/// let document = try JSONDocument(parsing: text, options: options)
/// ```
///
/// | choice | default | why |
/// | --- | --- | --- |
/// | ``syntax`` | ``Syntax/strict`` | RFC 8259 is what systems exchange; comments and trailing commas are for files people edit. |
/// | ``byteOrderMark`` | ``ByteOrderMarkPolicy/skip`` | RFC 8259 §8.1 lets parsers ignore a leading BOM; files saved by some editors have one. |
/// | ``textEncoding`` | ``TextEncodingPolicy/utf8`` | RFC 8259 §8.1 requires UTF-8 between systems; UTF-16 and UTF-32 are read only on request. |
/// | ``loneSurrogates`` | ``LoneSurrogatePolicy/reject`` | A lone `\uD800` names no character; replacing it would change the text silently. |
/// | ``duplicateKeys`` | ``DuplicateKeyPolicy/keepAll`` | RFC 8259 allows them; all members are kept and a lookup returns the last. |
/// | ``maximumDepth`` | 512 | Deeper than any real document, the same limit as Foundation's `JSONSerialization`. |
/// | ``maximumDocumentSize`` | 4 GiB − 1 | Offsets in the document are 32-bit counts of values. |
/// | ``maximumStringLength`` | 1 GiB | Bounds a single string's decoded size. |
/// | ``maximumNumberLength`` | 10,000 bytes | Converting a literal costs time that grows with its length. |
public struct JSONParsingOptions: Sendable, Hashable {
    /// The grammar the text is read in.
    public enum Syntax: Sendable, Hashable, CustomStringConvertible {
        /// RFC 8259 exactly.
        case strict
        /// JSON with comments, as editor settings and `tsconfig.json` files are written: RFC 8259 plus
        /// `// line` and `/* block */` comments wherever whitespace may go, and one trailing comma after the
        /// last element or member of a non-empty array or object. The values are plain JSON values; the
        /// document keeps the comments in its text (``JSONDocument/bytes``), so edits keep them.
        case jsonc
        /// JSON5 1.0.0, for hand-written files: JSONC's comments and trailing commas, plus names without
        /// quotes (ECMAScript 5.1 identifiers, `\u` escapes included), single-quoted strings, line
        /// continuations and the escapes `\v`, `\0`, `\xHH`, numbers with a `+`, a leading or trailing
        /// decimal point or in hexadecimal (read exactly), `Infinity`, `-Infinity` and `NaN` (read as
        /// non-finite ``JSONNumber``s), and every JSON5 whitespace character. The document keeps the text as
        /// written, comments included.
        case json5

        /// The name used in messages: `JSON`, `JSONC`, `JSON5`.
        public var description: String {
            switch self {
            case .strict: "JSON"
            case .jsonc: "JSONC"
            case .json5: "JSON5"
            }
        }
    }

    /// What to do with a UTF-8 byte-order mark (`EF BB BF`) at the very start of the input.
    public enum ByteOrderMarkPolicy: Sendable, Hashable {
        /// Ignore it, as RFC 8259 §8.1 allows. Byte offsets still count it; columns do not.
        case skip
        /// Treat it as an unexpected character.
        case reject
    }

    /// Which encodings of the input are read.
    public enum TextEncodingPolicy: Sendable, Hashable {
        /// UTF-8 only, as RFC 8259 requires: UTF-16 or UTF-32 input throws
        /// ``JSONSyntaxError/Kind/unsupportedEncoding``, naming the encoding.
        case utf8
        /// UTF-8, UTF-16 or UTF-32 in either byte order, with or without a byte-order mark, told apart by
        /// ``JSONTextEncoding/detect(_:)``. Wide input is transcoded to UTF-8 once, before parsing; byte offsets
        /// in errors and in ``JSONView/location`` are still the input's (lines and columns are the same in any
        /// encoding), while ``JSONDocument/bytes`` is the UTF-8 text.
        case detect
    }

    /// What to do with a `\u` escape of a UTF-16 surrogate that is not part of a valid pair.
    public enum LoneSurrogatePolicy: Sendable, Hashable {
        /// Throw ``JSONSyntaxError/Kind/loneSurrogate``.
        case reject
        /// Read it as U+FFFD REPLACEMENT CHARACTER.
        case replace
    }

    /// What to do when an object has the same key twice (compared by UTF-8 bytes after unescaping).
    public enum DuplicateKeyPolicy: Sendable, Hashable {
        /// Keep every member in document order; a lookup by key returns the last member with that key.
        case keepAll
        /// Throw ``JSONSyntaxError/Kind/duplicateKey`` at the second occurrence.
        case reject
    }

    /// The largest input accepted, in bytes. Larger input throws ``JSONSyntaxError/Kind/documentTooLarge``.
    public static let largestDocumentSize = Int(UInt32.max)

    /// The grammar. Default: ``Syntax/strict``.
    public var syntax: Syntax = .strict
    /// The byte-order-mark policy. Default: ``ByteOrderMarkPolicy/skip``.
    public var byteOrderMark: ByteOrderMarkPolicy = .skip
    /// The encodings read. Default: ``TextEncodingPolicy/utf8``.
    public var textEncoding: TextEncodingPolicy = .utf8
    /// The lone-surrogate policy. Default: ``LoneSurrogatePolicy/reject``.
    public var loneSurrogates: LoneSurrogatePolicy = .reject
    /// The duplicate-key policy. Default: ``DuplicateKeyPolicy/keepAll``.
    public var duplicateKeys: DuplicateKeyPolicy = .keepAll
    /// The deepest nesting of arrays and objects accepted; the top-level value is at depth 1 when it is a
    /// container. Default: 512.
    public var maximumDepth: Int = 512
    /// The largest input accepted, in bytes; at most ``largestDocumentSize``. Default: that largest size.
    public var maximumDocumentSize: Int = JSONParsingOptions.largestDocumentSize
    /// The longest string (or key) accepted, in raw bytes between its quotes. Default: 1 GiB.
    public var maximumStringLength: Int = 1 << 30
    /// The longest number literal accepted, in bytes. Default: 10,000.
    public var maximumNumberLength: Int = 10_000
    /// Whether the scanner may search strings and indentation sixteen bytes at a time with vector
    /// instructions, where the processor has them (SSE2); without, it goes eight bytes at a time. The answer
    /// is the same either way: tests and the parser's fuzz target turn this off to check that it is.
    @_spi(Testing) public var usesVectorInstructions = true

    /// Options with every default.
    public init() {}
}
