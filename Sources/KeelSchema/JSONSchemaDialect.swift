/// A published version of JSON Schema. A schema names its dialect with `$schema`; one without it is read
/// in the dialect the caller chooses (2020-12 unless told otherwise).
public enum JSONSchemaDialect: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case draft4 = "http://json-schema.org/draft-04/schema"
    case draft6 = "http://json-schema.org/draft-06/schema"
    case draft7 = "http://json-schema.org/draft-07/schema"
    case draft2019_09 = "https://json-schema.org/draft/2019-09/schema"
    case draft2020_12 = "https://json-schema.org/draft/2020-12/schema"

    /// The meta-schema's URI, which `$schema` names.
    public var metaSchemaURI: String { rawValue }

    /// The dialect a `$schema` value names, with or without the empty fragment (`...schema#`), and in
    /// either scheme (real schemas write `https://json-schema.org/draft-07/schema#` as often as `http`).
    public init?(metaSchemaURI uri: String) {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        for dialect in Self.allCases {
            let canonical = dialect.rawValue
            let other = canonical.hasPrefix("https:") ? "http:" + canonical.dropFirst(6) : "https:" + canonical.dropFirst(5)
            if text == canonical || text == other {
                self = dialect
                return
            }
        }
        return nil
    }

    /// Whether a `$schema` value names no particular dialect (`http://json-schema.org/schema#`, "the
    /// latest"), which is read as the default dialect.
    static func isUnversioned(_ uri: String) -> Bool {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        return text == "http://json-schema.org/schema" || text == "https://json-schema.org/schema"
    }

    public var description: String {
        switch self {
        case .draft4: return "draft-04"
        case .draft6: return "draft-06"
        case .draft7: return "draft-07"
        case .draft2019_09: return "2019-09"
        case .draft2020_12: return "2020-12"
        }
    }

    /// Draft-04 to draft-07: `$ref` replaces the keywords beside it, and `$id` names anchors as `#name`.
    var refOverridesSiblings: Bool { self == .draft4 || self == .draft6 || self == .draft7 }

    /// The keyword that names a resource: `id` in draft-04, `$id` after.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }

    /// Later than or the same as `other`.
    func isAtLeast(_ other: JSONSchemaDialect) -> Bool { rank >= other.rank }

    private var rank: Int {
        switch self {
        case .draft4: return 4
        case .draft6: return 6
        case .draft7: return 7
        case .draft2019_09: return 2019
        case .draft2020_12: return 2020
        }
    }
}

/// The groups of keywords a 2019-09 or 2020-12 meta-schema can switch on and off with `$vocabulary`.
struct Vocabularies: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }
    static let core = Vocabularies(rawValue: 1 << 0)
    static let applicator = Vocabularies(rawValue: 1 << 1)
    static let unevaluated = Vocabularies(rawValue: 1 << 2)
    static let validation = Vocabularies(rawValue: 1 << 3)
    static let formatAnnotation = Vocabularies(rawValue: 1 << 4)
    static let formatAssertion = Vocabularies(rawValue: 1 << 5)
    static let content = Vocabularies(rawValue: 1 << 6)
    static let metaData = Vocabularies(rawValue: 1 << 7)

    /// Every vocabulary a dialect's own meta-schema enables.
    static let standard: Vocabularies = [.core, .applicator, .unevaluated, .validation, .formatAnnotation, .content, .metaData]

    /// The vocabulary a `$vocabulary` URI names, in either dialect's spelling; `nil` for one Keel does not know.
    init?(uri: String) {
        let name = uri.split(separator: "/").last.map(String.init) ?? ""
        guard uri.hasPrefix("https://json-schema.org/draft/2020-12/vocab/")
                || uri.hasPrefix("https://json-schema.org/draft/2019-09/vocab/") else { return nil }
        switch name {
        case "core": self = .core
        case "applicator": self = .applicator
        case "unevaluated": self = .unevaluated
        case "validation": self = .validation
        case "format-annotation", "format": self = .formatAnnotation
        case "format-assertion": self = .formatAssertion
        case "content": self = .content
        case "meta-data": self = .metaData
        default: return nil
        }
    }
}
