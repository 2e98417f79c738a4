// Editing a document's text so that only the edited value changes: every other byte (indentation, the
// spelling of numbers and strings, member order, repeated keys) stays as it was.
//
// Strict JSON is edited by walking its text (``EditableText``): memory is the text and the new text, and a
// merge patch is one pass. JSONC and JSON5 documents (configuration files, small) keep their comments by
// the layout rule of ``CommentedLayout``: each edit is made on a `JSON` tree first, which decides whether it
// can be done and gives the errors, and the spliced text is checked against the tree before it is returned.

extension JSONDocument {
    /// The document's text with `value` put at `pointer`, as ``JSON/set(_:at:)`` does; every byte outside
    /// the edited value is kept. A new member or element is written compactly and separated from its
    /// neighbours the way the neighbours are.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: "{\n  \"port\": 80,\n  \"host\": \"a\"\n}")
    /// let text = try document.text(setting: 8080, at: "/port")
    /// // {\n  "port": 8080,\n  "host": "a"\n}
    /// ```
    ///
    /// - Throws: ``JSONEditError``, as the tree method would.
    public func text(setting value: JSON, at pointer: String) throws(JSONEditError) -> [UInt8] {
        try apply(.set(value), at: pointer)
    }

    /// The document's text with `value` inserted at `pointer`, as ``JSON/insert(_:at:)`` (JSON Patch's
    /// `add`) does; every byte outside the edit is kept.
    public func text(inserting value: JSON, at pointer: String) throws(JSONEditError) -> [UInt8] {
        try apply(.insert(value), at: pointer)
    }

    /// The document's text without the value at `pointer` (and its key and one separating comma), as
    /// ``JSON/remove(at:)`` does; every other byte is kept.
    public func text(removingValueAt pointer: String) throws(JSONEditError) -> [UInt8] {
        try apply(.remove, at: pointer)
    }

    /// The document's text with every operation of `patch` applied, or an error and no text: each
    /// operation changes only the bytes of the values it touches.
    ///
    /// - Complexity: O(n × k) for n bytes and k operations: each operation walks the text and copies it.
    public func text(applying patch: JSONPatch, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONEditError) -> [UInt8] {
        if syntax == .strict { return try EditableText(trusted: bytes).applying(patch).bytes }
        var tree = JSON(root)
        try tree.apply(patch)
        var document = self
        for operation in patch.operations {
            let bytes: [UInt8]
            switch operation {
            case .add(let path, let value): bytes = try document.apply(.insert(value), at: path)
            case .remove(let path): bytes = try document.apply(.remove, at: path)
            case .replace(let path, let value): bytes = try document.apply(.set(value), at: path)
            case .move(let from, let path):
                if from == path { continue }
                let value = document.tree()[valueAt: from] ?? .null
                let removed = try document.apply(.remove, at: from)
                guard let next = reparse(removed, options: options) else { return render(tree) }
                document = next
                bytes = try document.apply(.insert(value), at: path)
            case .copy(let from, let path):
                bytes = try document.apply(.insert(document.tree()[valueAt: from] ?? .null), at: path)
            case .test:
                continue
            }
            guard let next = reparse(bytes, options: options) else { return render(tree) }
            document = next
        }
        return JSON(document.root) == tree ? document.bytes : render(tree)
    }

    /// The document's text with a JSON Merge Patch (RFC 7386) merged in, as ``JSON/merge(patch:)`` does;
    /// only the bytes of the members the patch changes, adds or removes are rewritten.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: "{\n  \"port\": 80,\n  \"debug\": true\n}")
    /// let text = try document.text(merging: ["port": 8080, "debug": .null])
    /// // {\n  "port": 8080\n}
    /// ```
    ///
    /// - Complexity: O(n + p) for n bytes and a patch of p members: one walk of the text and one copy.
    /// - Throws: ``JSONEditError``, as the tree method would.
    public func text(merging patch: JSON) throws(JSONEditError) -> [UInt8] {
        if syntax == .strict { return try EditableText(trusted: bytes).merging(patch).bytes }
        return try text(applying: JSONPatch(merging: patch, into: JSON(root)))
    }

    // MARK: Splicing

    typealias TextEdit = EditableText.Edit

    private func tree() -> JSON { JSON(root) }

    /// The edited text parsed again, in the document's own syntax, or `nil` if it does not parse (a splicing
    /// mistake: the caller then writes the tree, which is right regardless).
    private func reparse(_ bytes: [UInt8], options: JSONParsingOptions) -> JSONDocument? {
        var options = options
        options.syntax = syntax
        return try? JSONDocument(parsing: bytes, options: options)
    }

    /// The whole tree written in the document's syntax, when a splice cannot be made. Every value of the
    /// tree can be written: `apply` refuses a value the syntax cannot hold before it gets here.
    private func render(_ value: JSON) -> [UInt8] {
        (try? value.jsonBytes(options: writingOptions)) ?? bytes
    }

    /// Compact JSON; for a JSON5 document, with JSON5's `NaN` and `Infinity`.
    private var writingOptions: JSONWritingOptions {
        var options = JSONWritingOptions()
        options.writesJSON5NonFiniteNumbers = syntax == .json5
        return options
    }

