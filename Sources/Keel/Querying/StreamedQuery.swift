// A JSONPath query answered while its file is read, for the two shapes of query most asked of large files:
// named members down to one array, then each element taken or filtered, and anything after that asked of the
// element (`$.statuses[?@.retweet_count > 5].id`, `$.items[*].name`, `$[?@.level == "error"]`); and a name
// searched for everywhere (`$..screen_name`, `$..user.id`), where each element of the arrays at the top is
// searched on its own.
//
// The text is read into one buffer of a fixed size, reused. The members on the way to the array are followed
// by hand; every other value is validated without being recorded; each element of the array is parsed on its
// own into a small tape (always the same memory, so it stays in the cache), asked the rest of the query, and
// dropped. A whole-document parse would write a tape as large as the file into fresh memory and then hop
// through it, out of the cache, for the few members the query reads.
//
// Only valid text may give an answer, and its answer must be the one a parse of the whole document gives.
// So anything unusual (an error of any kind, options other than plain JSON, a byte order mark that is not
// skipped, a file larger than the limit) gives up with `.needsWholeDocument`, and the caller parses the
// whole text as usual, which reports the error at its place. Repeated keys on the way to the array follow
// the rule of every Keel lookup, the last one counts: each match discards what an earlier one found.

/// A compiled query of the shape ``StreamedQuery`` answers, run over a file descriptor's text. For `keel query`
/// and the benchmarks (hence the SPI): its nodes have no place in the file, so it is not a public API yet.
@_spi(Streaming) public struct StreamedQuery {
    /// The member names from `$` to the array (none when the array is the root).
    let names: [MemberName]
    /// The segment applied to the array: one wildcard or one filter; or, for a search, `..name`.
    let elementSegment: SegmentSyntax
    /// The rest of the query, relative to each element the segment selects.
    let rest: QuerySyntax
    /// Whether the query starts with `..name`: the root, and each array among the root's members, is walked
    /// by hand, and everything else searched as a document of its own.
    let searchesFromRoot: Bool

    /// What a run found out.
    public enum Outcome: Equatable {
        /// The text is valid JSON and every selected node was handed out.
        case answered
        /// The text could not be answered this way (invalid, unreadable, or unusual); parse it whole.
        case needsWholeDocument
    }

    /// A selected node: a view into a small document (the element it was found in, or the array's object
    /// itself), and the steps from the file's root to that document's root. The view's own line and column
    /// are not the file's.
    public struct Node {
        public let prefix: [JSONPath.Component]
        public let value: JSONView
        /// Whether the node goes before every node handed out so far: the root's own member of a searched
        /// name, which the RFC's order puts before what the root holds, though the text may have it last.
        public let comesFirst: Bool

        init(prefix: [JSONPath.Component], value: JSONView, comesFirst: Bool = false) {
            self.prefix = prefix
            self.value = value
            self.comesFirst = comesFirst
        }

        /// The steps from the file's root to the node.
        public var path: JSONPath { JSONPath(prefix + value.path.components) }
    }

    /// The plan for `query`, or `nil` when its shape is not one this answers: it must go through names to a
    /// wildcard or a filter, or start with `..name`; and no filter may look at `$`.
    public init?(_ query: JSONPathQuery) {
        let segments = query.syntax.segments
        if let first = segments.first, first.isDescendant, first.selectors.count == 1, case .name = first.selectors[0] {
            let rest = QuerySyntax(isRelative: true, segments: Array(segments.dropFirst()))
            guard !rest.readsRoot else { return nil }
            self.names = []
            self.elementSegment = first
            self.rest = rest
            self.searchesFromRoot = true
            return
        }
        var names: [MemberName] = []
        var position = 0
        while position < segments.count, !segments[position].isDescendant, segments[position].selectors.count == 1,
              case .name(let name) = segments[position].selectors[0] {
            names.append(name)
            position += 1
        }
        guard position < segments.count else { return nil }
        let segment = segments[position]
        guard !segment.isDescendant, segment.selectors.count == 1 else { return nil }
        switch segment.selectors[0] {
        case .wildcard: break
        case .filter(let expression): guard !expression.readsRoot else { return nil }
        default: return nil
        }
        let rest = QuerySyntax(isRelative: true, segments: Array(segments[(position + 1)...]))
        guard !rest.readsRoot else { return nil }
        self.names = names
        self.elementSegment = segment
        self.rest = rest
        self.searchesFromRoot = false
    }

