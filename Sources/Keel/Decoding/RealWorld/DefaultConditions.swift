// Defaults for members: a value to use when a member is missing, and, only when asked, when it is null or
// holds something that does not decode. A default that hid a bad value is reported in collecting mode, so
// data problems are never silent.

/// When a default stands in for a member's value.
///
/// ```swift
/// let retries = try json.decode(Int.self, forKey: "retries", default: 3)                        // missing
/// let tags = try json.decode([String].self, forKey: "tags", default: [], when: .missingOrNull)
/// let limit = try json.decode(Int.self, forKey: "limit", default: 50, when: .always)           // even "fifty"
/// ```
public struct DefaultConditions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The object has no such member.
    public static let missing = DefaultConditions(rawValue: 1)
    /// The member is `null` (and the type is not optional).
    public static let null = DefaultConditions(rawValue: 2)
    /// The member holds a value that does not decode; reported as a warning in collecting mode.
    public static let invalid = DefaultConditions(rawValue: 4)
    /// Missing or `null`.
    public static let missingOrNull: DefaultConditions = [.missing, .null]
    /// Missing, `null` or invalid.
    public static let always: DefaultConditions = [.missing, .null, .invalid]
}

extension JSONView {
    /// Decodes the member `key` as `T`, or gives `defaultValue` when `conditions` say so (by default only
    /// when the member is missing). A value replaced because it was invalid is recorded as a warning in
    /// collecting mode; any other failure is an error as usual.
    public func decode<T: JSONDecodable>(
        _ type: T.Type = T.self, forKey key: String, default defaultValue: @autoclosure () -> T,
        when conditions: DefaultConditions = .missing, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T {
        try member(named: key).decode(T.self, default: defaultValue(), when: conditions, in: context)
    }
}
