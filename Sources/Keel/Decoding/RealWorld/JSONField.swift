// A member in three states. `Optional` merges "not sent" and "sent as null", which a PATCH request must keep
// apart: absent leaves a stored value alone, null clears it.

/// A member of an object that may be absent, `null`, or a value.
///
/// ```swift
/// struct ProfilePatch: Codable {
///     var nickname: JSONField<String>   // {} → .absent, {"nickname": null} → .null, {"nickname": "Al"} → .value("Al")
/// }
/// ```
///
/// Through `Codable` (``KeelDecoder``, Foundation's `JSONDecoder`, and both encoders) a synthesized
/// conformance decodes and encodes it in all three states: an absent field is left out of the output, a null
/// one written as `null`. In Keel's styles read one with ``JSONView/decodeField(_:forKey:in:)``. A present
/// value of the wrong type is an error, as for any other member.
public enum JSONField<Value> {
    /// The object has no such member.
    case absent
    /// The member is `null`.
    case null
    /// The member holds a value.
    case value(Value)

    /// The value, or `nil` when the member is absent or `null`.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the object has the member at all (`null` counts as present).
    public var isPresent: Bool {
        if case .absent = self { return false }
        return true
    }
}

extension JSONField: Equatable where Value: Equatable {}
extension JSONField: Hashable where Value: Hashable {}
extension JSONField: Sendable where Value: Sendable {}

extension JSONField: JSONDecodable where Value: JSONDecodable {
    /// A field records what its value records.
    @inlinable public static var _mayRecordNestedErrors: Bool { Value._mayRecordNestedErrors }

    /// A present member: `.null` for `null`, otherwise its value (absence is decided by the object, see
    /// ``JSONView/decodeField(_:forKey:in:)``).
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        value.kind == .null ? .null : .value(try Value.decode(value, in: context))
    }
}

extension JSONView {
    /// The member `key` in three states: `.absent` when this object has no such member, `.null` for `null`,
    /// otherwise its value decoded as `Value` (a value of the wrong type is an error).
    public func decodeField<Value: JSONDecodable>(
        _ type: Value.Type = Value.self, forKey key: String, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> JSONField<Value> {
        try member(named: key).decodeField(Value.self, in: context)
    }
}
