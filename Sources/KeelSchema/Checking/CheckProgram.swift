import Keel

/// A compiled schema flattened into plain tables for the yes-or-no check (``SchemaChecker``): nodes, their
/// keywords sorted by the kind of value they apply to, and child lists, all as indices into buffers the
/// program owns. The check walks the document's tape with no view, no path and no reference counting per
/// value, which the evaluator (``SchemaEvaluator``) needs for its reports; a valid document never needs
/// a report, so validation asks the check first and runs the evaluator only when the check says no.
///
/// What the check does not run itself it hands to the evaluator, with the same depth: a keyword that needs
/// a `String` or a `JSON` value (`const`, `format`, `multipleOf`, `uniqueItems`...), a number outside
/// `Int64`, and whole schemas that read annotations (`unevaluatedProperties`, `unevaluatedItems`). A
/// schema that uses `$dynamicRef` or `$recursiveRef` anywhere, whose targets depend on the path taken to
/// them, gets no program: the evaluator runs alone.
final class CheckProgram: @unchecked Sendable {
    let nodes: UnsafeMutablePointer<CheckNode>
    let operations: UnsafeMutablePointer<CheckOperation>
    /// Child schemas of `allOf`, `anyOf`, `oneOf` and `prefixItems`, as node indices.
    let children: UnsafeMutablePointer<Int32>
    let memberChecks: UnsafeMutablePointer<MemberCheck>
    let memberCheckCount: Int
    /// The checker's memory of key orders as each validation starts (``MemberCheck/guesses``).
    let initialGuesses: [Int32]
    let memberSlots: UnsafeMutablePointer<MemberSlot>
    let patternChecks: UnsafeMutablePointer<PatternCheck>
    /// The keywords the evaluator runs for the check, with the schema each belongs to.
    let evaluatorKeywords: [(keyword: SchemaKeyword, name: String, node: SchemaNode)]
    /// The schemas the evaluator runs whole.
    let evaluatorNodes: [SchemaNode]
    /// The key tables and patterns the tables point to without counting references.
    private let kept: [AnyObject]

    /// The program for the schema graph rooted at `root` (node 0), or `nil` when a dynamic reference makes
    /// the evaluator the only way.
    init?(root: SchemaNode) {
        var builder = CheckProgramBuilder()
        guard builder.build(from: root) else { return nil }
        nodes = .allocate(copying: builder.nodes)
        operations = .allocate(copying: builder.operations)
        children = .allocate(copying: builder.children)
        memberChecks = .allocate(copying: builder.memberChecks)
        memberCheckCount = builder.memberChecks.count
        initialGuesses = builder.initialGuesses
        memberSlots = .allocate(copying: builder.memberSlots)
        patternChecks = .allocate(copying: builder.patternChecks)
        evaluatorKeywords = builder.evaluatorKeywords
        evaluatorNodes = builder.evaluatorNodes
        kept = builder.kept
    }

    deinit {
        nodes.deallocate()
        operations.deallocate()
        children.deallocate()
        memberChecks.deallocate()
        memberSlots.deallocate()
        patternChecks.deallocate()
    }
}

private extension UnsafeMutablePointer {
    /// New memory holding `elements` (at least one slot's worth).
    static func allocate(copying elements: [Pointee]) -> UnsafeMutablePointer<Pointee> {
        let memory = UnsafeMutablePointer<Pointee>.allocate(capacity: Swift.max(elements.count, 1))
        memory.initialize(from: elements, count: elements.count)
        return memory
    }
}

/// A run of entries in one of the program's buffers.
struct CheckRange {
    var start: Int32 = 0
    var end: Int32 = 0
}

