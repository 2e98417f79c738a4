// The schemas of the types models hold: the standard library's, `JSON` and `JSONField`.

extension String: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { ["type": "string"] }
}

extension Bool: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { ["type": "boolean"] }
}

extension Double: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { ["type": "number"] }
}

extension Float: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { ["type": "number"] }
}

/// Integers: an integer (any number with no fraction, `2.0` too, as the decoder reads it) within the type's
/// range, which the structured-output subset leaves out.
private func integerSchema<T: FixedWidthInteger>(_ type: T.Type, in schemas: JSONSchemaBuilder) -> JSON {
    if schemas.isStructuredOutput { return ["type": "integer"] }
    return ["type": "integer", "minimum": .number(JSONNumber(T.min)), "maximum": .number(JSONNumber(T.max))]
}

extension Int: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension Int8: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension Int16: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension Int32: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension Int64: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension UInt: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension UInt8: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension UInt16: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension UInt32: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension UInt64: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON { integerSchema(Self.self, in: schemas) }
}

extension Optional: JSONSchemaDescribing where Wrapped: JSONSchemaDescribing {
    /// The wrapped type's schema, or `null`.
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
        schemas.nullable(Wrapped.jsonSchema(in: &schemas))
    }
}

extension JSONField: JSONSchemaDescribing where Value: JSONSchemaDescribing {
    /// The value's schema, or `null` (absence is the object's to say).
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
        schemas.nullable(Value.jsonSchema(in: &schemas))
    }
}

extension Array: JSONSchemaDescribing where Element: JSONSchemaDescribing {
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
        ["type": "array", "items": Element.jsonSchema(in: &schemas)]
    }
}

extension Dictionary: JSONSchemaDescribing where Key == String, Value: JSONSchemaDescribing {
    /// An object whose every member holds a value (the subset for structured output has no such schema).
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
        schemas.cannotDescribe("a dictionary")
        return ["type": "object", "additionalProperties": Value.jsonSchema(in: &schemas)]
    }
}

extension JSON: JSONSchemaDescribing {
    /// Any value (the subset for structured output has no such schema).
    public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
        schemas.cannotDescribe("a JSON value of any kind")
        return true
    }
}
