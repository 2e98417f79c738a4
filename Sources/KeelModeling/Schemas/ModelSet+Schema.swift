import Keel

extension ModelSet {
    /// The model types a JSON Schema describes (any draft from 4 to 2020-12): what `keel model --schema` writes.
    ///
    /// The root schema's type is named `rootName`; the types of `$defs` (or `definitions`) entries that are
    /// referred to take their entries' names, or their `title`; other object schemas are named after their
    /// member. Objects become structs (a member not in `required` is optional, one allowing `null` nullable),
    /// string `enum`s enums with a case per value, `oneOf` or `anyOf` of objects with a `const` tag member
    /// inline-tagged unions, `additionalProperties` without `properties` dictionaries, and `format: date-time`
    /// and `format: date` members dates. What a model cannot express is typed `JSON`, and every keyword the
    /// decoder does not check is kept as a note, written as a comment (``ModelMember/notes``).
    ///
    /// - Parameters:
    ///   - schema: the schema document's root.
    ///   - rootName: the name of the root schema's type, when it is a struct or an enum.
    public init(schema: JSONView, rootName: String) {
        self = SchemaModelReader.models(of: schema, rootName: rootName)
    }
}
