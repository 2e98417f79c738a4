// A `JSON` tree as a document: its compact text and its tape written together in one walk, so that every style
// (which reads documents) can decode a tree without the text being parsed again. The text is what the tree
// writer would write; the tape is what the scanner would have recorded for it.

/// Writes a tree's compact text and tape side by side. Make one per document.
struct DocumentWriter: ~Copyable {
    private var sink = JSONTextSink(options: JSONWritingOptions())
    private var tape: [TapeEntry] = []
    /// Objects with more members than ``ObjectKeyIndex/threshold``, indexed once the bytes are final.
    private var largeObjects: [Int] = []

    private enum Frame {
        case array(JSONArray, entry: Int, next: Int)
        /// `lastKey` is the tape index of the latest key written (`-1` before the first).
        case object(JSONObject, entry: Int, next: Int, firstKey: Int, lastKey: Int, escapedKey: Bool)
    }

    /// The document holding `value`'s text, marked as having no source text of its own (so that errors
    /// about its values name paths but no line and column).
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number, which JSON text cannot hold.
    static func document(for value: JSON) throws(JSONWritingError) -> JSONDocument {
        var writer = DocumentWriter()
        try writer.write(value)
        return writer.finish()
    }

    private mutating func write(_ root: JSON) throws(JSONWritingError) {
        var stack: [Frame] = []
        var current: JSON? = root
        while true {
            if let value = current {
                current = nil
                let offset = sink.bufferedCount
                switch value {
                case .null:
                    sink.append("null")
                    tape.append(TapeEntry(kind: .null, offset: offset, payload: 0))
                case .bool(let flag):
                    sink.append(flag ? "true" : "false")
                    tape.append(TapeEntry(kind: flag ? .true : .false, offset: offset, payload: 0))
                case .number(let number):
                    guard number.isFinite else { throw JSONWritingError(value: number.text, path: DocumentWriter.path(of: stack)) }
                    sink.number(number)
                    let length = sink.bufferedCount - offset
                    // As the scanner marks it: a literal with no fraction and no exponent (read from the bytes
                    // just written, so a double is not formatted a second time).
                    let isInteger = sink.withBytesWritten(from: offset) { text in
                        !text.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
                    }
                    tape.append(TapeEntry(kind: .number, flags: isInteger ? .isInteger : [], offset: offset,
                                          payload: UInt64(length)))
                case .string(let string):
                    let escaped = writeString(string)
                    tape.append(TapeEntry(kind: .string, flags: escaped.flags, offset: offset, payload: UInt64(escaped.length)))
                case .array(let array):
                    sink.append(UInt8(ascii: "["))
                    tape.append(TapeEntry(kind: .array, offset: offset, payload: 0))
                    stack.append(.array(array, entry: tape.count - 1, next: 0))
                case .object(let object):
                    sink.append(UInt8(ascii: "{"))
                    tape.append(TapeEntry(kind: .object, offset: offset, payload: 0))
                    stack.append(.object(object, entry: tape.count - 1, next: 0, firstKey: -1, lastKey: -1, escapedKey: false))
                }
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let array, let entry, let next):
                if next == array.count {
                    sink.append(UInt8(ascii: "]"))
                    tape[entry].payload = UInt64(array.count) | UInt64(tape.count) << 32
                } else {
                    if next > 0 { sink.append(UInt8(ascii: ",")) }
                    stack.append(.array(array, entry: entry, next: next + 1))
                    current = array[next]
                }
            case .object(let object, let entry, let next, let firstKey, let lastKey, let escapedKey):
                let storage = object.storage
                if next == storage.keys.count {
                    sink.append(UInt8(ascii: "}"))
                    closeObject(entry: entry, count: next, firstKey: firstKey, lastKey: lastKey, escapedKey: escapedKey)
                } else {
                    if next > 0 { sink.append(UInt8(ascii: ",")) }
                    let offset = sink.bufferedCount
                    let escaped = writeString(storage.keys[next])
                    let link = lastKey < 0 ? 0 : UInt64(lastKey)
                    tape.append(TapeEntry(kind: .string, flags: escaped.flags.union(.isKey), offset: offset,
                                          payload: UInt64(escaped.length) | link << 32))
                    sink.append(UInt8(ascii: ":"))
                    let key = tape.count - 1
                    stack.append(.object(object, entry: entry, next: next + 1, firstKey: firstKey < 0 ? key : firstKey,
                                         lastKey: key, escapedKey: escapedKey || escaped.flags.contains(.hasEscapes)))
                    current = storage.values[next]
                }
            }
        }
    }

    /// Writes a string; returns its raw length between the quotes, whether it needed escapes and whether it is
    /// ASCII.
    private mutating func writeString(_ string: String) -> (length: Int, flags: TapeEntry.Flags) {
        let start = sink.bufferedCount
        sink.string(string)
        let length = sink.bufferedCount - start - 2
        let isASCII = sink.withBytesWritten(from: start) { written in !written.contains { $0 >= 0x80 } }
        var flags: TapeEntry.Flags = isASCII ? .isASCII : []
        if length != string.utf8.count { flags.insert(.hasEscapes) }
        return (length, flags)
    }

    /// Fills in an object's count and end, links its first key to its last, and notes a large one.
    private mutating func closeObject(entry: Int, count: Int, firstKey: Int, lastKey: Int, escapedKey: Bool) {
        tape[entry].payload = UInt64(count) | UInt64(tape.count) << 32
        if escapedKey { tape[entry].header |= UInt64(TapeEntry.Flags.hasEscapedKey.rawValue) << 8 }
        if firstKey >= 0 {
            tape[firstKey].payload = tape[firstKey].payload & 0xFFFF_FFFF | UInt64(lastKey) << 32
        }
        if count > ObjectKeyIndex.threshold { largeObjects.append(entry) }
    }

    /// The document: the bytes, the tape in a buffer of its own, and the key indexes of large objects.
    private consuming func finish() -> JSONDocument {
        let bytes = sink.output
        let base = UnsafeMutablePointer<TapeEntry>.allocate(capacity: max(tape.count, 1))
        tape.withUnsafeBufferPointer { entries in
            if let source = entries.baseAddress { base.initialize(from: source, count: entries.count) }
        }
        var keyIndexes: [Int: ObjectKeyIndex] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            let reader = TapeReader(bytes: buffer, tape: UnsafePointer(base))
            for object in largeObjects {
                keyIndexes[object] = ObjectKeyIndex.build(forObjectAt: object, reader: reader).index
                base[object].header |= UInt64(TapeEntry.Flags.hasKeyIndex.rawValue) << 8
            }
        }
        let buffer = TapeBuffer(adopting: base, count: tape.count, capacity: max(tape.count, 1), allocation: .swift)
        return JSONDocument(storage: DocumentStorage(bytes: bytes, tape: buffer, keyIndexes: keyIndexes, hasSourceText: false))
    }

    /// The path to the value being written, from the open frames.
    private static func path(of stack: [Frame]) -> JSONPath {
        JSONPath(stack.map { frame in
            switch frame {
            case .array(_, _, let next): return .index(next - 1)
            case .object(let object, _, let next, _, _, _): return .key(object.storage.keys[next - 1])
            }
        })
    }
}
