@_spi(Tape) import Keel

/// Runs compiled schemas over a document, recording every failure with the instance's and the schema's
/// locations. One evaluator serves one `validate` call; the compiled schema it reads is shared and never
/// changes, so any number of threads can validate against one schema at once.
struct SchemaEvaluator {
    let options: JSONSchemaOptions
    /// Whether to look for every failure (`true`) or stop at the first.
    let collectsAll: Bool
    private(set) var failures: [JSONSchemaFailure] = []
    /// Above zero while evaluating a branch whose own failures are not reported (`anyOf`, `not`, `if`...).
    private var quiet = 0
    /// The steps from the instance's root to the value at hand; member keys are read only for a failure.
    private var instancePath: [PathStep] = []
    private var keywordPath: [PathName] = []
    /// The schema resources evaluation has entered, outermost first.
    private var scope: [SchemaResource] = []
    private var depth = 0
    /// Whether the keyword being evaluated is on `keywordPath` (leaf schemas leave it off until a failure).
    private var keywordPushed = true

    enum PathStep {
        /// The value of a member, by its tape position (its key is read from the document when needed).
        case member(Int)
        case index(Int)

        /// The step as a path component, reading a member's key from `document` (any view of the document).
        func component(in document: JSONView) -> JSONPath.Component {
            switch self {
            case .member(let position): return .key(document.view(atTapeIndex: position).keyOfMember ?? "")
            case .index(let position): return .index(position)
            }
        }
    }

    /// A step of the keyword path, kept without copying names: a keyword's name (a short string), a position,
    /// or a member name or pattern read from the compiled schema only when a failure is reported.
    enum PathName {
        case keyword(String)
        case position(Int)
        case member(Unmanaged<KeyTable>, Int)
        case pattern(Unmanaged<SchemaPattern>)

        var text: String {
            switch self {
            case .keyword(let name): return name
            case .position(let position): return String(position)
            case .member(let table, let position): return table.takeUnretainedValue().names[position]
            case .pattern(let pattern): return pattern.takeUnretainedValue().source
            }
        }
    }

    /// An evaluator starting `depth` levels deep (when the check hands it part of a document).
    init(options: JSONSchemaOptions, collectsAll: Bool, depth: Int = 0) {
        self.options = options
        self.collectsAll = collectsAll
        self.depth = depth
    }

    private var stopsAtFirstFailure: Bool { quiet > 0 || !collectsAll }

    // MARK: Schemas

    mutating func evaluate(_ node: SchemaNode, _ instance: JSONView, _ annotations: inout Annotations?) -> Bool {
        if let constant = node.constant {
            if !constant { return fail(node, "false", instance, "no value is allowed here (the schema is false)") }
            return true
        }
        if node.isLeaf {
            // Assertions only: no recursion, scope or annotations; a failure adds the keyword to the path.
            keywordPushed = false
            defer { keywordPushed = true }
            var valid = true
            var none: Annotations?
            let program = node.program
            for position in program.indices
            where !evaluate(program[position], named: node.keywordNames[position], of: node, instance, &none) {
                valid = false
                if stopsAtFirstFailure { break }
            }
            return valid
        }
        depth += 1
        defer { depth -= 1 }
        let limit = options.maximumEvaluationDepth
        guard depth <= limit, StackGuard.hasRoom() else {
            return fail(node, "$ref", instance,
                        "the schema nests more than \(limit) levels deep here, or deeper than this thread's stack allows (a reference cycle that never reaches a smaller value?)")
        }
        let entersResource = scope.last !== node.resource
        if entersResource { scope.append(node.resource) }
        defer { if entersResource { scope.removeLast() } }

        var local: Annotations? = annotations != nil || node.readsAnnotations ? Annotations() : nil
        var valid = true
        let program = node.program
        for position in program.indices {
            let name = node.keywordNames[position]
            keywordPath.append(.keyword(name))
            let passed = evaluate(program[position], named: name, of: node, instance, &local)
            keywordPath.removeLast()
            if !passed {
                valid = false
                if stopsAtFirstFailure { break }
            }
        }
        if valid, let local, annotations != nil { annotations?.merge(local) }
        return valid
    }

