/// An error (or warning) the collecting style met, with the types and record ids on its path:
/// `root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string`.
public struct CollectedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error, with its JSON path and position.
    public let error: JSONDecodingError
    /// The path with types and ids, as the message shows it.
    public let trail: String
    /// Whether this reports something decoding accepted (a default used, a lenient read, an open enum's
    /// fallback) rather than an error.
    public let isWarning: Bool

    init(error: JSONDecodingError, trail frames: [DecodingFrame], isWarning: Bool = false) {
        self.error = error
        self.isWarning = isWarning
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
        self.isWarning = false
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
            return isWarning ? "Unexpectedly found \(kind) \(remark)" : "Unexpectedly found \(kind)"
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

    /// What a warning says was done instead, the closing parenthesis of what was expected:
    /// `(the default was used)`, `(read leniently as 42)`.
    private var remark: String {
        let expected = error.expected
        guard expected.hasSuffix(")"), let open = expected.lastIndex(of: "(") else { return "(accepted)" }
        return String(expected[open...])
    }
}
