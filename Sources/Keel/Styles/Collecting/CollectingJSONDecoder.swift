/// Decodes a whole document in the collecting style: the value it could build, and every error it met.
///
/// ```swift
/// let result = CollectingJSONDecoder().decode(Person.self, from: bytes)   // or `decode(data:to:)`, as in LastMile
/// print(result.value ?? "nil")
/// result.errors.forEach { print($0) }
/// // root(Person person_id=8675309) > "height"(Double) : Unexpectedly found a string
/// ```
///
/// Any ``JSONDecodable`` type can be decoded this way; for arrays and dictionaries the elements that fail are
/// left out and reported, and optionals of the wrong type become `nil` and are reported.
public struct CollectingJSONDecoder: Sendable {
    /// How the text is parsed.
    public var options: JSONParsingOptions

    /// A decoder with the given parsing options.
    public init(options: JSONParsingOptions = JSONParsingOptions()) { self.options = options }

    /// Parses and decodes UTF-8 bytes, with ``KeelDecoder``'s argument labels.
    public func decode<T: JSONDecodable>(_ type: T.Type, from bytes: [UInt8]) -> Collected<T, CollectedError> {
        decode(data: bytes, to: T.self)
    }

    /// Parses and decodes text, with ``KeelDecoder``'s argument labels.
    public func decode<T: JSONDecodable>(_ type: T.Type, from text: String) -> Collected<T, CollectedError> {
        decode(data: Array(text.utf8), to: T.self)
    }

    /// Decodes a value of a parsed document, with ``KeelDecoder``'s argument labels.
    public func decode<T: JSONDecodable>(_ type: T.Type, from value: JSONView) -> Collected<T, CollectedError> {
        decode(value, to: T.self)
    }

    /// Parses and decodes UTF-8 bytes (the LastMile library's `decode(data:to:)`).
    public func decode<T: JSONDecodable>(data: [UInt8], to type: T.Type) -> Collected<T, CollectedError> {
        decode(T.self) { () throws(JSONSyntaxError) in try JSONDocument(parsing: data, options: options) }
    }

    /// Decodes the document `parse` makes, or reports its syntax error as the one error.
    func decode<T: JSONDecodable>(_ type: T.Type, parsing parse: () throws(JSONSyntaxError) -> JSONDocument) -> Collected<T, CollectedError> {
        do {
            return decode(try parse().root, to: T.self)
        } catch {
            return Collected(value: nil, errors: [CollectedError(syntaxError: error)])
        }
    }

    /// Parses and decodes text.
    public func decode<T: JSONDecodable>(text: String, to type: T.Type) -> Collected<T, CollectedError> {
        decode(data: Array(text.utf8), to: T.self)
    }

    /// Decodes a value of a parsed document.
    public func decode<T: JSONDecodable>(_ value: JSONView, to type: T.Type) -> Collected<T, CollectedError> {
        let context = JSONDecodingContext(mode: .collecting)
        context.frames.append(DecodingFrame(component: nil, type: T.self))
        let before = context.errorCount
        var decoded: T?
        do {
            decoded = try T.decode(value, in: context)
        } catch {
            context.recordUnlessReported(error, since: before)
        }
        return context.collected(value: decoded)
    }
}

extension JSONDecodingContext {
    /// `value` with every error and warning recorded, in the collecting style's report.
    func collected<Value>(value: Value?) -> Collected<Value, CollectedError> {
        log.collected(value: value, byteOffset: \.error.byteOffset) { entry, isWarning in
            CollectedError(error: entry.error, trail: entry.trail, isWarning: isWarning)
        }
    }
}
