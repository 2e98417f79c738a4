import Keel

/// Reads the model types a JSON Schema describes: objects with their `properties` and `required`, string
/// `enum`s, `oneOf`/`anyOf` of objects told apart by a `const` tag, nullable types, dictionaries
/// (`additionalProperties`), arrays, dates (`format: date-time` and `date`) and local `$ref`s, named after
/// their `$defs` (or `definitions`) entries.
///
/// What a model cannot hold is never dropped quietly: a schema it cannot type becomes `JSON`, and each
/// keyword the decoder does not check (`minimum`, `pattern`, `additionalProperties: false`, ...) becomes a
/// note that the source writes as a comment beside the member or type.
struct SchemaModelReader {
    /// Local references followed through other references before the chain counts as a loop.
    static let longestReferenceChain = 64
    /// Schemas nested deeper than this are typed `JSON`.
    static let deepestNesting = 128

    let document: JSONView
    private var declarations: [String: ModelDeclaration] = [:]
    private var order: [String] = []
    private var typeNames = UniqueNames()
    /// The type each `$ref` target has been given, or is being given.
    private var referenced: [String: ModelType] = [:]

    init(document: JSONView) {
        self.document = document
    }

    /// The model set of the document's root schema, whose type is named `rootName` when it declares one.
    static func models(of document: JSONView, rootName: String) -> ModelSet {
        var reader = SchemaModelReader(document: document)
        let name = SwiftNames.typeName(for: rootName, singular: false)
        var notes: [String] = []
        let (root, _) = reader.type(of: document, name: name, pointer: "#", isMember: false, notes: &notes, depth: 0)
        var declarations = reader.order.compactMap { reader.declarations[$0] }
        if case .named(let declared) = root, let position = declarations.firstIndex(where: { $0.name == declared }) {
            declarations[position].notes = notes + declarations[position].notes
        }
        CycleBreaking.breakCycles(in: &declarations)
        let rootName = if case .named(let declared) = root { declared } else { name }
        return ModelSet(root: root, rootName: rootName, declarations: declarations, samples: 0)
    }

    // MARK: Types

    /// The type `schema` describes, and whether it allows `null`; what it cannot express goes to `notes`.
    /// `pointer` locates the schema when it may be referenced (`#/$defs/User`), so that a `$ref` to it
    /// shares its type.
    private mutating func type(
        of schema: JSONView, name: String, pointer: String?, isMember: Bool, notes callerNotes: inout [String], depth: Int
    ) -> (type: ModelType, nullable: Bool) {
        // This schema's own notes: a declaration made for it takes them (and leaves none); otherwise they are
        // the caller's, with the member or element this schema types.
        var notes: [String] = []
        defer { callerNotes += notes }
        guard depth < Self.deepestNesting else {
            notes.append("Nested too deeply to type.")
            return (.json, true)
        }
        switch schema.kind {
        case .bool:
            if schema.boolValue == false { notes.append("The schema accepts no value.") }
            return (.json, true)
        case .object: break
        default:
            notes.append("Not a schema: \(schema.sourceText.prefix(40)).")
            return (.json, true)
        }
        if let reference = schema.member("$ref")?.stringValue {
            return resolve(reference, notes: &notes, depth: depth)
        }
        if let declared = pointer.flatMap({ referenced[$0] }) { return (declared, false) }
        noteUnchecked(in: schema, notes: &notes)

        // `null` among the types or the alternatives makes the rest nullable.
        var nullable = false
        var types = Self.types(of: schema)
        if types.contains("null") {
            nullable = true
            types.removeAll { $0 == "null" }
        }
        if let values = schema.member("enum")?.elements {
            return (enumeration(values, name: name, schema: schema, pointer: pointer, notes: &notes), nullable || values.contains { $0.kind == .null })
        }
        if let constant = schema.member("const") {
            notes.append("Always \(constant.sourceText.prefix(60)).")
            return (Self.scalarType(of: constant), constant.kind == .null)
        }
        for keyword in ["oneOf", "anyOf"] {
            guard var alternatives = schema.member(keyword)?.elements else { continue }
            if alternatives.contains(where: Self.isNullSchema) {
                nullable = true
                alternatives.removeAll(where: Self.isNullSchema)
            }
            if alternatives.count == 1 {
                let single = type(of: alternatives[0], name: name, pointer: nil, isMember: isMember, notes: &notes, depth: depth + 1)
                return (single.type, nullable || single.nullable)
            }
            if let union = union(of: alternatives, name: name, pointer: pointer, notes: &notes, depth: depth) {
                return (union, nullable)
            }
            notes.append("One of \(alternatives.count) schemas (`\(keyword)`), typed JSON.")
            return (.json, nullable)
        }
        if let parts = schema.member("allOf")?.elements, !parts.isEmpty {
            if parts.count == 1, schema.member("properties") == nil {
                let single = type(of: parts[0], name: name, pointer: pointer, isMember: isMember, notes: &notes, depth: depth + 1)
                return (single.type, nullable || single.nullable)
            }
            if let merged = mergedObjects(parts + [schema], depth: depth) {
                return (structure(merged, name: name, schema: schema, pointer: pointer, notes: &notes, depth: depth), nullable)
            }
            notes.append("All of \(parts.count) schemas (`allOf`) that are not all objects, typed JSON.")
            return (.json, nullable)
        }
        if types.count > 1 {
            notes.append("One of the types \(types.joined(separator: ", ")), typed JSON.")
            return (.json, nullable)
        }
        let describesMembers = schema.member("properties") != nil || schema.member("additionalProperties") != nil
        switch types.first {
        case "object"?:
            return (object(schema, name: name, pointer: pointer, notes: &notes, depth: depth), nullable)
        case nil where describesMembers:
            return (object(schema, name: name, pointer: pointer, notes: &notes, depth: depth), nullable)
        case "array"?:
            return (array(schema, name: name, notes: &notes, depth: depth), nullable)
        case "string"?:
            switch schema.member("format")?.stringValue {
            case "date-time"? where isMember: return (.date(.rfc3339), nullable)
            case "date"? where isMember: return (.date(.pattern("yyyy-MM-dd")), nullable)
            default: return (.string, nullable)
            }
        case "integer"?: return (.integer, nullable)
        case "number"?: return (.double, nullable)
        case "boolean"?: return (.bool, nullable)
        default: return (.json, true)
        }
    }

