import Keel

/// Flattens a graph of compiled schemas into a ``CheckProgram``'s tables. Each schema becomes one node,
/// reached by index (so reference cycles need no second pass); schemas are built one at a time from a work
/// list, never by recursion.
struct CheckProgramBuilder {
    var nodes: [CheckNode] = []
    var operations: [CheckOperation] = []
    var children: [Int32] = []
    var memberChecks: [MemberCheck] = []
    var memberSlots: [MemberSlot] = []
    var patternChecks: [PatternCheck] = []
    var evaluatorKeywords: [(keyword: SchemaKeyword, name: String, node: SchemaNode)] = []
    var evaluatorNodes: [SchemaNode] = []
    var kept: [AnyObject] = []
    /// The member checks' first guesses: each name followed by the next one the schema lists.
    var initialGuesses: [Int32] = []
    private var indices: [ObjectIdentifier: Int32] = [:]
    private var pending: [(SchemaNode, Int32)] = []

    /// Builds the program for `root` (node 0); `false` when the schemas use a dynamic reference.
    mutating func build(from root: SchemaNode) -> Bool {
        _ = index(of: root)
        while let (schema, position) = pending.popLast() {
            guard let node = makeNode(schema) else { return false }
            nodes[Int(position)] = node
        }
        followReferences()
        for position in memberSlots.indices where memberSlots[position].property >= 0 {
            let node = nodes[Int(memberSlots[position].property)]
            memberSlots[position].propertyKinds = node.kinds
            memberSlots[position].propertyChecksKindOnly = node.checksKindOnly
        }
        return true
    }

    /// A schema that is only a reference (`{"$ref": ...}`, the commonest schema there is) takes its
    /// target's keywords, so the check goes straight to them; it keeps the evaluation depth the
    /// reference would have added.
    private mutating func followReferences() {
        func target(of node: CheckNode) -> Int32? {
            guard node.delegate < 0, node.kinds == 0x7F, !node.integersPass,
                  node.bounds.0 == node.bounds.4, node.bounds.5 == node.bounds.4 + 1,
                  case .apply(let target) = operations[Int(node.bounds.4)] else { return nil }
            return target
        }
        for position in nodes.indices {
            var node = nodes[position]
            var depthCost: Int32 = 0
            var seen: Set<Int32> = [Int32(position)]
            while let next = target(of: node), seen.insert(next).inserted, nodes[Int(next)].delegate < 0 {
                depthCost += node.depthCost
                node = nodes[Int(next)]
            }
            guard depthCost > 0 else { continue }
            node.depthCost += depthCost
            node.checksKindOnly = false
            nodes[position] = node
        }
    }

    /// The node index of `schema`, queued to be built the first time it is seen.
    private mutating func index(of schema: SchemaNode) -> Int32 {
        if let known = indices[ObjectIdentifier(schema)] { return known }
        let position = Int32(nodes.count)
        nodes.append(CheckNode())
        indices[ObjectIdentifier(schema)] = position
        pending.append((schema, position))
        return position
    }

    private mutating func range(of schemas: [SchemaNode]) -> CheckRange {
        let indices = schemas.map { index(of: $0) }
        let start = Int32(children.count)
        children += indices
        return CheckRange(start: start, end: Int32(children.count))
    }

    private mutating func evaluatorKeyword(_ keyword: SchemaKeyword, _ name: String, _ schema: SchemaNode) -> CheckOperation {
        evaluatorKeywords.append((keyword, name, schema))
        return .evaluator(Int32(evaluatorKeywords.count - 1))
    }

