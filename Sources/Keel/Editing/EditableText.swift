// Editing strict JSON text without reading it into a tape or a tree. Each edit walks to its target by
// skipping (``TextWalk``), splices the new bytes by the layout the neighbours follow (``ContainerSplice``),
// and checks the result: the new text must be valid JSON and the edited place must hold what was put there.
// Memory is the text, the new text and the edited values; time is a few passes over the text.
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
        try applying(edit, at: pointer, validating: true)
    }

    /// ``applying(_:at:)``; `validating: false` leaves the check of the whole text's syntax to the caller (a
    /// patch checks it once, after its last operation), keeping the check of the edited place.
    private func applying(_ edit: Edit, at pointer: String, validating: Bool) throws(JSONEditError) -> EditableText {
        var newText: [UInt8] = []
        if let value = edit.value {
            do {
                newText = try value.jsonBytes()
            } catch {
                throw JSONEditError.unwritable(error, at: pointer, in: "the new value")
            }
        }
        let tokens = try Self.tokens(of: pointer)
        var place: ChildPlace?
        let spliced = try bytes.withUnsafeBufferPointer { buffer throws(JSONEditError) in
            try splice(edit, newText: newText, tokens: tokens, pointer: pointer, walk: TextWalk(bytes: buffer), place: &place)
        }
        let result = spliced.map(EditableText.init(trusted:))
        // The check that keeps a splicing mistake from ever reaching a file (a splice that could not be made
        // is one too: the edit is never dropped).
        guard let result, !validating || result.isValid,
              result.holds(edit, newText: newText, tokens: tokens, before: place.map { (self, $0) }) else {
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

    /// The spliced bytes (the same bytes when the edit changes nothing), or `nil` when a child the splice
    /// needs was not found; `place` is set to what the walk found in the edited container.
    private func splice(_ edit: Edit, newText: [UInt8], tokens: [String], pointer: String, walk: TextWalk,
                        place found: inout ChildPlace?) throws(JSONEditError) -> [UInt8]? {
        guard let last = tokens.last else {
            guard let value = edit.value else {
                throw JSONEditError(kind: .invalidTarget, pointer: "", expected: "a value inside the document",
                                    found: "the whole document, which cannot be removed")
            }
            // The whole document: the same value keeps the text; another keeps the whitespace around it.
            let start = walk.rootStart
            let end = walk.valueEnd(start)
            // Compared as values only when the old text is not much larger than the new (a bound on memory).
            if end - start <= 8 * newText.count + 4096, walk.value(at: start) == value { return bytes }
            return TextSplicing.replacing(start..<end, in: bytes, with: newText)
        }
        let parent = try walk.parent(of: tokens, pointer: pointer)
        let place = walk.neighbourhood(in: parent, last: last)
        let container = ContainerSplice(bytes: bytes, open: parent, end: place.end, children: place.children)
        let count = place.children.count
        found = place
        if walk.isObject(parent) {
            if let position = place.position {
                if case .remove = edit { return container.removing(at: position) }
                return container.replacingValue(at: position, with: newText)
            }
            guard edit.value != nil else {
                throw JSON.missingMember(last, keys: walk.keys(of: parent, upTo: 6), at: pointer)
            }
            let key = (try? JSON.string(last).jsonBytes()) ?? []
            return container.adding(key + container.keySeparator + newText, at: count)
        }
        let index: Int
        switch edit {
        case .remove: index = try JSON.arrayIndex(last, count: count, allowingEnd: false, at: pointer)
        case .set, .insert: index = try JSON.arrayIndex(last, count: count, allowingEnd: true, at: pointer)
        }
        switch edit {
        case .remove: return container.removing(at: index)
        case .set where index < count: return container.replacingValue(at: index, with: newText)
        case .set, .insert: return container.adding(newText, at: index)
        }
    }

    // MARK: Checking

    /// Whether the text is valid JSON (no limits: an edit may nest deeper than the options allow a read).
    var isValid: Bool {
        (try? JSONDocument.validate(bytes, options: .lenient)) != nil
    }

    /// Whether the edited place holds what the edit put there, compared with what the walk found `before` in
    /// the old text: the new value's bytes at its place, and the neighbour after it as it was (an array), or
    /// one member fewer or as many or one more (an object, which is walked whole).
    private func holds(_ edit: Edit, newText: [UInt8], tokens: [String], before: (text: EditableText, place: ChildPlace)?) -> Bool {
        guard let last = tokens.last, let (old, oldPlace) = before else { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            let walk = TextWalk(bytes: buffer)
            guard let parent = try? walk.parent(of: tokens, pointer: "") else { return false }
            let place = walk.neighbourhood(in: parent, last: last)
            // The bytes of child `position`, here and in the old text (nil when there is none).
            func here(_ position: Int) -> ArraySlice<UInt8>? {
                place.children[position].map { bytes[$0.valueStart..<$0.valueEnd] }
            }
            func there(_ position: Int) -> ArraySlice<UInt8>? {
                oldPlace.children[position].map { old.bytes[$0.valueStart..<$0.valueEnd] }
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
                            && here(oldCount).map { $0.elementsEqual(newText) } == true
                    }
                    let next = edit.isInsert ? there(position) : there(position + 1)
                    return here(position).map { $0.elementsEqual(newText) } == true && here(position + 1) == next
                }
            }
            let oldCount = oldPlace.children.count
            switch edit {
            case .remove:
                return place.children.count == oldCount - 1
            case .set, .insert:
                guard let position = place.position, let child = place.children[position],
                      place.children.count == oldCount || place.children.count == oldCount + 1 else { return false }
                return buffer[child.valueStart..<child.valueEnd].elementsEqual(newText)
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
    /// its position in the patch) and no text. Each operation walks the text and copies it; the syntax of the
    /// result is checked once, at the end.
    package func applying(_ patch: JSONPatch) throws(JSONEditError) -> EditableText {
        var text = self
        for (index, operation) in patch.operations.enumerated() {
            do {
                text = try text.applying(operation)
            } catch {
                var error = error
                error.operation = (index, operation.name)
                throw error
            }
        }
        guard text.bytes.count == bytes.count && text.bytes == bytes || text.isValid else {
            return try treeFallback { tree throws(JSONEditError) in try tree.apply(patch) }
        }
        return text
    }

    private func applying(_ operation: JSONPatch.Operation) throws(JSONEditError) -> EditableText {
        switch operation {
        case .add(let path, let value):
            return try applying(.insert(value), at: path, validating: false)
        case .remove(let path):
            return try applying(.remove, at: path, validating: false)
        case .replace(let path, let value):
            _ = try existing(path, for: operation)
            return try applying(.set(value), at: path, validating: false)
        case .move(let from, let path):
            if from == path {
                _ = try existing(from, for: operation)
                return self
            }
            if path.hasPrefix(from + "/") {
                throw JSONEditError(kind: .invalidTarget, pointer: path, expected: "a place outside \(from)",
                                    found: "a place inside the value being moved")
            }
            // Removing first gives the tree's error for a missing source.
            let removed = try applying(.remove, at: from, validating: false)
            return try removed.applying(.insert(try existing(from, for: operation)), at: path, validating: false)
        case .copy(let from, let path):
            return try applying(.insert(try existing(from, for: operation)), at: path, validating: false)
        case .test(let path, let expected):
            let found = try existing(path, for: operation)
            guard found == expected else {
                throw JSONEditError(kind: .testFailed, pointer: path, expected: expected.excerpt(maximumLength: 60),
                                    found: found.excerpt(maximumLength: 60))
            }
            return self
        }
    }

    /// The value at `pointer`; when there is none, the error the tree gives for `operation`.
    private func existing(_ pointer: String, for operation: JSONPatch.Operation) throws(JSONEditError) -> JSON {
        let found = bytes.withUnsafeBufferPointer { buffer -> JSON? in
            let walk = TextWalk(bytes: buffer)
            guard let tokens = try? JSONPointerSyntax.tokens(of: pointer), let offset = walk.offset(of: tokens) else { return nil }
            return walk.value(at: offset)
        }
        if let found { return found }
        _ = try treeFallback { tree throws(JSONEditError) in try tree.apply(operation) }
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
            guard let child = child(named: token, of: offset) else { return nil }
            offset = child.valueStart
        }
        return offset
    }

    /// The child `token` names in the container at `offset`: an object's last member of that key, an array's
    /// element at that index; `nil` when there is none or the value is not a container.
    func child(named token: String, of offset: Int) -> ChildRange? {
        var found: ChildRange?
        if isObject(offset) {
            let key = Array(token.utf8)
            forEachChild(of: offset) { child in
                if keyMatches(child, key) { found = child }
                return true
            }
        } else if isArray(offset), let index = JSONPointerSyntax.arrayIndex(token) {
            var position = 0
            forEachChild(of: offset) { child in
                if position == index { found = child }
                position += 1
                return position <= index
            }
        }
        return found
    }

    /// The container that holds the target of `tokens` (not empty); the tree walk's error when a step
    /// before the last finds nothing or a value that is not a container, or when that container is neither.
    func parent(of tokens: [String], pointer: String) throws(JSONEditError) -> Int {
        var offset = rootStart
        for (depth, token) in tokens.dropLast().enumerated() {
            if let child = child(named: token, of: offset) {
                offset = child.valueStart
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
        var count = 0
        forEachChild(of: offset) { _ in
            count += 1
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
    /// bound (`isComplete` is false), which is all an edit before the end needs.
    func neighbourhood(in parent: Int, last: String) -> ChildPlace {
        let isObject = self.isObject(parent)
        let key = Array(last.utf8)
        let wanted = isObject ? nil : (last == "-" ? nil : JSONPointerSyntax.arrayIndex(last))
        var known: [(position: Int, range: ChildRange)] = []
        var around: [(position: Int, range: ChildRange)] = []   // an object's match and its neighbours
        var previous: ChildRange?      // the last two children walked: `beforePrevious`, `previous`
        var beforePrevious: ChildRange?
        var matched: Int?
        var position = 0
        var isComplete = true
        let end = forEachChild(of: parent) { child in
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
            position += 1
            if let wanted, position > wanted + 1 {
                isComplete = false
                return false
            }
            return true
        }
        let target = isObject ? matched : wanted.flatMap { $0 < position ? $0 : nil }
        let lastTwo: [(position: Int, range: ChildRange)] =
            [beforePrevious.map { (position - 2, $0) }, previous.map { (position - 1, $0) }].compactMap { $0 }
        return ChildPlace(children: ChildNeighbourhood(count: position, known: known + around + lastTwo),
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