    /// Reads `descriptor` to its end and hands each selected node to `found`, in the RFC's order. When a
    /// repeated key on the way to the array makes what was found void, `discardFound` is called and the
    /// nodes of the later member follow. Nothing handed out counts unless the outcome is `.answered`.
    public func run(
        fileDescriptor descriptor: Int32, options: JSONParsingOptions, bufferSize: Int = 1 << 18,
        found: (Node) -> Void, discardFound: () -> Void
    ) -> Outcome {
        run(options: options, bufferSize: bufferSize, reading: { buffer in
            switch SystemLibrary.read(descriptor, into: buffer) {
            case .success(let count): count
            case .failure: -1
            }
        }, found: found, discardFound: discardFound)
    }

    /// Runs over text handed out by `read`, which fills as much of a buffer as it likes and returns how many
    /// bytes it wrote: 0 at the end of the text, less than 0 when reading failed. For text that is not in a
    /// file, and for checks that cut the text anywhere.
    public func run(
        options: JSONParsingOptions, bufferSize: Int = 1 << 18, reading read: @escaping (UnsafeMutableRawBufferPointer) -> Int,
        found: (Node) -> Void, discardFound: () -> Void
    ) -> Outcome {
        guard options.syntax == .strict, options.textEncoding == .utf8, options.duplicateKeys == .keepAll,
              names.count + 1 <= options.maximumDepth else { return .needsWholeDocument }
        var run = Run(plan: self, read: read, options: options, bufferSize: max(bufferSize, 1))
        return run.walk(found: found, discardFound: discardFound) ? .answered : .needsWholeDocument
    }
}

extension StreamedQuery {
    /// Where the walk stands between steps. A step either completes and moves on, or finds that the
    /// buffer ends too soon; then the buffer is refilled and the same step starts again from where it began.
    private enum Step {
        /// A value on the way to the array: the root (0), or the member of the object at depth `depth - 1`
        /// whose key is `names[depth - 1]`.
        case chainValue(depth: Int)
        /// In the object at depth `depth` on the way: its first member or `}`.
        case firstMember(depth: Int)
        /// In the object at depth `depth` on the way, after a member: `,` or `}`.
        case nextMember(depth: Int)
        /// In the array: its first element or `]`.
        case firstElement
        /// In the array: the element `index`, after a `,`.
        case element(index: Int)
        /// After the root value: only whitespace.
        case end
        /// A search: the root value.
        case searchRoot
        /// A search, in the root object: its first member or `}` (`first`), or `,` or `}`; `own` is the
        /// root's own member of the searched name met so far.
        case searchMember(first: Bool, own: OwnMember?)
        /// A search, in an array that is the root (`key` nil) or the root's member `key`: its element `index`
        /// (the first, where `]` may close it, when `index` is 0).
        case searchElement(key: String?, index: Int, own: OwnMember?)
    }

    /// The root's own member of a searched name: its key as written and its value.
    private struct OwnMember {
        let key: String
        let document: JSONDocument
    }

    /// Why a step stopped short.
    private enum StepFailure: Error {
        /// The buffer ends before the step could: read more and try again.
        case needsMore
        /// The text is not what a valid document has here (or the file could not be read).
        case invalid
    }

    /// One pass over one file.
    private struct Run {
        let plan: StreamedQuery
        let read: (UnsafeMutableRawBufferPointer) -> Int
        let options: JSONParsingOptions
        /// The text read and not yet passed, from `buffer[0]`; `filled` bytes of it are valid.
        var buffer: [UInt8]
        var filled = 0
        /// Bytes read in all.
        var total = 0
        var atEnd = false

        init(plan: StreamedQuery, read: @escaping (UnsafeMutableRawBufferPointer) -> Int, options: JSONParsingOptions,
             bufferSize: Int) {
            self.plan = plan
            self.read = read
            self.options = options
            buffer = [UInt8](repeating: 0, count: bufferSize)
        }

        /// Walks the whole text; false when it gave up (see ``Outcome/needsWholeDocument``).
        mutating func walk(found: (Node) -> Void, discardFound: () -> Void) -> Bool {
            var position = 0
            var step = plan.searchesFromRoot ? Step.searchRoot : Step.chainValue(depth: 0)
            // Enough text to see a byte order mark, however small the buffer.
            repeat {
                guard refill(keepingFrom: 0) else { return false }
            } while filled < 3 && !atEnd
            if filled >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                guard options.byteOrderMark == .skip else { return false }
                position = 3
            }
            while true {
                do throws(StepFailure) {
                    let next = try buffer.withUnsafeBufferPointer { text throws(StepFailure) in
                        try take(step, at: position, in: UnsafeBufferPointer(rebasing: text[..<filled]),
                                 found: found, discardFound: discardFound)
                    }
                    guard let next else { return true }
                    (step, position) = next
                } catch .needsMore {
                    guard !atEnd, refill(keepingFrom: position) else { return false }
                    position = 0
                } catch {
                    return false
                }
            }
        }

