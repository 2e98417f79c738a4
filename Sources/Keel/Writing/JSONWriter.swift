// Writing JSON trees as text. The traversal keeps its own stack of open containers, so writing a value
// nested 100,000 levels deep uses heap, not call stack.

/// Writes ``JSON`` values as RFC 8259 text.
struct JSONWriter: ~Copyable {
    var sink: JSONTextSink
    /// Whether non-finite numbers are written as their Swift spelling (`nan`, `inf`) instead of failing;
    /// only for `description`, which cannot throw.
    var spellsNonFiniteNumbers = false
    /// The depth of the value being written within the whole text, for indentation when a value is written
    /// inside another (as the encoder writes `JSON` values a model holds).
    var baseDepth = 0

    init(options: JSONWritingOptions = JSONWritingOptions()) {
        sink = JSONTextSink(options: options)
    }

    var output: [UInt8] { sink.output }

    /// JSON5's spelling of a non-finite number: `NaN`, `Infinity` or `-Infinity`.
    static func json5Spelling(of number: JSONNumber) -> StaticString {
        let value = number.nearestDouble
        return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity")
    }

    private enum Frame {
        case array(JSONArray, next: Int)
        /// `order` lists the members to write, by position, when the options sort or filter them; `nil`
        /// means all of them in order.
        case object(JSONObject, order: [Int]?, next: Int)
    }

    mutating func write(_ value: JSON) throws(JSONWritingError) {
        var stack: [Frame] = []
        var current: JSON? = value
        while true {
            if let value = current {
                current = nil
                switch value {
                case .null: sink.append("null")
                case .bool(let flag): sink.append(flag ? "true" : "false")
                case .number(let number):
                    if number.isFinite {
                        sink.number(number)
                    } else if sink.options.writesJSON5NonFiniteNumbers {
                        sink.append(JSONWriter.json5Spelling(of: number).description)
                    } else if spellsNonFiniteNumbers {
                        sink.number(number)
                    } else {
                        throw JSONWritingError(value: number.text, path: JSONWriter.path(of: stack))
                    }
                case .string(let string): sink.string(string)
                case .array(let array):
                    sink.append(UInt8(ascii: "["))
                    stack.append(.array(array, next: 0))
                case .object(let object):
                    sink.append(UInt8(ascii: "{"))
                    stack.append(.object(object, order: order(of: object), next: 0))
                }
            }
            if sink.isFull { return }
            guard let frame = stack.popLast() else { return }
            let depth = baseDepth + stack.count + 1
            switch frame {
            case .array(let array, let next):
                if next == array.count {
                    sink.close(UInt8(ascii: "]"), empty: array.isEmpty, depth: depth)
                } else {
                    sink.beginItem(first: next == 0, depth: depth)
                    stack.append(.array(array, next: next + 1))
                    current = array[next]
                }
            case .object(let object, let order, let next):
                let count = order?.count ?? object.count
                if next == count {
                    sink.close(UInt8(ascii: "}"), empty: count == 0, depth: depth)
                } else {
                    let position = order?[next] ?? next
                    sink.beginItem(first: next == 0, depth: depth)
                    sink.string(object.storage.keys[position])
                    sink.colon()
                    stack.append(.object(object, order: order, next: next + 1))
                    current = object.storage.values[position]
                }
            }
        }
    }

    private func order(of object: JSONObject) -> [Int]? {
        let storage = object.storage
        return JSONWriter.memberOrder(
            count: storage.keys.count, options: sink.options, key: { storage.keys[$0] },
            isNull: { storage.values[$0].isNullValue })
    }

    /// The positions of the members to write: all, or without nulls; in order, or sorted by key bytes
    /// (stably, so repeated keys keep their order). `nil` when that is every member in order.
    static func memberOrder(
        count: Int, options: JSONWritingOptions, key: (Int) -> String, isNull: (Int) -> Bool
    ) -> [Int]? {
        guard options.omitsNullMembers || options.sortsKeys else { return nil }
        var positions = Array(0..<count)
        if options.omitsNullMembers { positions.removeAll(where: isNull) }
        if options.sortsKeys { positions = KeyOrder.sorted(positions) { Array(key($0).utf8) } }
        return positions
    }

    /// The path to the value being written, from the open frames.
    private static func path(of stack: [Frame]) -> JSONPath {
        JSONPath(stack.map { frame in
            switch frame {
            case .array(_, let next): return .index(next - 1)
            case .object(let object, let order, let next): return .key(object.storage.keys[order?[next - 1] ?? next - 1])
            }
        })
    }
}

extension JSON: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as compact JSON text. A non-finite number (which only code can put in a value) is spelled
    /// `nan`, `inf` or `-inf`, which is not JSON; ``jsonText(options:)`` throws for it instead.
    public var description: String {
        var writer = JSONWriter()
        writer.spellsNonFiniteNumbers = true
        try? writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The value as compact JSON text.
    public var debugDescription: String { description }

    /// The value as JSON text.
    ///
    /// ```swift
    /// let value: JSON = ["b": [1, 2], "a": nil]
    /// try value.jsonText()                                  // {"b":[1,2],"a":null}
    /// try value.jsonText(options: .pretty(indent: 2))
    /// // {
    /// //   "b": [
    /// //     1,
    /// //     2
    /// //   ],
    /// //   "a": null
    /// // }
    /// ```
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number, which JSON cannot hold.
    /// - Complexity: O(n) in the size of the value (O(n log n) per object with ``JSONWritingOptions/sortsKeys``);
    ///   iterative, so depth costs no stack.
    public func jsonText(options: JSONWritingOptions = JSONWritingOptions()) throws(JSONWritingError) -> String {
        String(decoding: try jsonBytes(options: options), as: UTF8.self)
    }

    /// The value as JSON text in UTF-8 bytes; see ``jsonText(options:)``.
    public func jsonBytes(options: JSONWritingOptions = JSONWritingOptions()) throws(JSONWritingError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try writer.write(self)
        return writer.output
    }

    /// Compact JSON text of at most about `length` characters, ending in `…` when cut (for messages).
    func excerpt(maximumLength length: Int = 40) -> String {
        var writer = JSONWriter()
        writer.spellsNonFiniteNumbers = true
        writer.sink.limit = length
        try? writer.write(self)
        return Excerpt.shorten(writer.output, to: length)
    }
}
