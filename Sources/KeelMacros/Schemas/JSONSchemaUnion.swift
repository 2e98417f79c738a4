/// The schema of a `@JSONModel` enum with associated values: one schema per case, in the enum's layout,
/// and, with a `@JSONUnknown` case, one for the tags no case names.
public struct JSONSchemaUnion {
    /// What a case holds besides its tag.
    public enum Payload {
        /// Nothing: the decoder reads no payload.
        case none
        /// One unlabeled value: its type's schema.
        case value(JSON)
        /// Labeled values, as the members of an object.
        case members(JSONSchemaObject)
    }

    private let layout: JSONUnionLayout
    private var cases: [(tag: String, payload: Payload)] = []
    private var hasFallback = false

    public init(layout: JSONUnionLayout) {
        self.layout = layout
    }

    /// Adds the case whose tag is `tag`.
    public mutating func add(tag: String, payload: Payload) {
        cases.append((tag, payload))
    }

    /// Adds the `@JSONUnknown` case: any tag no other case names, with any payload.
    public mutating func addFallback() {
        hasFallback = true
    }

    /// The union's schema: `oneOf` its cases (`anyOf` in structured output, which leaves out the fallback).
    public func schema(in builder: inout JSONSchemaBuilder) -> JSON {
        var alternatives: [JSON] = []
        for (tag, payload) in cases {
            alternatives.append(caseSchema(tag: tag, payload: payload, in: &builder))
        }
        if hasFallback && !builder.isStructuredOutput { alternatives.append(fallbackSchema) }
        if alternatives.count == 1 { return alternatives[0] }
        return [builder.isStructuredOutput ? "anyOf" : "oneOf": .array(JSONArray(alternatives))]
    }

    private func payloadSchema(_ payload: Payload, in builder: inout JSONSchemaBuilder) -> JSON? {
        switch payload {
        case .none: return nil
        case .value(let schema): return schema
        case .members(let object): return object.schema(in: &builder)
        }
    }

    private func tagSchema(_ tag: String, in builder: JSONSchemaBuilder) -> JSON {
        builder.isStructuredOutput ? ["type": "string", "enum": [.string(tag)]] : ["const": .string(tag)]
    }

    private func caseSchema(tag: String, payload: Payload, in builder: inout JSONSchemaBuilder) -> JSON {
        let strict = builder.isStructuredOutput
        func object(_ properties: [(String, JSON)], required: [String]) -> JSON {
            var members = JSONObject()
            members.append(key: "type", value: "object")
            members.append(key: "properties", value: .object(JSONObject(members: properties)))
            members.append(key: "required", value: .array(JSONArray(required.map { .string($0) })))
            if strict { members.append(key: "additionalProperties", value: false) }
            return .object(members)
        }
        switch layout {
        case .external:
            // `{"circle": {...}}`: exactly one member, named by the tag.
            let value = payloadSchema(payload, in: &builder) ?? (strict ? ["type": "object", "properties": [:], "additionalProperties": false] : true)
            var schema = object([(tag, value)], required: [tag])
            if !strict, case .object(var members) = schema {
                members.append(key: "maxProperties", value: 1)
                schema = .object(members)
            }
            return schema
        case .inline(let tagKey):
            let tagged = object([(tagKey, tagSchema(tag, in: builder))], required: [tagKey])
            switch payload {
            case .none: return tagged
            case .value(let schema):
                // The value reads the whole object, the tag beside its own members.
                if strict {
                    guard case .object(let members)? = builder.resolved(schema), members["properties"] != nil else {
                        builder.cannotDescribe("a case whose value is not an object of members")
                        return tagged
                    }
                    return Self.prepending(tagKey, tagSchema(tag, in: builder), to: .object(members))
                }
                return ["allOf": [tagged, schema]]
            case .members(let payloadObject):
                let payloadSchema = payloadObject.schema(in: &builder)
                return Self.prepending(tagKey, tagSchema(tag, in: builder), to: payloadSchema)
            }
        case .adjacent(let tagKey, let contentKey):
            guard let content = payloadSchema(payload, in: &builder) else {
                return object([(tagKey, tagSchema(tag, in: builder))], required: [tagKey])
            }
            return object([(tagKey, tagSchema(tag, in: builder)), (contentKey, content)], required: [tagKey, contentKey])
        }
    }

    /// An object schema with the member `key` first among its properties and required.
    private static func prepending(_ key: String, _ schema: JSON, to object: JSON) -> JSON {
        guard case .object(let members) = object, case .object(let properties)? = members["properties"] else { return object }
        var result = JSONObject()
        for (name, value) in members where !["properties", "required", "additionalProperties"].contains(name) {
            result.append(key: name, value: value)
        }
        result.append(key: "properties", value: .object(JSONObject(members: [(key, schema)] + properties.filter { $0.key != key }.map { ($0.key, $0.value) })))
        var required: [JSON] = [.string(key)]
        if case .array(let more)? = members["required"] { required += more.filter { $0 != .string(key) } }
        result.append(key: "required", value: .array(JSONArray(required)))
        if let closed = members["additionalProperties"] { result.append(key: "additionalProperties", value: closed) }
        return .object(result)
    }

    /// Any tag no case names (a string, for layouts with a tag member), with any payload.
    private var fallbackSchema: JSON {
        let known = JSON.array(JSONArray(cases.map { .string($0.tag) }))
        switch layout {
        case .external:
            return ["type": "object", "minProperties": 1, "maxProperties": 1, "propertyNames": ["not": ["enum": known]]]
        case .inline(let tagKey), .adjacent(let tagKey, _):
            return ["type": "object", "properties": [tagKey: ["type": "string", "not": ["enum": known]]], "required": [.string(tagKey)]]
        }
    }
}
