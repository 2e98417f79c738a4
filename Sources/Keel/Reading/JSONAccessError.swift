/// Why reading a value failed: a missing key, an index out of bounds, a value of another kind, a number
/// that does not fit, or a malformed JSON Pointer; with the path where it happened.
///
/// When the value came from parsed text (a ``JSONView``), the error also knows the line and column, and its
/// path is the full path from the document's root. Its description is one sentence:
///
/// ```
/// Expected a string at $.people[0].age (line 4, column 12) but found a number: 32.
/// No value at $.people[0].nme (line 3, column 5): expected a member named "nme", found an object with keys "name", "age".
/// ```
public struct JSONAccessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of an access failure. New kinds may be added; match with `==` or `~=`, not exhaustively.
    ///
    /// A failure that decoding can also meet has the same name as its ``JSONDecodingError/Kind``
    /// (``missingKey``, ``missingElement``, ``typeMismatch``, ``valueOutOfRange``).
    public struct Kind: JSONErrorKind {
        // The parts of the skeleton every error kind shares (``JSONErrorKind``): the code, the names by code,
        // and how to read an error's kind.
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public let _code: UInt8
        init(_ code: UInt8) { _code = code }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static func _kind(of error: JSONAccessError) -> Kind { error.kind }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static let _names = ["missingKey", "missingElement", "notSubscriptable", "typeMismatch", "valueOutOfRange",
                            "invalidPointer"]

        /// The object has no member with the asked key.
        public static let missingKey = Kind(0)
        /// The array has no element at the asked index.
        public static let missingElement = Kind(1)
        /// The value cannot be subscripted that way (a key into a non-object, an index into a non-array).
        public static let notSubscriptable = Kind(2)
        /// The value is of another kind than the one asked for.
        public static let typeMismatch = Kind(3)
        /// The number cannot be represented exactly by the asked type (a fraction, or out of range).
        public static let valueOutOfRange = Kind(4)
        /// The JSON Pointer text is malformed.
        public static let invalidPointer = Kind(5)

        /// The former name of ``missingKey``.
        @available(*, deprecated, renamed: "missingKey")
        public static var keyNotFound: Kind { missingKey }
        /// The former name of ``missingElement``.
        @available(*, deprecated, renamed: "missingElement")
        public static var indexOutOfBounds: Kind { missingElement }
        /// The former name of ``valueOutOfRange``.
        @available(*, deprecated, renamed: "valueOutOfRange")
        public static var numberNotRepresentable: Kind { valueOutOfRange }
    }

    /// What went wrong.
    public let kind: Kind
    /// The path of the value that was asked for (for a missing key, ending with that key).
    public let path: JSONPath
    /// What was expected there, in words.
    public let expected: String
    /// What was found, in words, with a short excerpt of the value.
    public let found: String
    /// The byte offset in the source text of the value where the failure was noticed (the object missing
    /// the key, the array too short, the value of the wrong kind), when it came from parsed text.
    public let byteOffset: Int?
    /// Kept to compute line and column only when asked for; not part of equality.
    private let source: DocumentStorage?

    /// Makes an error; a `byteOffset` without a source document gives no line and column.
    public init(kind: Kind, path: JSONPath, expected: String, found: String, byteOffset: Int? = nil) {
        self.init(kind: kind, path: path, expected: expected, found: found, byteOffset: byteOffset, source: nil)
    }

    init(kind: Kind, path: JSONPath, expected: String, found: String, byteOffset: Int?, source: DocumentStorage?) {
        self.kind = kind
        self.path = path
        self.expected = expected
        self.found = found
        self.byteOffset = byteOffset
        self.source = source
    }

    /// The line and column in the source text, when the value came from a parsed document.
    public var location: JSONSourceLocation? {
        guard let byteOffset, let source, source.hasSourceText else { return nil }
        return source.location(ofByte: byteOffset)
    }

    /// The same error, with `prefix` put in front of its path (when a lookup started below the root).
    func prefixed(by prefix: JSONPath) -> JSONAccessError {
        guard !prefix.components.isEmpty else { return self }
        return JSONAccessError(kind: kind, path: prefix.appending(path), expected: expected, found: found,
                               byteOffset: byteOffset, source: source)
    }

    /// One sentence: what, at which path and place, what was expected and what was found.
    public var description: String { describing(place: location.map { " (line \($0.line), column \($0.column))" } ?? "") }

    /// What went wrong without where (no line and column, no final period), for a tool that prints the place
    /// itself in its own terms: `No value at $.name: expected a member named "name", found an object`.
    public var reasonDescription: String { String(describing(place: "").dropLast()) }

    /// The sentence with `place` (empty, or " (line l, column c)") after the path.
    private func describing(place: String) -> String {
        switch kind {
        case .typeMismatch, .valueOutOfRange:
            return "Expected \(expected) at \(path)\(place) but found \(found)."
        case .invalidPointer:
            return "Invalid JSON Pointer: expected \(expected), found \(found)."
        default:
            return "No value at \(path)\(place): expected \(expected), found \(found)."
        }
    }

    /// Equal errors have the same kind, path, expectation, finding and offset (the source is not compared).
    public static func == (lhs: JSONAccessError, rhs: JSONAccessError) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.expected == rhs.expected && lhs.found == rhs.found
            && lhs.byteOffset == rhs.byteOffset
    }

    /// Hashes the kind, path and offset.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(byteOffset)
    }
}

extension JSONAccessError {
    /// Shorthands so that `catch JSONAccessError.missingKey` reads as it does for the other error types.
    public static var missingKey: Kind { .missingKey }
    /// See ``Kind/missingElement``.
    public static var missingElement: Kind { .missingElement }
    /// See ``Kind/notSubscriptable``.
    public static var notSubscriptable: Kind { .notSubscriptable }
    /// See ``Kind/typeMismatch``.
    public static var typeMismatch: Kind { .typeMismatch }
    /// See ``Kind/valueOutOfRange``.
    public static var valueOutOfRange: Kind { .valueOutOfRange }
    /// See ``Kind/invalidPointer``.
    public static var invalidPointer: Kind { .invalidPointer }
}
