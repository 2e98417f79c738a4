// The `jsonSchema(in:)` `@JSONModel` writes: the JSON Schema of what a struct's or an enum's generated decoder
// accepts, built at run time from the same readings the decoder uses, through KeelMacros' `JSONSchemaBuilder`.
// A property's type is reached through its key path, as everywhere else in the generated code; an enum case's
// value types are named as written, since a case has no key path.
import SwiftSyntax

struct SchemaSource {
    let typeName: String
    let access: String
    let isGeneric: Bool
    let documentation: String?

    /// The name the type's definition goes by in `$defs`.
    private var definitionName: String {
        isGeneric ? "String(describing: Self.self)" : typeName.literal
    }

    private func function(_ body: [String]) -> String {
        """
        /// The JSON Schema of what `\(typeName)` reads and writes (see `JSONSchemaDescribing`).
        \(access)static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
        schemas.definition(of: Self.self, named: \(definitionName)) { schemas in
        \(body.joined(separator: "\n"))
        }
        }
        """
    }

    private var descriptionArgument: String {
        documentation.map { "description: \($0.literal)" } ?? ""
    }

    /// A struct: an object of its properties' members.
    func structure(_ properties: [ModelProperty]) -> String {
        var lines = ["\(properties.isEmpty ? "let" : "var") object = JSONSchemaObject(\(descriptionArgument))"]
        lines += properties.map { Self.memberStatement($0, object: "object", value: "\\Self.\($0.name)") }
        lines.append("return object.schema(in: &schemas)")
        return function(lines)
    }

    /// The statement that adds `property` to `object`; `value` is its key path, or for a case value its type.
    private static func memberStatement(_ property: ModelProperty, object: String, value: String) -> String {
        let path = "[" + property.path.map(\.literal).joined(separator: ", ") + "]"
        let of = property.typeText.map { "(\($0)).self" } ?? value
        var schema = "schemas.schema(of: \(of))"
        var required = true
        var defaultValue: String?
        switch property.reading {
        case .required: break
        case .optional, .field: required = false
        case .withDefault(let expression, let conditions):
            required = false
            schema = "schemas.defaulted(\(schema), when: \(conditions?.trimmedDescription ?? ".missing"))"
            defaultValue = "schemas.defaultValue(of: \(of), \(expression.trimmedDescription))"
        case .date(let format, let optional, _):
            required = !optional
            schema = "schemas.dateSchema(format: \(format.trimmedDescription), optional: \(optional))"
        case .lossyArray: schema = "schemas.lossyArraySchema(of: \(of))"
        case .lossyDictionary: schema = "schemas.lossyDictionarySchema(of: \(of))"
        case .coercing: schema = "schemas.coercingSchema(of: \(of))"
        case .coded(_, let optional):
            required = !optional
            schema = "schemas.codedSchema()"
        case .flattened:
            return "\(object).flatten(\(schema))"
        }
        var arguments = [path, "schema: \(schema)", "required: \(required)"]
        if let defaultValue { arguments.append("default: \(defaultValue)") }
        if let documentation = property.documentation { arguments.append("description: \(documentation.literal)") }
        if !property.aliases.isEmpty { arguments.append("aliases: [" + property.aliases.map(\.literal).joined(separator: ", ") + "]") }
        return "\(object).add(" + arguments.joined(separator: ", ") + ")"
    }

    /// An enum with raw values: one of them, or any value of the raw type when a case takes unknown ones.
    func rawValues(_ cases: [UnionCase], rawType: String) -> String {
        let scalar = StandardScalar(rawType)
        let jsonType: String
        switch scalar {
        case .string?: jsonType = "string"
        case .integer?: jsonType = "integer"
        case .floatingPoint?: jsonType = "number"
        case .bool?, nil: return function(["return true"])
        }
        var values: [String] = []
        var next = 0
        var known = true
        for unionCase in cases where !unionCase.isFallback {
            if scalar == .string {
                if let written = unionCase.rawValue {
                    guard let text = written.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { known = false; break }
                    values.append(text.literal)
                } else {
                    values.append(String(unionCase.name.filter { $0 != "`" }).literal)
                }
            } else if scalar == .integer {
                if let written = unionCase.rawValue {
                    guard let number = Int(written.trimmedDescription) else { known = false; break }
                    next = number
                }
                values.append(String(next))
                next += 1
            } else {
                guard let written = unionCase.rawValue?.trimmedDescription, Double(written) != nil else { known = false; break }
                values.append(written)
            }
        }
        let open = !known || cases.contains(where: \.isFallback)
        let schema = "schemas.enumeration([\(values.joined(separator: ", "))], type: \(jsonType.literal), open: \(open))"
        return function(["return " + (documentation.map { "schemas.described(\(schema), \($0.literal))" } ?? schema)])
    }

    /// A union: each case's schema in the layout, the tags no case names when one takes them.
    func union(_ cases: [UnionCase], layout: UnionLayout) -> String {
        let layoutExpression: String
        switch layout {
        case .external: layoutExpression = ".external"
        case .inline(let tag): layoutExpression = ".inline(tag: \(tag.literal))"
        case .adjacent(let tag, let content): layoutExpression = ".adjacent(tag: \(tag.literal), content: \(content.literal))"
        }
        var lines = ["var union = JSONSchemaUnion(layout: \(layoutExpression))"]
        for (position, unionCase) in cases.enumerated() {
            if unionCase.isFallback {
                lines.append("union.addFallback()")
                continue
            }
            switch unionCase.payload {
            case .none:
                lines.append("union.add(tag: \(unionCase.tag.literal), payload: .none)")
            case .single:
                let type = unionCase.singleType ?? "JSON"
                lines.append("union.add(tag: \(unionCase.tag.literal), payload: .value(schemas.schema(of: (\(type)).self)))")
            case .members(let values, _):
                let object = "case\(position)"
                // In an inline layout a member named like the tag is the tag's, as the encoder leaves it out.
                let statements = values.filter { $0.path[0] != layout.tagKey || layout.contentKey != nil }
                    .map { Self.memberStatement($0, object: object, value: "") }
                lines.append("\(statements.isEmpty ? "let" : "var") \(object) = JSONSchemaObject()")
                lines += statements
                lines.append("union.add(tag: \(unionCase.tag.literal), payload: .members(\(object)))")
            }
        }
        if let documentation {
            lines.append("return schemas.described(union.schema(in: &schemas), \(documentation.literal))")
        } else {
            lines.append("return union.schema(in: &schemas)")
        }
        return function(lines)
    }
}
