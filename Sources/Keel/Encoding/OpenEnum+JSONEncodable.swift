// An open enum writes the raw value it was decoded from, known or not.

extension OpenEnum: JSONEncodable where Known.RawValue: JSONEncodable {
    /// The raw value.
    public func toJSON() -> JSON { rawValue.toJSON() }
}
