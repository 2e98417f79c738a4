import Keel

/// One compiled schema: its keywords, already checked and converted (numbers exact, patterns as automata,
/// `properties` as a dictionary), in the order they run. `unevaluatedProperties` and `unevaluatedItems`
/// come last, as they read what the others evaluated.
///
/// Nodes form a graph (a `$ref` may point back to an ancestor). The compiler builds and links them; after
/// compiling they never change, which is why sharing them across threads is safe.
final class SchemaNode: @unchecked Sendable {
    /// The schema's absolute location: its resource's URI and a JSON Pointer within it.
    let location: String
    /// The schema resource this schema belongs to (for `$dynamicRef` and `$recursiveRef`).
    let resource: SchemaResource
    /// `true` or `false` for a boolean schema; `nil` for an object schema.
    var constant: Bool?
    var keywords: [(name: String, keyword: SchemaKeyword)] = [] {
        didSet {
            program = ContiguousArray(keywords.map(\.keyword))
            keywordNames = keywords.map(\.name)
            isLeaf = keywords.allSatisfy(\.keyword.isAssertion)
        }
    }
    /// Whether every keyword only checks the value itself (no subschema, no annotation): evaluation then
    /// skips the bookkeeping of scopes, depth and annotations.
    private(set) var isLeaf = true
    /// The keywords alone, as evaluation runs them (no tuple to copy per keyword), and their names.
    private(set) var program: ContiguousArray<SchemaKeyword> = []
    private(set) var keywordNames: [String] = []
    /// Whether a keyword here reads the annotations of the others (`unevaluated...`).
    var readsAnnotations = false

    init(location: String, resource: SchemaResource) {
        self.location = location
        self.resource = resource
    }
}

/// A schema resource: a document, or a subschema with its own `$id`. Evaluation records the resources it
/// passes through (the dynamic scope) to resolve `$dynamicRef` and `$recursiveRef`.
final class SchemaResource: @unchecked Sendable {
    let uri: String
    /// The resource's root schema.
    var root: SchemaNode?
    /// `$dynamicAnchor` names and the schemas that carry them (2020-12).
    var dynamicAnchors: [String: SchemaNode] = [:]
    /// Whether the root says `"$recursiveAnchor": true` (2019-09).
    var hasRecursiveAnchor = false

    init(uri: String) { self.uri = uri }
}

/// A reference whose target the compiler fills in once every schema it can reach is indexed.
final class SchemaReference: @unchecked Sendable {
    let uri: String
    var target: SchemaNode?
    init(uri: String) { self.uri = uri }
}

/// The JSON types a `type` keyword accepts.
struct SchemaTypes: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = SchemaTypes(rawValue: 1 << 0)
    static let boolean = SchemaTypes(rawValue: 1 << 1)
    static let object = SchemaTypes(rawValue: 1 << 2)
    static let array = SchemaTypes(rawValue: 1 << 3)
    static let number = SchemaTypes(rawValue: 1 << 4)
    static let string = SchemaTypes(rawValue: 1 << 5)
    static let integer = SchemaTypes(rawValue: 1 << 6)

    static let names: [(String, SchemaTypes)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array),
        ("number", .number), ("string", .string), ("integer", .integer),
    ]

    var list: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: " or ")
    }
}

/// A compiled keyword.
indirect enum SchemaKeyword: @unchecked Sendable {
    case type(SchemaTypes, integerNeedsPlainLiteral: Bool)
    /// `enum`; `strings` when every value is a string, to compare bytes.
    case enumeration([JSON], strings: KeyTable?)
    case constant(JSON)
    case multipleOf(JSONNumber)
    /// A bound, with its value as an `Int64` when it is one (compared without making numbers).
    case maximum(JSONNumber, Int64?, exclusive: Bool)
    case minimum(JSONNumber, Int64?, exclusive: Bool)
    case maxLength(Int)
    case minLength(Int)
    case pattern(SchemaPattern)
    case format(String, FormatChecker?)
    /// Draft-07's `contentEncoding` (base64) and `contentMediaType` (application/json), asserted.
    case content(base64: Bool, json: Bool)
    case maxItems(Int)
    case minItems(Int)
    case uniqueItems
    /// `prefixItems`, or `items` as an array before 2020-12.
    case prefixItems([SchemaNode])
    /// `items` (or `additionalItems`) for every element from `start` on.
    case items(SchemaNode, start: Int)
    /// `contains`, with `minContains` and `maxContains`; `marksItems` when matches count as evaluated.
    case contains(SchemaNode, minimum: Int, maximum: Int?, marksItems: Bool)
    case properties(KeyTable, [SchemaNode])
    case patternProperties([(SchemaPattern, SchemaNode)])
    case additionalProperties(SchemaNode, known: KeyTable, patterns: [SchemaPattern])
    case propertyNames(SchemaNode)
    case maxProperties(Int)
    case minProperties(Int)
    case required(KeyTable)
    case dependentRequired([(String, [String])])
    case dependentSchemas([(String, SchemaNode)])
    case allOf([SchemaNode])
    case anyOf([SchemaNode])
    case oneOf([SchemaNode])
    case not(SchemaNode)
    case conditional(if: SchemaNode, then: SchemaNode?, else: SchemaNode?)
    case ref(SchemaReference)
    /// `$dynamicRef`: the static target, and the anchor name to look up in the dynamic scope when the
    /// static target carries a `$dynamicAnchor` of that name.
    case dynamicRef(SchemaReference, anchor: String?)
    case recursiveRef(SchemaReference)
    case unevaluatedItems(SchemaNode)
    case unevaluatedProperties(SchemaNode)
}

extension SchemaKeyword {
    /// A keyword that checks the value alone, evaluating no subschema.
    var isAssertion: Bool {
        switch self {
        case .type, .enumeration, .constant, .multipleOf, .maximum, .minimum, .maxLength, .minLength, .pattern,
             .format, .content, .maxItems, .minItems, .uniqueItems, .maxProperties, .minProperties, .required,
             .dependentRequired:
            return true
        default:
            return false
        }
    }
}
