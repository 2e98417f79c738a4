// The parsed form of a JSONPath query (RFC 9535), checked for well-typedness when it is built: the evaluator
// (JSONPathEvaluator.swift) only ever meets trees the parser accepted.

/// A query: `$` or `@` followed by segments.
struct QuerySyntax: Sendable {
    /// `@` (relative to the current node of a filter) rather than `$`.
    var isRelative: Bool
    var segments: [SegmentSyntax]

    /// Whether the query names at most one node: only child segments of one name or index selector.
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            default: return false
            }
        }
    }
}

/// A child segment (`[...]`, `.name`, `.*`) or a descendant segment (`..[...]`, `..name`, `..*`).
struct SegmentSyntax: Sendable {
    var isDescendant: Bool
    var selectors: [SelectorSyntax]
}

enum SelectorSyntax: Sendable {
    case name(MemberName)
    case wildcard
    case index(Int)
    case slice(start: Int?, end: Int?, step: Int?)
    case filter(LogicalSyntax)
}

/// A member name, with its UTF-8 bytes kept for comparing with a document's keys.
struct MemberName: Sendable {
    let text: String
    let utf8: [UInt8]

    init(_ text: String) {
        self.text = text
        self.utf8 = Array(text.utf8)
    }
}

/// An expression whose value is true or false.
indirect enum LogicalSyntax: Sendable {
    case or([LogicalSyntax])
    case and([LogicalSyntax])
    case not(LogicalSyntax)
    case comparison(ComparableSyntax, ComparisonOperator, ComparableSyntax)
    /// A query used as a test: true when it selects at least one node.
    case exists(QuerySyntax)
    /// A function whose result is logical, or a node list tested for being non-empty.
    case function(FunctionCallSyntax)
}

enum ComparisonOperator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
}

/// One side of a comparison: a value, possibly `Nothing`.
enum ComparableSyntax: Sendable {
    case literal(LiteralValue)
    /// A singular query: its one node's value, or `Nothing`.
    case query(QuerySyntax)
    /// A function whose result is a value.
    case function(FunctionCallSyntax)
}

/// A literal in a filter: `1.5`, `"text"`, `true`, `false`, `null`.
enum LiteralValue: Sendable {
    case number(JSONNumber)
    case string(String)
    case bool(Bool)
    case null
}

/// The types of RFC 9535's function extensions.
enum FunctionType: Sendable {
    case value, logical, nodes
}

/// The function extensions RFC 9535 defines.
enum FunctionName: String, Sendable, CaseIterable {
    case length, count, match, search, value

    var parameters: [FunctionType] {
        switch self {
        case .length: return [.value]
        case .count, .value: return [.nodes]
        case .match, .search: return [.value, .value]
        }
    }

    var result: FunctionType {
        switch self {
        case .length, .count, .value: return .value
        case .match, .search: return .logical
        }
    }
}

struct FunctionCallSyntax: Sendable {
    var name: FunctionName
    var arguments: [ArgumentSyntax]
    /// For `match` and `search` with a literal pattern: the pattern compiled once, or `nil` when it is not a
    /// valid I-Regexp (the function is then false for every node).
    var compiledPattern: IRegexp?
    var patternIsLiteral: Bool
}

/// A function argument, already converted to the parameter's type.
enum ArgumentSyntax: Sendable {
    case literal(LiteralValue)
    /// A query: its node list (for a nodes parameter) or its one node's value (a value parameter; the
    /// query is singular).
    case query(QuerySyntax)
    case logical(LogicalSyntax)
    case function(FunctionCallSyntax)
}