/// One schema of the program.
struct CheckNode {
    /// Bit `k` set: values of tape kind `k` pass `type` (0 null, 1 false, 2 true, 3 number, 4 string,
    /// 5 array, 6 object).
    var kinds: UInt8 = 0x7F
    /// Whether the kind is all there is to check (`true`, `false`, `{"type": "string"}`): the caller
    /// answers inline, without a call.
    var checksKindOnly = false
    /// `type` lists `integer` without `number`: a number passes when it is an integer.
    var integersPass = false
    /// Draft-04: only an integer literal without a fraction or exponent is an integer.
    var plainIntegersOnly = false
    /// How many levels of evaluation depth the schema adds, as the evaluator counts them: one for a schema
    /// that applies another, none for one that only asserts, and one more for each reference followed to
    /// reach these keywords.
    var depthCost: Int32 = 0
    /// The schema the evaluator runs whole (``CheckProgram/evaluatorNodes``[`delegate`]), or -1.
    var delegate: Int32 = -1
    /// Where the keywords for each kind of value start in ``CheckProgram/operations``: numbers, strings,
    /// arrays, objects, then those for any value, and where those end. Each node's keywords are one run.
    var bounds: (Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0)
}

/// One keyword as the check runs it. Payloads are plain values (indices, numbers, unowned references), so
/// reading one costs no reference counting.
enum CheckOperation {
    /// Run by the evaluator on a view (``CheckProgram/evaluatorKeywords``[index]).
    case evaluator(Int32)
    /// `minimum`/`maximum` against an `Int64` bound; other numbers go to the evaluator's keyword.
    case minimum(Int64, exclusive: Bool, otherwise: Int32)
    /// `multipleOf` a positive `Int64`; other numbers go to the evaluator's keyword.
    case multipleOf(Int64, otherwise: Int32)
    case maximum(Int64, exclusive: Bool, otherwise: Int32)
    case minLength(Int)
    case maxLength(Int)
    case pattern(Unmanaged<SchemaPattern>)
    /// `enum` of strings only.
    case stringEnumeration(Unmanaged<KeyTable>)
    case minItems(Int)
    case maxItems(Int)
    /// The schema for every element from `start` on.
    case items(Int32, start: Int)
    /// The schemas for the first elements (a range of ``CheckProgram/children``).
    case prefixItems(CheckRange)
    case contains(Int32, minimum: Int, maximum: Int)
    /// `uniqueItems`: compared in place for short arrays of integers and strings, by the evaluator otherwise.
    case uniqueItems(otherwise: Int32)
    case minProperties(Int)
    case maxProperties(Int)
    /// The schema each key must satisfy, run on the key as on a string value.
    case propertyNames(Int32)
    /// `properties`, `patternProperties`, `additionalProperties` and `required` in one pass over the
    /// members (``CheckProgram/memberChecks``[index]).
    case members(Int32)
    case apply(Int32)
    case allOf(CheckRange)
    case anyOf(CheckRange)
    case oneOf(CheckRange)
    case not(Int32)
    /// `if`, with `then` and `else` (-1 when absent).
    case conditional(Int32, then: Int32, else: Int32)
}

/// The member names an object's keywords know, each with what to do when an object has it.
struct MemberCheck {
    /// Names of `properties` and `required` together.
    var names: Unmanaged<KeyTable>
    /// One slot per name, in the table's order (a range of ``CheckProgram/memberSlots``).
    var slots: Int32
    /// `patternProperties` (a range of ``CheckProgram/patternChecks``).
    var patterns: CheckRange
    /// The `additionalProperties` schema, or -1.
    var additional: Int32
    /// The bits of every required name (one bit per required name, up to 64).
    var required: UInt64
    /// Where this check's guesses start in the checker's memory of key orders: objects checked by one
    /// schema tend to list their members in the same order, so the name that followed each name last time
    /// is tried first. One entry for the first member and one per name for the member after it
    /// (``guessCount(names:)`` in all); each validation starts from the order the schema lists its names
    /// in (``CheckProgram/initialGuesses``), which is often the data's.
    var guesses: Int32

    static func guessCount(names: Int) -> Int { names + 1 }
}

struct MemberSlot {
    /// The name, to confirm a guess without reading the table.
    var name: NameWords
    /// The `properties` schema for the name, or -1 for a name that is only required.
    var property: Int32
    /// The property schema's ``CheckNode/kinds`` when it checks only the kind (answered without a call).
    var propertyKinds: UInt8
    var propertyChecksKindOnly: Bool
    /// The name's bit in ``MemberCheck/required``, or 0.
    var requiredBit: UInt64
}

struct PatternCheck {
    var pattern: Unmanaged<SchemaPattern>
    var node: Int32
}