    /// The names in `type`, as written (one or an array).
    private static func types(of schema: JSONView) -> [String] {
        guard let type = schema.member("type") else { return [] }
        if let single = type.stringValue { return [single] }
        return type.elements.compactMap(\.stringValue)
    }

    private static func isNullSchema(_ schema: JSONView) -> Bool {
        types(of: schema) == ["null"] || schema.member("const")?.kind == .null
    }

    private static func scalarType(of value: JSONView) -> ModelType {
        switch value.kind {
        case .bool: return .bool
        case .number: return ModelType.number(value)
        case .string: return .string
        default: return .json
        }
    }

    // MARK: References

    /// The type of the schema a local `$ref` (`#`, `#/$defs/Name`) points to, shared by every reference to it.
    private mutating func resolve(_ reference: String, notes: inout [String], depth: Int) -> (type: ModelType, nullable: Bool) {
        if let known = referenced[reference] { return (known, false) }
        guard reference.hasPrefix("#"), let target = Self.target(of: reference, in: document) else {
            notes.append("Refers to \(reference), which is not in this document: typed JSON.")
            return (.json, true)
        }
        if let nested = target.member("$ref")?.stringValue {
            guard depth < Self.longestReferenceChain else {
                notes.append("References that lead back to themselves.")
                return (.json, true)
            }
            return resolve(nested, notes: &notes, depth: depth + 1)
        }
        let base = target.member("title")?.stringValue
            ?? reference.split(separator: "/").last.map { Self.unescape(String($0)) }
            ?? "Root"
        let name = reference == "#" ? (order.first ?? SwiftNames.typeName(for: base, singular: false)) : SwiftNames.typeName(for: base, singular: false)
        return type(of: target, name: name, pointer: reference, isMember: false, notes: &notes, depth: depth + 1)
    }

