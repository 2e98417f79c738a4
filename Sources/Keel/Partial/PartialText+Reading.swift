// What typed reading asks of a document still arriving: the open value inside each frame, keys, and finished
// values as JSON or as views of a document over the tape. That document shares the received bytes, so
// decoding errors name the line and column in the whole text.

extension PartialText {
    /// The open value inside the frame at `depth` that has something to show: the next frame, or the string
    /// the text ends inside. A number or literal still arriving, or a key, shows nothing.
    func openChild(ofFrame depth: Int) -> JSONPartialValue.Content? {
        if depth + 1 < frames.count { return .frame(depth + 1, self) }
        guard depth == frames.count - 1 else { return nil }
        return openString.map { .openString($0) }
    }

    /// The text so far of the string value the text ends inside, if any, as its parser shows it.
    var openString: String? {
        guard let leaf = openLeaf, !leaf.isKey, leaf.readOn(bytes) == false,
              case .string(let text)? = leaf.parser.snapshot().value else { return nil }
        return text
    }

    /// The raw bytes (between its quotes, escapes as written) of the string or key at tape index `index`.
    private func rawRange(ofString index: Int) -> Range<Int> {
        let entry = entry(index)
        return entry.offset + 1..<entry.offset + 1 + entry.length
    }

    /// Whether the key at tape index `index` stands for `key`.
    func key(_ index: Int, equals key: String) -> Bool {
        let range = rawRange(ofString: index)
        return bytes.withUnsafeBufferPointer { StringUnescaping.raw(UnsafeBufferPointer(rebasing: $0[range]), equals: key.utf8) }
    }

    /// The text of the string (a key or a value) at tape index `index`, read as the document reads strings,
    /// without checking the bytes the scan has checked.
    func text(ofString index: Int) -> String { string(ifStringAt: index) ?? text(ofRaw: rawRange(ofString: index)) }

    /// The text the raw string at `range` (between its quotes, escapes as written) stands for.
    func text(ofRaw range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { StringUnescaping.text(of: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The finished value at tape index `index`, to decode.
    func view(ofValue index: Int) -> JSONView { JSONView(storage: document, index: index) }

    /// A finished value as a tree; scalars are read straight from their text.
    func json(ofValue index: Int) -> JSON {
        let entry = entry(index)
        switch entry.kind {
        case .string: return .string(text(ofString: index))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        case .array, .object: return JSON(view(ofValue: index))
        case .number: return .number(number(ofValue: index))
        }
    }

    /// The finished number at tape index `index`, read from its text.
    func number(ofValue index: Int) -> JSONNumber {
        let entry = entry(index)
        return bytes.withUnsafeBufferPointer { buffer in
            let digits = UnsafeBufferPointer(rebasing: buffer[entry.offset..<entry.offset + entry.length])
            return JSONNumber(validatedLiteral: digits, isPlainInteger: entry.flags.contains(.isInteger))
        }
    }

    /// The open container at `depth` as a tree: its finished members and its open value, if it shows. Built
    /// from the innermost frame outward, so depth costs no stack. With `memory`, each finished member's tree
    /// is built once for a series of snapshots, so a snapshot costs in proportion to the open containers'
    /// member counts rather than to their text.
    func json(ofFrame depth: Int, memory: JSONPartialMemory? = nil) -> JSON {
        func json(of index: Int) -> JSON {
            guard let memory else { return self.json(ofValue: index) }
            if let known = memory.trees[index] { return known }
            let made = self.json(ofValue: index)
            memory.trees[index] = made
            return made
        }
        var inner: JSON? = openString.map { .string($0) }
        var index = frames.count - 1
        while index >= depth {
            let frame = frames[index]
            if frame.isObject {
                var keys = frame.members.map { text(ofString: $0.key) }
                var values = frame.members.map { json(of: $0.value) }
                if let inner, let pending = frame.pendingKey {
                    keys.append(text(ofString: pending))
                    values.append(inner)
                }
                inner = .object(JSONObject(keys: keys, values: values))
            } else {
                var values = frame.members.map { json(of: $0.value) }
                if let inner { values.append(inner) }
                inner = .array(JSONArray(values))
            }
            index -= 1
        }
        return inner ?? .null
    }
}
