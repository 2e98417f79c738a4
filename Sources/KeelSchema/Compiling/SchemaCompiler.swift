import Keel

/// Turns schema JSON into ``SchemaNode``s: reads `$schema` and `$vocabulary` to know which keywords count,
/// `$id` and the anchors to know each schema's name, checks every keyword's value, and links every
/// reference once all the documents it may point into are read (so a forward reference works, and one
/// that cannot be found is an error here rather than a silent pass later).
struct SchemaCompiler {
    /// Where a schema sits, and how its keywords are read.
    struct Context {
        /// The URI of the enclosing resource, without a fragment.
        var base: SchemaURI
        var resource: SchemaResource
        /// The JSON Pointer from the resource's root to this schema.
        var pointer: String
        /// The same schema's other names: pointers from enclosing resources.
        var aliases: [(base: String, pointer: String)]
        var dialect: JSONSchemaDialect
        var vocabularies: Vocabularies
        var depth: Int

        var location: String { base.text + "#" + pointer }

        func child(_ tokens: String...) -> Context { child(tokens) }

        func child(_ tokens: [String]) -> Context {
            var copy = self
            let suffix = tokens.map { "/" + JSONPointerSyntax.escape($0) }.joined()
            copy.pointer += suffix
            copy.aliases = aliases.map { ($0.base, $0.pointer + suffix) }
            copy.depth += 1
            return copy
        }
    }

    let options: JSONSchemaOptions
    let registry: JSONSchemaRegistry
    /// Every schema compiled, by each of its absolute names (`uri#/pointer` and `uri#anchor`).
    private(set) var nodes: [String: SchemaNode] = [:]
    /// Each resource's root JSON and context, to follow a pointer into a place no keyword compiled.
    private var resourceRoots: [String: (json: JSON, context: Context)] = [:]
    private var resources: [String: SchemaResource] = [:]
    private var pending: [(reference: SchemaReference, location: String, dialect: JSONSchemaDialect)] = []
    private var nodeCount = 0

    init(options: JSONSchemaOptions, registry: JSONSchemaRegistry) {
        self.options = options
        self.registry = registry
    }

    /// Compiles a root schema and everything it references.
    mutating func compileRoot(_ json: JSON, baseURI: String) throws(JSONSchemaError) -> SchemaNode {
        let base = SchemaURI(baseURI).withoutFragment
        let root = try compileDocument(json, base: base, dialect: options.defaultDialect)
        try linkReferences()
        return root
    }

    private mutating func resource(named uri: String) -> SchemaResource {
        if let existing = resources[uri] { return existing }
        let created = SchemaResource(uri: uri)
        resources[uri] = created
        return created
    }

    private mutating func compileDocument(_ json: JSON, base: SchemaURI, dialect: JSONSchemaDialect) throws(JSONSchemaError) -> SchemaNode {
        let context = Context(base: base, resource: resource(named: base.text), pointer: "", aliases: [],
                              dialect: dialect, vocabularies: .standard, depth: 0)
        return try compile(json, context)
    }

    // MARK: Schemas

    private mutating func compile(_ json: JSON, _ outer: Context) throws(JSONSchemaError) -> SchemaNode {
        var context = outer
        guard context.depth <= options.maximumSchemaDepth, StackGuard.hasRoom() else {
            throw JSONSchemaError(kind: .limitExceeded, schemaLocation: context.location,
                                  message: "the schema nests more than \(options.maximumSchemaDepth) levels deep, or deeper than this thread's stack allows")
        }
        nodeCount += 1
        guard nodeCount <= options.maximumSchemaNodes else {
            throw JSONSchemaError(kind: .limitExceeded, schemaLocation: context.location,
                                  message: "the schema has more than \(options.maximumSchemaNodes) subschemas")
        }
        var anchors: [String] = []
        if case .object(let object) = json {
            try enterResource(object, &context, anchors: &anchors)
        }
        if let existing = nodes[context.location] { return existing }
        let node = SchemaNode(location: context.location, resource: context.resource)
        register(node, as: context.location)
        for alias in context.aliases { register(node, as: alias.base + "#" + alias.pointer) }
        for anchor in anchors { register(node, as: context.base.text + "#" + anchor) }
        if context.pointer.isEmpty, context.resource.root == nil { context.resource.root = node }
        if context.dialect.isAtLeast(.draft2020_12), case .object(let object) = json,
           case .string(let anchor)? = object["$dynamicAnchor"], context.resource.dynamicAnchors[anchor] == nil {
            context.resource.dynamicAnchors[anchor] = node
        }

        switch json {
        case .bool(let value):
            node.constant = value
        case .object(let object):
            try compileKeywords(of: object, into: node, context)
        default:
            throw JSONSchemaError(kind: .invalidKeyword, schemaLocation: context.location,
                                  message: "a schema must be an object or a boolean, not \(json.kind)")
        }
        return node
    }