    /// The node for one schema, or `nil` for a dynamic reference.
    private mutating func makeNode(_ schema: SchemaNode) -> CheckNode? {
        var node = CheckNode()
        if let constant = schema.constant {
            node.kinds = constant ? 0x7F : 0
            node.checksKindOnly = true
            return node
        }
        var number: [CheckOperation] = []
        var string: [CheckOperation] = []
        var array: [CheckOperation] = []
        var object: [CheckOperation] = []
        var any: [CheckOperation] = []

        // The member keywords are gathered first, then checked in one pass.
        var properties: (names: KeyTable, schemas: [SchemaNode])?
        var patternProperties: [(SchemaPattern, SchemaNode)] = []
        var additional: (schema: SchemaNode, known: KeyTable, patterns: [SchemaPattern])?
        var required: KeyTable?

        for (position, keyword) in schema.program.enumerated() {
            let name = schema.keywordNames[position]
            switch keyword {
            case .dynamicRef, .recursiveRef:
                return nil
            case .type(let types, let plainIntegers):
                node.kinds = Self.kinds(types)
                node.integersPass = types.contains(.integer) && !types.contains(.number)
                node.plainIntegersOnly = plainIntegers
            case .enumeration(_, let strings?):
                kept.append(strings)
                any.append(.stringEnumeration(.passUnretained(strings)))
            case .enumeration, .constant:
                any.append(evaluatorKeyword(keyword, name, schema))
            case .multipleOf(let divisor):
                let otherwise = evaluatorKeyword(keyword, name, schema)
                guard case .evaluator(let fallback) = otherwise, let whole = divisor.exactly(Int64.self), whole > 0 else {
                    number.append(otherwise)
                    continue
                }
                number.append(.multipleOf(whole, otherwise: fallback))
            case .minimum(_, let bound, let exclusive):
                let otherwise = evaluatorKeyword(keyword, name, schema)
                guard case .evaluator(let fallback) = otherwise, let bound else { number.append(otherwise); continue }
                number.append(.minimum(bound, exclusive: exclusive, otherwise: fallback))
            case .maximum(_, let bound, let exclusive):
                let otherwise = evaluatorKeyword(keyword, name, schema)
                guard case .evaluator(let fallback) = otherwise, let bound else { number.append(otherwise); continue }
                number.append(.maximum(bound, exclusive: exclusive, otherwise: fallback))
            case .minLength(let limit):
                string.append(.minLength(limit))
            case .maxLength(let limit):
                string.append(.maxLength(limit))
            case .pattern(let pattern):
                kept.append(pattern)
                string.append(.pattern(.passUnretained(pattern)))
            case .format(_, nil):
                continue  // an annotation only
            case .format, .content:
                string.append(evaluatorKeyword(keyword, name, schema))
            case .minItems(let limit):
                array.append(.minItems(limit))
            case .maxItems(let limit):
                array.append(.maxItems(limit))
            case .uniqueItems:
                guard case .evaluator(let fallback) = evaluatorKeyword(keyword, name, schema) else { continue }
                array.append(.uniqueItems(otherwise: fallback))
            case .prefixItems(let schemas):
                array.append(.prefixItems(range(of: schemas)))
            case .items(let items, let start):
                array.append(.items(index(of: items), start: start))
            case .contains(let contained, let minimum, let maximum, _):
                array.append(.contains(index(of: contained), minimum: minimum, maximum: maximum ?? Int.max))
            case .properties(let names, let schemas):
                properties = (names, schemas)
            case .patternProperties(let schemas):
                patternProperties = schemas
            case .additionalProperties(let schema, let known, let patterns):
                additional = (schema, known, patterns)
            case .required(let names) where names.count <= 64:
                required = names
            case .propertyNames(let names):
                // Keys are strings on the tape: the schema runs on them as on any string.
                object.append(.propertyNames(index(of: names)))
            case .required, .dependentRequired, .dependentSchemas:
                object.append(evaluatorKeyword(keyword, name, schema))
            case .minProperties(let limit):
                object.append(.minProperties(limit))
            case .maxProperties(let limit):
                object.append(.maxProperties(limit))
            case .allOf(let schemas):
                any.append(.allOf(range(of: schemas)))
            case .anyOf(let schemas):
                any.append(.anyOf(range(of: schemas)))
            case .oneOf(let schemas):
                any.append(.oneOf(range(of: schemas)))
            case .not(let negated):
                any.append(.not(index(of: negated)))
            case .conditional(let condition, let then, let otherwise):
                any.append(.conditional(index(of: condition), then: then.map { index(of: $0) } ?? -1,
                                        else: otherwise.map { index(of: $0) } ?? -1))
            case .ref(let reference):
                // An unresolved reference passes, as in the evaluator (compiling has already refused one).
                if let target = reference.target { any.append(.apply(index(of: target))) }
            case .unevaluatedItems(let inner), .unevaluatedProperties(let inner):
                _ = index(of: inner)  // built for what it contains (a dynamic reference)
            }
        }
        object += memberOperations(schema, properties, patternProperties, additional, required)

        if schema.readsAnnotations {
            // The annotations `unevaluated...` reads are the evaluator's to collect: it runs the whole schema.
            node = CheckNode()
            node.delegate = Int32(evaluatorNodes.count)
            evaluatorNodes.append(schema)
            return node
        }
        node.depthCost = schema.isLeaf ? 0 : 1
        var bounds = [Int32(operations.count)]
        for list in [number, string, array, object, any] {
            operations += list
            bounds.append(Int32(operations.count))
        }
        node.bounds = (bounds[0], bounds[1], bounds[2], bounds[3], bounds[4], bounds[5])
        node.checksKindOnly = bounds[0] == bounds[5] && !node.integersPass && node.depthCost == 0
        return node
    }

