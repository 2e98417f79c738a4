// The shapes real APIs send, spelled for the collecting style: defaults, a member in three states, dates and
// lenient scalars, each read from a decoder place (`decoder["key"]`) with the same recording rules as `-->`.

extension CollectingDecoder {
    /// The value here, or `defaultValue` when `conditions` say so (by default only when it is missing). A
    /// default that replaced an invalid value is a warning; any other failure is recorded as for `--> T.self`,
    /// and gives `nil`.
    ///
    /// ```swift
    /// let retries = decoder["retries"].decode(Int.self, default: 3)
    /// let limit = decoder["limit"].decode(Int.self, default: 50, when: .always)
    /// ```
    public func decode<T: JSONDecodable>(
        _ type: T.Type, default defaultValue: @autoclosure () -> T, when conditions: DefaultConditions = .missing
    ) -> T? {
        if conditions.contains(.missing), isMissing { return defaultValue() }
        if conditions.contains(.null), isJSONNull { return defaultValue() }
        guard conditions.contains(.invalid), case .value(let value) = target else { return decode(T.self) }
        // A trial that records nothing, so that a value the default replaces leaves no errors behind; a value
        // that decodes is decoded again in this run only when it may have warnings of its own to report.
        do {
            let decoded = try T.decode(value, in: .strict)
            return T._mayRecordNestedErrors ? (decode(T.self) ?? decoded) : decoded
        } catch {
            warn(error.noting(.defaultUsed), type: T.self)
            return defaultValue()
        }
    }

    /// The value here in three states: `.absent` when it is missing, `.null` for `null`, otherwise the value;
    /// `nil` (recorded, and the record fails) when it does not decode as `Value`.
    ///
    /// ```swift
    /// let nickname = decoder["nickname"].decodeField(String.self)   // .absent, .null or .value("Ada")
    /// ```
    public func decodeField<Value: JSONDecodable>(_ type: Value.Type) -> JSONField<Value>? {
        if isMissing { return .absent }
        if isJSONNull { return .null }
        return decode(Value.self).map { .value($0) }
    }

    /// The date here, in `format`; `nil` (recorded, and the record fails) when it is missing, `null` or not a
    /// date in that format.
    ///
    /// ```swift
    /// let created = decoder["created_at"].decodeDate(format: .rfc3339)
    /// ```
    public func decodeDate(format: JSONDateFormat) -> JSONTimestamp? {
        decodeValue(JSONTimestamp.self) { value, context throws(JSONDecodingError) in
            try JSONTimestamp.decode(value, format: format, in: context)
        }
    }

    /// The value here as `T`, read leniently when another kind of value stands for it without loss (`"42"`
    /// for an `Int`; see ``LosslessJSONCoercible``), each coercion a warning; other failures as for `-->`.
    public func decodeCoercing<T: LosslessJSONCoercible>(_ type: T.Type) -> T? {
        decodeValue(T.self) { value, context throws(JSONDecodingError) in try T.decodeCoercing(value, in: context) }
    }

    /// Whether a key or index on the way here is missing (not `null`, and not a step into the wrong kind of
    /// container).
    var isMissing: Bool {
        if case .missing = innermostReason { return true }
        return false
    }

    /// A required value read by `read`, with the frames of this place open so that warnings name it; a
    /// failure is recorded and fails the record, as for `--> T.self`.
    private func decodeValue<T>(_ type: T.Type, _ read: (JSONView, JSONDecodingContext) throws(JSONDecodingError) -> T) -> T? {
        var error: JSONDecodingError?
        guard let value = value(optional: false, expected: T.self, error: &error) else {
            if let error { fail(error, type: T.self) }
            return nil
        }
        openFrame(type: T.self)
        defer { closeFrame() }
        do {
            return try read(value, context)
        } catch {
            record.failed = true
            context.record(error)
            return nil
        }
    }

    /// Records a warning with the frames of the steps that led here.
    private func warn(_ warning: JSONDecodingError, type: Any.Type) {
        openFrame(type: type)
        context.warn(warning)
        closeFrame()
    }
}
