/// Gathers the definitions of the named types a schema uses, once each, while schemas are described; what
/// generated `jsonSchema(in:)` functions call.
public struct JSONSchemaBuilder {
    /// Which schema to write.
    public enum Style: Sendable, Hashable {
        /// JSON Schema 2020-12, describing everything the decoder accepts.
        case draft2020_12
        /// The subset structured-output APIs accept (see ``JSONSchemaDescribing/structuredOutputSchema()``).
        case structuredOutput
    }

    public let style: Style
    /// The type whose schema is the document's root: referred to as `#`.
    private let root: ObjectIdentifier
    private var rootDescribed = false
    private var definitions: [(name: String, schema: JSON)] = []
    private var names: [ObjectIdentifier: String] = [:]
    /// The places the structured-output subset cannot describe.
    public private(set) var problems: [String] = []
    /// The names of the types being described, outermost first, for problems.
    private var trail: [String] = []

    init(style: Style, root: Any.Type) {
        self.style = style
        self.root = ObjectIdentifier(root)
    }

    /// Whether the subset for structured output is being written.
    public var isStructuredOutput: Bool { style == .structuredOutput }

    /// The schema of the named type `type`: described once by `describe`, and referred to by `$ref` (`#` for
    /// the root) wherever it is used, so that recursive types end.
    public mutating func definition<T>(of type: T.Type, named name: String, _ describe: (inout JSONSchemaBuilder) -> JSON) -> JSON {
        let identifier = ObjectIdentifier(type)
        if identifier == root {
            if rootDescribed { return ["$ref": "#"] }
            rootDescribed = true
            return described(name, describe)
        }
        if let known = names[identifier] { return Self.reference(to: known) }
        var unique = name
        var number = 2
        while definitions.contains(where: { $0.name == unique }) {
            unique = name + String(number)
            number += 1
        }
        names[identifier] = unique
        definitions.append((unique, true))
        let position = definitions.count - 1
        definitions[position].schema = described(unique, describe)
        return Self.reference(to: unique)
    }

    private mutating func described(_ name: String, _ describe: (inout JSONSchemaBuilder) -> JSON) -> JSON {
        trail.append(name)
        defer { trail.removeLast() }
        return describe(&self)
    }

    private static func reference(to name: String) -> JSON {
        let escaped = name.split(separator: "~", omittingEmptySubsequences: false).joined(separator: "~0")
            .split(separator: "/", omittingEmptySubsequences: false).joined(separator: "~1")
        return ["$ref": .string("#/$defs/" + escaped)]
    }

    /// Records that the structured-output subset cannot describe `what` in the type being described.
    public mutating func cannotDescribe(_ what: String) {
        guard isStructuredOutput else { return }
        let place = trail.last.map { "\(what) in \($0)" } ?? what
        if !problems.contains(place) { problems.append(place) }
    }

    /// The schema of the definition `reference` names (`{"$ref": "#/$defs/User"}`), for merging a flattened
    /// type's members; `nil` when it is not one.
    func resolved(_ reference: JSON) -> JSON? {
        guard case .object(let members) = reference, case .string(let target)? = members["$ref"] else { return reference }
        guard target.hasPrefix("#/$defs/") else { return nil }
        let name = String(target.dropFirst(8)).split(separator: "~1", omittingEmptySubsequences: false).joined(separator: "/")
            .split(separator: "~0", omittingEmptySubsequences: false).joined(separator: "~")
        return definitions.first { $0.name == name }?.schema
    }

    /// The document: the root's schema, `$schema` (in 2020-12 style) and the definitions under `$defs`.
    func document(root schema: JSON) -> JSON {
        var document = JSONObject()
        if style == .draft2020_12 { document.append(key: "$schema", value: "https://json-schema.org/draft/2020-12/schema") }
        if case .object(let members) = schema {
            for (key, value) in members { document.append(key: key, value: value) }
        } else {
            document.append(key: "allOf", value: [schema])
        }
        if !definitions.isEmpty {
            document.append(key: "$defs", value: .object(JSONObject(members: definitions.map { ($0.name, $0.schema) })))
        }
        return .object(document)
    }
}
