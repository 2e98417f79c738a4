// Writing a document's value as text straight from the tape: no tree is built, and string contents and
// number literals are copied as they were written whenever the options allow.

extension JSONView {
    /// The value as JSON text, written from the parsed document without building a tree.
    ///
    /// Numbers keep their literal text; strings keep their escapes unless the options ask for other
    /// escaping. Options work as for ``JSON/jsonText(options:)``.
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

/// Walks the tape of one value and writes it.
struct TapeWriter {
    let reader: TapeReader
    let options: JSONWritingOptions

    private struct Frame {
        let isObject: Bool
        /// Array elements or object keys (tape indices) to write, in order.
        let items: [Int]
        var next: Int
    }

    func write(from root: Int, into sink: inout JSONTextSink) {
        let tape = reader.tape
        var stack: [Frame] = []
        var current: Int? = root
        while true {
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
                    stack.append(Frame(isObject: false, items: children(of: index), next: 0))
                case .object:
                    sink.append(UInt8(ascii: "{"))
                    stack.append(Frame(isObject: true, items: keys(of: index), next: 0))
                }
            }
            guard var frame = stack.popLast() else { return }
            let depth = stack.count + 1
            if frame.next == frame.items.count {
                sink.close(UInt8(ascii: frame.isObject ? "}" : "]"), empty: frame.items.isEmpty, depth: depth)
                continue
            }
            let item = frame.items[frame.next]
            sink.beginItem(first: frame.next == 0, depth: depth)
            frame.next += 1
            stack.append(frame)
            if frame.isObject {
                writeString(at: item, into: &sink)
                sink.colon()
                current = item + 1
            } else {
                current = item
            }
        }
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

    private func children(of array: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(reader.tape[array].count)
        var child = array + 1
        for _ in 0..<reader.tape[array].count {
            result.append(child)
            child = TapeReader.indexAfter(child, in: reader.tape)
        }
        return result
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
            let sortable = result.map { key in (key, reader.withKeyBytes(at: key, scratch: &scratch) { Array($0) }) }
            result = sortable.sorted { a, b in
                a.1 == b.1 ? a.0 < b.0 : a.1.lexicographicallyPrecedes(b.1)
            }.map(\.0)
        }
        return result
    }
}
