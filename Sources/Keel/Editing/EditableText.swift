// Editing strict JSON text without reading it into a tape or a tree. Each edit walks to its target by
// skipping (``TextWalk``), splices the new bytes by the layout the neighbours follow (``ContainerSplice``),
// and checks the result: the new text must be valid JSON and the edited place must hold what was put there.
// Memory is the text, its edited copy and the edited values. The copy is held in pieces (``PieceText``), so a
// splice rewrites about a megabyte, not the rest of the text; it is joined once, and the result validated
// once. The operations of a patch share the copy and a ``WalkMemory`` of the large containers they walk, so
// each operation walks only near its target: a patch costs about one pass plus its operations.
//
// Errors are the ones the tree methods give (``JSON/set(_:at:)`` and the rest), built from what the walk
// saw: an object's first keys, an array's length, the value that is not a container.

/// One valid strict JSON text, edited by walking it.
package struct EditableText: Sendable {
    /// The text, UTF-8.
    package let bytes: [UInt8]

    /// Text known to be valid strict JSON (a strict document's bytes, or an edit's checked result).
    init(trusted bytes: [UInt8]) { self.bytes = bytes }

    /// Checks `bytes` (every rule and limit of `options`, as parsing does, keeping nothing); `nil` when the
    /// text is not strict UTF-8 JSON, which is edited through a ``JSONDocument`` instead.
    ///
    /// - Throws: ``JSONSyntaxError`` for invalid text.
    package init?(validating bytes: [UInt8], options: JSONParsingOptions) throws(JSONSyntaxError) {
        guard options.syntax == .strict else { return nil }
        if options.textEncoding == .detect {
            let isUTF8 = bytes.withUnsafeBufferPointer { JSONTextEncoding.detect($0).encoding == .utf8 }
            guard isUTF8 else { return nil }
        }
        try JSONDocument.validate(bytes, options: options)
        self.bytes = bytes
    }

    /// One edit by JSON Pointer.
    package enum Edit {
        case set(JSON)
        case insert(JSON)
        case remove

        var value: JSON? {
            switch self {
            case .set(let value), .insert(let value): value
            case .remove: nil
            }
        }

        var isInsert: Bool {
            if case .insert = self { return true }
            return false
        }
    }

    // MARK: Edits

    /// The text with `edit` made at `pointer`; the same errors as the tree methods.
    package func applying(_ edit: Edit, at pointer: String) throws(JSONEditError) -> EditableText {
        try applying(edit, at: pointer, pieceSize: 1 << 20)
    }

    /// ``applying(_:at:)`` with the text cut in pieces of `pieceSize` (tests cut it small).
    func applying(_ edit: Edit, at pointer: String, pieceSize: Int) throws(JSONEditError) -> EditableText {
        let text = PieceText(bytes, pieceSize: pieceSize)
        // Nothing is remembered: the check walks afresh.
        let memory = WalkMemory(textSize: bytes.count, minimumChildren: Int.max)
        let isChecked = try Self.apply(edit, at: pointer, to: text, memory: memory)
        let result = EditableText(trusted: text.joined())
        // The check that keeps a splicing mistake from ever reaching a file (a splice that could not be made
        // is one too: the edit is never dropped).
        guard isChecked, result.isValid else {
            return try treeFallback { tree throws(JSONEditError) in
                switch edit {
                case .set(let value): try tree.set(value, at: pointer)
                case .insert(let value): try tree.insert(value, at: pointer)
                case .remove: try tree.remove(at: pointer)
                }
            }
        }
        return result
    }

    /// Makes `edit` at `pointer` in `text` and checks the edited place (not the whole text's syntax, which the
    /// caller checks once); `false` when the splice could not be made or the check failed, leaving the text
    /// for the caller to drop.
    private static func apply(_ edit: Edit, at pointer: String, to text: PieceText,
                              memory: WalkMemory) throws(JSONEditError) -> Bool {
        var newText: [UInt8] = []
        if let value = edit.value {
            do {
                newText = try value.jsonBytes()
            } catch {
                throw JSONEditError.unwritable(error, at: pointer, in: "the new value")
            }
        }
        let tokens = try Self.tokens(of: pointer)
        let walk = TextWalk(bytes: text.view, memory: memory)
        guard let spliced = try splice(edit, newText: newText, tokens: tokens, pointer: pointer, walk: walk) else { return false }
        text.replace(spliced.edit.range, with: spliced.edit.replacement)
        memory.didSplice(spliced.edit, in: spliced.parent, change: spliced.change)
        return holds(edit, newText: newText, tokens: tokens, before: spliced.place, splice: spliced.edit, in: text, memory: memory)
    }

    /// One edit worked out on the text: the change, the container it is made in (`nil` for the whole text)
    /// and how, and what the walk found there.
    private struct Splice {
        var edit: TextEditRange
        var parent: Int?
        var change: WalkMemory.Change
        var place: ChildPlace?
    }

    /// The change `edit` makes (an empty one when it changes nothing), or `nil` when a child the splice needs
    /// was not found.
    private static func splice(_ edit: Edit, newText: [UInt8], tokens: [String], pointer: String,
                               walk: TextWalk<PieceView>) throws(JSONEditError) -> Splice? {
        guard let last = tokens.last else {
            guard let value = edit.value else {
                throw JSONEditError(kind: .invalidTarget, pointer: "", expected: "a value inside the document",
                                    found: "the whole document, which cannot be removed")
            }
            // The whole document: the same value keeps the text; another keeps the whitespace around it.
            let start = walk.rootStart
            let end = walk.valueEnd(start)
            // Compared as values only when the old text is not much larger than the new (a bound on memory).
            if end - start <= 8 * newText.count + 4096, walk.value(at: start) == value {
                return Splice(edit: TextEditRange(range: start..<start, replacement: []), change: .replaced)
            }
            return Splice(edit: TextEditRange(range: start..<end, replacement: newText), change: .replaced)
        }
        let parent = try walk.parent(of: tokens, pointer: pointer)
        let place = walk.neighbourhood(in: parent, last: last)
        let container = ContainerSplice(bytes: walk.bytes, open: parent, end: place.end, children: place.children)
        let count = place.children.count
        func made(_ change: TextEditRange?, _ kind: WalkMemory.Change) -> Splice? {
            change.map { Splice(edit: $0, parent: parent, change: kind, place: place) }
        }
        if walk.isObject(parent) {
            if let position = place.position {
                if case .remove = edit { return made(container.removing(at: position), .removed(position: position)) }
                return made(container.replacingValue(at: position, with: newText), .replaced)
            }
            guard edit.value != nil else {
                throw JSON.missingMember(last, keys: walk.keys(of: parent, upTo: 6), at: pointer)
            }
            let key = (try? JSON.string(last).jsonBytes()) ?? []
            let adding = container.adding(key + container.keySeparator + newText, at: count)
            // The new member's key begins at the first quote the change writes.
            let memberStart = adding.flatMap { change in
                change.replacement.firstIndex(of: UInt8(ascii: "\"")).map { change.range.lowerBound + $0 }
            }
            return made(adding, .inserted(position: count, memberStart: memberStart,
                                          keyHash: WalkMemory.hash(ofKey: key.dropFirst().dropLast())))
        }
        let index: Int
        switch edit {
        case .remove: index = try JSON.arrayIndex(last, count: count, allowingEnd: false, at: pointer)
        case .set, .insert: index = try JSON.arrayIndex(last, count: count, allowingEnd: true, at: pointer)
        }
        switch edit {
        case .remove: return made(container.removing(at: index), .removed(position: index))
        case .set where index < count: return made(container.replacingValue(at: index, with: newText), .replaced)
        case .set, .insert: return made(container.adding(newText, at: index), .inserted(position: index, memberStart: nil, keyHash: 0))
        }
    }

    // MARK: Checking

    /// Whether the text is valid JSON (no limits: an edit may nest deeper than the options allow a read).
    var isValid: Bool {
        (try? JSONDocument.validate(bytes, options: .lenient)) != nil
    }

    /// Whether the edited place holds what the edit put there, compared with what the walk found `before` the
    /// `splice`: the new value's bytes at its place, and the neighbour after it where it was, moved by the
    /// splice (an array); one member fewer, or as many or one more with the new value (an object).
    private static func holds(_ edit: Edit, newText: [UInt8], tokens: [String], before oldPlace: ChildPlace?,
                              splice: TextEditRange, in text: PieceText, memory: WalkMemory) -> Bool {
        guard let last = tokens.last, let oldPlace else { return true }
        do {
            let walk = TextWalk(bytes: text.view, memory: memory)
            guard let parent = try? walk.parent(of: tokens, pointer: "") else { return false }
            let place = walk.neighbourhood(in: parent, last: last)
            // The value of child `position` here, and in the old text moved by the splice (nil when there is
            // none; a range that cannot be found here when the splice overlapped it).
            func here(_ position: Int) -> Range<Int>? {
                place.children[position].map { $0.valueStart..<$0.valueEnd }
            }
            func there(_ position: Int) -> Range<Int>? {
                oldPlace.children[position].map { child in
                    let range = child.valueStart..<child.valueEnd
                    if range.upperBound <= splice.range.lowerBound { return range }
                    guard range.lowerBound >= splice.range.upperBound else { return -1 ..< -1 }
                    return (range.lowerBound + splice.growth)..<(range.upperBound + splice.growth)
                }
            }
            func holdsNewText(_ position: Int) -> Bool {
                here(position).map { walk.bytes.withBytes(in: $0) { $0.elementsEqual(newText) } } == true
            }
            if walk.isArray(parent) {
                let oldCount = oldPlace.children.count
                switch edit {
                case .remove:
                    guard let position = oldPlace.position else { return false }
                    return here(position) == there(position + 1)
                case .set, .insert:
                    // An append names no element, or names the end: the new one is the last.
                    guard let position = oldPlace.position else {
                        return oldPlace.isComplete && place.isComplete && place.children.count == oldCount + 1
                            && holdsNewText(oldCount)
                    }
                    let next = edit.isInsert ? there(position) : there(position + 1)
                    return holdsNewText(position) && here(position + 1) == next
                }
            }
            let oldCount = oldPlace.children.count
            switch edit {
            case .remove:
                return place.children.count == oldCount - 1
            case .set, .insert:
                guard let position = place.position,
                      place.children.count == oldCount || place.children.count == oldCount + 1 else { return false }
                return holdsNewText(position)
            }
        }
    }

    /// The edit made on a tree of the whole text and written compactly: the answer when a splice fails its
    /// check (a mistake here, never expected), and the source of errors the walk does not describe.
    func treeFallback(_ edit: (inout JSON) throws(JSONEditError) -> Void) throws(JSONEditError) -> EditableText {
        guard var tree = try? JSON(parsing: bytes, options: .lenient) else { return self }
        try edit(&tree)
        return EditableText(trusted: (try? tree.jsonBytes()) ?? bytes)
    }

    static func tokens(of pointer: String) throws(JSONEditError) -> [String] {
        do {
            return try JSONPointerSyntax.tokens(of: pointer)
        } catch {
            throw JSONEditError(kind: .invalidPointer, pointer: pointer, expected: error.expected, found: error.found)
        }
    }

    // MARK: Patches

    /// The text with every operation of `patch` applied in order, or the error of the first that fails (with
    /// its position in the patch) and no text. The operations edit one copy of the text in pieces, and a
    /// ``WalkMemory`` keeps where the large containers' children are, so that each operation walks only
    /// near its target; the syntax of the result is checked once, at the end.
    package func applying(_ patch: JSONPatch) throws(JSONEditError) -> EditableText {
        // One operation has no walk to share: it is checked by walking afresh, as a single edit is.
        try applying(patch, memory: WalkMemory(textSize: bytes.count, minimumChildren: patch.operations.count > 1 ? 64 : Int.max))
    }

    /// ``applying(_:)`` with a given memory (tests remember small containers too).
    func applying(_ patch: JSONPatch, memory: WalkMemory, pieceSize: Int = 1 << 20) throws(JSONEditError) -> EditableText {
        let text = PieceText(bytes, pieceSize: pieceSize)
        var isChecked = true
        for (index, operation) in patch.operations.enumerated() {
            do {
                isChecked = try Self.apply(operation, to: text, memory: memory)
            } catch {
                // An error found by a walk that started from the memory is confirmed without it (where a
                // mistake in keeping the memory would give a false one).
                if memory.marksUsed > 0 {
                    memory.fellBack = true
                    return try applying(patch, memory: WalkMemory(textSize: bytes.count, minimumChildren: Int.max),
                                        pieceSize: pieceSize)
                }
                var error = error
                error.operation = (index, operation.name)
                throw error
            }
            if !isChecked { break }
        }
        let memoryAgrees = memory.agrees(with: TextWalk(bytes: text.view))
        let result = EditableText(trusted: text.joined())
        guard isChecked, memoryAgrees, result.bytes.count == bytes.count && result.bytes == bytes || result.isValid else {
            memory.fellBack = true
            return try treeFallback { tree throws(JSONEditError) in try tree.apply(patch) }
        }
        return result
    }

    /// Applies `operation` in place; `false` when an edit failed its check.
    private static func apply(_ operation: JSONPatch.Operation, to text: PieceText,
                              memory: WalkMemory) throws(JSONEditError) -> Bool {
        switch operation {
        case .add(let path, let value):
            return try apply(.insert(value), at: path, to: text, memory: memory)
        case .remove(let path):
            return try apply(.remove, at: path, to: text, memory: memory)
        case .replace(let path, let value):
            try existing(path, for: operation, in: text, memory: memory, reading: false)
            return try apply(.set(value), at: path, to: text, memory: memory)
        case .move(let from, let path):
            if from == path {
                try existing(from, for: operation, in: text, memory: memory, reading: false)
                return true
            }
            if path.hasPrefix(from + "/") {
                throw JSONEditError(kind: .invalidTarget, pointer: path, expected: "a place outside \(from)",
                                    found: "a place inside the value being moved")
            }
            // Reading the source first gives the tree's error for a missing one.
            let value = try existing(from, for: operation, in: text, memory: memory)
            guard try apply(.remove, at: from, to: text, memory: memory) else { return false }
            return try apply(.insert(value), at: path, to: text, memory: memory)
        case .copy(let from, let path):
            return try apply(.insert(try existing(from, for: operation, in: text, memory: memory)), at: path, to: text, memory: memory)
        case .test(let path, let expected):
            let found = try existing(path, for: operation, in: text, memory: memory)
            guard found == expected else {
                throw JSONEditError(kind: .testFailed, pointer: path, expected: expected.excerpt(maximumLength: 60),
                                    found: found.excerpt(maximumLength: 60))
            }
            return true
        }
    }

    /// The value at `pointer` (`null` without `reading`, which only checks that there is one, without
    /// reading a value that may be large); when there is none, the error the tree gives for `operation`.
    @discardableResult
    private static func existing(_ pointer: String, for operation: JSONPatch.Operation, in text: PieceText,
                                 memory: WalkMemory, reading: Bool = true) throws(JSONEditError) -> JSON {
        let walk = TextWalk(bytes: text.view, memory: memory)
        if let tokens = try? JSONPointerSyntax.tokens(of: pointer), let offset = walk.offset(of: tokens),
           let found = reading ? walk.value(at: offset) : .null {
            return found
        }
        _ = try EditableText(trusted: text.view.copy(0..<text.count)).treeFallback { tree throws(JSONEditError) in
            try tree.apply(operation)
        }
        throw JSONEditError(kind: .missingTarget, pointer: pointer, expected: "a value", found: "none")
    }
}

