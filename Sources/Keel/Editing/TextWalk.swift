// Walking valid JSON text by skipping: a string is skipped to its closing quote, a container to its closing
// bracket, without reading what they hold. Finding one value of a large document this way costs one pass
// over the bytes before it and nothing in proportion to the document, where a tape costs several times the
// text and a tree tens of times.
//
// The text must already be known to be one valid strict JSON value (``EditableText`` checks it). Every read
// is still bounds-checked, so text that is not valid gives wrong offsets, never a crash.

/// Offsets into valid strict JSON text, found by skipping. The text is one buffer, or the pieces of a text
/// being edited (``PieceText``): the loops read a contiguous run at a time.
struct TextWalk<Text: WalkableText> {
    let bytes: Text
    /// Where walks of large containers start from, and what they teach, when the text is edited repeatedly.
    unowned(unsafe) var memory: WalkMemory? = nil

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    /// The first offset from `offset` that is not whitespace.
    func skippingSpace(_ offset: Int) -> Int {
        var i = offset
        while i < bytes.count {
            let run = bytes.run(from: i)
            if run.isEmpty { return bytes.count }  // never expected before the end: never loop on it
            var j = 0
            while j < run.count, JSONWhitespace.contains(run[j]) { j += 1 }
            i += j
            if j < run.count { return i }
        }
        return i
    }

    /// The first value's offset: after a byte order mark and whitespace.
    var rootStart: Int {
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        return skippingSpace(hasMark ? 3 : 0)
    }

    /// Just after the string whose opening quote is at `offset`.
    func stringEnd(_ offset: Int) -> Int {
        var i = offset + 1
        while i < bytes.count {
            let run = bytes.run(from: i)
            if run.isEmpty { return bytes.count }  // never expected before the end: never loop on it
            var j = 0
            while j < run.count {
                switch run[j] {
                case UInt8(ascii: "\""): return i + j + 1
                case UInt8(ascii: "\\"): j += 2   // the escaped byte may be the next run's first
                default: j += 1
                }
            }
            i += j
        }
        return bytes.count
    }

