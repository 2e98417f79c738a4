// Enums that outlive their schema. A server adds a value to an enum; an app built before it should decode the
// record with a fallback rather than drop it. Two shapes: an enum that names its fallback case
// (`UnknownCaseRepresentable`), and `OpenEnum`, which keeps the raw value it did not know. Plain raw-value
// enums stay strict: an unknown value is an error.

/// A raw-value enum that decodes a raw value it does not know as ``unknownCase`` instead of failing.
///
/// ```swift
/// enum Status: String, Codable, JSONDecodable, UnknownCaseRepresentable {
///     case active, suspended, unknown
///     static let unknownCase = Status.unknown
/// }
/// ```
///
/// It decodes so in every style (as a ``JSONDecodable``) and through ``KeelDecoder`` and Foundation's
/// `JSONDecoder` (as a `Decodable` with a `String` or `Int` raw value). In collecting mode each fallback is
/// reported as a warning, with its path, line and column (``JSONDecodingContext/warnings``,
/// ``Collected/warnings``). A value of the wrong kind (a number for a `String` enum) is still an error.
public protocol UnknownCaseRepresentable: RawRepresentable {
    /// The case a raw value that names no case decodes as.
    static var unknownCase: Self { get }
}

extension JSONDecodable where Self: UnknownCaseRepresentable, RawValue: JSONDecodable {
    /// The case whose raw value the JSON holds, or ``UnknownCaseRepresentable/unknownCase`` (with a warning
    /// in collecting mode).
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        let raw = try RawValue.decode(value, in: context)
        if let decoded = Self(rawValue: raw) { return decoded }
        context.warn(.unknownRawValue(of: Self.self, at: value, decodedAs: "\(unknownCase)"))
        return unknownCase
    }

    /// A fallback is reported, so the collecting style keeps track of where each one is.
    public static var _mayRecordNestedErrors: Bool { true }
}

/// A value of the raw-value enum `Known`, or the raw value itself when it names no case, so that nothing the
/// server sent is lost and an unknown value can be written back as it came.
///
/// ```swift
/// struct Event: Codable { let kind: OpenEnum<Kind> }   // .known(.push), or .unknown("SponsorEvent")
/// ```
///
/// It decodes in every style and through `Codable`; in collecting mode an unknown value is reported as a
/// warning. It encodes as its raw value.
public enum OpenEnum<Known: RawRepresentable>: RawRepresentable {
    /// A raw value that names a case.
    case known(Known)
    /// A raw value that names none.
    case unknown(Known.RawValue)

    /// The case `rawValue` names, or `.unknown(rawValue)`; never `nil`.
    public init(rawValue: Known.RawValue) {
        self = Known(rawValue: rawValue).map(OpenEnum.known) ?? .unknown(rawValue)
    }

    /// The raw value, known or not.
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let known): return known.rawValue
        case .unknown(let raw): return raw
        }
    }

    /// The case, or `nil` for an unknown raw value.
    public var known: Known? {
        if case .known(let known) = self { return known }
        return nil
    }
}

extension OpenEnum: Equatable where Known: Equatable, Known.RawValue: Equatable {}
extension OpenEnum: Hashable where Known: Hashable, Known.RawValue: Hashable {}
extension OpenEnum: Sendable where Known: Sendable, Known.RawValue: Sendable {}

extension OpenEnum: JSONDecodable where Known.RawValue: JSONDecodable {
    /// The case the raw value names, or `.unknown` (with a warning in collecting mode).
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        let decoded = OpenEnum(rawValue: try Known.RawValue.decode(value, in: context))
        if case .unknown = decoded { context.warn(.unknownRawValue(of: Known.self, at: value, decodedAs: "unknown")) }
        return decoded
    }

    /// An unknown value is reported, so the collecting style keeps track of where each one is.
    public static var _mayRecordNestedErrors: Bool { true }
}

extension JSONDecodingError {
    /// A raw value that names no case of `type`, decoded as a fallback: the warning open enums report.
    static func unknownRawValue(of type: Any.Type, at value: JSONView, decodedAs fallback: String) -> JSONDecodingError {
        JSONDecodingError(kind: .unknownRawValue, expected: "a raw value of \(swiftTypeName(type)) (decoded as \(fallback))",
                          found: value.excerpt(), at: value)
    }
}
