/// Why a JSON value could not be decoded into a Swift value, and where.
///
/// Every decoding style in Keel reports this one type. It names what was expected and what was found (a short
/// excerpt of the value), the ``path`` from the document's root (print it as `$.people[2].age`, or take
/// ``JSONPath/pointer`` for `/people/2/age`), and the ``location`` in the source text. It prints as one
/// sentence:
///
/// ```
/// Expected an Int at $.people[2].age (line 5, column 14) but found a string: "33".
/// Missing key "login" in the object at $.object.repo.owner (line 1, column 30): {"id":1,"name":"anviking"}.
/// 2 errors: Expected an Int at $.id (line 1, column 8) but found a string: "7"; Missing key "name" in the object at $ (line 1, column 1): {"id":"7"}.
/// ```
public struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of a decoding failure. New kinds may be added; match with `==` or `~=`.
    public struct Kind: JSONErrorKind {
        // The parts of the skeleton every error kind shares (``JSONErrorKind``): the code, the names by code,
        // and how to read an error's kind.
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public let _code: UInt8
        init(_ code: UInt8) { _code = code }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static func _kind(of error: JSONDecodingError) -> Kind { error.kind }
        /// Keel's own bookkeeping (see ``JSONErrorKind``).
        public static let _names = ["missingKey", "typeMismatch", "valueOutOfRange", "unknownRawValue", "custom", "multiple",
                            "nestingTooDeep", "missingElement", "tooManyElements", "schemaViolation",
                            "countOutOfRange"]

        /// An object has no member with a key the model requires.
        public static let missingKey = Kind(0)
        /// A value is of another kind than the model's type needs (including `null` for a non-optional).
        public static let typeMismatch = Kind(1)
        /// A number outside the range of the model's type, or not representable by it (`1.5` as `Int`).
        public static let valueOutOfRange = Kind(2)
        /// A string or number that is not one of an enumeration's raw values.
        public static let unknownRawValue = Kind(3)
        /// A failure described by the model's own code.
        public static let custom = Kind(4)
        /// Several independent failures; see ``JSONDecodingError/errors``.
        public static let multiple = Kind(5)
        /// A value nested so deeply that decoding it would overflow the thread's stack. The parser's
        /// ``JSONParsingOptions/maximumDepth`` usually stops such text first; this guards the rest.
        public static let nestingTooDeep = Kind(6)
        /// An array has no element at an index a path names (the array counterpart of ``missingKey``).
        public static let missingElement = Kind(7)
        /// An array or object with more elements than a count-limited decoding keeps; the ones past the
        /// limit are left out (``CollectingDecoder/decodeArray(of:maximumCount:)``).
        public static let tooManyElements = Kind(8)
        /// A value that breaks a JSON Schema keyword, when a document is validated and decoded in one call
        /// (KeelSchema); ``JSONDecodingError/expected`` holds the schema's sentence and keyword path.
        public static let schemaViolation = Kind(9)
        /// A collection whose number of decoded elements breaks a count rule (the collecting style's
        /// `minimumCount` / `maximumCount`, as LastMile's `min` / `max`).
        public static let countOutOfRange = Kind(10)
    }

    /// What went wrong.
    public let kind: Kind
    /// The details, behind one reference, so that the error (and every `Decoded<T>` holding one) stays two
    /// words wide: results are copied far more often than errors are made.
    private let details: Details

    /// What an error knows. Errors made while decoding a document keep the value (`view`) and compute
    /// their path and line/column only when asked: a collecting run may make an error for every element of
    /// a large array, and walking to each from the start would make that quadratic.
    private final class Details: Sendable {
        let expected: String
        let found: String
        let givenPath: JSONPath?
        let givenLocation: JSONSourceLocation?
        /// The value where the failure was noticed, and the step below it that the path ends with.
        let view: JSONView?
        let step: JSONPath.Component?
        let errors: [JSONDecodingError]

        init(expected: String, found: String, path: JSONPath?, location: JSONSourceLocation?, view: JSONView?,
             step: JSONPath.Component?, errors: [JSONDecodingError]) {
            self.expected = expected
            self.found = found
            self.givenPath = path
            self.givenLocation = location
            self.view = view
            self.step = step
            self.errors = errors
        }

        var path: JSONPath {
            if let givenPath { return givenPath }
            guard let view else { return .root }
            let path = view.path
            return step.map { path.appending($0) } ?? path
        }

        var location: JSONSourceLocation? {
            if let givenLocation { return givenLocation }
            guard let view, view.storage.hasSourceText else { return nil }
            return view.location
        }

        var byteOffset: Int? { givenLocation?.byteOffset ?? view?.byteOffset }
    }

    /// What the model needed there, in words (`an Int`, `a value for key "name"`).
    public var expected: String { details.expected }
    /// What the document held, in words, with a short excerpt (`a string: "33"`).
    public var found: String { details.found }
    /// The path from the document's root; for a missing key, ending with that key.
    ///
    /// - Complexity: for an error from a document, O(m) in the members and elements passed on the way down.
    public var path: JSONPath { details.path }
    /// Where in the source text the failure was noticed (the value, or the object missing a key), when the
    /// value came from parsed text.
    ///
    /// - Complexity: for an error from a document, O(n) in the byte offset (lines are counted when asked).
    public var location: JSONSourceLocation? { details.location }
    /// For ``Kind/multiple``, the failures it gathers (flattened, in document order); for a value that none of
    /// several types decodes (``JSONView/decodeAsOneOf(_:)``), why each type refused it; otherwise empty.
    public var errors: [JSONDecodingError] { details.errors }
    /// The byte offset of the failure in the source text, without counting lines.
    var byteOffset: Int? { details.byteOffset }

    /// Makes an error. The decoding functions make these for you; use this in custom decoders.
    public init(kind: Kind, expected: String, found: String, path: JSONPath, location: JSONSourceLocation? = nil,
                errors: [JSONDecodingError] = []) {
        self.kind = kind
        self.details = Details(expected: expected, found: found, path: path, location: location, view: nil,
                               step: nil, errors: errors)
    }

    /// An error about `value` (a path ending with `step` below it, if given), whose path and location are
    /// computed only when asked for.
    init(kind: Kind, expected: String, found: String, at value: JSONView, step: JSONPath.Component? = nil) {
        self.kind = kind
        self.details = Details(expected: expected, found: found, path: nil, location: nil, view: value, step: step,
                               errors: [])
    }

    /// Equal errors have the same kind, expectation, finding, path, location and gathered errors.
    public static func == (lhs: JSONDecodingError, rhs: JSONDecodingError) -> Bool {
        lhs.kind == rhs.kind && (lhs.details === rhs.details
            || (lhs.expected == rhs.expected && lhs.found == rhs.found && lhs.path == rhs.path
                && lhs.location == rhs.location && lhs.errors == rhs.errors))
    }

    /// Hashes the kind, path and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(location)
    }

    /// One sentence: what, where and what was found.
    public var description: String {
        describing(place: location.map { " (line \($0.line), column \($0.column))" } ?? "")
    }

    /// The sentence with `place` (empty, or " (line l, column c)") after the path; a stream gives its own
    /// place for an error in one of its records.
    func describing(place: String) -> String {
        switch kind {
        case .missingKey:
            let key = path.components.last.flatMap { if case .key(let key) = $0 { return key } else { return nil } } ?? ""
            let object = JSONPath(Array(path.components.dropLast()))
            return "Missing key \(key.debugDescription) in the object at \(object)\(place): \(found)."
        case .missingElement:
            let index = path.components.last.flatMap { if case .index(let index) = $0 { return index } else { return nil } } ?? 0
            let array = JSONPath(Array(path.components.dropLast()))
            return "Missing element \(index) in the array at \(array)\(place): expected \(expected)."
        case .multiple:
            let parts = errors.map { String($0.description.dropLast()) }
            return "\(errors.count) errors: \(parts.joined(separator: "; "))."
        case .custom:
            let message = expected.hasSuffix(".") ? String(expected.dropLast()) : expected
            return "\(message) at \(path)\(place)."
        case .unknownRawValue:
            return "Unknown value at \(path)\(place): expected \(expected), found \(found)."
        case .tooManyElements:
            return "Too many elements at \(path)\(place): expected \(expected), found \(found)."
        case .countOutOfRange:
            return "Wrong number of elements at \(path)\(place): expected \(expected), found \(found)."
        case .schemaViolation:
            return "Schema violation at \(path)\(place): \(expected)."
        case .nestingTooDeep:
            return "Nesting too deep to decode at \(path)\(place): the thread's stack is nearly used up."
        default:
            return "Expected \(expected) at \(path)\(place) but found \(found)."
        }
    }

    /// Both errors as one ``Kind/multiple`` error, flattened and in document order.
    public static func + (lhs: JSONDecodingError, rhs: JSONDecodingError) -> JSONDecodingError {
        let all = (lhs.kind == .multiple ? lhs.errors : [lhs]) + (rhs.kind == .multiple ? rhs.errors : [rhs])
        return .multiple(all)
    }

    /// Several errors as one; a single error stays itself.
    public static func multiple(_ errors: [JSONDecodingError]) -> JSONDecodingError {
        let flat = errors.flatMap { $0.kind == .multiple ? $0.errors : [$0] }
        if flat.count == 1 { return flat[0] }
        let ordered = inDocumentOrder(flat, byteOffset: \.byteOffset)
        return JSONDecodingError(kind: .multiple, expected: "no errors", found: "\(ordered.count) errors",
                                 path: ordered.first?.path ?? .root, location: ordered.first?.location, errors: ordered)
    }

    /// A failure in the model's own words, at `value`.
    public static func custom(_ message: String, at value: JSONView) -> JSONDecodingError {
        JSONDecodingError(kind: .custom, expected: message, found: value.kindAndExcerpt, at: value)
    }
}

