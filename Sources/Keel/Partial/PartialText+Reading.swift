// What typed reading asks of a document still arriving: the open value inside each frame, keys, and finished
// values as JSON or as a document to decode. A finished value's document shares the received bytes and is
// scanned when asked for, so its decoding errors name the line and column in the whole text.

extension PartialText {
    /// The open value inside the frame at `depth` that has something to show: the next frame, or the string
    /// the text ends inside. A number or literal still arriving, or a key, shows nothing.
    func openChild(ofFrame depth: Int) -> JSONPartialValue.Content? {
        if depth + 1 < frames.count { return .frame(depth + 1, self) }
        guard depth == frames.count - 1 else { return nil }
        return openString.map { .openString($0) }
    }

    /// The text so far of the string value the text ends inside, if any.
    var openString: String? {
        guard let leaf = openLeaf, !leaf.isKey, case .string(let text)? = leaf.reader.parser.snapshot().value
        else { return nil }
        return text
    }

    /// Whether the raw key at `range` (between its quotes) stands for `key`.
    func raw(_ range: Range<Int>, equals key: String) -> Bool {
        bytes.withUnsafeBufferPointer { StringUnescaping.raw(UnsafeBufferPointer(rebasing: $0[range]), equals: key.utf8) }
    }

    /// The text the raw string at `range` (between its quotes, escapes as written) stands for: a key or a
    /// string value.
    func text(ofRaw range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { StringUnescaping.text(of: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// A finished value as a tree; scalars are read straight from their text.
    func json(of range: Range<Int>) -> JSON {
        let first = bytes[range.lowerBound]
        switch first {
        case UInt8(ascii: "\""):
            return .string(text(ofRaw: range.lowerBound + 1..<range.upperBound - 1))
        case UInt8(ascii: "t"): return .bool(true)
        case UInt8(ascii: "f"): return .bool(false)
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return document(of: range).map { JSON($0.root) } ?? .null
        default:
            return bytes.withUnsafeBufferPointer { buffer in
                let digits = UnsafeBufferPointer(rebasing: buffer[range])
                let isPlainInteger = !digits.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
                return .number(JSONNumber(validatedLiteral: digits, isPlainInteger: isPlainInteger))
            }
        }
    }

    /// The open container at `depth` as a tree: its finished members and its open value, if it shows. Built
    /// from the innermost frame outward, so depth costs no stack. With `memory`, each finished member's tree
    /// is built once for a series of snapshots, so a snapshot costs in proportion to the open containers'
    /// member counts rather than to their text.
    func json(ofFrame depth: Int, memory: JSONPartialMemory? = nil) -> JSON {
        func json(of range: Range<Int>) -> JSON {
            guard let memory else { return self.json(of: range) }
            if let known = memory.trees[range.lowerBound] { return known }
            let made = self.json(of: range)
            memory.trees[range.lowerBound] = made
            return made
        }
        var inner: JSON? = openString.map { .string($0) }
        var index = frames.count - 1
        while index >= depth {
            let frame = frames[index]
            if frame.isObject {
                var keys = frame.members.map { text(ofRaw: $0.key) }
                var values = frame.members.map { json(of: $0.value) }
                if let inner, let pending = frame.pendingKey {
                    keys.append(text(ofRaw: pending))
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

    /// A document holding the finished value at `range`, scanned now (the walk kept no tape for it).
    func document(of range: Range<Int>) -> JSONDocument? {
        let scanned = bytes.withUnsafeBufferPointer { buffer -> (TapeBuffer, [Int: ObjectKeyIndex])? in
            guard var scanner = try? Scanner(bytes: buffer, options: options, tapeCapacity: range.count / 8 + 16,
                                             locatesErrors: false) else { return nil }
            guard (try? scanner.scanValue(from: range.lowerBound)) != nil else {
                scanner.discardTape()
                return nil
            }
            return (scanner.finishTape(), scanner.keyIndexes)
        }
        guard let (tape, keyIndexes) = scanned else { return nil }
        return JSONDocument(storage: DocumentStorage(bytes: bytes, tape: tape, keyIndexes: keyIndexes))
    }
}
