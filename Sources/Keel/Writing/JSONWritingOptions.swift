/// How JSON text is written: layout, key order and escaping.
///
/// ```swift
/// var options = JSONWritingOptions()
/// options.layout = .pretty(indent: 2)
/// options.sortsKeys = true
/// let text = try value.jsonText(options: options)
/// ```
///
/// Whatever the options, the output is RFC 8259 JSON that parses back to a value equal to the one written
/// (less the members left out by ``omitsNullMembers``); only ``writesJSON5NonFiniteNumbers`` makes it JSON5.
public struct JSONWritingOptions: Sendable, Hashable {
    /// Where whitespace goes.
    public enum Layout: Sendable, Hashable {
        /// No whitespace at all: `{"a":[1,2]}`.
        case compact
        /// One member or element per line, indented by `indent` spaces per level, a space after each colon;
        /// empty containers stay `[]` and `{}`.
        case pretty(indent: Int)
    }

    /// The layout. Default: ``Layout/compact``.
    public var layout: Layout = .compact
    /// Whether object members are written in the order of their keys' UTF-8 bytes (a stable sort, so
    /// repeated keys keep their order) instead of the order they have. Default: `false`.
    public var sortsKeys = false
    /// Whether `/` is written as `\/` (for embedding in HTML `<script>` tags). Default: `false`.
    public var escapesSlashes = false
    /// Whether every character above U+007F is written as `\u` escapes (a surrogate pair above U+FFFF), so
    /// the output is pure ASCII. Default: `false`.
    public var escapesNonASCII = false
    /// Whether object members whose value is `null` are left out, at every depth. Default: `false`.
    public var omitsNullMembers = false
    /// Whether a non-finite number is written as JSON5 spells it (`NaN`, `Infinity`, `-Infinity`), making
    /// the output JSON5 rather than JSON; otherwise writing one throws ``JSONWritingError``. Default: `false`.
    public var writesJSON5NonFiniteNumbers = false

    /// Options with every default: compact, in document order, minimal escaping.
    public init() {}

    /// Options for pretty text with `indent` spaces per level.
    public static func pretty(indent: Int = 2) -> JSONWritingOptions {
        var options = JSONWritingOptions()
        options.layout = .pretty(indent: indent)
        return options
    }
}

/// Why a value could not be written: JSON has no way to write it.
public struct JSONWritingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value that cannot be written.
    public let value: String
    /// Where it is, from the root of the value written.
    public let path: JSONPath

    /// Makes an error for `value` at `path`.
    public init(value: String, path: JSONPath) {
        self.value = value
        self.path = path
    }

    /// `Cannot write nan at $.a[2]: JSON numbers must be finite.`
    public var description: String { "Cannot write \(value) at \(path): JSON numbers must be finite." }
}
