import Keel

/// A JSON Schema, compiled once and ready to validate any number of documents, from any thread.
///
/// Compiling reads the dialect from `$schema` (draft-04, -06, -07, 2019-09 or 2020-12), checks every
/// keyword, and resolves every reference, in the schema or in the ``JSONSchemaRegistry``; a problem is a
/// ``JSONSchemaError`` then, not a surprise during validation.
///
/// ```swift
/// let schema = try JSONSchema(parsing: """
///     {"type": "object", "required": ["id"], "properties": {"tags": {"maxItems": 3}}}
///     """)
/// let document = try JSONDocument(parsing: #"{"tags": [1, 2, 3, 4, 5]}"#)
/// let result = schema.validate(document.root)
/// result.isValid            // false
/// result.failures.map(\.description)
/// // line 1, column 1: missing the required property "id" (at the root, schema #/required)
/// // line 1, column 10: expected at most 3 items, found 5 (at /tags, schema #/properties/tags/maxItems)
/// ```
public struct JSONSchema: Sendable {
    let root: SchemaNode
    /// The schema flattened for the yes-or-no check that runs first (`nil` when only the evaluator can run it).
    let checkProgram: CheckProgram?
    /// The options the schema was compiled with.
    public let options: JSONSchemaOptions

    /// Compiles a schema given as a JSON value.
    public init(_ schema: JSON, registry: JSONSchemaRegistry = JSONSchemaRegistry(),
                options: JSONSchemaOptions = JSONSchemaOptions()) throws(JSONSchemaError) {
        var compiler = SchemaCompiler(options: options, registry: registry)
        self.root = try compiler.compileRoot(schema, baseURI: options.baseURI)
        self.checkProgram = CheckProgram(root: root)
        self.options = options
    }

    /// Parses and compiles a schema.
    public init(parsing text: String, registry: JSONSchemaRegistry = JSONSchemaRegistry(),
                options: JSONSchemaOptions = JSONSchemaOptions()) throws(JSONSchemaError) {
        let schema: JSON
        do { schema = try JSON(parsing: text) } catch {
            throw JSONSchemaError(kind: .syntax, schemaLocation: options.baseURI, message: "the schema is not JSON: \(error)")
        }
        try self.init(schema, registry: registry, options: options)
    }

    /// Compiles the schema a parsed document holds.
    public init(_ document: JSONDocument, registry: JSONSchemaRegistry = JSONSchemaRegistry(),
                options: JSONSchemaOptions = JSONSchemaOptions()) throws(JSONSchemaError) {
        try self.init(JSON(document.root), registry: registry, options: options)
    }

    /// Every way the value breaks the schema, with the locations of each in the instance, its text and
    /// the schema.
    ///
    /// A quick check runs first; only an instance it finds invalid is evaluated again to say where and why.
    public func validate(_ instance: JSONView) -> JSONSchemaValidationResult {
        if quickCheck(instance) == true { return JSONSchemaValidationResult(failures: []) }
        var evaluator = SchemaEvaluator(options: options, collectsAll: true)
        var annotations: Annotations?
        _ = evaluator.evaluate(root, instance, &annotations)
        return JSONSchemaValidationResult(failures: evaluator.failures)
    }

    /// Validates a value built in Swift. Its failures have no source location.
    public func validate(_ instance: JSON) -> JSONSchemaValidationResult {
        guard let document = try? JSONDocument(parsing: instance.description) else {
            return JSONSchemaValidationResult(failures: [JSONSchemaFailure(
                instancePath: .root, sourceLocation: nil, keywordLocation: "#", absoluteKeywordLocation: root.location,
                keyword: "", message: "the value holds a number JSON cannot write (NaN or infinity)")])
        }
        let result = validate(document.root)
        return JSONSchemaValidationResult(failures: result.failures.map {
            JSONSchemaFailure(instancePath: $0.instancePath, sourceLocation: nil, keywordLocation: $0.keywordLocation,
                              absoluteKeywordLocation: $0.absoluteKeywordLocation, keyword: $0.keyword, message: $0.message)
        })
    }

    /// Whether the value satisfies the schema; stops at the first failure, so it is the fastest check.
    public func isValid(_ instance: JSONView) -> Bool {
        if let verdict = quickCheck(instance) { return verdict }
        return evaluatorVerdict(instance)
    }

    /// The check's verdict (``SchemaChecker``), or `nil` when it has none to give.
    func quickCheck(_ instance: JSONView) -> Bool? {
        guard let checkProgram else { return nil }
        return SchemaChecker.check(checkProgram, options: options, instance)
    }

    /// The evaluator's verdict alone, without the check (the tests compare the two).
    func evaluatorVerdict(_ instance: JSONView) -> Bool {
        var evaluator = SchemaEvaluator(options: options, collectsAll: false)
        var annotations: Annotations?
        return evaluator.evaluate(root, instance, &annotations)
    }
}
