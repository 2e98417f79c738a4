// A `JSONDecodable` type read through any Swift `Decoder`, with its own reading: the `init(from:)` that
// `@JSONModel(codable: true)` writes calls this. Under KeelDecoder the value is read straight off the tape
// by the type's own decoder (the speed, results and errors of the native styles); under another decoder it
// is read as a `JSON` tree first, and the tree is decoded the same way.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONDecodable {
    /// Decodes a value from `decoder` with this type's own ``JSONDecodable/decode(_:in:)``.
    ///
    /// Key and date strategies of the decoder do not apply: the type's decoder names its members and
    /// formats itself. With KeelDecoder's collecting mode, what the type's decoder records (errors it
    /// salvaged, warnings) is reported as `DecodingError`s among the others.
    ///
    /// - Throws: a `DecodingError` whose underlying error is Keel's ``JSONDecodingError``.
    public static func decode(from decoder: any Decoder) throws -> Self {
        if let keel = decoder as? ModelDecoder {
            try keel.session.ensureOpen(keel.path)
            return try keel.session.decodeNatively(Self.self, at: keel.index)
        }
        let tree = try JSON(from: decoder)
        let document: JSONDocument
        do {
            document = try DocumentWriter.document(for: tree)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "The value cannot be read as JSON", underlyingError: error))
        }
        do {
            return try Self.decode(document.root, in: .strict)
        } catch {
            // The tree is a document of its own: its paths start where the decoder stands, and it has no
            // lines and columns of the original text to give.
            let prefix = decoder.codingPath.map { key in key.intValue.map(JSONPath.Component.index) ?? .key(key.stringValue) }
            let rooted = JSONDecodingError(kind: error.kind, expected: error.expected, found: error.found,
                                           path: JSONPath(prefix + error.path.components), errors: error.errors)
            throw DecodingError(located: rooted, type: Self.self, under: [])
        }
    }
}

extension DecodingSession {
    /// The `T` at tape index `index`, read by `T`'s own decoder; in collecting mode what it records joins the
    /// session's errors and warnings.
    func decodeNatively<T: JSONDecodable>(_ type: T.Type, at index: Int) throws -> T {
        guard isCollecting else {
            do {
                return try T.decode(view(at: index), in: .strict)
            } catch {
                throw DecodingError(located: error, type: T.self, under: [])
            }
        }
        let context = JSONDecodingContext(mode: .collecting)
        defer {
            for error in context.errors { record(DecodingError(located: error, type: Any.self, under: []), at: rootPath) }
            for warning in context.warnings { warn(DecodingError(located: warning, type: Any.self, under: [])) }
        }
        do {
            return try T.decode(view(at: index), in: context)
        } catch {
            throw DecodingError(located: error, type: T.self, under: [])
        }
    }
}

extension DecodingError {
    /// Keel's `error` as Foundation would report it, its coding path made from the error's path after
    /// `prefix` (a missing member is a `keyNotFound` for that key).
    init(located error: JSONDecodingError, type: Any.Type, under prefix: [any CodingKey]) {
        var keys = prefix + error.path.codingKeys
        if error.kind == .missingKey, let missing = keys.popLast() {
            self.init(error, type: type, codingPath: keys, missingKey: missing)
        } else {
            self.init(error, type: type, codingPath: keys)
        }
    }
}
#endif