    /// The schema a JSON Pointer fragment names in `document`.
    private static func target(of reference: String, in document: JSONView) -> JSONView? {
        var current = document
        let pointer = reference.dropFirst()
        guard !pointer.isEmpty else { return document }
        guard pointer.hasPrefix("/") else { return nil }
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let step = unescape(String(token))
            if current.kind == .array, let index = Int(step) {
                guard let element = current.element(at: index) else { return nil }
                current = element
            } else {
                guard let member = current.member(step) else { return nil }
                current = member
            }
        }
        return current
    }

    /// A pointer token with `~1` and `~0` undone, and percent escapes decoded.
    private static func unescape(_ token: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(token.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        text = text.split(separator: "~1", omittingEmptySubsequences: false).joined(separator: "/")
        return text.split(separator: "~0", omittingEmptySubsequences: false).joined(separator: "~")
    }

    // MARK: Declarations

    /// Claims a name for a declaration and records it where `pointer` can find it, before the declaration's
    /// members are read, so that a schema that refers to itself names its own type.
    private mutating func declare(_ name: String, pointer: String?) -> String {
        let claimed = typeNames.unique(name)
        order.append(claimed)
        if let pointer { referenced[pointer] = .named(claimed) }
        return claimed
    }

    private mutating func object(_ schema: JSONView, name: String, pointer: String?, notes: inout [String], depth: Int) -> ModelType {
        let properties = schema.member("properties")?.members ?? []
        if properties.isEmpty {
            if schema.member("patternProperties") != nil { notes.append("Members matched by patterns (`patternProperties`) are typed JSON.") }
            guard let values = schema.member("additionalProperties"), values.kind == .object else { return .dictionary(.json) }
            var valueNotes: [String] = []
            let value = type(of: values, name: SwiftNames.typeName(for: name, singular: true), pointer: nil, isMember: false,
                             notes: &valueNotes, depth: depth + 1)
            notes += valueNotes
            return .dictionary(value.nullable && value.type != .json ? .optional(value.type) : value.type)
        }
        return structure(ObjectShape(schema: schema), name: name, schema: schema, pointer: pointer, notes: &notes, depth: depth)
    }

    /// A struct of `shape`'s members; its notes are the declaration's own.
    private mutating func structure(
        _ shape: ObjectShape, name: String, schema: JSONView, pointer: String?, notes: inout [String], depth: Int
    ) -> ModelType {
        let declared = declare(name, pointer: pointer)
        var names = UniqueNames()
        var members: [ModelMember] = []
        for (key, property) in shape.properties {
            var memberNotes: [String] = []
            let (type, nullable) = type(of: property, name: SwiftNames.typeName(for: key, singular: false), pointer: nil,
                                        isMember: true, notes: &memberNotes, depth: depth + 1)
            members.append(ModelMember(
                key: key, propertyName: names.unique(SwiftNames.propertyName(for: key)), type: type,
                isRequired: shape.required.contains(key), isNullable: nullable, occurrences: 0,
                documentation: property.member("description")?.stringValue, notes: memberNotes))
        }
        for key in shape.required where !shape.properties.contains(where: { $0.key == key }) {
            notes.append("Requires a member \"\(key)\" the schema does not describe.")
        }
        declarations[declared] = ModelDeclaration(
            name: declared, kind: .structure(members), occurrences: 0,
            documentation: schema.member("description")?.stringValue, notes: notes)
        notes = []
        return .named(declared)
    }

    private mutating func array(_ schema: JSONView, name: String, notes: inout [String], depth: Int) -> ModelType {
        let items = schema.member("items")
        if schema.member("prefixItems") != nil || items?.kind == .array {
            notes.append("Elements with a schema for each place (`prefixItems`) are typed JSON.")
            return .array(.json)
        }
        guard let items else { return .array(.json) }
        let element = type(of: items, name: SwiftNames.typeName(for: name, singular: true), pointer: nil, isMember: false,
                           notes: &notes, depth: depth + 1)
        return .array(element.nullable && element.type != .json ? .optional(element.type) : element.type)
    }

    private mutating func enumeration(_ values: [JSONView], name: String, schema: JSONView, pointer: String?, notes: inout [String]) -> ModelType {
        let strings = values.filter { $0.kind != .null }
        guard !strings.isEmpty, strings.allSatisfy({ $0.kind == .string }) else {
            notes.append("One of \(values.map { String($0.sourceText.prefix(20)) }.joined(separator: ", ")).")
            return strings.isEmpty ? .json : Self.commonScalar(strings)
        }
        let declared = declare(name, pointer: pointer)
        var names = UniqueNames()
        var cases: [ModelEnumCase] = []
        var seen: Set<String> = []
        for value in strings.compactMap(\.stringValue) where seen.insert(value).inserted {
            cases.append(ModelEnumCase(value: value, caseName: names.unique(SwiftNames.caseName(for: value))))
        }
        declarations[declared] = ModelDeclaration(name: declared, kind: .enumeration(cases), occurrences: 0,
                                                  documentation: schema.member("description")?.stringValue, notes: notes)
        notes = []
        return .named(declared)
    }

    private static func commonScalar(_ values: [JSONView]) -> ModelType {
        let types = Set(values.map(scalarType))
        if types == [.integer] { return .integer }
        if types.isSubset(of: [.integer, .double]) { return .double }
        return types.count == 1 ? types.first ?? .json : .json
    }

    // MARK: Unions

    /// An enum for alternatives that are all objects with one member whose schema is a `const` (or a one-value
    /// `enum`) string, different in each: the tag. `nil` when they are not.
    private mutating func union(of alternatives: [JSONView], name: String, pointer: String?, notes: inout [String], depth: Int) -> ModelType? {
        let shapes = alternatives.compactMap { mergedObjects([$0], depth: depth) }
        guard shapes.count == alternatives.count, let first = shapes.first else { return nil }
        let tagKey = first.properties.map(\.key).first { key in
            let tags = shapes.map { $0.tag(key) }
            return tags.allSatisfy { $0 != nil } && Set(tags.compactMap { $0 }).count == tags.count
        }
        guard let tagKey else { return nil }
        let declared = declare(name, pointer: pointer)
        var caseNames = UniqueNames()
        var variants: [ModelVariant] = []
        for (alternative, shape) in zip(alternatives, shapes) {
            guard let tag = shape.tag(tagKey) else { continue }
            var payload = shape
            payload.properties.removeAll { $0.key == tagKey }
            payload.required.removeAll { $0 == tagKey }
            var payloadNotes: [String] = []
            let resolved = Self.resolved(alternative, in: document)
            guard case .named(let payloadName) = structure(
                payload, name: SwiftNames.typeName(for: tag, singular: false), schema: resolved, pointer: nil,
                notes: &payloadNotes, depth: depth + 1)
            else { continue }
            variants.append(ModelVariant(tag: tag, caseName: caseNames.unique(SwiftNames.caseName(for: tag)), payload: payloadName))
        }
        declarations[declared] = ModelDeclaration(name: declared, kind: .union(tagKey: tagKey, variants: variants), occurrences: 0, notes: notes)
        notes = []
        return .named(declared)
    }

    /// The schema itself, or the one its `$ref` chain ends at.
    private static func resolved(_ schema: JSONView, in document: JSONView) -> JSONView {
        var current = schema
        for _ in 0..<longestReferenceChain {
            guard let reference = current.member("$ref")?.stringValue, reference.hasPrefix("#"),
                  let target = target(of: reference, in: document)
            else { break }
            current = target
        }
        return current
    }

    /// The members of object schemas taken together (`allOf`, a `$ref` followed), or `nil` when one is not an object.
    private func mergedObjects(_ schemas: [JSONView], depth: Int) -> ObjectShape? {
        var merged = ObjectShape()
        var pending = schemas.map { ($0, 0) }
        var next = 0
        while next < pending.count {
            let (schema, level) = pending[next]
            next += 1
            let current = Self.resolved(schema, in: document)
            guard current.kind == .object, level < Self.longestReferenceChain else { return nil }
            let types = Self.types(of: current)
            guard types.isEmpty || types == ["object"] else { return nil }
            if let parts = current.member("allOf")?.elements { pending += parts.map { ($0, level + 1) } }
            let shape = ObjectShape(schema: current)
            if shape.properties.isEmpty, current.member("allOf") == nil, current.member("type") == nil, current.member("required") == nil {
                continue  // a schema of other keywords only (`description`, ...)
            }
            merged.add(shape)
        }
        return merged.properties.isEmpty ? nil : merged
    }

    // MARK: Notes

    /// Keywords that constrain values beyond what a model's types check, noted with their values.
    private static let uncheckedKeywords = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains",
        "minProperties", "maxProperties", "propertyNames", "dependentRequired", "dependentSchemas",
        "dependencies", "not", "if", "unevaluatedProperties", "unevaluatedItems",
    ]

    private func noteUnchecked(in schema: JSONView, notes: inout [String]) {
        var found: [String] = []
        for keyword in Self.uncheckedKeywords {
            guard let value = schema.member(keyword) else { continue }
            found.append("\(keyword) \(value.sourceText.prefix(60))")
        }
        if let format = schema.member("format")?.stringValue, !["date-time", "date"].contains(format) {
            found.append("format \(format)")
        }
        if schema.member("additionalProperties")?.boolValue == false {
            found.append("no other members (additionalProperties false)")
        }
        if !found.isEmpty { notes.append("Not checked when decoding: " + found.joined(separator: "; ") + ".") }
    }
}

/// An object schema's members and required names, gathered from one schema or several (`allOf`).
struct ObjectShape {
    var properties: [(key: String, value: JSONView)] = []
    var required: [String] = []

    init() {}

    init(schema: JSONView) {
        properties = schema.member("properties")?.members ?? []
        required = schema.member("required")?.elements.compactMap(\.stringValue) ?? []
    }

    /// Adds `other`'s members (a later schema's member of the same name replaces the earlier's schema).
    mutating func add(_ other: ObjectShape) {
        for (key, value) in other.properties {
            if let position = properties.firstIndex(where: { $0.key == key }) {
                properties[position].value = value
            } else {
                properties.append((key, value))
            }
        }
        for name in other.required where !required.contains(name) { required.append(name) }
    }

    /// The string the member `key` must be, when its schema says so with `const` or a one-value `enum`.
    func tag(_ key: String) -> String? {
        guard let schema = properties.first(where: { $0.key == key })?.value else { return nil }
        if let constant = schema.member("const")?.stringValue { return constant }
        if let values = schema.member("enum")?.elements, values.count == 1 { return values[0].stringValue }
        return nil
    }
}
