import Keel

extension JSONSchemaFailure {
    /// The failure as a Keel decoding error (of kind `schemaViolation`), with the same path
    /// and location, so that schema and decoding failures can be reported side by side.
    public var decodingError: JSONDecodingError {
        JSONDecodingError(kind: .schemaViolation, expected: "\(message) (schema \(keywordLocation))", found: message,
                          path: instancePath, location: sourceLocation)
    }

    /// The failure as the `DecodingError` Codable code expects (`dataCorrupted`, with the coding path of the
    /// instance location and ``decodingError`` underneath).
    public var codableError: DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: instancePath.components.map(SchemaCodingKey.init),
            debugDescription: "The value does not match the schema: \(message) (schema \(keywordLocation))",
            underlyingError: decodingError))
    }
}

/// A coding-path step for an instance location.
struct SchemaCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ component: JSONPath.Component) {
        switch component {
        case .key(let key): stringValue = key; intValue = nil
        case .index(let index): stringValue = String(index); intValue = index
        }
    }

    init?(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

extension KeelDecoder {
    /// Parses the text once, validates it against `schema`, and decodes a `T` only when it is valid.
    ///
    /// ```swift
    /// let order = try KeelDecoder().decode(Order.self, from: bytes, validatingAgainst: orderSchema)
    /// ```
    ///
    /// - Throws: a `DecodingError` for text that is not JSON; the first schema failure as a
    ///   `DecodingError.dataCorrupted` whose underlying error is a `JSONDecodingError` of kind
    ///   `schemaViolation` gathering every failure (`errors`); or the decoding error, as `decode(_:from:)` does.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], validatingAgainst schema: JSONSchema) throws -> T {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: bytes, options: parsingOptions) } catch {
            return try decode(T.self, from: bytes)  // the decoder reports the syntax error in its usual form
        }
        return try decode(T.self, from: document.root, validatingAgainst: schema)
    }

    /// Validates a parsed value against `schema`, then decodes a `T` from it; see the byte-taking variant.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONView, validatingAgainst schema: JSONSchema) throws -> T {
        let result = schema.validate(value)
        if let first = result.failures.first {
            let all = JSONDecodingError.multiple(result.failures.map(\.decodingError))
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: first.instancePath.components.map(SchemaCodingKey.init),
                debugDescription: "The value does not match the schema: \(result.failures.count == 1 ? first.message : "\(result.failures.count) failures, the first: \(first.message)")",
                underlyingError: all))
        }
        return try decode(T.self, from: value)
    }

    /// Parses once, validates, and decodes collecting: the schema's failures and the decoding errors come back
    /// together, in document order, and the value is what the decoder salvaged (a schema failure does not
    /// stop decoding).
    public func decodeCollecting<T: Decodable>(_ type: T.Type, from bytes: [UInt8],
                                               validatingAgainst schema: JSONSchema) -> Keel.Collected<T, DecodingError> {
        guard let document = try? JSONDocument(parsing: bytes, options: parsingOptions) else {
            return decodeCollecting(T.self, from: bytes)
        }
        let decoded = decodeCollecting(T.self, from: document.root)
        let failures = schema.validate(document.root).failures.map(\.codableError)
        func offset(_ error: DecodingError) -> Int {
            error.jsonDecodingError?.location?.byteOffset ?? Int.max
        }
        let errors = (failures + decoded.errors).enumerated()
            .sorted { (offset($0.element), $0.offset) < (offset($1.element), $1.offset) }
            .map(\.element)
        return Keel.Collected(value: decoded.value, errors: errors, warnings: decoded.warnings)
    }
}