    private mutating func register(_ node: SchemaNode, as name: String) {
        if nodes[name] == nil { nodes[name] = node }
    }

    /// Applies `$schema`, `$id` and the anchors: the dialect, the base URI and the names of this schema.
    private mutating func enterResource(_ object: JSONObject, _ context: inout Context, anchors: inout [String]) throws(JSONSchemaError) {
        let idKeyword = context.dialect.idKeyword
        let startsResource = context.pointer.isEmpty || object[idKeyword] != nil || object["$id"] != nil
        if startsResource, case .string(let metaSchema)? = object["$schema"] {
            (context.dialect, context.vocabularies) = try dialect(named: metaSchema, at: context.location)
        }
        let dialect = context.dialect
        let refHidesSiblings = dialect.refOverridesSiblings && object["$ref"] != nil
        if case .string(let id)? = object[dialect.idKeyword], !refHidesSiblings {
            if dialect.refOverridesSiblings, id.hasPrefix("#") {
                anchors.append(String(id.dropFirst()))
            } else {
                let uri = context.base.resolving(id)
                let base = uri.withoutFragment
                if base.text != context.base.text || !context.pointer.isEmpty {
                    context.aliases.append((context.base.text, context.pointer))
                    context.base = base
                    context.resource = resource(named: base.text)
                    context.pointer = ""
                }
                if let fragment = uri.fragment, !fragment.isEmpty, !fragment.hasPrefix("/") { anchors.append(fragment) }
            }
        }
        if context.pointer.isEmpty, resourceRoots[context.base.text] == nil {
            resourceRoots[context.base.text] = (.object(object), context)
        }
        if dialect.isAtLeast(.draft2019_09), case .string(let anchor)? = object["$anchor"] {
            anchors.append(anchor)
        }
        if dialect == .draft2019_09, context.pointer.isEmpty, case .bool(true)? = object["$recursiveAnchor"] {
            context.resource.hasRecursiveAnchor = true
        }
        if dialect.isAtLeast(.draft2020_12), case .string(let anchor)? = object["$dynamicAnchor"] {
            anchors.append(anchor)
        }
    }

    /// The dialect and vocabularies a `$schema` URI stands for: a built-in dialect, or a meta-schema from
    /// the registry whose own `$schema` leads to one.
    private func dialect(named uri: String, at location: String) throws(JSONSchemaError) -> (JSONSchemaDialect, Vocabularies) {
        if let known = JSONSchemaDialect(metaSchemaURI: uri) { return (known, .standard) }
        if JSONSchemaDialect.isUnversioned(uri) { return (options.defaultDialect, .standard) }
        var name = SchemaURI(uri).withoutFragment.text
        var vocabularies: Vocabularies?
        for _ in 0..<16 {
            guard case .object(let meta)? = registry.schema(at: name) else { break }
            if vocabularies == nil, case .object(let listed)? = meta["$vocabulary"] {
                var found: Vocabularies = [.core]
                for (vocabulary, required) in listed {
                    if let known = Vocabularies(uri: vocabulary) {
                        found.insert(known)
                    } else if case .bool(true) = required {
                        throw JSONSchemaError(kind: .unsupportedVocabulary, schemaLocation: location,
                                              message: "the meta-schema \(uri) requires the vocabulary \(vocabulary), which Keel does not implement")
                    }
                }
                vocabularies = found
            }
            guard case .string(let next)? = meta["$schema"] else { break }
            if let known = JSONSchemaDialect(metaSchemaURI: next) { return (known, vocabularies ?? .standard) }
            name = SchemaURI(next).withoutFragment.text
        }
        throw JSONSchemaError(kind: .unknownMetaSchema, schemaLocation: location,
                              message: "$schema names \(uri), which is neither a known dialect nor a meta-schema in the registry")
    }

