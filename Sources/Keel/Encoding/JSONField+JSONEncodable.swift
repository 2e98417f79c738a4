// A three-state member as a JSON value: a model that builds its object leaves an absent member out itself.

extension JSONField: JSONEncodable where Value: JSONEncodable {
    /// The value, or `null` for `.null` and `.absent`.
    public func toJSON() -> JSON {
        if case .value(let value) = self { return value.toJSON() }
        return .null
    }

    /// Writes the value, or `null` for `.null` and `.absent`.
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
        if case .value(let value) = self { try value.write(to: &writer) } else { writer.null() }
    }

    /// Writes the member `key` with the value (`null` for `.null`), or nothing when the field is absent.
    public func write(key: String, to writer: inout JSONTextWriter) throws(JSONWritingError) {
        switch self {
        case .absent: return
        case .null: writer.key(key); writer.null()
        case .value(let value): try writer.member(key, value)
        }
    }

    /// The value as JSON when the field is present (`null` for `.null`), or `nil` when it is absent, so that
    /// a model writing itself leaves the member out.
    public var presentJSON: JSON? {
        switch self {
        case .absent: return nil
        case .null: return .null
        case .value(let value): return value.toJSON()
        }
    }
}