    /// Evaluates `node` at a child of the instance (an element or a member).
    private mutating func evaluate(_ node: SchemaNode, at step: PathStep, _ instance: JSONView,
                                   _ annotations: inout Annotations?) -> Bool {
        instancePath.append(step)
        defer { instancePath.removeLast() }
        return evaluate(node, instance, &annotations)
    }

    /// Evaluates a branch whose failures are not the instance's (an `anyOf` alternative, a `not`, an `if`).
    private mutating func test(_ node: SchemaNode, _ instance: JSONView, _ annotations: inout Annotations?) -> Bool {
        quiet += 1
        defer { quiet -= 1 }
        return evaluate(node, instance, &annotations)
    }

    /// Evaluates a subschema and keeps its annotations when it passes.
    private mutating func apply(_ node: SchemaNode, _ instance: JSONView, into annotations: inout Annotations?,
                                quietly: Bool = false) -> Bool {
        var found: Annotations? = annotations != nil ? Annotations() : nil
        let passed = quietly ? test(node, instance, &found) : evaluate(node, instance, &found)
        if passed, let found { annotations?.merge(found) }
        return passed
    }

    /// Applies every schema (each under its step of the keyword path); all must pass.
    private mutating func applyEach(_ schemas: [(PathName, SchemaNode)], _ instance: JSONView,
                                    into annotations: inout Annotations?) -> Bool {
        var valid = true
        for (step, schema) in schemas {
            keywordPath.append(step)
            let passed = apply(schema, instance, into: &annotations)
            keywordPath.removeLast()
            if !passed {
                valid = false
                if stopsAtFirstFailure { return false }
            }
        }
        return valid
    }

    private mutating func fail(_ node: SchemaNode, _ keyword: String, _ instance: JSONView, _ message: @autoclosure () -> String) -> Bool {
        guard quiet == 0 else { return false }
        let pointer = (keywordPath.map(\.text) + (keywordPushed ? [] : [keyword])).map { JSONPointerSyntax.escape($0) }
        let keywordLocation = "#" + pointer.map { "/" + $0 }.joined()
        failures.append(JSONSchemaFailure(
            instancePath: JSONPath(instancePath.map { $0.component(in: instance) }), sourceLocation: instance.location,
            keywordLocation: keywordLocation, absoluteKeywordLocation: node.location + "/" + JSONPointerSyntax.escape(keyword),
            keyword: keyword, message: message()))
        return false
    }

    // MARK: Keywords