extension JSONParsingOptions {
    /// Strict JSON without the limits, for checking text an edit made.
    static var lenient: JSONParsingOptions {
        var options = JSONParsingOptions()
        options.maximumDepth = Int.max
        options.maximumNumberLength = Int.max
        return options
    }
}

// MARK: Finding places

extension TextWalk {
    /// The offset of the value `tokens` name, or `nil` when there is none.
    func offset(of tokens: [String]) -> Int? {
        var offset = rootStart
        for token in tokens {
            guard let start = childValueStart(named: token, of: offset) else { return nil }
            offset = start
        }
        return offset
    }

    /// Where the value of the child `token` names in the container at `offset` begins: an object's last
    /// member of that key, an array's element at that index; `nil` when there is none or the value is not a
    /// container. A child that ``memory`` knows is not walked over: a step through a large value costs
    /// nothing in its size.
    func childValueStart(named token: String, of offset: Int) -> Int? {
        var found: Int?
        if isObject(offset) {
            let key = Array(token.utf8)
            if let remembered = rememberedMember(key, in: offset) { return remembered.found.map { memberValueStart($0.start) } }
            forEachChild(of: offset, fromPosition: 0) { _, child in
                if keyMatches(child, key) { found = child.valueStart }
                return true
            }
        } else if isArray(offset), let index = JSONPointerSyntax.arrayIndex(token) {
            if let mark = memory?.mark(in: offset, atOrBefore: index), mark.position == index { return mark.start }
            forEachChild(of: offset, fromPosition: index) { position, child in
                if position == index { found = child.valueStart }
                return position < index
            }
        }
        return found
    }

