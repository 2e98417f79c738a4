// `JSONField` through `Codable`. A synthesized conformance calls `decode(_:forKey:)` and `encode(_:forKey:)`
// on keyed containers; these overloads are more specific than the generic ones, so they are the ones called,
// and they see absence, which a type's own `init(from:)` never can.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONField: Decodable where Value: Decodable {
    /// `.null` or the value; reached only when the member is present (or through a single-value decoder).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
    }
}

extension JSONField: Encodable where Value: Encodable {
    /// The value, or `null`; keyed containers leave an absent field out instead (see
    /// `KeyedEncodingContainer.encode(_:forKey:)`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}

extension KeyedDecodingContainer {
    /// The member `key` in three states: `.absent` when the object lacks it, `.null`, or its value.
    public func decode<Value: Decodable>(_ type: JSONField<Value>.Type, forKey key: Key) throws -> JSONField<Value> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Value.self, forKey: key))
    }

    /// As `decode(_:forKey:)` for a `JSONField`; a missing member is `.absent`, never `nil`.
    public func decodeIfPresent<Value: Decodable>(_ type: JSONField<Value>.Type, forKey key: Key) throws -> JSONField<Value>? {
        try decode(type, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Leaves the member out when `value` is `.absent`, writes `null` for `.null`, and the value otherwise.
    public mutating func encode<Value: Encodable>(_ value: JSONField<Value>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}
#endif
