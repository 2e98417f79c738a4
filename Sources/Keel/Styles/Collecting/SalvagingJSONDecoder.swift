/// Decodes a whole document in the collecting style: the value it could build, and every error it met.
///
/// ```swift
/// let result = SalvagingJSONDecoder().decode(Person.self, from: bytes)   // or `decode(data:to:)`, as in LastMile
/// print(result.value ?? "nil")
/// result.errors.forEach { print($0) }
/// // root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string
/// ```
///
/// Any ``JSONDecodable`` type can be decoded this way; for arrays and dictionaries the elements that fail are
/// left out and reported, and optionals of the wrong type become `nil` and are reported.
public struct SalvagingJSONDecoder: Sendable {
    /// How the text is parsed.
    public var options: JSONParsingOptions

    /// A decoder with the given parsing options.
    public init(options: JSONParsingOptions = JSONParsingOptions()) { self.options = options }

    /// Parses and decodes UTF-8 bytes, with ``KeelDecoder``'s argument labels.
    public func decode<T: JSONDecodable>(_ type: T.Type, from bytes: [UInt8]) -> Salvaged<T> {
        decode(data: bytes, to: T.self)
    }

    /// Parses and decodes text, with ``KeelDecoder``'s argument labels.
    public func decode<T: JSONDecodable>(_ type: T.Type, from text: String) -> Salvaged<T> {
        decode(data: Array(text.utf8), to: T.self)
    }

    /// Decodes a value of a parsed document, with ``KeelDecoder``'s argument labels.
    public func decode<T: JSONDecodable>(_ type: T.Type, from value: JSONView) -> Salvaged<T> {
        decode(value, to: T.self)
    }

    /// Parses and decodes UTF-8 bytes (the LastMile library's `decode(data:to:)`).
    public func decode<T: JSONDecodable>(data: [UInt8], to type: T.Type) -> Salvaged<T> {
        decode(T.self) { () throws(JSONSyntaxError) in try JSONDocument(parsing: data, options: options) }
    }

    /// Decodes the document `parse` makes, or reports its syntax error as the one error.
    func decode<T: JSONDecodable>(_ type: T.Type, parsing parse: () throws(JSONSyntaxError) -> JSONDocument) -> Salvaged<T> {
        do {
            return decode(try parse().root, to: T.self)
        } catch {
            return Salvaged(value: nil, errors: [SalvagedError(syntaxError: error)])
        }
    }

    /// Parses and decodes text.
    public func decode<T: JSONDecodable>(text: String, to type: T.Type) -> Salvaged<T> {
        decode(data: Array(text.utf8), to: T.self)
    }

    /// Decodes a value of a parsed document.
    public func decode<T: JSONDecodable>(_ value: JSONView, to type: T.Type) -> Salvaged<T> {
        let context = JSONDecodingContext(mode: .collecting)
        context.frames.append(DecodingFrame(component: nil, type: T.self))
        let before = context.errorCount
        var decoded: T?
        do {
            decoded = try T.decode(value, in: context)
        } catch {
            context.recordUnlessReported(error, since: before)
        }
        let errors = context.errorsWithTrails.map { SalvagedError(error: $0.error, trail: $0.trail) }
        let warnings = context.warningsWithTrails.map { SalvagedError(error: $0.error, trail: $0.trail) }
        return Salvaged(value: decoded, errors: errors, warnings: warnings)
    }
}

/// What collecting decoding produced: the value (when the root could be built) and every error.
public struct Salvaged<Value> {
    /// The decoded value, or `nil` when the root itself could not be built.
    public let value: Value?
    /// Every error, in document order.
    public let errors: [SalvagedError]
    /// What was accepted but is worth knowing, in document order: unknown raw values that open enums decoded
    /// as their fallback (``UnknownCaseRepresentable``, ``OpenEnum``).
    public let warnings: [SalvagedError]
    /// Whether decoding met no error at all (warnings do not count).
    public var isComplete: Bool { value != nil && errors.isEmpty }

    init(value: Value?, errors: [SalvagedError], warnings: [SalvagedError] = []) {
        self.value = value
        self.errors = errors
        self.warnings = warnings
    }
}

extension Salvaged: Sendable where Value: Sendable {}

/// An error met while salvaging, with the types and record ids on its path:
/// `root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string`.
public struct SalvagedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error, with its JSON path and position.
    public let error: JSONDecodingError
    /// The path with types and ids, as the message shows it.
    public let trail: String

    init(error: JSONDecodingError, trail frames: [DecodingFrame]) {
        self.error = error
        self.trail = frames.map { frame in
            let step: String
            switch frame.component {
            case nil: step = "root"
            case .key(let key)?: step = key.debugDescription
            case .index(let index)?: step = "[\(index)]"
            }
            let typeName = frame.typeName
            guard !typeName.isEmpty else { return step }
            return "\(step)(\(typeName)\(frame.idText.map { " \($0)" } ?? ""))"
        }.joined(separator: " > ")
    }

    init(syntaxError: JSONSyntaxError) {
        self.error = JSONDecodingError(kind: .custom, expected: syntaxError.description, found: "", path: .root,
                                       location: JSONSourceLocation(byteOffset: syntaxError.byteOffset,
                                                                    line: syntaxError.line, column: syntaxError.column))
        self.trail = "root"
    }

    /// `trail : what was wrong`, the LastMile library's format.
    public var description: String { "\(trail) : \(problem)" }

    /// Where in the text the problem is, when the error came from a parsed document.
    public var location: JSONSourceLocation? { error.location }

    /// ``description`` followed by the line and column:
    /// `root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string (line 7, column 13)`.
    public var locatedDescription: String {
        guard let location else { return description }
        return "\(description) (line \(location.line), column \(location.column))"
    }

    /// What was wrong, in the collecting style's words.
    public var problem: String {
        switch error.kind {
        case .typeMismatch:
            let kind = error.found.prefix { $0 != ":" }
            return "Unexpectedly found \(kind)"
        case .missingKey, .missingElement:
            return "Required value is missing (\(error.expected))"
        case .valueOutOfRange:
            return "Value out of range: \(error.found)"
        case .unknownRawValue:
            return "Unknown value \(error.found), expected \(error.expected)"
        case .tooManyElements:
            return "Too many elements (\(error.found)), kept \(error.expected)"
        default:
            return error.expected
        }
    }
}
