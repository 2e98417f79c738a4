/// What a query runs over: a document's tape or a `JSON` tree. The evaluator is written once against this
/// and specialised for each.
protocol JSONPathTarget {
    associatedtype Node
    var root: Node { get }
    func kind(of node: Node) -> JSONKind
    /// The number of elements or members; zero for scalars.
    func count(of node: Node) -> Int
    /// Each element of an array, or each member's value of an object (repeated keys included), in order.
    func forEachChild(of node: Node, _ body: (Node) -> Void)
    /// The value of the last member with this name, if the node is an object.
    func member(_ name: MemberName, of node: Node) -> Node?
    /// The element at a position from 0, if the node is an array and has it.
    func element(at position: Int, of node: Node) -> Node?
    func string(of node: Node) -> String?
    func number(of node: Node) -> JSONNumber?
    func bool(of node: Node) -> Bool?
    func tree(of node: Node) -> JSON
    /// The node, then every node below it, each before its descendants, children in order.
    func forEachDescendant(of node: Node, _ visit: (Node) -> Void)
    /// What `..name` selects below `node` (the node included), in order: `forEachDescendant` and `member`,
    /// or a faster walk that gives the same.
    func forEachMember(named name: MemberName, inDescendantsOf node: Node, _ found: (Node) -> Void)
}

extension JSONPathTarget {
    func forEachMember(named name: MemberName, inDescendantsOf node: Node, _ found: (Node) -> Void) {
        forEachDescendant(of: node) { visited in
            if let value = member(name, of: visited) { found(value) }
        }
    }

    /// With an explicit stack of pending nodes, so any depth costs no call stack.
    func forEachDescendant(of node: Node, _ visit: (Node) -> Void) {
        var pending = [node]
        var children: [Node] = []
        while let next = pending.popLast() {
            visit(next)
            children.removeAll(keepingCapacity: true)
            forEachChild(of: next) { children.append($0) }
            pending.append(contentsOf: children.reversed())
        }
    }
}

/// Runs a checked query (RFC 9535, section 2) over a target. Descent is iterative, so any depth of document is
/// fine; filters recurse only as deeply as the query nests, which its parser limits.
struct JSONPathEvaluator<Target: JSONPathTarget> {
    let target: Target
    typealias Node = Target.Node

    /// The nodes `query` selects, starting from the root (`$`) or from `current` (`@`).
    func select(_ query: QuerySyntax, current: Node) -> [Node] {
        var nodes = [query.isRelative ? current : target.root]
        for segment in query.segments {
            var output: [Node] = []
            for node in nodes {
                if segment.isDescendant, segment.selectors.count == 1, case .name(let name) = segment.selectors[0] {
                    // The commonest descent, `..name`, without a selector per node visited.
                    target.forEachMember(named: name, inDescendantsOf: node) { output.append($0) }
                } else if segment.isDescendant {
                    target.forEachDescendant(of: node) { visited in
                        for selector in segment.selectors { apply(selector, to: visited, into: &output) }
                    }
                } else {
                    for selector in segment.selectors { apply(selector, to: node, into: &output) }
                }
            }
            nodes = output
            if nodes.isEmpty { break }
        }
        return nodes
    }

    /// The one node a singular query selects, or `nil` (RFC 9535's `Nothing`).
    func selectOne(_ query: QuerySyntax, current: Node) -> Node? {
        var node = query.isRelative ? current : target.root
        for segment in query.segments {
            switch segment.selectors[0] {
            case .name(let name):
                guard let found = target.member(name, of: node) else { return nil }
                node = found
            case .index(let index):
                guard let found = element(index, of: node) else { return nil }
                node = found
            default:
                return nil
            }
        }
        return node
    }

    func element(_ index: Int, of node: Node) -> Node? {
        guard target.kind(of: node) == .array else { return nil }
        let count = target.count(of: node)
        let position = index < 0 ? count + index : index
        guard position >= 0, position < count else { return nil }
        return target.element(at: position, of: node)
    }

    func apply(_ selector: SelectorSyntax, to node: Node, into output: inout [Node]) {
        switch selector {
        case .name(let name):
            if let found = target.member(name, of: node) { output.append(found) }
        case .wildcard:
            target.forEachChild(of: node) { output.append($0) }
        case .index(let index):
            if let found = element(index, of: node) { output.append(found) }
        case .slice(let start, let end, let step):
            guard target.kind(of: node) == .array else { return }
            for position in Self.slicePositions(count: target.count(of: node), start: start, end: end, step: step) {
                if let found = target.element(at: position, of: node) { output.append(found) }
            }
        case .filter(let expression):
            target.forEachChild(of: node) { child in
                if test(expression, current: child) { output.append(child) }
            }
        }
    }