    mutating func evaluate(_ keyword: SchemaKeyword, named name: String, of node: SchemaNode,
                                   _ instance: JSONView, _ annotations: inout Annotations?) -> Bool {
        switch keyword {
        case .type(let types, let plainIntegers):
            guard !Self.matches(instance, types, plainIntegers: plainIntegers) else { return true }
            return fail(node, name, instance, "expected \(types.list), found \(Self.describe(instance))")

        case .enumeration(let values, let strings):
            if let strings {
                let found = instance.withStringBytes { bytes, _ in strings.index(of: bytes) != nil } ?? false
                if found { return true }
            } else if values.contains(JSON(instance)) {
                return true
            }
            let listed = values.prefix(5).map(\.description).joined(separator: ", ") + (values.count > 5 ? ", ..." : "")
            return fail(node, name, instance, "expected one of \(listed), found \(Self.describe(instance))")

        case .constant(let expected):
            guard JSON(instance) != expected else { return true }
            return fail(node, name, instance, "expected \(Self.abbreviate(expected.description)), found \(Self.describe(instance))")

        case .multipleOf(let divisor):
            guard let number = instance.numberValue else { return true }
            switch ExactMultiple.isMultiple(number.decimal, of: divisor.decimal) {
            case true?: return true
            case false?: return fail(node, name, instance, "expected a multiple of \(divisor), found \(number)")
            case nil: return fail(node, name, instance, "cannot decide exactly whether \(number) is a multiple of \(divisor): the numbers are too far apart")
            }

        case .maximum(let limit, let bound, let exclusive):
            if let bound, let value = instance.plainInt64 {
                if exclusive ? value < bound : value <= bound { return true }
            }
            guard let number = instance.numberValue else { return true }
            let passes = exclusive ? number.isLess(than: limit) : !limit.isLess(than: number)
            return passes || fail(node, name, instance, "expected a number \(exclusive ? "below" : "at most") \(limit), found \(number)")

        case .minimum(let limit, let bound, let exclusive):
            if let bound, let value = instance.plainInt64 {
                if exclusive ? value > bound : value >= bound { return true }
            }
            guard let number = instance.numberValue else { return true }
            let passes = exclusive ? limit.isLess(than: number) : !number.isLess(than: limit)
            return passes || fail(node, name, instance, "expected a number \(exclusive ? "above" : "at least") \(limit), found \(number)")

        case .maxLength(let limit):
            guard let length = Self.scalarCount(instance) else { return true }
            return length <= limit || fail(node, name, instance, "expected at most \(limit) characters, found \(length)")

        case .minLength(let limit):
            guard let length = Self.scalarCount(instance) else { return true }
            return length >= limit || fail(node, name, instance, "expected at least \(limit) characters, found \(length)")

        case .pattern(let pattern):
            guard let found = instance.withStringBytes({ bytes, _ in pattern.isFound(inUTF8: bytes) }) else { return true }
            return found
                || fail(node, name, instance, "expected a string matching \(pattern.source), found \(Self.describe(instance))")

        case .format(let format, let checker):
            guard let checker, let text = instance.stringValue else { return true }
            return checker.check(text) || fail(node, name, instance, "expected a string in the \(format) format, found \(Self.describe(instance))")

        case .content(let base64, let json):
            guard let text = instance.stringValue else { return true }
            var bytes = Array(text.utf8)
            if base64 {
                guard let decoded = Base64.decode(text) else {
                    return fail(node, "contentEncoding", instance, "expected base64 text, found \(Self.describe(instance))")
                }
                bytes = decoded
            }
            if json, (try? JSONDocument(parsing: bytes)) == nil {
                return fail(node, "contentMediaType", instance, "expected a JSON document as the content, found \(Self.describe(instance))")
            }
            return true

        case .maxItems(let limit):
            guard instance.kind == .array else { return true }
            return instance.count <= limit || fail(node, name, instance, "expected at most \(limit) items, found \(instance.count)")

        case .minItems(let limit):
            guard instance.kind == .array else { return true }
            return instance.count >= limit || fail(node, name, instance, "expected at least \(limit) items, found \(instance.count)")

        case .uniqueItems:
            guard instance.kind == .array else { return true }
            switch instance.withTapeWindow({ RepeatedItems.find(in: $0, array: $1) }) ?? .undecided {
            case .allDifferent: return true
            case .repeated(let first, let second):
                return fail(node, name, instance, "expected unique items, found item \(second) equal to item \(first)")
            case .undecided: break
            }
            var seen: [JSON: Int] = [:]
            for (position, element) in instance.elements.enumerated() {
                if let first = seen.updateValue(position, forKey: JSON(element)) {
                    return fail(node, name, instance, "expected unique items, found item \(position) equal to item \(first)")
                }
            }
            return true

        case .prefixItems(let schemas):
            guard instance.kind == .array else { return true }
            var valid = true
            var ignored: Annotations?
            instance.forEachElement { position, element in
                guard position < schemas.count, valid || !stopsAtFirstFailure else { return }
                if !evaluate(schemas[position], at: .index(position), element, &ignored) { valid = false }
            }
            if var found = annotations {
                found.itemPrefix = max(found.itemPrefix, min(schemas.count, instance.count))
                annotations = found
            }
            return valid

        case .items(let schema, let start):
            guard instance.kind == .array else { return true }
            var valid = true
            var ignored: Annotations?
            instance.forEachElement { position, element in
                guard position >= start, valid || !stopsAtFirstFailure else { return }
                if !evaluate(schema, at: .index(position), element, &ignored) { valid = false }
            }
            if instance.count > start { annotations?.allItems = true }
            return valid

        case .contains(let schema, let minimum, let maximum, let marksItems):
            guard instance.kind == .array else { return true }
            var matches = 0
            var ignored: Annotations?
            let counts = marksItems && annotations != nil
            instance.forEachElement { position, element in
                // Without annotations to collect, counting can stop once the verdict is known.
                guard counts || matches < max(minimum, (maximum ?? Int.max - 1) + 1) else { return }
                instancePath.append(.index(position))
                let matched = test(schema, element, &ignored)
                instancePath.removeLast()
                if matched {
                    matches += 1
                    if counts { annotations?.items.insert(position) }
                }
            }
            if matches < minimum {
                return fail(node, name, instance, minimum == 1
                    ? "expected an item matching contains, found none"
                    : "expected at least \(minimum) items matching contains, found \(matches)")
            }
            if let maximum, matches > maximum {
                return fail(node, "maxContains", instance, "expected at most \(maximum) items matching contains, found \(matches)")
            }
            return true

        case .properties(let names, let schemas):
            guard instance.kind == .object else { return true }
            var valid = true
            var ignored: Annotations?
            instance.forEachMemberKey { key, value in
                guard valid || !stopsAtFirstFailure, let position = names.index(of: key) else { return }
                keywordPath.append(.member(Unmanaged.passUnretained(names), position))
                if !evaluate(schemas[position], at: .member(value.tapeIndex), value, &ignored) { valid = false }
                keywordPath.removeLast()
                if annotations != nil { annotations?.properties.insert(names.names[position]) }
            }
            return valid

        case .patternProperties(let schemas):
            guard instance.kind == .object else { return true }
            var valid = true
            var ignored: Annotations?
            instance.forEachMemberKey { key, value in
                for (pattern, schema) in schemas where (valid || !stopsAtFirstFailure) && pattern.isFound(inUTF8: key) {
                    keywordPath.append(.pattern(Unmanaged.passUnretained(pattern)))
                    if !evaluate(schema, at: .member(value.tapeIndex), value, &ignored) { valid = false }
                    keywordPath.removeLast()
                    if annotations != nil { annotations?.properties.insert(String(decoding: key, as: UTF8.self)) }
                }
            }
            return valid

        case .additionalProperties(let schema, let known, let patterns):
            guard instance.kind == .object else { return true }
            var valid = true
            var ignored: Annotations?
            instance.forEachMemberKey { key, value in
                guard valid || !stopsAtFirstFailure, known.index(of: key) == nil,
                      !patterns.contains(where: { $0.isFound(inUTF8: key) }) else { return }
                if schema.constant == false {
                    valid = fail(node, name, instance, "expected no property beyond those the schema lists, found \(JSON.string(String(decoding: key, as: UTF8.self)))") && valid
                } else if !evaluate(schema, at: .member(value.tapeIndex), value, &ignored) {
                    valid = false
                }
                if annotations != nil { annotations?.properties.insert(String(decoding: key, as: UTF8.self)) }
            }
            return valid

        case .propertyNames(let schema):
            guard instance.kind == .object else { return true }
            var valid = true
            var ignored: Annotations?
            if let check = StringCheck(schema) {
                instance.forEachMemberKey { key, _ in
                    guard valid || !stopsAtFirstFailure, !check.accepts(key) else { return }
                    valid = fail(node, "propertyNames", instance, "the property name \(JSON.string(String(decoding: key, as: UTF8.self))) does not match propertyNames") && valid
                }
                return valid
            }
            for (key, _) in instance.members where valid || !stopsAtFirstFailure {
                // A schema beyond string checks runs on the name as a one-string document.
                guard let name = try? JSONDocument(parsing: JSON.string(key).description) else { continue }
                if !test(schema, name.root, &ignored) {
                    valid = fail(node, "propertyNames", instance, "the property name \(JSON.string(key)) does not match propertyNames") && valid
                }
            }
            return valid

        case .maxProperties(let limit):
            guard instance.kind == .object else { return true }
            return instance.count <= limit || fail(node, name, instance, "expected at most \(limit) properties, found \(instance.count)")

        case .minProperties(let limit):
            guard instance.kind == .object else { return true }
            return instance.count >= limit || fail(node, name, instance, "expected at least \(limit) properties, found \(instance.count)")

        case .required(let names):
            guard instance.kind == .object else { return true }
            var present = [Bool](repeating: false, count: names.count)
            var found = 0
            instance.forEachMemberKey { key, _ in
                guard found < names.count, let position = names.index(of: key), !present[position] else { return }
                present[position] = true
                found += 1
            }
            guard found < names.count else { return true }
            let missing = names.names.indices.filter { !present[$0] }.map { names.names[$0] }
            return fail(node, name, instance, missing.count == 1
                ? "missing the required property \(JSON.string(missing[0]))"
                : "missing the required properties \(missing.map { JSON.string($0).description }.joined(separator: ", "))")

        case .dependentRequired(let dependencies):
            guard instance.kind == .object else { return true }
            var valid = true
            for (trigger, names) in dependencies where instance.member(trigger) != nil {
                let missing = names.filter { instance.member($0) == nil }
                if !missing.isEmpty {
                    valid = fail(node, name, instance, "\(JSON.string(trigger)) is present, so \(missing.map { JSON.string($0).description }.joined(separator: ", ")) must be too") && valid
                    if stopsAtFirstFailure { return false }
                }
            }
            return valid

        case .dependentSchemas(let dependencies):
            guard instance.kind == .object else { return true }
            let present = dependencies.filter { instance.member($0.0) != nil }
            return applyEach(present.map { (PathName.keyword($0.0), $0.1) }, instance, into: &annotations)

        case .allOf(let schemas):
            return applyEach(schemas.enumerated().map { (PathName.position($0.offset), $0.element) }, instance, into: &annotations)

        case .anyOf(let schemas):
            var matched = false
            for (position, schema) in schemas.enumerated() {
                keywordPath.append(.position(position))
                let passed = apply(schema, instance, into: &annotations, quietly: true)
                keywordPath.removeLast()
                matched = matched || passed
                if matched, annotations == nil { break }
            }
            return matched || fail(node, name, instance, "expected a value matching at least one of the \(schemas.count) schemas in anyOf, found \(Self.describe(instance))")

        case .oneOf(let schemas):
            var matching: [Int] = []
            var found: Annotations? = annotations != nil ? Annotations() : nil
            for (position, schema) in schemas.enumerated() {
                keywordPath.append(.position(position))
                if apply(schema, instance, into: &found, quietly: true) { matching.append(position) }
                keywordPath.removeLast()
                if matching.count > 1 { break }
            }
            if matching.count == 1 {
                if let found { annotations?.merge(found) }
                return true
            }
            return fail(node, name, instance, matching.isEmpty
                ? "expected a value matching exactly one of the \(schemas.count) schemas in oneOf, found \(Self.describe(instance)), which matches none"
                : "expected a value matching exactly one of the schemas in oneOf, found one matching schemas \(matching[0]) and \(matching[1])")

        case .not(let schema):
            var ignored: Annotations?
            let matched = test(schema, instance, &ignored)
            return !matched || fail(node, name, instance, "expected a value not matching the schema in not, found \(Self.describe(instance))")

        case .conditional(let condition, let then, let otherwise):
            var found: Annotations? = annotations != nil ? Annotations() : nil
            if test(condition, instance, &found) {
                if let found { annotations?.merge(found) }
                guard let then else { return true }
                keywordPath[keywordPath.count - 1] = .keyword("then")
                return apply(then, instance, into: &annotations)
            }
            guard let otherwise else { return true }
            keywordPath[keywordPath.count - 1] = .keyword("else")
            return apply(otherwise, instance, into: &annotations)

        case .ref(let reference):
            guard let target = reference.target else { return true }
            return apply(target, instance, into: &annotations)

        case .dynamicRef(let reference, let anchor):
            guard var target = reference.target else { return true }
            // Only a target that carries the same `$dynamicAnchor` opens the dynamic scope.
            if let anchor, target.resource.dynamicAnchors[anchor] === target {
                if let outermost = scope.lazy.compactMap({ $0.dynamicAnchors[anchor] }).first { target = outermost }
            }
            return apply(target, instance, into: &annotations)

        case .recursiveRef(let reference):
            guard var target = reference.target else { return true }
            if target.resource.hasRecursiveAnchor, target === target.resource.root,
               let outermost = scope.first(where: { $0.hasRecursiveAnchor })?.root {
                target = outermost
            }
            return apply(target, instance, into: &annotations)

        case .unevaluatedItems(let schema):
            guard instance.kind == .array else { return true }
            var valid = true
            var ignored: Annotations?
            let seen = annotations ?? Annotations()
            instance.forEachElement { position, element in
                guard !seen.isEvaluated(item: position), valid || !stopsAtFirstFailure else { return }
                if !evaluate(schema, at: .index(position), element, &ignored) { valid = false }
            }
            annotations?.allItems = true
            return valid

        case .unevaluatedProperties(let schema):
            guard instance.kind == .object else { return true }
            var valid = true
            var ignored: Annotations?
            let seen = annotations?.properties ?? []
            for (key, value) in instance.members where !seen.contains(key) {
                if schema.constant == false {
                    valid = fail(node, name, instance, "expected no property beyond those evaluated by the schema, found \(JSON.string(key))") && valid
                } else if !evaluate(schema, at: .member(value.tapeIndex), value, &ignored) {
                    valid = false
                }
                annotations?.properties.insert(key)
                if !valid, stopsAtFirstFailure { return false }
            }
            return valid
        }
    }

