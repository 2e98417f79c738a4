// Opt-in lossless coercion through `Codable`, per field: with KeelDecoder the value is read from the document
// itself (a number's literal exactly) and the coercion is a warning in collecting mode; with another decoder
// the value is read as a `JSON` first.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeyedDecodingContainer {
    /// Decodes the member `key` as `T`, reading a value of another kind leniently when it stands for a `T`
    /// without loss (`"42"` as an `Int`, `1` as `true`, a number as a `String`; see
    /// ``LosslessJSONCoercible``). Other failures are the usual errors.
    public func decodeCoercing<T: LosslessJSONCoercible & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(T.self, forKey: key)
        } catch let error as DecodingError {
            guard case .typeMismatch = error else { throw error }
            if let decoder = keelDecoder(forKey: key) {
                let value = decoder.session.view(at: decoder.index)
                guard let coerced = T.coerced(from: value) else { throw error }
                decoder.session.warn(DecodingError(.coerced(value, to: T.self, as: "\(coerced)"), type: T.self,
                                                   codingPath: decoder.path.keys))
                return coerced
            }
            guard let json = try? decode(JSON.self, forKey: key), let value = try? JSONDocument(json).root,
                let coerced = T.coerced(from: value)
            else { throw error }
            return coerced
        }
    }

    /// As `decodeCoercing(_:forKey:)`, or `nil` when the member is missing or `null`.
    public func decodeCoercingIfPresent<T: LosslessJSONCoercible & Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeCoercing(T.self, forKey: key)
    }
}
#endif
