/// A value inside a ``JSONDocument``, read in place: no tree is built and nothing is copied until you ask
/// for a string, a number or a `JSON` value.
///
/// A view is a document reference and a position, so it is cheap to pass around, and it knows where its
/// value came from: ``location`` gives line and column, and errors from the reading API name both the path
/// from the root and the place in the text.
///
/// ```swift
/// let document = try JSONDocument(parsing: text)
/// for person in try document.root["people"].array.get() {
///     print(try person["name"].string.get(), person.location.line)
/// }
/// ```
///
/// Views offer the same reading API as ``JSON`` (see ``JSONReadable``): subscripts by key and index that
/// return a ``JSONLookup``, typed accessors that return a `Result`, JSON Pointers and key paths.
public struct JSONView: Sendable {
    @usableFromInline let storage: DocumentStorage
    /// The value's tape index. Changed only by loops that move one view from element to element, so that
    /// each element does not cost a retain of the document.
    @usableFromInline var index: Int

    @usableFromInline init(storage: DocumentStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    var entry: TapeEntry { storage.tape.base[index] }

    /// Which of the six kinds this value is.
    public var kind: JSONKind { entry.kind.jsonKind }

    /// The offset in bytes of the value's first character in the document's text (``JSONDocument/bytes``). For
    /// input read from UTF-16 or UTF-32, that is the UTF-8 text; ``location`` gives the input's own offset.
    public var byteOffset: Int { entry.offset }

    /// The line and column of the value's first character in the source text.
    ///
    /// - Complexity: the first location asked of a document past its first 4 KiB costs one pass over the
    ///   document (it records the line and column every 4 KiB); each one after that counts at most 4 KiB.
    public var location: JSONSourceLocation { storage.location(ofByte: entry.offset) }

    /// The value's own source text, exactly as written (for a container, from its bracket to the matching one).
    public var sourceText: Substring {
        let text = String(decoding: storage.bytes[entry.offset..<sourceEnd], as: UTF8.self)
        return text[...]
    }

    /// The byte offset just past the value's source text.
    ///
    /// Found without recursion, so any depth is fine: descend to the last descendant, find where its text
    /// ends, then step over one closing bracket (and the whitespace before it) for each level climbed.
    var sourceEnd: Int {
        let tape = storage.tape.base
        let bytes = storage.bytes
        var index = self.index
        var levels = 0
        while true {
            let entry = tape[index]
            guard entry.kind == .array || entry.kind == .object, entry.count > 0 else { break }
            var last = index + 1
            while true {
                let next = TapeReader.indexAfter(last, in: tape)
                if next >= entry.end { break }
                last = next
            }
            index = last
            levels += 1
        }
        let entry = tape[index]
        var end: Int
        switch entry.kind {
        case .null, .true: end = entry.offset + 4
        case .false: end = entry.offset + 5
        case .number: end = entry.offset + entry.length
        case .string: end = entry.offset + entry.length + 2
        case .array, .object:
            end = entry.offset + 1
            levels += 1  // an empty container: its own closing bracket
        }
        for _ in 0..<levels {
            while end < bytes.count, JSONWhitespace.contains(bytes[end]) { end += 1 }
            end = min(end + 1, bytes.count)
        }
        return end
    }

    // MARK: Children

    /// The number of elements of an array or members of an object; zero for other kinds.
    public var count: Int {
        switch entry.kind {
        case .array, .object: return entry.count
        default: return 0
        }
    }

    /// The elements of an array, in order; empty for other kinds.
    public var elements: [JSONView] {
        guard entry.kind == .array else { return [] }
        var result: [JSONView] = []
        result.reserveCapacity(entry.count)
        var child = index + 1
        for _ in 0..<entry.count {
            result.append(JSONView(storage: storage, index: child))
            child = TapeReader.indexAfter(child, in: storage.tape.base)
        }
        return result
    }

    /// The members of an object, in document order (repeated keys included); empty for other kinds.
    public var members: [(key: String, value: JSONView)] {
        guard entry.kind == .object else { return [] }
        var result: [(key: String, value: JSONView)] = []
        result.reserveCapacity(entry.count)
        storage.withReader { reader in
            var key = index + 1
            for _ in 0..<entry.count {
                result.append((reader.string(at: key), JSONView(storage: storage, index: key + 1)))
                key = TapeReader.indexAfter(key + 1, in: storage.tape.base)
            }
        }
        return result
    }

    /// The element at `position` of an array, or `nil` when out of bounds or not an array.
    ///
    /// - Complexity: O(1) when the array holds only scalars or is large (more than 64 elements: an index of
    ///   its elements is made the first time); otherwise O(`position`).
    public func element(at position: Int) -> JSONView? {
        let entry = self.entry
        guard entry.kind == .array, position >= 0, position < entry.count else { return nil }
        if entry.end - index - 1 == entry.count {
            return JSONView(storage: storage, index: index + 1 + position)
        }
        if entry.count > ChildPositionIndex.threshold, let children = storage.children(ofContainerAt: index) {
            return JSONView(storage: storage, index: Int(children[position]))
        }
        var child = index + 1
        for _ in 0..<position { child = TapeReader.indexAfter(child, in: storage.tape.base) }
        return JSONView(storage: storage, index: child)
    }

    /// The value of the last member named `key` (compared by UTF-8 bytes), or `nil` when absent or not an
    /// object.
    ///
    /// - Complexity: O(1) on average: small objects are scanned, large ones have a hash index.
    public func member(_ key: String) -> JSONView? {
        let found = memberIndex(key)
        return found < 0 ? nil : JSONView(storage: storage, index: found)
    }

    /// The tape index of the value of the last member named `key`, or -1 when there is none or this is not
    /// an object; for readers that need no view of the value.
    @usableFromInline func memberIndex(_ key: String) -> Int {
        guard entry.kind == .object else { return -1 }
        // The document borrowed from this view rather than retained (as `directScalar` does).
        let object = index
        return Unmanaged.passUnretained(storage)._withUnsafeGuaranteedRef { $0.valueIndex(ofMember: key, inObjectAt: object) } ?? -1
    }

    // MARK: Scalars

    /// Whether the value is `null`.
    public var isNullValue: Bool { entry.kind == .null }

    /// The value of a boolean, or `nil`.
    public var boolValue: Bool? { storage.bool(ifBoolAt: index) }

    /// The unescaped value of a string, or `nil`.
    public var stringValue: String? { storage.string(ifStringAt: index) }

    /// The exact number, or `nil` when the value is not a number.
    public var numberValue: JSONNumber? {
        guard entry.kind == .number else { return nil }
        return storage.withReader { reader in
            if _slowPath(entry.flags.contains(.isNonFinite)) { return JSONNumber(NumberText.nonFinite(reader.numberText(at: index))) }
            return JSONNumber(validatedLiteral: reader.numberText(at: index), isPlainInteger: entry.flags.contains(.isInteger))
        }
    }

    /// The number read as an exact `T`, or why not; `nil` when the value is not a number.
    func integer<T: FixedWidthInteger>(as type: T.Type) -> Result<T, NumberConversionFailure>? {
        storage.integer(at: index, as: T.self)
    }

    /// The nearest double to the number (possibly infinite), or `nil` when the value is not a number.
    var nearestDouble: Double? { storage.nearestDouble(at: index) }

    // MARK: Paths

    /// The path from the document's root to this value.
    ///
    /// - Complexity: O(m), where m is the number of members and elements passed over on the way down; in a
    ///   container of more than 64 children, O(log n) once its children have been indexed.
    public var path: JSONPath {
        var components: [JSONPath.Component] = []
        var container = 0
        storage.withReader { reader in
            while container != index {
                let entry = storage.tape.base[container]
                if entry.count > ChildPositionIndex.threshold {
                    let (position, valueIndex) = storage.position(ofChildHolding: index, inContainerAt: container)
                    components.append(entry.kind == .object ? .key(reader.string(at: valueIndex - 1)) : .index(position))
                    container = valueIndex
                    continue
                }
                var child = container + 1
                for position in 0..<entry.count {
                    let valueIndex = entry.kind == .object ? child + 1 : child
                    let after = TapeReader.indexAfter(valueIndex, in: storage.tape.base)
                    if index >= valueIndex && index < after {
                        components.append(entry.kind == .object ? .key(reader.string(at: child)) : .index(position))
                        container = valueIndex
                        break
                    }
                    child = after
                }
            }
        }
        return JSONPath(components)
    }
}

extension JSON {
    /// Materialises a view (and everything inside it) as a `JSON` tree.
    ///
    /// - Complexity: O(n) in the size of the value; iterative, so depth costs no stack.
    public init(_ view: JSONView) {
        let storage = view.storage
        let tape = storage.tape
        self = storage.withReader { reader in
            // Containers being filled, innermost last.
            var open: [(keys: [String], values: [JSON], remaining: Int, isObject: Bool)] = []
            var i = view.index
            let end = TapeReader.indexAfter(view.index, in: tape.base)
            var result: JSON = .null
            while i < end {
                let entry = tape.base[i]
                var made: JSON?
                switch entry.kind {
                case .null: made = .null
                case .true: made = .bool(true)
                case .false: made = .bool(false)
                case .number:
                    made = .number(JSONView(storage: storage, index: i).numberValue ?? JSONNumber(0))
                case .string:
                    if entry.flags.contains(.isKey) {
                        // A key belongs to the innermost open container, which is an object.
                        open[open.count - 1].keys.append(reader.string(at: i))
                    } else {
                        made = .string(reader.string(at: i))
                    }
                case .array, .object:
                    let isObject = entry.kind == .object
                    if entry.count == 0 {
                        made = isObject ? .object(JSONObject()) : .array(JSONArray())
                    } else {
                        var keys: [String] = []
                        if isObject { keys.reserveCapacity(entry.count) }
                        var values: [JSON] = []
                        values.reserveCapacity(entry.count)
                        open.append((keys, values, entry.count, isObject))
                    }
                }
                i += 1
                // Hand the finished value to its container; a container that fills up is finished in turn.
                while var value = made {
                    made = nil
                    guard !open.isEmpty else {
                        result = value
                        break
                    }
                    open[open.count - 1].values.append(value)
                    value = .null
                    open[open.count - 1].remaining -= 1
                    if open[open.count - 1].remaining == 0 {
                        let done = open.removeLast()
                        made = done.isObject
                            ? .object(JSONObject(keys: done.keys, values: done.values))
                            : .array(JSONArray(done.values))
                    }
                }
            }
            return result
        }
    }
}

extension JSONView: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { JSON(self).description }
}

extension TapeEntry.Kind {
    /// The kind a reader sees: `true` and `false` are both `.bool`.
    @inline(__always) var jsonKind: JSONKind {
        switch self {
        case .null: return .null
        case .true, .false: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}