        /// Moves `buffer[keepingFrom..<filled]` to the front and fills the rest, doubling the buffer when what
        /// is kept fills it: a value longer than the buffer is scanned again only as often as the buffer
        /// doubles. False at a read error, or past the size limit.
        mutating func refill(keepingFrom start: Int) -> Bool {
            let kept = filled - start
            if start > 0, kept > 0 {
                buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    base.copyMemory(from: base + start, byteCount: kept)
                }
            }
            filled = kept
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let limit = min(options.maximumDocumentSize, JSONParsingOptions.largestDocumentSize)
            while filled < buffer.count {
                let count = buffer.withUnsafeMutableBytes { bytes in
                    read(UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
                }
                guard count >= 0, count <= buffer.count - filled else { return false }
                if count == 0 {
                    atEnd = true
                    break
                }
                filled += count
                total += count
                if total > limit { return false }
            }
            return true
        }

        /// Takes one step from `position`: the next step and where it starts, or `nil` when the text is done.
        func take(
            _ step: Step, at position: Int, in text: UnsafeBufferPointer<UInt8>,
            found: (Node) -> Void, discardFound: () -> Void
        ) throws(StepFailure) -> (Step, Int)? {
            let names = plan.names
            switch step {
            case .searchRoot, .searchMember, .searchElement:
                return try search(step, at: position, in: text, found: found)
            case .chainValue(let depth):
                let start = try skipWhitespace(text, from: position)
                if depth < names.count {
                    guard text[start] == UInt8(ascii: "{") else {
                        return try (after(depth: depth), skipValue(text, at: start, openContainers: depth))
                    }
                    return (.firstMember(depth: depth), start + 1)
                }
                switch text[start] {
                case UInt8(ascii: "["):
                    return (.firstElement, start + 1)
                case UInt8(ascii: "{"):
                    // An object's members are taken or filtered in place: parse it whole, as one document.
                    let (document, end) = try parseValue(text, at: start, openContainers: depth)
                    let segments = [plan.elementSegment] + plan.rest.segments
                    let prefix = names.map { JSONPath.Component.key($0.text) }
                    for node in select(QuerySyntax(isRelative: true, segments: segments), in: document, filter: nil) {
                        found(Node(prefix: prefix, value: node))
                    }
                    return (after(depth: depth), end)
                default:
                    return try (after(depth: depth), skipValue(text, at: start, openContainers: depth))
                }
            case .firstMember(let depth), .nextMember(let depth):
                let isFirst = if case .firstMember = step { true } else { false }
                var next = position
                guard let (key, valueStart) = try member(text, at: &next, isFirst: isFirst, openContainers: depth + 1) else {
                    return (after(depth: depth), next)
                }
                if StringUnescaping.raw(key, equals: names[depth].utf8) {
                    // A later member of this name replaces what an earlier one found.
                    discardFound()
                    return (.chainValue(depth: depth + 1), valueStart)
                }
                return (.nextMember(depth: depth), try skipValue(text, at: valueStart, openContainers: depth + 1))
            case .firstElement, .element:
                var index = 0
                if case .element(let at) = step { index = at }
                var closed = position
                guard let (document, next, isLast) = try element(text, at: &closed, isFirst: index == 0,
                                                                 openContainers: names.count + 1) else {
                    return (after(depth: names.count), closed)
                }
                var filter: LogicalSyntax?
                if case .filter(let expression) = plan.elementSegment.selectors[0] { filter = expression }
                let selected = select(plan.rest, in: document, filter: filter)
                if !selected.isEmpty {
                    let prefix = names.map { JSONPath.Component.key($0.text) } + [.index(index)]
                    for node in selected { found(Node(prefix: prefix, value: node)) }
                }
                return (isLast ? after(depth: names.count) : .element(index: index + 1), next)
            case .end:
                var index = position
                while index < text.count, JSONWhitespace.contains(text[index]) { index += 1 }
                if index < text.count { throw .invalid }
                if atEnd { return nil }
                // Whitespace passed is dropped, so a long run of it needs no larger buffer.
                if index > position { return (.end, index) }
                throw .needsMore
            }
        }

