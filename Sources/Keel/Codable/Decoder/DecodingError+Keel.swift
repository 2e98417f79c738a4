// The bridge's errors are Swift's own `DecodingError`s, each carrying Keel's error as its underlying error, so
// that a Codable user's `catch` blocks keep working and still learn the line and column.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension DecodingError {
    /// Keel's description of a decoding failure from ``KeelDecoder``: the path from the root (also as a JSON
    /// Pointer), the line and column, what was expected and what was found. A `DecodingError` that a model's
    /// own code throws (an enum's unknown raw value, a check in `init(from:)`) gets one too, naming the value
    /// being decoded. `nil` for text that did not parse (see ``jsonSyntaxError``) and for other errors.
    public var jsonDecodingError: JSONDecodingError? { context?.underlyingError as? JSONDecodingError }

    /// Where and why the text was not JSON, when ``KeelDecoder`` could not parse it.
    public var jsonSyntaxError: JSONSyntaxError? { context?.underlyingError as? JSONSyntaxError }

    /// The context every case carries.
    var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }

    /// The same error with Keel's `error` underneath, for a `DecodingError` that a model's own code threw
    /// without one; any other error stays as it is. A final period leaves the model's description, since
    /// Swift prints one after it when there is an underlying error.
    func locating(_ error: @autoclosure () -> JSONDecodingError) -> DecodingError {
        guard let context, context.underlyingError == nil else { return self }
        var description = context.debugDescription
        if description.hasSuffix(".") { description.removeLast() }
        let located = Context(codingPath: context.codingPath, debugDescription: description, underlyingError: error())
        switch self {
        case .typeMismatch(let type, _): return .typeMismatch(type, located)
        case .valueNotFound(let type, _): return .valueNotFound(type, located)
        case .keyNotFound(let key, _): return .keyNotFound(key, located)
        case .dataCorrupted: return .dataCorrupted(located)
        @unknown default: return self
        }
    }

    /// Text that is not JSON, as Foundation reports it, with Keel's syntax error (offset, line, column,
    /// what was expected) underneath.
    init(syntaxError: JSONSyntaxError) {
        self = .dataCorrupted(Context(codingPath: [], debugDescription: "The given data was not valid JSON",
                                      underlyingError: syntaxError))
    }

    /// Keel's decoding error as the `DecodingError` case Foundation would throw for the same failure:
    /// `keyNotFound` for a missing key (the path is the object's), `valueNotFound` for a `null` where a value
    /// is needed, `typeMismatch` for another kind of value, and `dataCorrupted` for a value of the right kind
    /// that does not fit (a number out of range, an unknown raw value, an invalid date).
    ///
    /// The debug description says what went wrong in Foundation's words, and Keel's error underneath says
    /// where (path, line, column) and what was found; Swift prints both, once each. Neither ends in a period,
    /// since Swift adds one between them.
    init(_ error: JSONDecodingError, type: Any.Type, codingPath: [any CodingKey], missingKey: (any CodingKey)? = nil) {
        func context(_ description: String) -> Context {
            Context(codingPath: codingPath, debugDescription: description, underlyingError: error)
        }
        if let missingKey, error.kind == .missingKey {
            var description = "No value associated with key \(missingKey) (\(missingKey.stringValue.debugDescription))"
            if case .key(let written)? = error.path.components.last, written != missingKey.stringValue {
                description += ", converted to \(written)"
            }
            self = .keyNotFound(missingKey, context(description))
        } else if error.kind == .typeMismatch {
            self = error.found == "null"
                ? .valueNotFound(type, context("Cannot get value of type \(type) -- found null value instead"))
                : .typeMismatch(type, context("Expected to decode \(type) but found \(error.found)"))
        } else if error.kind == .custom {
            self = .dataCorrupted(context(error.expected))
        } else {
            self = .dataCorrupted(context("Expected \(error.expected) but found \(error.found)"))
        }
    }

    /// The byte offset of the failure, when Keel knows it; for putting collected errors in document order.
    var byteOffset: Int? { jsonDecodingError?.byteOffset }
}
#endif
