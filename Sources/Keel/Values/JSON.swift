/// A JSON value that you build, change and `switch` over.
///
/// `JSON` is a plain value type: `Sendable`, `Equatable`, `Hashable`, `Codable`, and expressible by every
/// literal, so a document can be written in Swift as it would be in JSON:
///
/// ```swift
/// let person: JSON = ["name": "Matt", "age": 32, "tags": ["admin", nil], "score": 9.5]
/// print(person)                              // {"name":"Matt","age":32,"tags":["admin",null],"score":9.5}
/// person["name"].string                      // .success("Matt")
/// person["age"].string                       // .failure: Expected a string at $.age but found a number: 32.
/// ```
///
/// Parse text with ``init(parsing:options:)-(String,_)``, or parse once into a ``JSONDocument`` and read it
/// through ``JSONView`` without building a tree at all; `JSON(view)` materialises a view.
///
/// Numbers are exact (``JSONNumber``); objects keep their members in document order, including repeated
/// keys (a lookup returns the last); strings compare by their UTF-8 bytes, so `"\u00e9"` and `"e\u0301"`
/// are different strings and different keys.
///
/// Values nested 100,000 levels deep compare, hash, print and are released without recursion, so they
/// cannot overflow the stack.
public enum JSON: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exactly.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array(JSONArray)
    /// An object, with its members in order.
    case object(JSONObject)
}

/// The six kinds of JSON value.
public enum JSONKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object

    /// The kind with an article, for messages: `a string`, `an object`, `null`.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSON {
    /// Which of the six kinds this value is.
    public var kind: JSONKind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// A number value from any integer.
    public init<T: BinaryInteger>(_ value: T) { self = .number(JSONNumber(value)) }
    /// A number value from a double.
    public init(_ value: Double) { self = .number(JSONNumber(value)) }
    /// A string value.
    public init(_ value: String) { self = .string(value) }
    /// A boolean value.
    public init(_ value: Bool) { self = .bool(value) }
    /// An array value.
    public init(_ elements: [JSON]) { self = .array(JSONArray(elements)) }
    /// An object value from a dictionary; members are ordered by key (UTF-8 byte order), since a
    /// dictionary has no order of its own.
    public init(_ dictionary: [String: JSON]) { self = .object(JSONObject(dictionary)) }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer number.
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(integerLiteral: value)) }
    /// A floating-point number.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSON...) { self = .array(JSONArray(elements)) }
    /// An object whose members keep the literal's order (repeated keys included).
    public init(dictionaryLiteral members: (String, JSON)...) {
        self = .object(JSONObject(members: members))
    }
}
