// The schemas generated code asks for by what a property or case value holds: its type's own, or one shaped
// by the option that reads it (a date format, a lossy collection, a coercion, a default).

extension JSONSchemaBuilder {
    /// The schema of `type`, when it describes one (checked at run time, so that a generic model's schema
    /// is its type arguments'); otherwise any value: a type that reads itself without `@JSONModel` says
    /// nothing of its JSON.
    public mutating func schema<T>(of type: T.Type) -> JSON {
        if let describing = type as? any JSONSchemaDescribing.Type { return describing.jsonSchema(in: &self) }
        cannotDescribe("a \(T.self), which describes no schema")
        return true
    }

    /// The schema of the property `keyPath` holds (its type is never named by generated code).
    public mutating func schema<Root, T>(of keyPath: KeyPath<Root, T>) -> JSON {
        schema(of: T.self)
    }

    /// `schema`, or `null`.
    public func nullable(_ schema: JSON) -> JSON {
        guard case .object(var members) = schema else { return schema }
        if Self.allowsNull(schema) { return schema }
        // A plain type takes `null` among its types (keywords such as `minimum` and `format` pass `null` by);
        // one that lists values or refers elsewhere takes it as an alternative.
        let excluding = ["enum", "const", "$ref", "allOf", "anyOf", "oneOf", "not"]
        if case .string(let type)? = members["type"], !excluding.contains(where: { members[$0] != nil }) {
            members = JSONObject(members: members.map { member in
                member.key == "type" ? ("type", JSON.array([.string(type), "null"])) : (member.key, member.value)
            })
            return .object(members)
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }

    /// Whether `schema` says outright that `null` is allowed.
    static func allowsNull(_ schema: JSON) -> Bool {
        guard case .object(let members) = schema else { return schema == true }
        if members.isEmpty { return true }
        if case .array(let types)? = members["type"], types.contains("null") { return true }
        if case .array(let alternatives)? = members["anyOf"], alternatives.contains(where: allowsNull) { return true }
        return false
    }

    /// A defaulted member's schema: what the type reads, and also `null` or any value when `conditions` replace
    /// them with the default.
    public mutating func defaulted(_ schema: JSON, when conditions: DefaultConditions) -> JSON {
        if conditions.contains(.invalid) {
            if isStructuredOutput { return schema }
            return true
        }
        return conditions.contains(.null) ? nullable(schema) : schema
    }

    /// The default value of the property `keyPath` holds, as JSON (the `default` keyword; not in structured output).
    public func defaultValue<Root, T>(of keyPath: KeyPath<Root, T>, _ value: T) -> JSON? {
        defaultValue(of: T.self, value)
    }

    /// The default value of an enum case's value of `type`, as JSON.
    public func defaultValue<T>(of type: T.Type, _ value: T) -> JSON? {
        guard !isStructuredOutput, let encodable = value as? any JSONEncodable else { return nil }
        return encodable.toJSON()
    }

    /// A date member in `format`: text, or a number of seconds or milliseconds; `null` too when `optional`.
    public func dateSchema(format: JSONDateFormat, optional: Bool) -> JSON {
        let schema: JSON
        switch format {
        case .rfc3339: schema = ["type": "string", "format": "date-time"]
        case .secondsSince1970, .millisecondsSince1970: schema = ["type": "number"]
        case .formatted: schema = ["type": "string"]
        }
        return optional ? nullable(schema) : schema
    }

    /// An array whose elements that fail are left out: any array to the decoder; in structured output, an
    /// array of the elements it keeps.
    public mutating func lossyArraySchema<Root, Element>(of keyPath: KeyPath<Root, [Element]>) -> JSON {
        guard isStructuredOutput else { return ["type": "array"] }
        return ["type": "array", "items": schema(of: Element.self)]
    }

    /// A dictionary whose values that fail are left out: any object.
    public mutating func lossyDictionarySchema<Root, Value>(of keyPath: KeyPath<Root, [String: Value]>) -> JSON {
        cannotDescribe("a dictionary")
        return ["type": "object"]
    }

    /// A member read with a lossless coercion: its type's schema, or the other kinds that stand for it
    /// (a string for a number, `"true"` or `1` for a boolean, a number for a string); looser than the decoder,
    /// which also checks the string's text.
    public mutating func coercingSchema<Root, T>(of keyPath: KeyPath<Root, T>) -> JSON {
        let schema = schema(of: T.self)
        guard !isStructuredOutput, case .object(let members) = schema, case .string(let type)? = members["type"] else { return schema }
        switch type {
        case "integer", "number": return ["anyOf": [schema, ["type": "string"]]]
        case "boolean": return ["anyOf": [schema, ["enum": ["true", "false", 0, 1]]]]
        case "string": return ["type": ["string", "number"]]
        default: return schema
        }
    }

    /// A member read by a `JSONValueCoder` of the user's: any value, since only the coder knows.
    public mutating func codedSchema() -> JSON {
        cannotDescribe("a value read by a JSONValueCoder")
        return true
    }

    /// The schema of strings that are one of `values` (a raw-value enum), or any string when `open`.
    public func enumeration(_ values: [JSON], type: String, open: Bool) -> JSON {
        open ? ["type": .string(type)] : ["type": .string(type), "enum": .array(JSONArray(values))]
    }

    /// `schema` with `description` (a type's doc comment) as its first keyword.
    public func described(_ schema: JSON, _ description: String) -> JSON {
        guard case .object(let members) = schema else { return ["description": .string(description), "allOf": [schema]] }
        return .object(JSONObject(members: [("description", .string(description))] + members.filter { $0.key != "description" }.map { ($0.key, $0.value) }))
    }
}
