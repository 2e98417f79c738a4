// A three-state member as a JSON value: a model that builds its object leaves an absent member out itself.

extension JSONField: JSONEncodable where Value: JSONEncodable {
    /// The value, or `null` for `.null` and `.absent`.
    public func toJSON() -> JSON {
        if case .value(let value) = self { return value.toJSON() }
        return .null
    }
}