    /// The last member of `key` in the object at `open`, read from ``memory`` (`found` is `nil` when the
    /// object has none: its position and where its key begins), with the object's count and end; `nil`
    /// when the object is not remembered.
    func rememberedMember(_ key: [UInt8], in open: Int)
        -> (found: (position: Int, start: Int)?, count: Int, end: Int)? {
        guard let memory, let object = memory.container(at: open), object.isObject,
              let count = object.count, let end = object.end else { return nil }
        memory.walked(0, fromMark: true)
        for (position, start) in memory.members(of: open, hashing: WalkMemory.hash(ofKey: key))
        where keyMatches(start: start, keyEnd: stringEnd(start), key) {
            return ((position, start), count, open + end)
        }
        return (nil, count, open + end)
    }

    /// The container that holds the target of `tokens` (not empty); the tree walk's error when a step
    /// before the last finds nothing or a value that is not a container, or when that container is neither.
    func parent(of tokens: [String], pointer: String) throws(JSONEditError) -> Int {
        var offset = rootStart
        for (depth, token) in tokens.dropLast().enumerated() {
            if let start = childValueStart(named: token, of: offset) {
                offset = start
                continue
            }
            let step = JSONEditing.pointer(tokens[...depth])
            if isObject(offset) { throw JSON.missingMember(token, keys: keys(of: offset, upTo: 6), at: step) }
            if isArray(offset) { throw JSON.badIndex(token, count: count(of: offset), allowingEnd: false, at: step) }
            throw JSON.notAContainer(value(at: offset) ?? .null, at: step)
        }
        guard isObject(offset) || isArray(offset) else { throw JSON.notAContainer(value(at: offset) ?? .null, at: pointer) }
        return offset
    }