        /// A step of a search (`..name`): the root and the arrays among its members are walked; each of their
        /// elements, and every other member, is searched as a document of its own. The root's own member of
        /// the name (the last, if repeated) is handed out when the root closes, to go first.
        func search(
            _ step: Step, at position: Int, in text: UnsafeBufferPointer<UInt8>, found: (Node) -> Void
        ) throws(StepFailure) -> (Step, Int)? {
            let query = QuerySyntax(isRelative: true, segments: [plan.elementSegment] + plan.rest.segments)
            switch step {
            case .searchRoot:
                let start = try skipWhitespace(text, from: position)
                switch text[start] {
                case UInt8(ascii: "{"): return (.searchMember(first: true, own: nil), start + 1)
                case UInt8(ascii: "["): return (.searchElement(key: nil, index: 0, own: nil), start + 1)
                default: return (.end, try skipValue(text, at: start, openContainers: 0))
                }
            case .searchMember(let first, let own):
                var closed = position
                guard let (raw, valueStart) = try member(text, at: &closed, isFirst: first, openContainers: 1) else {
                    if let own {
                        for node in select(plan.rest, in: own.document, filter: nil) {
                            found(Node(prefix: [.key(own.key)], value: node, comesFirst: true))
                        }
                    }
                    return (.end, closed)
                }
                let isSearchedName: Bool
                if case .name(let name) = plan.elementSegment.selectors[0] { isSearchedName = StringUnescaping.raw(raw, equals: name.utf8) } else { isSearchedName = false }
                if !isSearchedName, text[valueStart] == UInt8(ascii: "[") {
                    return (.searchElement(key: StringUnescaping.text(of: raw), index: 0, own: own), valueStart + 1)
                }
                let (document, end) = try parseValue(text, at: valueStart, openContainers: 1)
                let key = StringUnescaping.text(of: raw)
                let nodes = select(query, in: document, filter: nil)
                for node in nodes { found(Node(prefix: [.key(key)], value: node)) }
                // Of repeated keys the last is the root's own member.
                return (.searchMember(first: false, own: isSearchedName ? OwnMember(key: key, document: document) : own), end)
            case .searchElement(let key, let index, let own):
                let after: Step = key == nil ? .end : .searchMember(first: false, own: own)
                var closed = position
                guard let (document, next, isLast) = try element(text, at: &closed, isFirst: index == 0,
                                                                 openContainers: key == nil ? 1 : 2) else {
                    return (after, closed)
                }
                let selected = select(query, in: document, filter: nil)
                if !selected.isEmpty {
                    let prefix: [JSONPath.Component] = (key.map { [.key($0)] } ?? []) + [.index(index)]
                    for node in selected { found(Node(prefix: prefix, value: node)) }
                }
                return (isLast ? after : .searchElement(key: key, index: index + 1, own: own), next)
            default:
                return nil
            }
        }

        /// In an object, from `position`: the next member's raw key (between its quotes, escapes as written)
        /// and where its value starts, after the `,` unless it `isFirst`; `nil` when `}` closes the object
        /// (with `position` moved past it).
        private func member(
            _ text: UnsafeBufferPointer<UInt8>, at position: inout Int, isFirst: Bool, openContainers: Int
        ) throws(StepFailure) -> (key: UnsafeBufferPointer<UInt8>, valueStart: Int)? {
            var start = try skipWhitespace(text, from: position)
            if text[start] == UInt8(ascii: "}") {
                position = start + 1
                return nil
            }
            if !isFirst {
                guard text[start] == UInt8(ascii: ",") else { throw .invalid }
                start = try skipWhitespace(text, from: start + 1)
            }
            guard text[start] == UInt8(ascii: "\"") else { throw .invalid }
            let keyEnd = try skipValue(text, at: start, openContainers: openContainers)
            let colon = try skipWhitespace(text, from: keyEnd)
            guard text[colon] == UInt8(ascii: ":") else { throw .invalid }
            return (UnsafeBufferPointer(rebasing: text[(start + 1)..<(keyEnd - 1)]), try skipWhitespace(text, from: colon + 1))
        }

        /// In an array, from `position`: the next element parsed as a document of its own, where the walk goes
        /// on after the `,` or `]` that follows it, and whether that was the `]`; `nil` when `]` closes an
        /// array with no elements (`isFirst`), with `position` moved past it.
        private func element(
            _ text: UnsafeBufferPointer<UInt8>, at position: inout Int, isFirst: Bool, openContainers: Int
        ) throws(StepFailure) -> (document: JSONDocument, next: Int, isLast: Bool)? {
            let start = try skipWhitespace(text, from: position)
            if isFirst, text[start] == UInt8(ascii: "]") {
                position = start + 1
                return nil
            }
            let (document, end) = try parseValue(text, at: start, openContainers: openContainers)
            let separator = try skipWhitespace(text, from: end)
            guard text[separator] == UInt8(ascii: ",") || text[separator] == UInt8(ascii: "]") else { throw .invalid }
            return (document, separator + 1, text[separator] == UInt8(ascii: "]"))
        }

