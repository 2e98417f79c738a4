// A JSON Merge Patch (RFC 7386) applied to strict JSON text in one pass: each object the patch reaches is
// walked once, its members matched against the patch's keys, and every change (a value replaced, members
// removed, members added) is collected as a splice; the new text is then written in one copy. A patch of n
// members costs the text plus n, where applying them one by one would cost n passes.
//
// The semantics are ``JSON/merge(patch:)``'s: a repeated key in the patch means its last occurrence; `null`
// removes every member of that key; a member merges into the last member of its key.

extension EditableText {
    /// The text with `patch` merged in, each change spliced where it belongs.
    ///
    /// - Throws: ``JSONEditError/Kind/unwritableValue`` for a patch holding NaN or an infinity.
    package func merging(_ patch: JSON, treeCheckLimit: Int = largestTreeChecked) throws(JSONEditError) -> EditableText {
        do {
            _ = try patch.jsonBytes()
        } catch {
            throw JSONEditError.unwritable(error, at: "", in: "the patch")
        }
        guard case .object(let members) = patch else { return try applying(.set(patch), at: "") }
        let edits = bytes.withUnsafeBufferPointer { buffer -> [TextEditRange]? in
            let walk = TextWalk(bytes: buffer)
            guard walk.isObject(walk.rootStart) else { return nil }
            var edits: [TextEditRange] = []
            // Objects still to merge into: a patch object and the offset of the object it changes.
            var work = [(members: members, open: walk.rootStart)]
            while let (members, open) = work.popLast() {
                walk.mergeEdits(members, into: open, bytes: bytes, edits: &edits) { inner, offset in
                    work.append((inner, offset))
                }
            }
            return edits
        }
        guard let edits else { return try applying(.set(JSON.withoutNullMembers(patch)), at: "") }
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        let result = EditableText(trusted: TextSplicing.applying(sorted, to: bytes))
        // The check that keeps a splicing mistake from ever reaching a file: always the syntax, and for text
        // small enough to read into a tree cheaply, the value too.
        let isChecked = bytes.count > treeCheckLimit
            ? (try? JSONDocument.validate(result.bytes, options: .lenient)) != nil
            : result.isMerge(of: patch, into: self)
        guard isChecked else {
            return try treeFallback { tree throws(JSONEditError) in try tree.merge(patch: patch) }
        }
        return result
    }

    /// The largest text whose merge result is also compared with the tree's (whose merge looks each key up
    /// by a scan of its object: beyond this size the comparison would cost more than the merge).
    package static let largestTreeChecked = 1 << 18

    /// Whether this text's value is `original`'s with `patch` merged in, as the tree computes it.
    private func isMerge(of patch: JSON, into original: EditableText) -> Bool {
        guard var expected = try? JSON(parsing: original.bytes, options: .lenient),
              (try? expected.merge(patch: patch)) != nil,
              let found = try? JSON(parsing: bytes, options: .lenient) else { return false }
        return found == expected
    }
}

extension TextWalk {
    /// The changes that merge the object patch `members` into the object at `open`; nested objects that
    /// merge into nested objects are handed to `nest` instead of being walked here.
    func mergeEdits(_ members: JSONObject, into open: Int, bytes text: [UInt8], edits: inout [TextEditRange],
                    nest: (JSONObject, Int) -> Void) {
        let patch = members.lastOccurrences
        // Keys match by their UTF-8 bytes, as everywhere in Keel (not by Unicode equivalence).
        var patchIndex: [UTF8Key: Int] = [:]
        for (index, member) in patch.enumerated() { patchIndex[UTF8Key(member.key)] = index }

        // Every member of a patch key, and the children a removal or an addition reads around them.
        var occurrences = [[(position: Int, range: ChildRange)]](repeating: [], count: patch.count)
        var known: [(position: Int, range: ChildRange)] = []
        var previous: ChildRange?      // the last two children walked: `beforePrevious`, `previous`
        var beforePrevious: ChildRange?
        var previousMatched = false
        var position = 0
        let end = forEachChild(of: open) { child in
            if position == 0 { known.append((0, child)) }
            if previousMatched { known.append((position, child)) }
            previousMatched = false
            if let index = patchIndex[UTF8Key(key(of: child))] {
                occurrences[index].append((position, child))
                if let previous { known.append((position - 1, previous)) }
                known.append((position, child))
                previousMatched = true
            }
            beforePrevious = previous
            previous = child
            position += 1
            return true
        }
        let count = position
        let lastTwo: [(position: Int, range: ChildRange)] =
            [beforePrevious.map { (count - 2, $0) }, previous.map { (count - 1, $0) }].compactMap { $0 }
        let container = ContainerSplice(bytes: text, open: open, end: end,
                                        children: ChildNeighbourhood(count: count, known: known + lastTwo))

        var removed: [Int] = []
        var added: [[UInt8]] = []
        for (index, (key, value)) in patch.enumerated() {
            let found = occurrences[index]
            if case .null = value {
                removed += found.map(\.position)
                continue
            }
            guard let last = found.last else {
                let keyText = (try? JSON.string(key).jsonBytes()) ?? []
                added.append(keyText + container.keySeparator + ((try? JSON.withoutNullMembers(value).jsonBytes()) ?? []))
                continue
            }
            if case .object(let inner) = value, isObject(last.range.valueStart) {
                nest(inner, last.range.valueStart)
            } else {
                let merged = (try? JSON.withoutNullMembers(value).jsonBytes()) ?? []
                edits.append(TextEditRange(range: last.range.valueStart..<last.range.valueEnd, replacement: merged))
            }
        }

        // Removals, in runs of neighbouring children: each run takes one comma with it.
        removed.sort()
        var lastKept = count - 1
        var runStart = 0
        while runStart < removed.count {
            var runEnd = runStart
            while runEnd + 1 < removed.count, removed[runEnd + 1] == removed[runEnd] + 1 { runEnd += 1 }
            let first = removed[runStart], last = removed[runEnd]
            if last + 1 < count, let child = container.children[first], let next = container.children[last + 1] {
                edits.append(TextEditRange(range: child.start..<next.start, replacement: []))
            } else if first > 0, let kept = container.children[first - 1], let child = container.children[last] {
                edits.append(TextEditRange(range: kept.valueEnd..<child.valueEnd, replacement: []))
                lastKept = first - 1
            } else {
                edits.append(TextEditRange(range: (open + 1)..<(end - 1), replacement: []))
                lastKept = -1
            }
            runStart = runEnd + 1
        }

        // Additions, after the last child that stays (or alone between the brackets).
        guard !added.isEmpty else { return }
        if lastKept < 0 {
            edits.append(TextEditRange(range: (open + 1)..<(open + 1), replacement: Array(added.joined(separator: [UInt8(ascii: ",")]))))
        } else if let kept = container.children[lastKept] {
            let space = container.leadingSpace(lastKept)
            var text: [UInt8] = []
            for member in added { text += [UInt8(ascii: ",")] + space + member }
            edits.append(TextEditRange(range: kept.valueEnd..<kept.valueEnd, replacement: text))
        }
    }
}