    // MARK: References

    /// Links every reference to its target, reading registry documents as references reach them.
    private mutating func linkReferences() throws(JSONSchemaError) {
        while let (reference, location, dialect) = pending.popLast() {
            reference.target = try resolve(reference.uri, from: location, dialect: dialect)
        }
    }

    private mutating func resolve(_ uriText: String, from location: String, dialect: JSONSchemaDialect) throws(JSONSchemaError) -> SchemaNode {
        let uri = SchemaURI(uriText)
        let document = uri.withoutFragment.text
        let fragment = Self.percentDecoded(uri.fragment ?? "")
        let key = document + "#" + fragment
        if let node = nodes[key] { return node }
        if resourceRoots[document] == nil, let json = registry.schema(at: document) {
            _ = try compileDocument(json, base: uri.withoutFragment, dialect: dialect)
            if let node = nodes[key] { return node }
        }
        if fragment.hasPrefix("/") || fragment.isEmpty, let (root, context) = resourceRoots[document] {
            // A pointer to a place no keyword compiled as a schema (under an unknown keyword, say).
            if let tokens = try? JSONPointerSyntax.tokens(of: fragment), let value = root[valueAt: fragment], value != .null {
                let node = try compile(value, context.child(tokens))
                try linkReferences()
                return node
            }
        }
        throw JSONSchemaError(kind: .unresolvableReference, schemaLocation: location,
                              message: "the reference \(uriText) names no schema in this document or the registry")
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func reference(_ text: String, _ context: Context) -> SchemaReference {
        let reference = SchemaReference(uri: context.base.resolving(text).text)
        pending.append((reference, context.location, context.dialect))
        return reference
    }

    // MARK: Keywords

    private mutating func compileKeywords(of object: JSONObject, into node: SchemaNode, _ context: Context) throws(JSONSchemaError) {
        let dialect = context.dialect
        let vocabularies = context.vocabularies
        var reader = KeywordReader(object: object, context: context)

        // Definitions are compiled for their names whatever else the schema says.
        for container in ["$defs", "definitions"] {
            if case .object(let definitions)? = object[container] {
                for (name, value) in definitions { _ = try compile(value, context.child(container, name)) }
            }
        }
        if case .string(let target)? = object["$ref"] {
            node.keywords.append(("$ref", .ref(reference(target, context))))
            if dialect.refOverridesSiblings { return }
        } else if object["$ref"] != nil {
            throw reader.invalid("$ref", "must be a string")
        }
        if dialect == .draft2019_09, case .string(let target)? = object["$recursiveRef"] {
            node.keywords.append(("$recursiveRef", .recursiveRef(reference(target, context))))
        }
        if dialect.isAtLeast(.draft2020_12), case .string(let target)? = object["$dynamicRef"] {
            let uri = context.base.resolving(target)
            let anchor = uri.fragment.flatMap { $0.isEmpty || $0.hasPrefix("/") ? nil : $0 }
            node.keywords.append(("$dynamicRef", .dynamicRef(reference(target, context), anchor: anchor)))
        }

        if vocabularies.contains(.validation) {
            try compileValidation(&reader, into: node)
        }
        if vocabularies.contains(.formatAnnotation) || vocabularies.contains(.formatAssertion),
           case .string(let format)? = object["format"] {
            let asserted = options.assertsFormats || vocabularies.contains(.formatAssertion)
            node.keywords.append(("format", .format(format, asserted ? FormatChecker.named(format, dialect: dialect) : nil)))
        }
        if dialect == .draft7 {
            // Draft-07 lets validators check string-encoded content; later drafts make it an annotation.
            let base64 = object["contentEncoding"] == .string("base64")
            let json = object["contentMediaType"] == .string("application/json")
            if base64 || json { node.keywords.append(("contentEncoding", .content(base64: base64, json: json))) }
        }
        if vocabularies.contains(.applicator) {
            try compileApplicators(&reader, into: node)
        }
        if vocabularies.contains(.unevaluated) || (dialect == .draft2019_09 && vocabularies.contains(.applicator)),
           dialect.isAtLeast(.draft2019_09) {
            if let items = object["unevaluatedItems"] {
                node.keywords.append(("unevaluatedItems", .unevaluatedItems(try compile(items, context.child("unevaluatedItems")))))
                node.readsAnnotations = true
            }
            if let properties = object["unevaluatedProperties"] {
                node.keywords.append(("unevaluatedProperties", .unevaluatedProperties(try compile(properties, context.child("unevaluatedProperties")))))
                node.readsAnnotations = true
            }
        }
    }

    private mutating func compileValidation(_ reader: inout KeywordReader, into node: SchemaNode) throws(JSONSchemaError) {
        let object = reader.object
        let dialect = reader.context.dialect
        if let value = object["type"] {
            node.keywords.append(("type", .type(try reader.types(value), integerNeedsPlainLiteral: dialect == .draft4)))
        }
        if let value = object["enum"] {
            guard case .array(let values) = value else { throw reader.invalid("enum", "must be an array") }
            let strings = values.elements.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
            node.keywords.append(("enum", .enumeration(values.elements, strings: strings.count == values.count ? KeyTable(strings) : nil)))
        }
        if dialect.isAtLeast(.draft6), let value = object["const"] {
            node.keywords.append(("const", .constant(value)))
        }
        if let divisor = try reader.number("multipleOf") {
            guard !divisor.isNegativeOrZero else { throw reader.invalid("multipleOf", "must be greater than 0") }
            node.keywords.append(("multipleOf", .multipleOf(divisor)))
        }
        if dialect == .draft4 {
            let exclusiveMaximum = try reader.boolean("exclusiveMaximum") ?? false
            let exclusiveMinimum = try reader.boolean("exclusiveMinimum") ?? false
            if let limit = try reader.number("maximum") { node.keywords.append(("maximum", .maximum(limit, limit.exactly(Int64.self), exclusive: exclusiveMaximum))) }
            if let limit = try reader.number("minimum") { node.keywords.append(("minimum", .minimum(limit, limit.exactly(Int64.self), exclusive: exclusiveMinimum))) }
        } else {
            if let limit = try reader.number("maximum") { node.keywords.append(("maximum", .maximum(limit, limit.exactly(Int64.self), exclusive: false))) }
            if let limit = try reader.number("exclusiveMaximum") { node.keywords.append(("exclusiveMaximum", .maximum(limit, limit.exactly(Int64.self), exclusive: true))) }
            if let limit = try reader.number("minimum") { node.keywords.append(("minimum", .minimum(limit, limit.exactly(Int64.self), exclusive: false))) }
            if let limit = try reader.number("exclusiveMinimum") { node.keywords.append(("exclusiveMinimum", .minimum(limit, limit.exactly(Int64.self), exclusive: true))) }
        }
        if let limit = try reader.count("maxLength") { node.keywords.append(("maxLength", .maxLength(limit))) }
        if let limit = try reader.count("minLength") { node.keywords.append(("minLength", .minLength(limit))) }
        if case .string(let source)? = object["pattern"] {
            node.keywords.append(("pattern", .pattern(try reader.pattern(source, keyword: "pattern"))))
        } else if object["pattern"] != nil {
            throw reader.invalid("pattern", "must be a string")
        }
        if let limit = try reader.count("maxItems") { node.keywords.append(("maxItems", .maxItems(limit))) }
        if let limit = try reader.count("minItems") { node.keywords.append(("minItems", .minItems(limit))) }
        if try reader.boolean("uniqueItems") == true { node.keywords.append(("uniqueItems", .uniqueItems)) }
        if let limit = try reader.count("maxProperties") { node.keywords.append(("maxProperties", .maxProperties(limit))) }
        if let limit = try reader.count("minProperties") { node.keywords.append(("minProperties", .minProperties(limit))) }
        if let value = object["required"] {
            let names = try reader.strings(value, keyword: "required")
            if !names.isEmpty { node.keywords.append(("required", .required(KeyTable(Array(Set(names)).sorted())))) }
        }
        if dialect.isAtLeast(.draft2019_09), case .object(let dependencies)? = object["dependentRequired"] {
            var pairs: [(String, [String])] = []
            for (name, value) in dependencies { pairs.append((name, try reader.strings(value, keyword: "dependentRequired"))) }
            node.keywords.append(("dependentRequired", .dependentRequired(pairs)))
        }
    }

    private mutating func compileApplicators(_ reader: inout KeywordReader, into node: SchemaNode) throws(JSONSchemaError) {
        let object = reader.object
        let context = reader.context
        let dialect = context.dialect

        for name in ["allOf", "anyOf", "oneOf"] {
            guard let value = object[name] else { continue }
            guard case .array(let branches) = value, !branches.isEmpty else {
                throw reader.invalid(name, "must be a non-empty array of schemas")
            }
            var compiled: [SchemaNode] = []
            for (position, branch) in branches.enumerated() {
                compiled.append(try compile(branch, context.child(name, String(position))))
            }
            switch name {
            case "allOf": node.keywords.append((name, .allOf(compiled)))
            case "anyOf": node.keywords.append((name, .anyOf(compiled)))
            default: node.keywords.append((name, .oneOf(compiled)))
            }
        }
        if let value = object["not"] {
            node.keywords.append(("not", .not(try compile(value, context.child("not")))))
        }
        if dialect.isAtLeast(.draft7) {
            // `then` and `else` are compiled without an `if` too: a reference may name them.
            let then = try object["then"].map { (value) throws(JSONSchemaError) in try compile(value, context.child("then")) }
            let otherwise = try object["else"].map { (value) throws(JSONSchemaError) in try compile(value, context.child("else")) }
            if let condition = object["if"] {
                let test = try compile(condition, context.child("if"))
                node.keywords.append(("if", .conditional(if: test, then: then, else: otherwise)))
            }
        }

        // Arrays.
        if dialect.isAtLeast(.draft2020_12) {
            var prefixCount = 0
            if let value = object["prefixItems"] {
                guard case .array(let schemas) = value else { throw reader.invalid("prefixItems", "must be an array of schemas") }
                var compiled: [SchemaNode] = []
                for (position, schema) in schemas.enumerated() {
                    compiled.append(try compile(schema, context.child("prefixItems", String(position))))
                }
                prefixCount = compiled.count
                node.keywords.append(("prefixItems", .prefixItems(compiled)))
            }
            if let value = object["items"] {
                node.keywords.append(("items", .items(try compile(value, context.child("items")), start: prefixCount)))
            }
        } else if let value = object["items"] {
            if case .array(let schemas) = value {
                var compiled: [SchemaNode] = []
                for (position, schema) in schemas.enumerated() {
                    compiled.append(try compile(schema, context.child("items", String(position))))
                }
                node.keywords.append(("items", .prefixItems(compiled)))
                if let additional = object["additionalItems"] {
                    node.keywords.append(("additionalItems", .items(try compile(additional, context.child("additionalItems")), start: compiled.count)))
                }
            } else {
                node.keywords.append(("items", .items(try compile(value, context.child("items")), start: 0)))
            }
        }
        if dialect.isAtLeast(.draft6), let value = object["contains"] {
            let schema = try compile(value, context.child("contains"))
            var minimum = 1
            var maximum: Int?
            if dialect.isAtLeast(.draft2019_09) {
                minimum = try reader.count("minContains") ?? 1
                maximum = try reader.count("maxContains")
            }
            node.keywords.append(("contains", .contains(schema, minimum: minimum, maximum: maximum,
                                                         marksItems: dialect.isAtLeast(.draft2020_12))))
        }

        // Objects.
        var known: [String] = []
        var patterns: [SchemaPattern] = []
        if case .object(let properties)? = object["properties"] {
            var compiled: [SchemaNode] = []
            for (name, value) in properties where !known.contains(name) {
                compiled.append(try compile(properties[name] ?? value, context.child("properties", name)))
                known.append(name)
            }
            node.keywords.append(("properties", .properties(KeyTable(known), compiled)))
        } else if object["properties"] != nil {
            throw reader.invalid("properties", "must be an object of schemas")
        }
        if case .object(let properties)? = object["patternProperties"] {
            var compiled: [(SchemaPattern, SchemaNode)] = []
            for (source, value) in properties {
                let pattern = try reader.pattern(source, keyword: "patternProperties")
                compiled.append((pattern, try compile(value, context.child("patternProperties", source))))
                patterns.append(pattern)
            }
            node.keywords.append(("patternProperties", .patternProperties(compiled)))
        }
        if let value = object["additionalProperties"] {
            let schema = try compile(value, context.child("additionalProperties"))
            node.keywords.append(("additionalProperties", .additionalProperties(schema, known: KeyTable(known), patterns: patterns)))
        }
        if dialect.isAtLeast(.draft6), let value = object["propertyNames"] {
            node.keywords.append(("propertyNames", .propertyNames(try compile(value, context.child("propertyNames")))))
        }
        if case .object(let dependencies)? = object["dependencies"] {
            var required: [(String, [String])] = []
            var schemas: [(String, SchemaNode)] = []
            for (name, value) in dependencies {
                if case .array = value {
                    required.append((name, try reader.strings(value, keyword: "dependencies")))
                } else {
                    schemas.append((name, try compile(value, context.child("dependencies", name))))
                }
            }
            if !required.isEmpty { node.keywords.append(("dependencies", .dependentRequired(required))) }
            if !schemas.isEmpty { node.keywords.append(("dependencies", .dependentSchemas(schemas))) }
        }
        if dialect.isAtLeast(.draft2019_09), case .object(let dependencies)? = object["dependentSchemas"] {
            var schemas: [(String, SchemaNode)] = []
            for (name, value) in dependencies {
                schemas.append((name, try compile(value, context.child("dependentSchemas", name))))
            }
            node.keywords.append(("dependentSchemas", .dependentSchemas(schemas)))
        }
    }
}

/// Reads keyword values of one schema object, with errors that name the keyword and where it is.
struct KeywordReader {
    let object: JSONObject
    let context: SchemaCompiler.Context

