// The shapes real APIs send, spelled for the functional style: each gives a `Decoded` to combine with `<^>` and
// `<*>` like any other member (`curry(Settings.init) <^> json.decoded(at: "retries", default: 3) <*> ...`).

extension JSONView {
    /// The member `key` decoded as `T`, or `defaultValue` when `conditions` say so (by default only when it is
    /// missing); any other failure is a failed `Decoded`.
    public func decoded<T: JSONDecodable>(
        at key: String, default defaultValue: @autoclosure () -> T, when conditions: DefaultConditions = .missing
    ) -> Decoded<T> {
        Decoded { () throws(JSONDecodingError) in try decode(T.self, forKey: key, default: defaultValue(), when: conditions) }
    }

    /// The member `key` in three states (`.absent`, `.null` or its value).
    public func decodedField<T: JSONDecodable>(at key: String) -> Decoded<JSONField<T>> {
        Decoded { () throws(JSONDecodingError) in try decodeField(T.self, forKey: key) }
    }

    /// The member `key` as a date in `format`.
    public func decodedDate(at key: String, format: JSONDateFormat) -> Decoded<JSONTimestamp> {
        Decoded { () throws(JSONDecodingError) in try decodeDate(forKey: key, format: format) }
    }

    /// The member `key` as `T`, read leniently when another kind of value stands for it without loss (`"42"`
    /// for an `Int`; see ``LosslessJSONCoercible``).
    public func decodedCoercing<T: LosslessJSONCoercible>(at key: String) -> Decoded<T> {
        Decoded { () throws(JSONDecodingError) in try decodeCoercing(T.self, forKey: key) }
    }
}
