/// The schema of an object a model reads, member by member: what a `@JSONModel` struct's (or a case's)
/// generated `jsonSchema(in:)` builds.
///
/// Members with a path (`@JSONKey("payment", "card", "last4")`) nest objects. A required member's objects on
/// the way are required; an optional member's may be missing or `null`, as the decoder takes either for the
/// member being missing. Members not listed are allowed, as the decoder ignores them, except in structured
/// output, where every object lists all its members as required and allows no others.
public struct JSONSchemaObject {
    /// A member, or an object on members' paths, with the members below it.
    private struct Node {
        var schema: JSON?
        var isRequired = false
        var defaultValue: JSON?
        var description: String?
        var aliases: [String] = []
        var children: [(key: String, node: Node)] = []

        /// Goes down `path`, making the objects on the way (required when `required`), and lets `change` set
        /// the member at its end.
        mutating func descend(_ path: ArraySlice<String>, required: Bool, _ change: (inout Node) -> Void) {
            guard let key = path.first else { return change(&self) }
            let position = children.firstIndex { $0.key == key } ?? {
                children.append((key, Node()))
                return children.count - 1
            }()
            if required { children[position].node.isRequired = true }
            children[position].node.descend(path.dropFirst(), required: required, change)
        }
    }

    private var root = Node()
    private var flattened: [JSON] = []
    private let description: String?

    public init(description: String? = nil) {
        self.description = description
    }

    /// Adds the member at `path` with `schema`; `aliases` are other names the decoder also reads it from.
    public mutating func add(
        _ path: [String], schema: JSON, required: Bool, default defaultValue: JSON? = nil, description: String? = nil,
        aliases: [String] = []
    ) {
        root.descend(path[...], required: required) { member in
            member.schema = schema
            member.isRequired = required
            member.defaultValue = defaultValue
            member.description = description
            member.aliases = aliases
        }
    }

    /// Adds the members of a flattened property's type, whose schema is `schema`.
    public mutating func flatten(_ schema: JSON) {
        flattened.append(schema)
    }

    /// The object's schema.
    public func schema(in builder: inout JSONSchemaBuilder) -> JSON {
        var own = objectSchema(root, in: &builder, description: description)
        guard !flattened.isEmpty else { return own }
        if builder.isStructuredOutput {
            // The subset has no `allOf`: the flattened types' members join the object's own.
            for schema in flattened {
                guard case .object(let members)? = builder.resolved(schema), members["properties"] != nil else {
                    builder.cannotDescribe("a flattened value that is not an object of members")
                    continue
                }
                own = Self.merged(own, .object(members))
            }
            return own
        }
        return ["allOf": .array(JSONArray([own] + flattened))]
    }

    private func objectSchema(_ node: Node, in builder: inout JSONSchemaBuilder, description: String?) -> JSON {
        var properties = JSONObject()
        var required: [JSON] = []
        var alternatives: [JSON] = []
        for (key, child) in node.children {
            var schema: JSON
            if let own = child.schema {
                schema = own
            } else {
                schema = objectSchema(child, in: &builder, description: nil)
                // An object on an optional member's way may be missing or null.
                if !child.isRequired { schema = builder.nullable(schema) }
            }
            if builder.isStructuredOutput {
                if !child.isRequired { schema = builder.nullable(schema) }
                required.append(.string(key))
            } else if child.isRequired {
                if child.aliases.isEmpty {
                    required.append(.string(key))
                } else {
                    // Any one of the names will do.
                    alternatives.append(["anyOf": .array(JSONArray(([key] + child.aliases).map { ["required": [.string($0)]] }))])
                }
            }
            // Structured output takes no keyword beside a `$ref`.
            if !(builder.isStructuredOutput && Self.isReference(schema)) {
                schema = Self.annotated(schema, description: child.description, defaultValue: child.defaultValue)
            }
            properties.append(key: key, value: schema)
        }
        var object = JSONObject()
        if let description { object.append(key: "description", value: .string(description)) }
        object.append(key: "type", value: "object")
        object.append(key: "properties", value: .object(properties))
        if !required.isEmpty { object.append(key: "required", value: .array(JSONArray(required))) }
        if builder.isStructuredOutput { object.append(key: "additionalProperties", value: false) }
        if !alternatives.isEmpty { object.append(key: "allOf", value: .array(JSONArray(alternatives))) }
        return .object(object)
    }

    /// `schema` with a description and a default beside its keywords (beside a `$ref` too, which 2020-12
    /// allows).
    private static func annotated(_ schema: JSON, description: String?, defaultValue: JSON?) -> JSON {
        guard description != nil || defaultValue != nil, case .object(var members) = schema else { return schema }
        if let description { members.append(key: "description", value: .string(description)) }
        if let defaultValue { members.append(key: "default", value: defaultValue) }
        return .object(members)
    }

    private static func isReference(_ schema: JSON) -> Bool {
        guard case .object(let members) = schema else { return false }
        return members["$ref"] != nil
    }

    /// Two object schemas' members and required names together.
    private static func merged(_ first: JSON, _ second: JSON) -> JSON {
        guard case .object(var target) = first, case .object(let source) = second,
              case .object(var properties)? = target["properties"], case .object(let added)? = source["properties"]
        else { return first }
        for (key, value) in added where properties[key] == nil { properties.append(key: key, value: value) }
        var required: [JSON] = []
        if case .array(let own)? = target["required"] { required += own }
        if case .array(let more)? = source["required"] { required += more.filter { !required.contains($0) } }
        var rebuilt = JSONObject()
        for (key, value) in target where key != "properties" && key != "required" && key != "additionalProperties" {
            rebuilt.append(key: key, value: value)
        }
        rebuilt.append(key: "properties", value: .object(properties))
        rebuilt.append(key: "required", value: .array(JSONArray(required)))
        rebuilt.append(key: "additionalProperties", value: false)
        target = rebuilt
        return .object(target)
    }
}
