// Opt-in coercion for members servers send in the wrong kind: "42" for a count, 1 for a flag, 7 for an id
// kept as text. Only conversions that lose nothing: "1.5" never becomes an Int, "042" is not a number. Off
// unless a field asks for it, so the strict path is untouched; each coercion is a warning in collecting mode.

/// A type that a member of another JSON kind can stand for, read leniently with
/// ``JSONView/decodeCoercing(_:forKey:in:)`` or `KeyedDecodingContainer.decodeCoercing(_:forKey:)`.
///
/// The standard conformances: integers and `Double` from a string holding a JSON number that the type holds
/// exactly (`"42"`, `"14.50"`); `Bool` from `"true"` and `"false"` and from the numbers `1` and `0`; `String`
/// from a number, as its literal is written.
public protocol LosslessJSONCoercible: JSONDecodable {
    /// The value `value` stands for when it is of another kind, or `nil` when no lossless reading exists.
    static func coerced(from value: JSONView) -> Self?
}

extension LosslessJSONCoercible {
    /// Decodes `value` strictly, or, when its kind is wrong, as the value it stands for (a warning in
    /// collecting mode); the strict error when there is none.
    public static func decodeCoercing(_ value: JSONView, in context: JSONDecodingContext = .strict) throws(JSONDecodingError) -> Self {
        do {
            return try decode(value, in: context)
        } catch {
            guard error.kind == .typeMismatch, let coerced = coerced(from: value) else { throw error }
            context.warn(.coerced(value, to: Self.self, as: "\(coerced)"))
            return coerced
        }
    }
}

extension JSONView {
    /// Decodes the member `key` as `T`, reading a value of another kind leniently when it stands for a `T`
    /// without loss (see ``LosslessJSONCoercible``); a missing member is an error.
    public func decodeCoercing<T: LosslessJSONCoercible>(
        _ type: T.Type = T.self, forKey key: String, in context: JSONDecodingContext = .strict
    ) throws(JSONDecodingError) -> T {
        try member(named: key).decodeCoercing(T.self, in: context)
    }

    /// A string holding exactly one JSON number (no sign but `-`, no spaces, no leading zeros), as a
    /// document view of that number.
    fileprivate var numberInString: JSONView? {
        guard kind == .string, let text = try? String.decode(self), let first = text.utf8.first,
            first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")),
            let last = text.utf8.last, last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9"),
            let root = try? JSONDocument(parsing: text).root, root.kind == .number
        else { return nil }
        return root
    }
}

extension JSONDecodingError {
    /// The warning for a value read leniently.
    static func coerced(_ value: JSONView, to type: Any.Type, as shown: String) -> JSONDecodingError {
        .init(kind: .typeMismatch, expected: "\(swiftTypeName(type)) (read leniently as \(shown))", found: value.kindAndExcerpt,
              at: value)
    }
}

extension Int: LosslessJSONCoercible {
    public static func coerced(from value: JSONView) -> Int? { value.numberInString.flatMap { try? Int.decode($0) } }
}

extension Int64: LosslessJSONCoercible {
    public static func coerced(from value: JSONView) -> Int64? { value.numberInString.flatMap { try? Int64.decode($0) } }
}

extension UInt64: LosslessJSONCoercible {
    public static func coerced(from value: JSONView) -> UInt64? { value.numberInString.flatMap { try? UInt64.decode($0) } }
}

extension Double: LosslessJSONCoercible {
    public static func coerced(from value: JSONView) -> Double? { value.numberInString.flatMap { try? Double.decode($0) } }
}

extension Bool: LosslessJSONCoercible {
    public static func coerced(from value: JSONView) -> Bool? {
        switch value.kind {
        case .string:
            switch try? String.decode(value) {
            case "true": return true
            case "false": return false
            default: return nil
            }
        case .number:
            switch try? Int.decode(value) {
            case 1: return true
            case 0: return false
            default: return nil
            }
        default:
            return nil
        }
    }
}

extension String: LosslessJSONCoercible {
    public static func coerced(from value: JSONView) -> String? {
        value.kind == .number ? value.numberValue?.text : nil
    }
}