    /// How many children the container at `offset` has.
    func count(of offset: Int) -> Int {
        if let count = memory?.container(at: offset)?.count { return count }
        var count = 0
        forEachChild(of: offset, fromPosition: Int.max) { position, _ in
            count = position + 1
            return true
        }
        return count
    }

    /// The first `limit` keys of the object at `offset`, for an error that names them.
    func keys(of offset: Int, upTo limit: Int) -> [String] {
        var keys: [String] = []
        forEachChild(of: offset) { child in
            keys.append(key(of: child))
            return keys.count < limit
        }
        return keys
    }

    /// What an edit of child `last` of the container at `parent` needs: the child it names (an object's last
    /// member of that key, an array's element at that index) and the children around it, the first and the
    /// last two. An array is walked only to the element after the one named: there the count is a lower
    /// bound (`isComplete` is false), which is all an edit before the end needs. An array walked from a
    /// remembered element leaves out its first (which only an object's key separator reads).
    func neighbourhood(in parent: Int, last: String) -> ChildPlace {
        let isObject = self.isObject(parent)
        let key = Array(last.utf8)
        if isObject, let remembered = rememberedMember(key, in: parent) {
            let count = remembered.count
            let target = remembered.found?.position
            let positions = [0, count - 2, count - 1] + (target.map { [$0 - 1, $0, $0 + 1] } ?? [])
            let known = positions.filter { $0 >= 0 && $0 < count }.compactMap { position -> (position: Int, range: ChildRange)? in
                guard let mark = memory?.mark(in: parent, atOrBefore: position), mark.position == position else { return nil }
                return (position, child(startingAt: mark.start, isObject: true))
            }
            return ChildPlace(children: ChildNeighbourhood(count: count, known: known), position: target,
                              end: remembered.end, isComplete: true)
        }
        let wanted = isObject ? nil : (last == "-" ? nil : JSONPointerSyntax.arrayIndex(last))
        // An array is walked from the element before the one named (or, to append, from the last two).
        let from = isObject ? 0 : wanted.map { max(0, $0 - 1) } ?? max(0, (memory?.container(at: parent)?.count ?? Int.max) - 2)
        var known: [(position: Int, range: ChildRange)] = []
        var around: [(position: Int, range: ChildRange)] = []   // an object's match and its neighbours
        var previous: ChildRange?      // the last two children walked: `beforePrevious`, `previous`
        var beforePrevious: ChildRange?
        var matched: Int?
        var count = 0
        let (end, isComplete) = forEachChild(of: parent, fromPosition: from) { position, child in
            if position == 0 { known.append((0, child)) }
            if isObject {
                if keyMatches(child, key) {
                    matched = position
                    around = previous.map { [(position - 1, $0)] } ?? []
                    around.append((position, child))
                } else if let matched, matched == position - 1 {
                    around.append((position, child))
                }
            } else if let wanted, abs(position - wanted) <= 1 {
                known.append((position, child))
            }
            beforePrevious = previous
            previous = child
            count = position + 1
            if let wanted, position >= wanted + 1 { return false }
            return true
        }
        let target = isObject ? matched : wanted.flatMap { $0 < count ? $0 : nil }
        let lastTwo: [(position: Int, range: ChildRange)] =
            [beforePrevious.map { (count - 2, $0) }, previous.map { (count - 1, $0) }].compactMap { $0 }
        return ChildPlace(children: ChildNeighbourhood(count: count, known: known + around + lastTwo),
                          position: target, end: end, isComplete: isComplete)
    }
}

/// What a walk found in the container an edit changes.
struct ChildPlace {
    /// The children the edit reads; their count is a lower bound when the walk stopped early.
    var children: ChildNeighbourhood
    /// The child the pointer's last token names, if there is one.
    var position: Int?
    /// Just after the container's closing bracket (or after the last child walked, when it stopped early).
    var end: Int
    /// Whether every child was walked.
    var isComplete: Bool
}
