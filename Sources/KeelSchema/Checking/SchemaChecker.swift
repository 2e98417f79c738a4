@_spi(Tape) import Keel

/// Answers whether a document satisfies a ``CheckProgram``, walking the tape directly: the fast path of
/// validation (see ``CheckProgram`` for how the work is split with the evaluator).
///
/// Its answers agree with the evaluator's; where it cannot be sure (the evaluation depth or the thread's
/// stack runs out) it gives up and the evaluator answers instead.
struct SchemaChecker {
    private let program: CheckProgram
    private let nodes: UnsafeMutablePointer<CheckNode>
    private let operations: UnsafeMutablePointer<CheckOperation>
    private let children: UnsafeMutablePointer<Int32>
    /// Per member check, the name that followed each name in the last object it checked (``MemberCheck/guesses``).
    private let guesses: UnsafeMutablePointer<Int32>
    private let window: TapeWindow
    /// Any view of the document, to make views for the evaluator.
    private let document: JSONView
    private let options: JSONSchemaOptions
    private let depthLimit: Int
    /// The evaluation depth, counted as the evaluator counts it.
    private var depth = 0
    /// Set when the check stopped without knowing the answer.
    private(set) var gaveUp = false
    /// Where strings and keys with escapes are undone (grown as needed; freed when the check ends).
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Whether the value at `index` of `window`'s document satisfies the program's root schema; `nil` when
    /// the check cannot tell.
    static func check(_ program: CheckProgram, options: JSONSchemaOptions, _ instance: JSONView) -> Bool? {
        instance.withTapeWindow { window, index -> Bool? in
            // On the stack when small (as for a schema of a few dozen names).
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(program.initialGuesses.count, 1)) { guesses -> Bool? in
                _ = guesses.initialize(from: program.initialGuesses)
                guard let base = guesses.baseAddress else { return nil }
                var checker = SchemaChecker(program: program, guesses: base, window: window, document: instance, options: options)
                let valid = checker.checkChild(0, index)
                checker.scratch.deallocate()
                return checker.gaveUp ? nil : valid
            }
        } ?? nil
    }

    private init(program: CheckProgram, guesses: UnsafeMutablePointer<Int32>, window: TapeWindow, document: JSONView,
                 options: JSONSchemaOptions) {
        self.program = program
        self.nodes = program.nodes
        self.operations = program.operations
        self.children = program.children
        self.guesses = guesses
        self.window = window
        self.document = document
        self.options = options
        self.depthLimit = options.maximumEvaluationDepth
    }

    // MARK: Schemas

    /// Whether the value satisfies the schema; a schema that checks only the kind is answered here.
    @inline(__always)
    private mutating func checkChild(_ nodeIndex: Int32, _ value: Int) -> Bool {
        let node = nodes + Int(nodeIndex)
        if node.pointee.checksKindOnly { return node.pointee.kinds & (1 << window.kindCode(value)) != 0 }
        return check(node, value)
    }

    private mutating func check(_ node: UnsafeMutablePointer<CheckNode>, _ value: Int) -> Bool {
        if node.pointee.delegate >= 0 { return evaluate(program.evaluatorNodes[Int(node.pointee.delegate)], value) }
        let kind = window.kindCode(value)
        if node.pointee.kinds & (1 << kind) == 0 {
            guard kind == 3, node.pointee.integersPass, isInteger(value, plainOnly: node.pointee.plainIntegersOnly) else { return false }
        }
        let depthCost = Int(node.pointee.depthCost)
        if depthCost > 0 {
            depth += depthCost
            defer { depth -= depthCost }
            // The stack is asked past the first sixteen levels, every eighth or so: frames here are small, and
            // the guard keeps a reserve far larger than sixteen of them.
            guard depth <= depthLimit, depth < 16 || depth & 7 >= depthCost || StackGuard.hasRoom() else {
                gaveUp = true
                return false
            }
            return checkKeywords(node.pointee.bounds, kind, value)
        }
        return checkKeywords(node.pointee.bounds, kind, value)
    }

    @inline(__always)
    private mutating func checkKeywords(_ bounds: (Int32, Int32, Int32, Int32, Int32, Int32), _ kind: UInt8, _ value: Int) -> Bool {
        switch kind {
        case 3: guard run(bounds.0, bounds.1, value) else { return false }
        case 4: guard run(bounds.1, bounds.2, value) else { return false }
        case 5: guard run(bounds.2, bounds.3, value) else { return false }
        case 6: guard run(bounds.3, bounds.4, value) else { return false }
        default: break
        }
        return run(bounds.4, bounds.5, value)
    }

    @inline(__always)
    private mutating func run(_ start: Int32, _ end: Int32, _ value: Int) -> Bool {
        var position = Int(start)
        while position < Int(end) {
            guard run(operations[position], value) else { return false }
            position += 1
        }
        return true
    }

    /// Whether a number is an integer as `type` counts one.
    private func isInteger(_ value: Int, plainOnly: Bool) -> Bool {
        if window.isPlainInteger(value) { return true }
        return SchemaEvaluator.matches(document.view(atTapeIndex: value), .integer, plainIntegers: plainOnly)
    }

    // MARK: Keywords

    private mutating func run(_ operation: CheckOperation, _ value: Int) -> Bool {
        switch operation {
        case .evaluator(let keyword):
            return evaluate(keyword: keyword, value)

        case .minimum(let bound, let exclusive, let otherwise):
            guard let number = window.smallInteger(value) else { return evaluate(keyword: otherwise, value) }
            return exclusive ? number > bound : number >= bound

        case .maximum(let bound, let exclusive, let otherwise):
            guard let number = window.smallInteger(value) else { return evaluate(keyword: otherwise, value) }
            return exclusive ? number < bound : number <= bound

        case .multipleOf(let divisor, let otherwise):
            guard let number = window.smallInteger(value) else { return evaluate(keyword: otherwise, value) }
            return number % divisor == 0

        case .minLength(let limit):
            if !window.hasEscapes(value) {
                let count = window.count(value)
                if count < limit { return false }  // a character takes at least one byte
                if window.isASCII(value) { return true }
            }
            return length(value) >= limit

        case .maxLength(let limit):
            // Escapes only shorten, and no character takes less than a byte.
            if window.count(value) <= limit { return true }
            return length(value) <= limit

        case .pattern(let pattern):
            return withString(value) { bytes in pattern._withUnsafeGuaranteedRef { $0.isFound(inUTF8: bytes) } }

        case .stringEnumeration(let table):
            guard window.kindCode(value) == 4 else { return false }
            return withString(value) { bytes in table._withUnsafeGuaranteedRef { $0.index(of: bytes) != nil } }

        case .minItems(let limit):
            return window.count(value) >= limit

        case .maxItems(let limit):
            return window.count(value) <= limit

        case .items(let schema, let start):
            var element = value + 1
            let count = window.count(value)
            var position = 0
            while position < count {
                if position >= start, !checkChild(schema, element) { return false }
                element = window.indexAfter(element)
                position += 1
            }
            return true

        case .prefixItems(let schemas):
            var element = value + 1
            let count = min(window.count(value), Int(schemas.end - schemas.start))
            var position = 0
            while position < count {
                if !checkChild(children[Int(schemas.start) + position], element) { return false }
                element = window.indexAfter(element)
                position += 1
            }
            return true

        case .contains(let schema, let minimum, let maximum):
            var element = value + 1
            var matches = 0
            let count = window.count(value)
            var position = 0
            // Counting stops once the answer is known, as in the evaluator.
            while position < count, matches < max(minimum, maximum == Int.max ? minimum : maximum + 1) {
                if checkChild(schema, element) { matches += 1 }
                element = window.indexAfter(element)
                position += 1
            }
            return matches >= minimum && matches <= maximum

        case .uniqueItems(let otherwise):
            switch RepeatedItems.find(in: window, array: value) {
            case .allDifferent: return true
            case .repeated: return false
            case .undecided: return evaluate(keyword: otherwise, value)
            }

        case .propertyNames(let schema):
            var key = value + 1
            let count = window.count(value)
            var position = 0
            while position < count {
                if !checkChild(schema, key) { return false }
                key = window.indexAfter(key + 1)
                position += 1
            }
            return true

        case .minProperties(let limit):
            return window.count(value) >= limit

        case .maxProperties(let limit):
            return window.count(value) <= limit

        case .members(let check):
            return checkMembers(program.memberChecks[Int(check)], value)

        case .apply(let schema):
            return checkChild(schema, value)

        case .allOf(let schemas):
            var position = Int(schemas.start)
            while position < Int(schemas.end) {
                if !checkChild(children[position], value) { return false }
                position += 1
            }
            return true

        case .anyOf(let schemas):
            var position = Int(schemas.start)
            while position < Int(schemas.end) {
                if checkChild(children[position], value) { return true }
                position += 1
            }
            return false

        case .oneOf(let schemas):
            var matching = 0
            var position = Int(schemas.start)
            while position < Int(schemas.end) {
                if checkChild(children[position], value) {
                    matching += 1
                    if matching > 1 { return false }
                }
                position += 1
            }
            return matching == 1

        case .not(let schema):
            return !checkChild(schema, value)

        case .conditional(let condition, let then, let otherwise):
            let branch = checkChild(condition, value) ? then : otherwise
            return branch < 0 || checkChild(branch, value)
        }
    }

    /// The members of an object against `properties`, `patternProperties`, `additionalProperties` and
    /// `required`, in one pass.
    private mutating func checkMembers(_ members: MemberCheck, _ object: Int) -> Bool {
        let slots = program.memberSlots
        let patterns = program.patternChecks
        var found: UInt64 = 0
        // The guess entry for the member at hand: the first, or the one after the last known member's name.
        var previous = 0
        var key = object + 1
        let count = window.count(object)
        var position = 0
        while position < count {
            let value = key + 1
            // The key's slot and the patterns it matches, read before any recursion reuses the scratch.
            let bytes = text(of: key)
            let words = NameWords(bytes)
            let guess = guesses + Int(members.guesses) + previous
            var slot = Int(guess.pointee)
            if slot < 0 || slots[Int(members.slots) + slot].name != words
                || !(words.isWhole || members.names._withUnsafeGuaranteedRef { $0.isName(at: slot, bytes) }) {
                slot = members.names._withUnsafeGuaranteedRef { $0.index(of: bytes) } ?? -1
                if slot >= 0 { guess.pointee = Int32(slot) }
            }
            // The patterns are matched before any recursion can reuse the key's scratch memory.
            var matched: UInt64 = 0
            var pattern = Int(members.patterns.start)
            while pattern < Int(members.patterns.end) {
                if patterns[pattern].pattern._withUnsafeGuaranteedRef({ $0.isFound(inUTF8: bytes) }) {
                    matched |= 1 << UInt64(pattern - Int(members.patterns.start))
                }
                pattern += 1
            }
            var isProperty = false
            if slot >= 0 {
                let entry = slots + Int(members.slots) + slot
                found |= entry.pointee.requiredBit
                let property = entry.pointee.property
                if property >= 0 {
                    isProperty = true
                    if entry.pointee.propertyChecksKindOnly {
                        if entry.pointee.propertyKinds & (1 << window.kindCode(value)) == 0 { return false }
                    } else if !check(nodes + Int(property), value) {
                        return false
                    }
                }
            }
            var remaining = matched
            while remaining != 0 {
                let pattern = Int(members.patterns.start) + remaining.trailingZeroBitCount
                if !checkChild(patterns[pattern].node, value) { return false }
                remaining &= remaining - 1
            }
            if members.additional >= 0, !isProperty, matched == 0, !checkChild(members.additional, value) { return false }
            // A name the schema does not list leaves the guess where it was: the next known name is
            // likely the one after the last known one.
            if slot >= 0 { previous = slot + 1 }
            key = window.indexAfter(value)
            position += 1
        }
        return found == members.required
    }

    // MARK: Strings

    /// Calls `body` with a string's (or key's) UTF-8 text, its escapes undone.
    @inline(__always)
    private mutating func withString<Result>(_ value: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(text(of: value))
    }

    /// A string's (or key's) UTF-8 text: its bytes in the document, or with its escapes undone in the
    /// scratch memory, valid until the next string is undone.
    @inline(__always)
    private mutating func text(of value: Int) -> UnsafeRawBufferPointer {
        window.hasEscapes(value) ? unescaped(value) : window.rawStringBytes(value)
    }

    private mutating func unescaped(_ value: Int) -> UnsafeRawBufferPointer {
        let needed = window.count(value)
        if scratch.count < needed {
            scratch.deallocate()
            scratch = .allocate(byteCount: max(needed, 64), alignment: 8)
        }
        let count = window.unescape(value, into: scratch)
        return UnsafeRawBufferPointer(rebasing: scratch[..<count])
    }

    /// A string's length in Unicode scalars.
    private mutating func length(_ value: Int) -> Int {
        withString(value) { SchemaEvaluator.scalarCount($0) }
    }

    // MARK: The evaluator

    private mutating func evaluate(keyword position: Int32, _ value: Int) -> Bool {
        let (keyword, name, node) = program.evaluatorKeywords[Int(position)]
        guard let view = view(value) else { return false }
        var evaluator = SchemaEvaluator(options: options, collectsAll: false, depth: depth)
        var none: Annotations?
        return evaluator.evaluate(keyword, named: name, of: node, view, &none)
    }

    private mutating func evaluate(_ node: SchemaNode, _ value: Int) -> Bool {
        guard let view = view(value) else { return false }
        var evaluator = SchemaEvaluator(options: options, collectsAll: false, depth: depth)
        var none: Annotations?
        return evaluator.evaluate(node, view, &none)
    }

    /// The value as a view for the evaluator. A member's key (checked against `propertyNames`) is not a value
    /// of the document, so it becomes a document of its own, as the evaluator does for `propertyNames`.
    private mutating func view(_ value: Int) -> JSONView? {
        guard window.isKey(value) else { return document.view(atTapeIndex: value) }
        let text = withString(value) { String(decoding: $0, as: UTF8.self) }
        guard let key = try? JSONDocument(parsing: JSON.string(text).description) else {
            gaveUp = true
            return nil
        }
        return key.root
    }
}