    // MARK: Helpers

    static func matches(_ instance: JSONView, _ types: SchemaTypes, plainIntegers: Bool) -> Bool {
        switch instance.kind {
        case .null: return types.contains(.null)
        case .bool: return types.contains(.boolean)
        case .string: return types.contains(.string)
        case .array: return types.contains(.array)
        case .object: return types.contains(.object)
        case .number:
            if types.contains(.number) { return true }
            guard types.contains(.integer) else { return false }
            if instance.isPlainIntegerLiteral { return true }
            guard let number = instance.numberValue, number.isInteger else { return false }
            return !plainIntegers || !instance.sourceText.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        }
    }

    /// The instance for a message: its kind and a short excerpt (`the string "abc"`, `an object`).
    static func describe(_ instance: JSONView) -> String {
        switch instance.kind {
        case .array, .object: return "\(instance.kind)"
        case .null: return "null"
        default: return "\(instance.kind) \(abbreviate(String(instance.sourceText)))"
        }
    }

    /// A string's length in Unicode scalars (what `maxLength` counts), without making a `String`.
    static func scalarCount(_ instance: JSONView) -> Int? {
        instance.withStringBytes { bytes, isASCII in isASCII ? bytes.count : scalarCount(bytes) }
    }

    /// The number of Unicode scalars in well-formed UTF-8: the bytes that do not continue a scalar.
    static func scalarCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    static func abbreviate(_ text: String) -> String {
        text.unicodeScalars.count <= 60 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(57))) + "..."
    }
}