    /// Just after the value that starts at `offset`.
    func valueEnd(_ offset: Int) -> Int {
        switch byte(offset) {
        case UInt8(ascii: "\""):
            return stringEnd(offset)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = offset
            while i < bytes.count {
                let run = bytes.run(from: i)
                if run.isEmpty { return bytes.count }
                var j = 0
                scan: while j < run.count {
                    switch run[j] {
                    case UInt8(ascii: "\""):
                        break scan
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return i + j + 1 }
                    default:
                        break
                    }
                    j += 1
                }
                i += j
                // Stopped at a string: skip it whole.
                if j < run.count { i = stringEnd(i) }
            }
            return bytes.count
        default:
            var i = offset
            while i < bytes.count {
                let run = bytes.run(from: i)
                if run.isEmpty { return bytes.count }
                var j = 0
                while j < run.count {
                    switch run[j] {
                    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return i + j
                    default: j += 1
                    }
                }
                i += j
            }
            return i
        }
    }

    func isObject(_ offset: Int) -> Bool { byte(offset) == UInt8(ascii: "{") }
    func isArray(_ offset: Int) -> Bool { byte(offset) == UInt8(ascii: "[") }

    /// Calls `body` with each child of the container whose opening bracket is at `open`, in order, until it
    /// returns `false`; returns just after the closing bracket (or where the walk stopped). With `start`, the
    /// walk begins at the child that starts there.
    @discardableResult @inline(__always)
    func forEachChild(of open: Int, from start: Int? = nil, _ body: (ChildRange) -> Bool) -> Int {
        let isObject = self.isObject(open)
        var i = start ?? skippingSpace(open + 1)
        if byte(i) == UInt8(ascii: "}") || byte(i) == UInt8(ascii: "]") { return i + 1 }
        while i < bytes.count {
            let start = i
            var keyEnd = i
            if isObject {
                keyEnd = stringEnd(i)
                i = skippingSpace(skippingSpace(keyEnd) + 1)  // past the colon
            }
            let end = valueEnd(i)
            guard body(ChildRange(start: start, keyEnd: keyEnd, valueStart: i, valueEnd: end)) else { return end }
            i = skippingSpace(end)
            guard byte(i) == UInt8(ascii: ",") else { return i + 1 }
            i = skippingSpace(i + 1)
        }
        return bytes.count
    }

    /// Calls `body` with each child of the container at `open` and its position, from child `first` (or an
    /// earlier one: the walk starts at the last child ``memory`` knows at or before it) until `body` returns
    /// `false`; returns where the walk ended, and whether that is the end of the container. What the walk
    /// passes is remembered for the next.
    @discardableResult @inline(__always)
    func forEachChild(of open: Int, fromPosition first: Int, _ body: (Int, ChildRange) -> Bool) -> (end: Int, isComplete: Bool) {
        let isObject = self.isObject(open)
        var position = 0
        var start: Int?
        if let mark = memory?.mark(in: open, atOrBefore: first) {
            (position, start) = mark
        }
        let recording = memory?.wantsMarks(of: open, isObject: isObject, from: position) ?? false
        let budget = memory?.budget ?? 0
        let lastMark = memory?.lastMark(of: open)
        var lastMarked = lastMark?.position ?? Int.min / 2
        var lastMarkedStart = lastMark?.start ?? Int.min / 2
        let stride = memory?.arrayStride ?? 1
        var marks: [WalkMemory.Mark] = []
        var isComplete = true
        var walked = 0
        let end = forEachChild(of: open, from: start) { child in
            walked += 1
            if recording, marks.count < budget {
                if isObject {
                    marks.append(WalkMemory.Mark(position: position, start: child.start, keyHash: keyHash(of: child)))
                } else if position - lastMarked >= stride || child.start - lastMarkedStart >= WalkMemory.byteStride {
                    marks.append(WalkMemory.Mark(position: position, start: child.start, keyHash: 0))
                    lastMarked = position
                    lastMarkedStart = child.start
                }
            }
            let goesOn = body(position, child)
            position += 1
            if !goesOn { isComplete = false }
            return goesOn
        }
        memory?.walked(walked, fromMark: start != nil)
        if recording {
            // An object is remembered only with every member marked.
            let isWhole = isComplete && (!isObject || marks.count == position)
            memory?.learn(open, isObject: isObject, marks: marks, end: isWhole ? end : nil,
                          count: isWhole ? position : nil, walkedTo: end)
        }
        return (end, isComplete)
    }

    /// The child that starts at `start` in a container (an object's member when `isObject`).
    func child(startingAt start: Int, isObject: Bool) -> ChildRange {
        guard isObject else { return ChildRange(start: start, keyEnd: start, valueStart: start, valueEnd: valueEnd(start)) }
        let valueStart = memberValueStart(start)
        return ChildRange(start: start, keyEnd: stringEnd(start), valueStart: valueStart, valueEnd: valueEnd(valueStart))
    }

    /// The key of a member, unescaped.
    func key(of child: ChildRange) -> String {
        key(start: child.start, keyEnd: child.keyEnd)
    }

    /// The key whose opening quote is at `start` and which ends just before `keyEnd`, unescaped.
    func key(start: Int, keyEnd: Int) -> String {
        bytes.withBytes(in: start..<max(start + 1, keyEnd)) { quoted in
            let raw = UnsafeBufferPointer(rebasing: quoted[1..<max(1, quoted.count - 1)])
            if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw, as: UTF8.self) }
            if case .string(let key)? = try? JSON(parsing: UnsafeRawBufferPointer(quoted)) { return key }
            return String(decoding: raw, as: UTF8.self)
        }
    }

    /// The bytes between a key's quotes, as written: the key whose opening quote is at `start` and which ends
    /// just before `keyEnd`.
    func rawKeyRange(start: Int, keyEnd: Int) -> Range<Int> { (start + 1)..<max(start + 1, keyEnd - 1) }

    /// The hash a ``WalkMemory`` keeps of a member's key (``WalkMemory/hash(ofKey:)`` of its raw bytes).
    func keyHash(of child: ChildRange) -> Int {
        bytes.withBytes(in: rawKeyRange(start: child.start, keyEnd: child.keyEnd)) { WalkMemory.hash(ofKey: $0) }
    }

    /// Whether a member's key is `key` (given as UTF-8), comparing bytes when the key has no escape.
    func keyMatches(_ child: ChildRange, _ key: [UInt8]) -> Bool {
        keyMatches(start: child.start, keyEnd: child.keyEnd, key)
    }

    /// ``keyMatches(_:_:)`` for the key whose opening quote is at `start` and which ends just before `keyEnd`.
    func keyMatches(start: Int, keyEnd: Int, _ key: [UInt8]) -> Bool {
        let length = keyEnd - start - 2
        let hasEscape = bytes.withBytes(in: rawKeyRange(start: start, keyEnd: keyEnd)) { raw -> Bool? in
            if length == key.count, raw.elementsEqual(key) { return nil }
            return raw.contains(UInt8(ascii: "\\"))
        }
        guard let hasEscape else { return true }
        // An escape can spell the key with more bytes, never fewer.
        guard length > key.count, hasEscape else { return false }
        return Array(self.key(start: start, keyEnd: keyEnd).utf8) == key
    }

    /// Where the value of the member whose key's opening quote is at `start` begins (past the colon).
    func memberValueStart(_ start: Int) -> Int {
        skippingSpace(skippingSpace(stringEnd(start)) + 1)
    }

    /// The value at `offset` read as a `JSON` value (for a value an edit compares, copies or names).
    func value(at offset: Int) -> JSON? {
        bytes.withBytes(in: offset..<valueEnd(offset)) { text in
            try? JSON(parsing: UnsafeRawBufferPointer(text), options: .lenient)
        }
    }
}
