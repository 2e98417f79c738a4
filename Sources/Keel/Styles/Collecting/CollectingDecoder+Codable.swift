// A `Decodable` type inside a collecting-style record: decoded through the Codable bridge in its collecting
// mode, its errors joining the record's, each with its path, line and column.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension CollectingDecoder {
    /// A required `Decodable` value, decoded by `decoder` (a ``KeelDecoder``, with its strategies): `nil`
    /// and a failed record when it is missing, `null`, or cannot be built; what the bridge salvaged inside
    /// it (array elements, optionals) is reported with the record's other errors.
    ///
    /// ```swift
    /// let settings = decoder["settings"].decode(Settings.self, using: KeelDecoder())   // Settings: Codable
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, using decoder: KeelDecoder) -> T? {
        decodeThroughBridge(T.self, using: decoder, optional: false)
    }

    /// An optional `Decodable` value: `nil` with no error when missing or `null`; `nil` and a recorded
    /// error (the record still succeeds) when it cannot be built.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, using decoder: KeelDecoder) -> T? {
        decodeThroughBridge(T.self, using: decoder, optional: true)
    }

    private func decodeThroughBridge<T: Decodable>(_ type: T.Type, using decoder: KeelDecoder, optional: Bool) -> T? {
        var error: JSONDecodingError?
        guard let value = value(optional: optional, expected: T.self, error: &error) else {
            if let error { optional ? note(error, type: T.self) : fail(error, type: T.self) }
            return nil
        }
        let collected = decoder.decodeCollecting(T.self, from: value)
        if !collected.errors.isEmpty || !collected.warnings.isEmpty {
            openFrame(type: T.self)
            for error in collected.errors {
                context.record(error.jsonDecodingError ?? .custom("\(error)", at: value))
            }
            for warning in collected.warnings {
                context.warn(warning.jsonDecodingError ?? .custom("\(warning)", at: value))
            }
            closeFrame()
        }
        if collected.value == nil, !optional { record.failed = true }
        return collected.value
    }
}
#endif