    /// `properties`, `required` and, when they read the same names and patterns (as they do when written
    /// together), `patternProperties` and `additionalProperties`, as one pass; what cannot join goes to the
    /// evaluator.
    private mutating func memberOperations(
        _ schema: SchemaNode, _ properties: (names: KeyTable, schemas: [SchemaNode])?,
        _ patternProperties: [(SchemaPattern, SchemaNode)],
        _ additional: (schema: SchemaNode, known: KeyTable, patterns: [SchemaPattern])?, _ required: KeyTable?
    ) -> [CheckOperation] {
        var separate: [CheckOperation] = []
        let propertyNames = properties?.names.names ?? []
        var joinsPatterns = patternProperties.count <= 64
        if let additional {
            joinsPatterns = joinsPatterns && additional.known.names == propertyNames
                && additional.patterns.count == patternProperties.count
                && zip(additional.patterns, patternProperties).allSatisfy { $0 === $1.0 }
        }
        if !joinsPatterns {
            if !patternProperties.isEmpty {
                separate.append(evaluatorKeyword(.patternProperties(patternProperties), "patternProperties", schema))
            }
            if let additional {
                separate.append(evaluatorKeyword(.additionalProperties(additional.schema, known: additional.known, patterns: additional.patterns),
                                                 "additionalProperties", schema))
            }
        }
        let joinedPatterns = joinsPatterns ? patternProperties : []
        let joinedAdditional = joinsPatterns ? additional?.schema : nil
        guard properties != nil || required != nil || !joinedPatterns.isEmpty || joinedAdditional != nil else {
            return separate
        }

        var names = propertyNames
        for name in required?.names ?? [] where !names.contains(name) { names.append(name) }
        let table = KeyTable(names)
        kept.append(table)
        let slotStart = Int32(memberSlots.count)
        var requiredBits: UInt64 = 0
        for name in names {
            let words = Array(name.utf8).withUnsafeBytes { NameWords($0) }
            var slot = MemberSlot(name: words, property: -1, propertyKinds: 0, propertyChecksKindOnly: false, requiredBit: 0)
            if let position = propertyNames.firstIndex(of: name), let properties {
                slot.property = index(of: properties.schemas[position])
            }
            if let position = required?.names.firstIndex(of: name) {
                slot.requiredBit = 1 << UInt64(position)
                requiredBits |= slot.requiredBit
            }
            memberSlots.append(slot)
        }
        let patternStart = Int32(patternChecks.count)
        for (pattern, target) in joinedPatterns {
            kept.append(pattern)
            patternChecks.append(PatternCheck(pattern: .passUnretained(pattern), node: index(of: target)))
        }
        memberChecks.append(MemberCheck(
            names: .passUnretained(table), slots: slotStart,
            patterns: CheckRange(start: patternStart, end: Int32(patternChecks.count)),
            additional: joinedAdditional.map { index(of: $0) } ?? -1, required: requiredBits,
            guesses: Int32(initialGuesses.count)))
        initialGuesses += (0..<MemberCheck.guessCount(names: names.count)).map { $0 < names.count ? Int32($0) : -1 }
        return [.members(Int32(memberChecks.count - 1))] + separate
    }

    /// The tape kinds a `type` keyword lets through outright.
    private static func kinds(_ types: SchemaTypes) -> UInt8 {
        var kinds: UInt8 = 0
        if types.contains(.null) { kinds |= 1 << 0 }
        if types.contains(.boolean) { kinds |= 1 << 1 | 1 << 2 }
        if types.contains(.number) { kinds |= 1 << 3 }
        if types.contains(.string) { kinds |= 1 << 4 }
        if types.contains(.array) { kinds |= 1 << 5 }
        if types.contains(.object) { kinds |= 1 << 6 }
        return kinds
    }
}
