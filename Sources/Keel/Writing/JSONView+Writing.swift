// Writing a document's value as text straight from the tape: no tree is built, and string contents and
// number literals are copied as they were written whenever the options allow.

extension JSONView {
    /// The value as JSON text, written from the parsed document without building a tree.
    ///
    /// Numbers keep their literal text; strings keep their escapes unless the options ask for other
    /// escaping. Options work as for ``JSON/jsonText(options:)``. A number JSON cannot hold, read from JSON5,
    /// is written as JSON5 spells it (`NaN`, `Infinity`); ``checkWritableAsJSON()`` finds one first.
    ///
    /// - Complexity: O(n) in the size of the value (O(n log n) per object with sorted keys); iterative.
    public func jsonText(options: JSONWritingOptions = JSONWritingOptions()) -> String {
        String(decoding: jsonBytes(options: options), as: UTF8.self)
    }

    /// The value as JSON text in UTF-8 bytes; see ``jsonText(options:)``.
    public func jsonBytes(options: JSONWritingOptions = JSONWritingOptions()) -> [UInt8] {
        var sink = JSONTextSink(options: options, capacity: sourceEnd - entry.offset + 16)
        storage.withReader { reader in TapeWriter(reader: reader, options: options).write(from: index, into: &sink) }
        return sink.output
    }
}

extension JSONView {
    /// Checks that the value can be written as JSON: throws for its first number that JSON cannot hold, which
    /// only a document read as JSON5 has (`NaN`, `Infinity`, `-Infinity`). The writers above copy such a
    /// number as JSON5 spells it, so call this first when the output must be strict JSON.
    ///
    /// - Throws: ``JSONWritingError`` naming the number and its path from the document's root.
    /// - Complexity: O(1) for a document not read as JSON5; otherwise O(n) in the size of the value's tape.
    public func checkWritableAsJSON() throws(JSONWritingError) {
        guard storage.commentedText?.translation != nil else { return }
        let tape = storage.tape.base
        for candidate in index..<storage.indexOfValue(after: index)
        where tape[candidate].kind == .number && tape[candidate].flags.contains(.isNonFinite) {
            let number = JSONView(storage: storage, index: candidate)
            throw JSONWritingError(value: number.numberValue?.text ?? "nan", path: number.path)
        }
    }
}

extension JSONView {
    /// Writes the value as JSON text a piece at a time, for text too large to hold whole: `output` gets
    /// each piece (about `chunkSize` bytes; the last may be shorter) as soon as it is written, and may
    /// not keep the buffer after it returns.
    ///
    /// ```swift
    /// document.root.writeJSON(options: .pretty(indent: 2)) { piece in
    ///     fwrite(piece.baseAddress, 1, piece.count, stdout)
    /// }
    /// ```
    ///
    /// The pieces, joined, are exactly ``jsonBytes(options:)``.
    public func writeJSON(
        options: JSONWritingOptions = JSONWritingOptions(), chunkSize: Int = 1 << 20,
        to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var sink = JSONTextSink(options: options, capacity: min(max(chunkSize, 0), 1 << 26) + 4096)
        storage.withReader { reader in
            TapeWriter(reader: reader, options: options)
                .write(from: index, into: &sink, chunkSize: max(chunkSize, 1), drain: output)
        }
    }
}

/// Walks the tape of one value and writes it.
struct TapeWriter {
    let reader: TapeReader
    let options: JSONWritingOptions

    private struct Frame {
        let isObject: Bool
        /// The items to write (tape indices of elements, or of keys), when the options filter or reorder an
        /// object's members; `nil` when the items are walked on the tape, one after another.
        let items: [Int]?
        let count: Int
        var written = 0
        /// The tape index of the next item, when walking.
        var nextIndex: Int
    }

    /// Writes the value at tape index `root` into `sink`. With `drain`, hands the text over in pieces of
    /// at least `chunkSize` bytes as it goes (the last one may be shorter), so the whole text is never held.
    func write(
        from root: Int, into sink: inout JSONTextSink, chunkSize: Int? = nil,
        drain: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
    ) {
        let tape = reader.tape
        var stack: [Frame] = []
        var current: Int? = root
        while true {
            if let chunkSize, sink.bufferedCount >= chunkSize { sink.drain(into: drain) }
            if let index = current {
                current = nil
                let entry = tape[index]
                switch entry.kind {
                case .null: sink.append("null")
                case .true: sink.append("true")
                case .false: sink.append("false")
                case .number: sink.append(reader.numberText(at: index))
                case .string: writeString(at: index, into: &sink)
                case .array:
                    sink.append(UInt8(ascii: "["))
                    stack.append(Frame(isObject: false, items: nil, count: entry.count, nextIndex: index + 1))
                case .object:
                    sink.append(UInt8(ascii: "{"))
                    let items = options.omitsNullMembers || options.sortsKeys ? keys(of: index) : nil
                    stack.append(Frame(isObject: true, items: items, count: items?.count ?? entry.count, nextIndex: index + 1))
                }
            }
            guard var frame = stack.popLast() else { break }
            let depth = stack.count + 1
            if frame.written == frame.count {
                sink.close(UInt8(ascii: frame.isObject ? "}" : "]"), empty: frame.count == 0, depth: depth)
                continue
            }
            let item = frame.items?[frame.written] ?? frame.nextIndex
            sink.beginItem(first: frame.written == 0, depth: depth)
            frame.written += 1
            if frame.items == nil {
                frame.nextIndex = TapeReader.indexAfter(frame.isObject ? item + 1 : item, in: tape)
            }
            stack.append(frame)
            if frame.isObject {
                writeString(at: item, into: &sink)
                sink.colon()
                current = item + 1
            } else {
                current = item
            }
        }
        if chunkSize != nil { sink.drain(into: drain) }
    }

    private func writeString(at index: Int, into sink: inout JSONTextSink) {
        if sink.copiesValidStrings {
            // The raw contents are valid JSON string contents already.
            sink.append(UInt8(ascii: "\""))
            sink.append(reader.rawBytes(at: index))
            sink.append(UInt8(ascii: "\""))
        } else {
            var scratch: [UInt8] = []
            reader.withKeyBytes(at: index, scratch: &scratch) { sink.string($0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    /// The keys to write (tape indices), without null members and sorted, as the options ask.
    private func keys(of object: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(reader.tape[object].count)
        var key = object + 1
        for _ in 0..<reader.tape[object].count {
            if !(options.omitsNullMembers && reader.tape[key + 1].kind == .null) { result.append(key) }
            key = TapeReader.indexAfter(key + 1, in: reader.tape)
        }
        if options.sortsKeys {
            var scratch: [UInt8] = []
            result = KeyOrder.sorted(result) { key in reader.withKeyBytes(at: key, scratch: &scratch) { Array($0) } }
        }
        return result
    }
}
