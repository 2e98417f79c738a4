// The macros users write on their models. Each is a declaration only; `KeelMacrosPlugin` expands them.
@_exported import Keel

/// Makes a struct or an enum decode from and encode to JSON with Keel, with the decoder and encoder written
/// at compile time: it adds `JSONDecodable` and `JSONEncodable` conformances, and an `init(json:in:)`.
///
/// On a struct, every stored property is a member, named as written unless `keys` converts it or
/// ``JSONKey(_:_:or:)`` names it. A property's type says how it is read: an optional may be missing or `null`,
/// a `JSONField` keeps absent, `null` and a value apart, and a `var` with an initial value takes that value
/// when the member is missing. The other options are attributes on the property: ``JSONKey(_:_:or:)``,
/// ``JSONDefault(_:when:)``, ``JSONLossy()``, ``JSONCoercing()``, ``JSONDate(_:)``, ``JSONCoded(by:)``,
/// ``JSONFlattened()`` and ``JSONIgnored()``.
///
/// ```swift
/// @JSONModel(keys: .snakeCase)
/// struct Account {
///     let accountId: Int                                  // "account_id"
///     var nickname: String?                               // missing or null: nil
///     var retries = 3                                     // missing: 3
///     @JSONKey("payment", "card", "last4") let last4: String
///     @JSONLossy var tags: [String]                       // elements that fail are left out
/// }
/// let account = try Account.decode(parsing: text)
/// ```
///
/// On an enum with associated values, each case is a tagged variant of a discriminated union, laid out as
/// `layout` says; its tag is the case name (converted by `tags`) or ``JSONTag(_:)``, and a case marked
/// ``JSONUnknown()`` takes tags that no case names. On an enum with a raw value, the raw value is the JSON,
/// and ``JSONUnknown()`` marks the case unknown raw values decode as.
///
/// With `codable: true` the type is also `Decodable` and `Encodable`, through the same generated code: under
/// `KeelDecoder` it is read straight off the document at the generated decoder's speed, under any other
/// decoder from a `JSON` tree, with the same results and errors either way (see `JSONDecodable.decode(from:)`).
///
/// The generated decoder reads an object's members in one pass, so it keeps Keel's rule that the last of
/// repeated keys wins, and its errors are those of every other Keel style: path, line, column, expected and
/// found.
@attached(extension, conformances: JSONDecodable, JSONEncodable, JSONSchemaDescribing, UnknownCaseRepresentable, Decodable, Encodable,
          JSONCodable, JSONPartialModel, JSONPartialDecodable,
          names: named(init(json:in:)), named(decode), named(toJSON), named(_mayRecordNestedErrors), named(jsonMemberNames),
          named(jsonTags), named(jsonCaseMembers), named(unknownCase), named(init(from:)), named(encode(to:)), named(write(to:)),
          named(jsonSchema), named(jsonPartialMembers), named(Partial))
public macro JSONModel(
    keys: JSONKeyCase = .asWritten, tags: JSONKeyCase = .asWritten, layout: JSONUnionLayout = .external, codable: Bool = false
) =
    #externalMacro(module: "KeelMacrosPlugin", type: "JSONModelMacro")

/// Where a `@JSONModel` enum's tag and payload go. Member names must be string literals.
public enum JSONUnionLayout: Sendable {
    /// `{"circle": {"radius": 2}}`: one member named by the tag, as Swift's own `Codable` nests cases (one
    /// unlabeled value is written as itself: `{"say": "hi"}`).
    case external
    /// `{"type": "circle", "radius": 2}`: the tag member beside the payload's members. A case with one
    /// unlabeled value reads it from the whole object (its own members beside the tag).
    case inline(tag: String)
    /// `{"type": "circle", "content": {"radius": 2}}`: the tag member and the payload under `content`.
    case adjacent(tag: String, content: String)
}

/// The tag of an enum case, when not its name: `@JSONTag("PushEvent") case push(PushPayload)`.
@attached(peer)
public macro JSONTag(_ tag: String) = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// The case that a tag (or raw value) naming no case decodes as, reported as a warning in collecting mode.
/// In a union it may hold the tag (`case other(String)`) and then the payload (`case other(String, JSON)`).
@attached(peer)
public macro JSONUnknown() = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// How ``JSONModel(keys:tags:layout:codable:)`` spells member names from property names, worked out at compile time.
public enum JSONKeyCase: Sendable {
    /// As the property is named: `accountId`.
    case asWritten
    /// `account_id`, words split the readable way: a run of capitals is one word (`URLValue` → `url_value`).
    case snakeCase
    /// Snake case exactly as Foundation's `JSONEncoder` writes with `.convertToSnakeCase`, for a model whose
    /// JSON must match what `Codable` code elsewhere writes: `URLValue` → `u_rl_value`, `URL` → `u_rl`.
    case foundationSnakeCase
    /// `ACCOUNT_ID`.
    case screamingSnakeCase
    /// `account-id`.
    case kebabCase
    /// `AccountId`.
    case pascalCase
}

/// Reads the property from the enclosing object itself and writes its members into it, as serde's `flatten`:
/// the common case is a shared header record beside a model's own members, or a tagged union whose tag sits
/// among them. The property's type reads the members it needs and ignores the others.
@attached(peer)
public macro JSONFlattened() = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// Reads and writes the property with `coder`, a `JSONValueCoder` whose `Value` is the property's type (or
/// its wrapped type, for an optional: then a missing member or `null` is `nil`, and `nil` is not written).
@attached(peer)
public macro JSONCoded<Coder: JSONValueCoder>(by coder: Coder.Type) = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// Names the member a property reads and writes; with more than one name, a path into nested objects:
/// `@JSONKey("payment_method_details", "card", "last4")`. A missing or `null` object on the way counts as the
/// member being missing.
///
/// `or:` names alternatives for a single member: `@JSONKey("title", or: "title_name", "name")` reads the first
/// of them the object has (in the order written), and writes the first name.
@attached(peer)
public macro JSONKey(_ name: String, _ path: String..., or aliases: String...) = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// The value a property takes when `conditions` say so: by default when the member is missing; add `.null`,
/// `.invalid` or use `.always` to replace those too (a replaced invalid value is a warning in collecting mode).
@attached(peer)
public macro JSONDefault<Value>(_ value: Value, when conditions: DefaultConditions = .missing) = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// An array or dictionary property that leaves out the elements that fail to decode (recorded as errors in
/// collecting mode) instead of failing as a whole.
@attached(peer)
public macro JSONLossy() = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// Reads a value of another kind when it stands for the property's type without loss (`"42"` for an `Int`,
/// `1` for a `Bool`; see `LosslessJSONCoercible`). Each such read is a warning in collecting mode.
@attached(peer)
public macro JSONCoercing() = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// A date property (`Date` or `JSONTimestamp`, optional or not) written in `format`, read and written so.
@attached(peer)
public macro JSONDate(_ format: JSONDateFormat) = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")

/// A property that is neither read nor written; it keeps its initial value (or `nil`).
@attached(peer)
public macro JSONIgnored() = #externalMacro(module: "KeelMacrosPlugin", type: "JSONPropertyOptionMacro")