    /// The positions a slice selects in an array of `count` elements (RFC 9535, section 2.3.4.2.2).
    static func slicePositions(count: Int, start: Int?, end: Int?, step: Int?) -> StrideTo<Int> {
        let step = step ?? 1
        if step == 0 { return stride(from: 0, to: 0, by: 1) }
        func normalized(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalized(start ?? 0), 0), count)
            let upper = min(max(normalized(end ?? count), 0), count)
            return stride(from: lower, to: upper, by: step)
        }
        let upper = min(max(normalized(start ?? count - 1), -1), count - 1)
        let lower = min(max(end.map(normalized) ?? -1, -1), count - 1)
        return stride(from: upper, to: lower, by: step)
    }

    // MARK: Filters

    func test(_ expression: LogicalSyntax, current: Node) -> Bool {
        switch expression {
        case .or(let terms): return terms.contains { test($0, current: current) }
        case .and(let terms): return terms.allSatisfy { test($0, current: current) }
        case .not(let inner): return !test(inner, current: current)
        case .exists(let query):
            return query.isSingular ? selectOne(query, current: current) != nil : !select(query, current: current).isEmpty
        case .comparison(let left, let comparison, let right):
            return compare(value(left, current: current), comparison, value(right, current: current))
        case .function(let call):
            return logical(call, current: current)
        }
    }

    /// A value in a comparison or a function's argument.
    enum Value {
        case nothing
        case node(Node)
        case literal(LiteralValue)
    }

    func value(_ comparable: ComparableSyntax, current: Node) -> Value {
        switch comparable {
        case .literal(let literal): return .literal(literal)
        case .query(let query): return selectOne(query, current: current).map(Value.node) ?? .nothing
        case .function(let call): return value(of: call, current: current)
        }
    }

    func argumentValue(_ argument: ArgumentSyntax, current: Node) -> Value {
        switch argument {
        case .literal(let literal): return .literal(literal)
        case .query(let query): return selectOne(query, current: current).map(Value.node) ?? .nothing
        case .function(let call): return value(of: call, current: current)
        case .logical: return .nothing  // the parser gives value parameters no logical arguments
        }
    }

    func nodes(_ argument: ArgumentSyntax, current: Node) -> [Node] {
        if case .query(let query) = argument { return select(query, current: current) }
        return []
    }

    /// `length`, `count` and `value`.
    func value(of call: FunctionCallSyntax, current: Node) -> Value {
        switch call.name {
        case .length:
            let count: Int?
            switch argumentValue(call.arguments[0], current: current) {
            case .literal(.string(let text)): count = text.unicodeScalars.count
            case .node(let node):
                switch target.kind(of: node) {
                case .string: count = target.string(of: node)?.unicodeScalars.count
                case .array, .object: count = target.count(of: node)
                default: count = nil
                }
            default: count = nil
            }
            return count.map { .literal(.number(JSONNumber($0))) } ?? .nothing
        case .count:
            return .literal(.number(JSONNumber(nodes(call.arguments[0], current: current).count)))
        case .value:
            let found = nodes(call.arguments[0], current: current)
            return found.count == 1 ? .node(found[0]) : .nothing
        case .match, .search:
            return .nothing
        }
    }

    /// `match` and `search`: false unless both arguments are strings and the pattern is an I-Regexp.
    func logical(_ call: FunctionCallSyntax, current: Node) -> Bool {
        guard call.name == .match || call.name == .search,
              let text = string(argumentValue(call.arguments[0], current: current)) else { return false }
        let pattern: IRegexp?
        if call.patternIsLiteral {
            pattern = call.compiledPattern
        } else {
            pattern = string(argumentValue(call.arguments[1], current: current)).flatMap(IRegexp.init)
        }
        guard let pattern else { return false }
        return call.name == .match ? pattern.matches(text) : pattern.isFound(in: text)
    }

    func string(_ value: Value) -> String? {
        switch value {
        case .literal(.string(let text)): return text
        case .node(let node): return target.string(of: node)
        default: return nil
        }
    }

    // MARK: Comparison

    /// A value reduced to what comparisons look at.
    enum Comparand {
        case nothing, null, bool(Bool), number(JSONNumber), string(String), container(Node)
    }

    func comparand(_ value: Value) -> Comparand {
        switch value {
        case .nothing: return .nothing
        case .literal(.null): return .null
        case .literal(.bool(let bool)): return .bool(bool)
        case .literal(.number(let number)): return .number(number)
        case .literal(.string(let text)): return .string(text)
        case .node(let node):
            switch target.kind(of: node) {
            case .null: return .null
            case .bool: return .bool(target.bool(of: node) ?? false)
            case .number: return target.number(of: node).map(Comparand.number) ?? .nothing
            case .string: return .string(target.string(of: node) ?? "")
            case .array, .object: return .container(node)
            }
        }
    }

    func compare(_ left: Value, _ comparison: ComparisonOperator, _ right: Value) -> Bool {
        let a = comparand(left), b = comparand(right)
        switch comparison {
        case .equal: return equal(a, b)
        case .notEqual: return !equal(a, b)
        case .less: return less(a, b)
        case .lessOrEqual: return less(a, b) || equal(a, b)
        case .greater: return less(b, a)
        case .greaterOrEqual: return less(b, a) || equal(a, b)
        }
    }

    func equal(_ a: Comparand, _ b: Comparand) -> Bool {
        switch (a, b) {
        case (.nothing, .nothing), (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        // Strings are equal when their Unicode scalars are, not by Swift's canonical equivalence.
        case let (.string(x), .string(y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case let (.container(x), .container(y)):
            guard target.kind(of: x) == target.kind(of: y) else { return false }
            return target.tree(of: x) == target.tree(of: y)
        default: return false
        }
    }

    func less(_ a: Comparand, _ b: Comparand) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x.isLess(than: y)
        case let (.string(x), .string(y)): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
        default: return false
        }
    }
}
