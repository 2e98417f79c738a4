import Keel

/// The schemas references may name, by URI. Keel never fetches a schema over the network: a `$ref` to
/// another document resolves to one added here, or is an error when the schema is compiled.
///
/// The meta-schemas of every supported dialect are built in.
///
/// ```swift
/// var registry = JSONSchemaRegistry()
/// try registry.add(text: addressSchemaText)                       // named by its own `$id`
/// try registry.add(text: legacyText, as: "https://example.com/legacy.json")
/// let schema = try JSONSchema(parsing: orderSchemaText, registry: registry)
/// ```
public struct JSONSchemaRegistry: Sendable {
    private var documents: [String: JSON] = [:]

    /// A registry holding the built-in meta-schemas only.
    public init() {}

    /// Adds a schema document, named by `uri`, or by its own `$id` (`id` in draft-04) when `uri` is `nil`.
    public mutating func add(_ schema: JSON, as uri: String? = nil) throws(JSONSchemaError) {
        var name = uri
        if name == nil, case .object(let object) = schema {
            if case .string(let id)? = object["$id"] ?? object["id"] { name = id }
        }
        guard let name else {
            throw JSONSchemaError(kind: .unresolvableReference, schemaLocation: "",
                                  message: "a schema added without a URI must have an $id naming it")
        }
        documents[SchemaURI(name).withoutFragment.text] = schema
    }

    /// Parses and adds a schema document; see ``add(_:as:)``.
    public mutating func add(text: String, as uri: String? = nil) throws(JSONSchemaError) {
        let schema: JSON
        do { schema = try JSON(parsing: text) } catch {
            throw JSONSchemaError(kind: .syntax, schemaLocation: uri ?? "", message: "the schema is not JSON: \(error)")
        }
        try add(schema, as: uri)
    }

    /// The URIs of the documents added (not the built-in meta-schemas).
    public var uris: [String] { documents.keys.sorted() }

    /// The document named `uri` (without a fragment), added or built in.
    func schema(at uri: String) -> JSON? {
        documents[uri] ?? Self.builtIn[uri]
    }

    /// The built-in meta-schemas, parsed once.
    static let builtIn: [String: JSON] = {
        var table: [String: JSON] = [:]
        for (uri, text) in embeddedMetaSchemas {
            if let schema = try? JSON(parsing: text) { table[uri] = schema }
        }
        return table
    }()
}