extension JSONDecodingError {
    /// What took a failed value's place, as the warning that reports it says.
    enum Replacement: String {
        case defaultUsed = "the default was used"
        case fallbackUsed = "the fallback was used"
    }

    /// This error as the warning for a value that `replacement` took the place of.
    func noting(_ replacement: Replacement) -> JSONDecodingError {
        JSONDecodingError(kind: kind, expected: "\(expected) (\(replacement.rawValue))", found: found, path: path,
                          location: location)
    }

    /// The value is of the wrong kind for `expected`: what a ``JSONValueCoder`` or a model's own check throws
    /// for a value it cannot read (`"a colour as #RRGGBB"`), with the value's path and location.
    public static func typeMismatch(_ expected: String, at value: JSONView) -> JSONDecodingError {
        JSONDecodingError(kind: .typeMismatch, expected: expected, found: value.kindAndExcerpt, at: value)
    }

    /// The object `object` has no member `key`.
    static func missingKey(_ key: String, in object: JSONView) -> JSONDecodingError {
        JSONDecodingError(kind: .missingKey, expected: "a value for key \(key.debugDescription)",
                          found: object.excerpt(maximumLength: 60), at: object, step: .key(key))
    }

    /// The array `array` has no element at `index`.
    static func missingElement(_ index: Int, in array: JSONView) -> JSONDecodingError {
        let count = array.count
        return JSONDecodingError(kind: .missingElement,
                                 expected: count == 0 ? "an element, but the array is empty" : "an index from 0 to \(count - 1)",
                                 found: "index \(index)", at: array, step: .index(index))
    }

