/// A JSON value that can be read: ``JSON`` (a tree you own) and ``JSONView`` (a value inside a parsed
/// document) both conform, so the reading API is the same for both.
///
/// What the protocol gives every conforming type:
/// - subscripts by key, index, key path and JSON Pointer, which return a ``JSONLookup`` that carries the
///   first failure along: `value["people"][0]["name"]`;
/// - typed accessors that return a `Result`: `.string`, `.bool`, `.int` (and every integer width), `.double`,
///   `.float`, `.number`, `.array`, `.object`, `.dictionary`;
/// - `map`, `flatMap` and `bind` on the results, and ``collectResults(_:)``.
///
/// Conform your own types only if they can answer every requirement; the underscored one is not API.
public protocol JSONReadable: Sendable {
    /// Which of the six kinds the value is.
    var kind: JSONKind { get }
    /// The number of elements of an array or members of an object; zero otherwise.
    var count: Int { get }
    /// The value of the last member named `key`, or `nil` (absent, or not an object).
    func member(_ key: String) -> Self?
    /// The element at `position`, or `nil` (out of bounds, or not an array).
    func element(at position: Int) -> Self?
    /// The elements of an array in order; empty otherwise.
    var elements: [Self] { get }
    /// The members of an object in order, repeated keys included; empty otherwise.
    var members: [(key: String, value: Self)] { get }
    /// Whether the value is `null`.
    var isNullValue: Bool { get }
    /// The boolean, or `nil` for other kinds.
    var boolValue: Bool? { get }
    /// The string, or `nil` for other kinds.
    var stringValue: String? { get }
    /// The exact number, or `nil` for other kinds.
    var numberValue: JSONNumber? { get }
    /// Where the value came from, for error messages. Not API.
    var _origin: JSONValueOrigin { get }
}

/// Where a readable value came from: nothing for a free-standing ``JSON`` value; the document and the
/// position for a ``JSONView``. Errors use it to give the full path, the line and the column.
public struct JSONValueOrigin: Sendable {
    let view: JSONView?

    /// A value that did not come from parsed text.
    public static let detached = JSONValueOrigin(view: nil)

    init(view: JSONView?) { self.view = view }
}

extension JSONReadable {
    /// A short excerpt of the value as JSON text, for messages: `{"name":"Matt","age":32,…}`.
    public func excerpt(maximumLength: Int = 40) -> String {
        if let view = _origin.view {
            return view.sourceExcerpt(maximumLength: maximumLength)
        }
        if let json = self as? JSON { return json.excerpt(maximumLength: maximumLength) }
        return kind.description
    }

    /// The kind and an excerpt: `a number: 32`, `a string: "Matt"`, `null`.
    var kindAndExcerpt: String {
        kind == .null ? "null" : "\(kind): \(excerpt())"
    }
}

extension JSONView {
    /// The value's source text, with whitespace outside strings dropped, cut to about `maximumLength`
    /// characters.
    ///
    /// - Complexity: O(`maximumLength`) for containers too: it stops at the closing bracket or once it has
    ///   enough text, without first finding where the container ends.
    func sourceExcerpt(maximumLength: Int) -> String {
        let bytes = storage.bytes
        let entry = self.entry
        let isContainer = entry.kind == .array || entry.kind == .object
        // Scalars end where their entry says; containers where their brackets balance.
        let end = isContainer ? bytes.count : min(sourceEnd, bytes.count)
        var output: [UInt8] = []
        var i = entry.offset
        var inString = false
        var depth = 0
        while i < end, output.count <= maximumLength {
            let byte = bytes[i]
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), i + 1 < end {
                    output.append(bytes[i + 1])
                    i += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if JSONWhitespace.contains(byte) {
                // Whitespace between tokens carries no meaning; drop it.
            } else {
                output.append(byte)
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
                if isContainer, depth == 0 { break }
            }
            i += 1
        }
        return Excerpt.shorten(output, to: maximumLength)
    }
}