    func invalid(_ keyword: String, _ problem: String) -> JSONSchemaError {
        JSONSchemaError(kind: .invalidKeyword, schemaLocation: context.child(keyword).location,
                        message: "\(keyword) \(problem)")
    }

    func number(_ keyword: String) throws(JSONSchemaError) -> JSONNumber? {
        guard let value = object[keyword] else { return nil }
        guard case .number(let number) = value else { throw invalid(keyword, "must be a number, not \(value.kind)") }
        return number
    }

    func boolean(_ keyword: String) throws(JSONSchemaError) -> Bool? {
        guard let value = object[keyword] else { return nil }
        guard case .bool(let flag) = value else { throw invalid(keyword, "must be true or false, not \(value.kind)") }
        return flag
    }

    /// A non-negative integer (`2.0` counts); a count past `Int.max` is read as `Int.max`.
    func count(_ keyword: String) throws(JSONSchemaError) -> Int? {
        guard let number = try number(keyword) else { return nil }
        guard number.isInteger, !number.decimal.isNegative || number.decimal.digits.isEmpty else {
            throw invalid(keyword, "must be a non-negative integer, not \(number)")
        }
        return number.exactly(Int.self) ?? Int.max
    }

    func strings(_ value: JSON, keyword: String) throws(JSONSchemaError) -> [String] {
        guard case .array(let elements) = value else { throw invalid(keyword, "must be an array of strings") }
        var names: [String] = []
        for element in elements {
            guard case .string(let name) = element else { throw invalid(keyword, "must be an array of strings") }
            names.append(name)
        }
        return names
    }

    func types(_ value: JSON) throws(JSONSchemaError) -> SchemaTypes {
        func one(_ name: JSON) throws(JSONSchemaError) -> SchemaTypes {
            guard case .string(let text) = name, let type = SchemaTypes.names.first(where: { $0.0 == text }) else {
                throw invalid("type", "names an unknown type: \(name)")
            }
            return type.1
        }
        if case .array(let names) = value {
            var types: SchemaTypes = []
            for name in names { types.formUnion(try one(name)) }
            return types
        }
        return try one(value)
    }

    func pattern(_ source: String, keyword: String) throws(JSONSchemaError) -> SchemaPattern {
        switch SchemaPattern.compile(source) {
        case .success(let pattern): return pattern
        case .failure(let error): throw invalid(keyword, "is not an ECMA-262 regular expression (\(error.message)): \(source)")
        }
    }
}

extension JSONNumber {
    var isNegativeOrZero: Bool { decimal.isNegative || decimal.digits.isEmpty }
}
