// An open enum writes the raw value it was decoded from, known or not.

extension OpenEnum: JSONEncodable where Known.RawValue: JSONEncodable {
    /// The raw value.
    public func toJSON() -> JSON { rawValue.toJSON() }

    /// Writes the raw value.
    public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) { try rawValue.write(to: &writer) }
}
