// Writing an encoding tree as text without building a `JSON` value first. The writer recurses once per
// container, as deep as the model's own `encode(to:)` calls already went; `JSON` values inside the tree
// are handed to the iterative JSONWriter, so they may be of any depth.
#if canImport(FoundationEssentials) || canImport(Foundation)
struct EncodingTreeWriter: ~Copyable {
    private var writer: JSONWriter

    init(options: JSONWritingOptions) { writer = JSONWriter(options: options) }

    var output: [UInt8] { writer.output }

    /// Lends the text written to `body`, for output made with one copy.
    func withOutput<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { writer.sink.withBytesWritten(from: 0, body) }

    /// Writes `slot`, a value at `depth` in the text.
    mutating func write(_ slot: EncodingSlot, depth: Int = 0) throws(JSONWritingError) {
        switch slot.resolved {
        case .value(.string(let string)):
            writer.sink.string(string)
        case .value(.number(let number)) where number.isFinite:
            writer.sink.number(number)
        case .value(let value):
            writer.baseDepth = depth
            try writer.write(value)
        case .array(let array):
            writer.sink.append(UInt8(ascii: "["))
            for (index, element) in array.elements.enumerated() {
                writer.sink.beginItem(first: index == 0, depth: depth + 1)
                do { try write(element, depth: depth + 1) } catch { throw error.below(.index(index)) }
            }
            writer.sink.close(UInt8(ascii: "]"), empty: array.elements.isEmpty, depth: depth + 1)
        case .object(let object):
            let members = object.uniqueMembers()
            let order = JSONWriter.memberOrder(
                count: members.count, options: writer.sink.options, key: { members[$0].key },
                isNull: { members[$0].value.isNull })
            let count = order?.count ?? members.count
            writer.sink.append(UInt8(ascii: "{"))
            for number in 0..<count {
                let member = members[order?[number] ?? number]
                writer.sink.beginItem(first: number == 0, depth: depth + 1)
                writer.sink.string(member.key)
                writer.sink.colon()
                do { try write(member.value, depth: depth + 1) } catch { throw error.below(.key(member.key)) }
            }
            writer.sink.close(UInt8(ascii: "}"), empty: count == 0, depth: depth + 1)
        case .encoder:
            break  // `resolved` never returns an encoder
        }
    }
}

extension EncodingSlot {
    /// Whether the slot holds `null` (for leaving out null members).
    var isNull: Bool {
        if case .value(let value) = resolved { return value.isNullValue }
        return false
    }
}

extension JSONWritingError {
    /// The same error for a value one level further down, under `component`.
    func below(_ component: JSONPath.Component) -> JSONWritingError {
        JSONWritingError(value: value, path: JSONPath([component] + path.components))
    }
}
#endif