    /// The number at `value` does not fit `expected`.
    static func outOfRange(_ expected: String, at value: JSONView, reason: String) -> JSONDecodingError {
        JSONDecodingError(kind: .valueOutOfRange, expected: expected, found: "\(value.excerpt()), \(reason)",
                          at: value)
    }

    /// An error from the reading API, in decoding terms: the kind of the same name (a `notSubscriptable`
    /// or `invalidPointer` failure becomes `typeMismatch`), the same path, place and words.
    public init(_ error: JSONAccessError) {
        let kind: Kind
        switch error.kind {
        case .missingKey: kind = .missingKey
        case .missingElement: kind = .missingElement
        case .valueOutOfRange: kind = .valueOutOfRange
        default: kind = .typeMismatch
        }
        self.init(kind: kind, expected: error.expected, found: error.found, path: error.path, location: error.location)
    }

    /// `an Int`, `a String`: a type's name with its article.
    static func describe<T>(_ type: T.Type) -> String {
        JSONLookup<JSON>.article(for: String(describing: type))
    }
}

extension JSONDecodingError {
    /// Shorthands so that `catch JSONDecodingError.missingKey` reads as it does for the other error types.
    public static var missingKey: Kind { .missingKey }
    /// See ``Kind/missingElement``.
    public static var missingElement: Kind { .missingElement }
    /// See ``Kind/typeMismatch``.
    public static var typeMismatch: Kind { .typeMismatch }
    /// See ``Kind/valueOutOfRange``.
    public static var valueOutOfRange: Kind { .valueOutOfRange }
    /// See ``Kind/unknownRawValue``.
    public static var unknownRawValue: Kind { .unknownRawValue }
    /// See ``Kind/custom``.
    public static var custom: Kind { .custom }
    /// See ``Kind/multiple``.
    public static var multiple: Kind { .multiple }
    /// See ``Kind/nestingTooDeep``.
    public static var nestingTooDeep: Kind { .nestingTooDeep }
    /// See ``Kind/tooManyElements``.
    public static var tooManyElements: Kind { .tooManyElements }
    /// See ``Kind/schemaViolation``.
    public static var schemaViolation: Kind { .schemaViolation }
}
