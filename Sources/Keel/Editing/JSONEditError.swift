/// Why an edit of a ``JSON`` value by JSON Pointer, a JSON Patch or a JSON Merge Patch could not be made.
///
/// Every edit is all or nothing: when one throws, the value is as it was before.
///
/// ```swift
/// do {
///     try document.apply(patch)
/// } catch JSONEditError.testFailed {
///     print("the document changed since the patch was made")
/// }
/// ```
public struct JSONEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a value to compare: `error.kind == .missingTarget`.
    public struct Kind: JSONErrorKind {
        // The parts of the skeleton every error kind shares (``JSONErrorKind``): the code, the names by code,
        // and how to read an error's kind.
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public let _code: UInt8
        init(_ code: UInt8) { _code = code }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static func _kind(of error: JSONEditError) -> Kind { error.kind }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static let _names = ["invalidPointer", "missingTarget", "invalidIndex", "notAContainer", "invalidTarget",
            "testFailed", "invalidPatch", "nestingTooDeep", "unwritableValue"]

        /// The pointer is not a JSON Pointer (RFC 6901).
        public static let invalidPointer = Kind(0)
        /// Nothing is at the pointer (or, for adding, at the pointer's parent).
        public static let missingTarget = Kind(1)
        /// An array index that is not a number, or past the end.
        public static let invalidIndex = Kind(2)
        /// A step of the pointer meets a value that is neither an object nor an array.
        public static let notAContainer = Kind(3)
        /// Removing or moving the whole document, or moving a value into itself.
        public static let invalidTarget = Kind(4)
        /// A patch's `test` operation found a different value.
        public static let testFailed = Kind(5)
        /// The patch document is not a JSON Patch: not an array of operations, an unknown `op`, a member
        /// missing or of the wrong kind.
        public static let invalidPatch = Kind(6)
        /// The patch nests deeper than the thread's stack allows.
        public static let nestingTooDeep = Kind(7)
        /// The new value holds a number the document's syntax cannot write (NaN or an infinity outside JSON5).
        public static let unwritableValue = Kind(8)
    }

    /// What went wrong.
    public let kind: Kind
    /// The JSON Pointer the failure is about (`""` for the whole document).
    public let pointer: String
    /// What was needed, in words.
    public let expected: String
    /// What was there instead, in words.
    public let found: String
    /// For a JSON Patch: the position of the failing operation in the patch (from 0) and its `op`.
    public internal(set) var operation: (index: Int, name: String)?

    public init(kind: Kind, pointer: String, expected: String, found: String, operation: (index: Int, name: String)? = nil) {
        self.kind = kind
        self.pointer = pointer
        self.expected = expected
        self.found = found
        self.operation = operation
    }

    /// `Patch operation 2 (remove) failed at /a/b: expected a member named "b", found an object with keys "c".`
    public var description: String {
        let place = "at \(pointer.isEmpty ? "the root" : pointer)"
        let head = operation.map { "Patch operation \($0.index) (\($0.name)) failed \(place)" } ?? "Cannot edit \(place)"
        return "\(head): expected \(expected), found \(found)."
    }

    public static func == (lhs: JSONEditError, rhs: JSONEditError) -> Bool {
        lhs.kind == rhs.kind && lhs.pointer == rhs.pointer && lhs.expected == rhs.expected && lhs.found == rhs.found
            && lhs.operation?.index == rhs.operation?.index && lhs.operation?.name == rhs.operation?.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(pointer)
        hasher.combine(operation?.index)
    }
}

extension JSONEditError {
    /// Shorthands so that `catch JSONEditError.missingTarget` reads as it does for the other error types.
    public static var invalidPointer: Kind { .invalidPointer }
    /// See ``Kind/missingTarget``.
    public static var missingTarget: Kind { .missingTarget }
    /// See ``Kind/invalidIndex``.
    public static var invalidIndex: Kind { .invalidIndex }
    /// See ``Kind/notAContainer``.
    public static var notAContainer: Kind { .notAContainer }
    /// See ``Kind/invalidTarget``.
    public static var invalidTarget: Kind { .invalidTarget }
    /// See ``Kind/testFailed``.
    public static var testFailed: Kind { .testFailed }
    /// See ``Kind/invalidPatch``.
    public static var invalidPatch: Kind { .invalidPatch }
    /// See ``Kind/nestingTooDeep``.
    public static var nestingTooDeep: Kind { .nestingTooDeep }
    /// See ``Kind/unwritableValue``.
    public static var unwritableValue: Kind { .unwritableValue }
}

extension JSONEditError {
    /// The error for a new value (or patch) holding a number the text cannot hold: `writing` is what the
    /// writer refused, `what` names the value in the message.
    static func unwritable(_ writing: JSONWritingError, at pointer: String, in what: String) -> JSONEditError {
        JSONEditError(kind: .unwritableValue, pointer: pointer,
                      expected: "a finite number (only JSON5 text holds NaN and Infinity)",
                      found: "\(writing.value) at \(writing.path) of \(what)")
    }
}
