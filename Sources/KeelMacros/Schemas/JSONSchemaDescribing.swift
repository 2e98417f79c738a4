// Schemas out: every `@JSONModel` type describes the JSON it reads and writes as a JSON Schema, for an LLM's
// structured output or tool call, an OpenAPI document, or a partner team.

/// A type that can describe its JSON as a JSON Schema. `@JSONModel` makes every struct and enum one; the
/// standard types, `JSON` and `JSONField` are.
///
/// ```swift
/// let schema: JSON = Account.jsonSchema()                        // JSON Schema 2020-12
/// let output: JSON = try Account.structuredOutputSchema()        // the subset LLM APIs accept
/// ```
///
/// The schema describes what the decoder accepts: members after key options and paths, required, optional
/// and defaulted members, `JSONField`, closed and open enums, each union layout, date formats. Where the
/// decoder accepts more than a schema can say exactly (a lenient coercion, a custom `JSONValueCoder`, one of
/// several alternative names), the schema is looser than the decoder, never stricter.
public protocol JSONSchemaDescribing {
    /// The schema of a value of this type, with the definitions of the named types it uses added to `schemas`.
    static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON
}

extension JSONSchemaDescribing {
    /// The JSON Schema (2020-12) of this type's JSON, as one document: this type's schema at the root and the
    /// types it uses under `$defs`.
    public static func jsonSchema() -> JSON {
        var builder = JSONSchemaBuilder(style: .draft2020_12, root: Self.self)
        let root = jsonSchema(in: &builder)
        return builder.document(root: root)
    }

    /// The schema in the subset that LLM structured-output and tool-calling APIs accept: every member listed in
    /// `required` (an optional one as nullable), `additionalProperties: false` on every object, `anyOf` for
    /// unions, and no keyword outside the subset.
    ///
    /// - Throws: ``JSONSchemaExportError`` naming each place the subset cannot describe: a dictionary, a
    ///   `JSON` value, a root that is not an object.
    public static func structuredOutputSchema() throws(JSONSchemaExportError) -> JSON {
        var builder = JSONSchemaBuilder(style: .structuredOutput, root: Self.self)
        let root = jsonSchema(in: &builder)
        if case .object(let members) = root, members["type"] == "object" {} else {
            builder.cannotDescribe("a root that is not an object (the APIs ask for one)")
        }
        let document = builder.document(root: root)
        if !builder.problems.isEmpty { throw JSONSchemaExportError(problems: builder.problems) }
        return document
    }
}

/// Why a type has no schema in the structured-output subset: each place it cannot describe.
public struct JSONSchemaExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line per place, naming the type and member.
    public let problems: [String]

    public var description: String {
        "The structured-output subset cannot describe " + problems.joined(separator: "; ") + "."
    }
}