    /// Applies one edit: for strict JSON by walking the text; otherwise checked on a tree, then spliced.
    func apply(_ edit: TextEdit, at pointer: String) throws(JSONEditError) -> [UInt8] {
        if syntax == .strict { return try EditableText(trusted: bytes).applying(edit, at: pointer).bytes }
        switch edit {
        case .set(let value), .insert(let value):
            do {
                _ = try value.jsonBytes(options: writingOptions)
            } catch {
                throw JSONEditError.unwritable(error, at: pointer, in: "the new value")
            }
        case .remove:
            break
        }
        var expected = JSON(root)
        switch edit {
        case .set(let value): try expected.set(value, at: pointer)
        case .insert(let value): try expected.insert(value, at: pointer)
        case .remove: try expected.remove(at: pointer)
        }
        let spliced = splice(edit, at: pointer)
        // The check that keeps a splicing mistake from ever reaching a file.
        if let spliced, let reparsed = try? JSON(parsing: spliced, options: lenientLimits), reparsed == expected {
            return spliced
        }
        return render(expected)
    }

    private var lenientLimits: JSONParsingOptions {
        var options = JSONParsingOptions.lenient
        options.syntax = syntax
        return options
    }

    /// The spliced text, or `nil` when the edit is not one this splices (the caller then writes the tree).
    private func splice(_ edit: TextEdit, at pointer: String) -> [UInt8]? {
        guard let tokens = try? JSONPointerSyntax.tokens(of: pointer) else { return nil }
        let bytes = self.bytes
        guard let last = tokens.last else {
            // The whole document (JSON Patch's `add`, `copy` and `move` to the root replace it too): the same
            // value keeps the text as it is; another keeps the whitespace around it.
            let value: JSON
            switch edit {
            case .set(let new), .insert(let new): value = new
            case .remove: return nil
            }
            if value == JSON(root) { return bytes }
            guard let text = try? value.jsonBytes(options: writingOptions) else { return nil }
            return Array(bytes[..<sourceOffset(root.byteOffset)]) + text + Array(bytes[sourceOffset(root.sourceEnd)...])
        }
        let parentPointer = JSONEditing.pointer(tokens.dropLast()[...])
        guard let parent = root[pointer: parentPointer].value else { return nil }
        let children = childRanges(of: parent)
        var target: Int?
        if parent.kind == .object {
            target = children.lastIndex { member in
                storage.withReader { reader in reader.string(at: member.keyIndex) } == last
            }
        } else if parent.kind == .array {
            target = last == "-" ? children.count : JSONPointerSyntax.arrayIndex(last)
        } else {
            return nil
        }
        let newText: [UInt8]
        switch edit {
        case .set(let value), .insert(let value):
            guard let text = try? value.jsonBytes(options: writingOptions) else { return nil }
            newText = text
        case .remove:
            newText = []
        }

        switch (edit, target) {
        case (.remove, let position?) where position < children.count:
            return remove(children, at: position, in: parent)
        case (.set, let position?) where position < children.count,
             (.insert, let position?) where parent.kind == .object && position < children.count:
            let child = children[position]
            return Array(bytes[..<child.valueStart]) + newText + Array(bytes[child.valueEnd...])
        case (.set, _), (.insert, _):
            let isObject = parent.kind == .object
            let keyText = isObject ? (try? JSON.string(last).jsonBytes()) ?? [] : []
            let position = isObject ? children.count : min(target ?? children.count, children.count)
            return add(newText, key: keyText, at: position, among: children, in: parent)
        default:
            return nil
        }
    }

    /// The offset in ``bytes`` (the text as written) of an offset the tape gives: the same but for JSON5,
    /// whose tape is of the text rewritten as JSON.
    private func sourceOffset(_ offset: Int) -> Int {
        storage.commentedText?.originalOffset(of: offset) ?? offset
    }

    private func childRanges(of container: JSONView) -> [ChildRange] {
        let tape = storage.tape.base
        let entry = tape[container.index]
        var ranges: [ChildRange] = []
        ranges.reserveCapacity(entry.count)
        var child = container.index + 1
        for _ in 0..<entry.count {
            let isObject = entry.kind == .object
            let valueIndex = isObject ? child + 1 : child
            let value = JSONView(storage: storage, index: valueIndex)
            let start = sourceOffset(tape[child].offset)
            ranges.append(ChildRange(keyIndex: isObject ? child : -1, start: start,
                                     keyEnd: isObject ? sourceOffset(tape[child].offset + tape[child].length + 2) : start,
                                     valueStart: sourceOffset(value.byteOffset), valueEnd: sourceOffset(value.sourceEnd)))
            child = TapeReader.indexAfter(valueIndex, in: tape)
        }
        return ranges
    }

    /// The container's text and the children around `position`, for the strict layout rule.
    private func containerSplice(_ children: [ChildRange], around position: Int, in container: JSONView) -> ContainerSplice<[UInt8]> {
        ContainerSplice(bytes: bytes, open: sourceOffset(container.byteOffset), end: sourceOffset(container.sourceEnd),
                        children: ChildNeighbourhood(children, around: position), commented: storage.commentedText)
    }

    /// The text without child `position`, with one separating comma (and, in a commented document, the
    /// comment lines it owns).
    private func remove(_ children: [ChildRange], at position: Int, in container: JSONView) -> [UInt8]? {
        if let commented = storage.commentedText,
           let text = CommentedLayout(commented).removing(children, at: position) {
            return text
        }
        return containerSplice(children, around: position, in: container).removing(at: position)
            .map { TextSplicing.applying([$0], to: bytes) }
    }

    /// The text with a new child (`key` is empty for arrays) before child `position` (or at the end),
    /// separated from its neighbours as they are from each other.
    private func add(_ value: [UInt8], key: [UInt8], at position: Int, among children: [ChildRange], in container: JSONView) -> [UInt8]? {
        let splice = containerSplice(children, around: position, in: container)
        let member = key.isEmpty ? value : key + splice.keySeparator + value
        if let commented = storage.commentedText, !children.isEmpty,
           let text = CommentedLayout(commented).adding(member, at: position, among: children) {
            return text
        }
        return splice.adding(member, at: position).map { TextSplicing.applying([$0], to: bytes) }
    }
}
