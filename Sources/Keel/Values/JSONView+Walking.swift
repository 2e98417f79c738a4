extension JSONView {
    /// Calls `visit` with this value and every value inside it, in document order (an object's member
    /// values, not its keys), each with its depth: 0 for this value, 1 for its children, and so on.
    ///
    /// Unlike walking ``elements`` and ``members``, which build an array of every child first, this holds
    /// one view at a time and a stack as deep as the nesting, so a walk over an array of fifty million numbers
    /// costs no memory beyond the document.
    ///
    /// ```swift
    /// var numbers = 0
    /// document.root.forEachValue { value, _ in if value.kind == .number { numbers += 1 } }
    /// ```
    ///
    /// - Complexity: O(n) for n values; iterative, so depth costs no stack.
    public func forEachValue(_ visit: (_ value: JSONView, _ depth: Int) throws -> Void) rethrows {
        let tape = storage.tape.base
        let end = TapeReader.indexAfter(index, in: tape)
        // The tape index just past each open container, innermost last.
        var openEnds: [Int] = []
        var i = index
        while i < end {
            while let last = openEnds.last, i >= last { openEnds.removeLast() }
            let entry = tape[i]
            if entry.kind == .string, entry.flags.contains(.isKey) {
                i += 1
                continue
            }
            try visit(JSONView(storage: storage, index: i), openEnds.count)
            if entry.kind == .array || entry.kind == .object { openEnds.append(entry.end) }
            i += 1
        }
    }
}