        /// The step after the value at `depth` on the way: the next member of the object around it, or the end.
        private func after(depth: Int) -> Step { depth == 0 ? .end : .nextMember(depth: depth - 1) }

        /// The index of the first byte from `start` that is not whitespace (there must be one in the buffer).
        private func skipWhitespace(_ text: UnsafeBufferPointer<UInt8>, from start: Int) throws(StepFailure) -> Int {
            var index = start
            while index < text.count, JSONWhitespace.contains(text[index]) { index += 1 }
            if index == text.count { throw atEnd ? .invalid : .needsMore }
            return index
        }

        /// Options for a value inside `openContainers` containers: the depth limit is the document's.
        private func options(inside openContainers: Int) -> JSONParsingOptions {
            var inner = options
            inner.maximumDepth = options.maximumDepth - openContainers
            return inner
        }

        /// Checks the value at `start` without recording it, and returns the index just past it. A value
        /// that reaches the end of the buffer may go on in the next read, so it is not taken as complete.
        private func skipValue(_ text: UnsafeBufferPointer<UInt8>, at start: Int, openContainers: Int) throws(StepFailure) -> Int {
            let end: Int
            do {
                var scanner = try Scanner(bytes: text, options: options(inside: openContainers), recordsTape: false,
                                          locatesErrors: false)
                defer { scanner.discardTape() }
                end = try scanner.scanValue(from: start)
            } catch {
                throw atEnd ? .invalid : .needsMore
            }
            if end == text.count, !atEnd { throw .needsMore }
            return end
        }

        /// Parses the value at `start` into a document of its own (sharing the buffer's bytes) and returns
        /// it with the index just past the value.
        private func parseValue(
            _ text: UnsafeBufferPointer<UInt8>, at start: Int, openContainers: Int
        ) throws(StepFailure) -> (JSONDocument, Int) {
            let end: Int
            var scanner: Scanner
            do {
                scanner = try Scanner(bytes: text, options: options(inside: openContainers),
                                      tapeCapacity: TapeRecycling.smallestKept, locatesErrors: false)
            } catch {
                throw .invalid
            }
            do {
                end = try scanner.scanValue(from: start)
            } catch {
                scanner.discardTape()
                throw atEnd ? .invalid : .needsMore
            }
            if end == text.count, !atEnd {
                scanner.discardTape()
                throw .needsMore
            }
            let storage = DocumentStorage(bytes: buffer, tape: scanner.finishTape(), keyIndexes: scanner.keyIndexes)
            return (JSONDocument(storage: storage), end)
        }

        /// The nodes `query` selects from the root of `document` (its `@`), when the root passes `filter`.
        private func select(_ query: QuerySyntax, in document: JSONDocument, filter: LogicalSyntax?) -> [JSONView] {
            let storage = document.root.storage
            let selected = storage.withReader { reader -> [Int] in
                let evaluator = JSONPathEvaluator(target: DocumentQueryTarget(storage: storage, reader: reader, root: 0))
                if let filter, !evaluator.test(filter, current: 0) { return [] }
                return evaluator.select(query, current: 0)
            }
            return selected.map { JSONView(storage: storage, index: $0) }
        }
    }
}

extension QuerySyntax {
    /// Whether any filter in the query, at any depth, looks at the document's root (`$`), or the query
    /// itself starts there.
    var readsRoot: Bool {
        !isRelative || segments.contains { segment in
            segment.selectors.contains { selector in
                if case .filter(let expression) = selector { return expression.readsRoot }
                return false
            }
        }
    }
}

extension LogicalSyntax {
    /// Whether the expression reads the document's root (`$`) anywhere.
    var readsRoot: Bool {
        switch self {
        case .or(let terms), .and(let terms): return terms.contains(where: \.readsRoot)
        case .not(let inner): return inner.readsRoot
        case .comparison(let left, _, let right): return left.readsRoot || right.readsRoot
        case .exists(let query): return query.readsRoot
        case .function(let call): return call.readsRoot
        }
    }
}

extension ComparableSyntax {
    var readsRoot: Bool {
        switch self {
        case .literal: return false
        case .query(let query): return query.readsRoot
        case .function(let call): return call.readsRoot
        }
    }
}

extension FunctionCallSyntax {
    var readsRoot: Bool {
        arguments.contains { argument in
            switch argument {
            case .literal: return false
            case .query(let query): return query.readsRoot
            case .logical(let expression): return expression.readsRoot
            case .function(let call): return call.readsRoot
            }
        }
    }
}
