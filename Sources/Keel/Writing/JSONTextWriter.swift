// Writing a model's JSON text straight from its properties, without building a `JSON` tree first. The
// conformances of `JSONEncodable` (the standard types', and the code `@JSONModel` generates) call it one
// value at a time; the layout, escaping and options are the same sink's the tree writer uses, so both ways
// give the same bytes.

/// Writes JSON text one value at a time, for ``JSONEncodable/write(to:)``.
///
/// Open a container, then before each of its values call ``key(_:)`` (in an object) or ``element()`` (in an
/// array), and close it:
///
/// ```swift
/// extension Point: JSONEncodable {
///     func toJSON() -> JSON { ["x": x.toJSON(), "y": y.toJSON()] }
///     func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
///         writer.beginObject()
///         writer.key("x"); try x.write(to: &writer)
///         writer.key("y"); try y.write(to: &writer)
///         writer.endObject()
///     }
/// }
/// ```
///
/// ``JSONEncodable/jsonBytes(options:)`` makes the writer; separators, indentation, escapes and
/// ``JSONWritingOptions/omitsNullMembers`` are its business. Under ``JSONWritingOptions/sortsKeys`` it
/// does not call `write(to:)` at all (sorting needs the whole object): it writes `toJSON()`. It does the
/// same when `write(to:)` wrote something other than one JSON value (a container left open, a key in an
/// array, a member without its key, two values), so that the text is always JSON.
public struct JSONTextWriter: ~Copyable {
    /// The tree writer, for ``json(_:)``; its sink is where every value goes.
    private var tree: JSONWriter
    /// The open containers: how many, and whether each is an object.
    private var containers = ContainerStack()
    /// Whether the innermost open container has a value already (so the next one needs a comma).
    private var hasItems = false
    /// Whether a value may come now: at the start, and after ``key(_:)`` or ``element()``. Once the
    /// top-level value is written nothing more may come, so at the end this says whether one was.
    private var expectsValue = true
    /// Whether a call came out of order (a key in an array, a value without its key, a second top-level
    /// value...): the text is then not one JSON value, and ``JSONEncodable/jsonBytes(options:)`` writes
    /// `toJSON()` instead.
    private(set) var isMisused = false
    /// Whether the last call was ``key(_:)``, so the next value is a member's; with the byte count and
    /// `hasItems` from before that key, to take the member back when it is `null` and nulls are left out.
    private var pendingMember = false
    private var memberStart = 0
    private var hadItems = false

    init(options: JSONWritingOptions) {
        tree = JSONWriter(options: options)
    }

    /// The text written.
    /// Lends the text written to `body`, for output made with one copy.
    func withOutput<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { tree.sink.withBytesWritten(from: 0, body) }

    /// Whether exactly one whole value was written, with every call in its place.
    var wroteOneValue: Bool { !isMisused && !expectsValue && containers.depth == 0 }

    /// Before any value: one must be expected here.
    @inline(__always)
    private mutating func beginValue() {
        if !expectsValue { isMisused = true }
        expectsValue = false
        pendingMember = false
    }

    /// Opens an object.
    public mutating func beginObject() {
        beginValue()
        tree.sink.append(UInt8(ascii: "{"))
        containers.push(isObject: true)
        hasItems = false
    }

    /// Starts the next member of the open object: a separator, then `name` as a JSON string and a colon.
    /// Write the member's value next.
    public mutating func key(_ name: String) {
        beginMember()
        // Short names (a dictionary's keys, most coding keys) are tried as plain names first.
        if tree.sink.plainMemberName(name) {
            endMemberName()
            return
        }
        tree.sink.string(name)
        endKey()
    }

    /// Starts the next member with a name written in the source, as ``key(_:)`` does, without making a
    /// `String` of it. The code `@JSONModel` generates names its members this way.
    public mutating func key(literal name: StaticString) {
        beginMember()
        if name.hasPointerRepresentation, tree.sink.plainMemberName(name.utf8Start, count: name.utf8CodeUnitCount) {
            endMemberName()
            return
        }
        name.withUTF8Buffer { tree.sink.string($0) }
        endKey()
    }

    /// ``key(literal:)`` for a name that needs no escape under any writing option: printable ASCII (space
    /// to `~`) other than `"`, `\` and `/`. Its bytes are copied without being checked; `@JSONModel` checks its
    /// names when it expands and calls this for those that qualify. Any other name, written here, makes text
    /// that does not parse: call ``key(literal:)`` for it.
    public mutating func key(plainLiteral name: StaticString) {
        // A one-character literal may be stored as a scalar rather than as bytes.
        guard name.hasPointerRepresentation else { return key(literal: name) }
        beginMember()
        tree.sink.knownPlainMemberName(name.utf8Start, count: name.utf8CodeUnitCount)
        endMemberName()
    }

    @inline(__always)
    private mutating func beginMember() {
        if expectsValue || !containers.innermostIsObject { isMisused = true }
        memberStart = tree.sink.bufferedCount
        hadItems = hasItems
        tree.sink.beginItem(first: !hasItems, depth: containers.depth)
    }

    @inline(__always)
    private mutating func endKey() {
        tree.sink.colon()
        endMemberName()
    }

    /// After a member's name and colon: its value comes next.
    @inline(__always)
    private mutating func endMemberName() {
        hasItems = true
        expectsValue = true
        pendingMember = true
    }

    /// Closes the open object.
    public mutating func endObject() { close(UInt8(ascii: "}"), isObject: true) }

    /// Opens an array.
    public mutating func beginArray() {
        beginValue()
        tree.sink.append(UInt8(ascii: "["))
        containers.push(isObject: false)
        hasItems = false
    }

    /// Starts the next element of the open array (a separator); write the element next.
    public mutating func element() {
        if expectsValue || containers.innermostIsObject || containers.depth == 0 { isMisused = true }
        tree.sink.beginItem(first: !hasItems, depth: containers.depth)
        hasItems = true
        expectsValue = true
    }

    /// Closes the open array.
    public mutating func endArray() { close(UInt8(ascii: "]"), isObject: false) }

    private mutating func close(_ bracket: UInt8, isObject: Bool) {
        if expectsValue || containers.innermostIsObject != isObject || containers.depth == 0 { isMisused = true }
        pendingMember = false
        tree.sink.close(bracket, empty: !hasItems, depth: containers.depth)
        containers.pop()
        hasItems = true
    }

    /// Writes `null`, or, as a member's value when the options leave out null members, takes that member back.
    public mutating func null() {
        if pendingMember && tree.sink.options.omitsNullMembers {
            tree.sink.discard(from: memberStart)
            hasItems = hadItems
            pendingMember = false
            expectsValue = false
            return
        }
        beginValue()
        tree.sink.append("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        beginValue()
        tree.sink.append(value ? "true" : "false")
    }

    /// Writes a JSON string, with the escapes JSON and the options need.
    public mutating func string(_ value: String) {
        beginValue()
        tree.sink.string(value)
    }

    /// Writes an integer's exact digits.
    public mutating func integer(_ value: Int64) {
        beginValue()
        tree.sink.number(JSONNumber(storage: .int(value)))
    }

    /// Writes an integer's exact digits.
    public mutating func integer(_ value: UInt64) {
        beginValue()
        tree.sink.number(JSONNumber(storage: .uint(value)))
    }

    /// Writes a number.
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number, which JSON cannot hold (unless the options
    ///   ask for JSON5's spelling, ``JSONWritingOptions/writesJSON5NonFiniteNumbers``). Its path is filled
    ///   in by the call that started writing.
    public mutating func number(_ value: JSONNumber) throws(JSONWritingError) {
        guard value.isFinite else {
            guard tree.sink.options.writesJSON5NonFiniteNumbers else {
                throw JSONWritingError(value: value.text, path: JSONPath([]))
            }
            beginValue()
            tree.sink.append(JSONWriter.json5Spelling(of: value).description)
            return
        }
        beginValue()
        tree.sink.number(value)
    }

    /// Writes a ``JSON`` value, as ``JSON/jsonBytes(options:)`` would inside this text.
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number in it.
    public mutating func json(_ value: JSON) throws(JSONWritingError) {
        if case .null = value { return null() }
        beginValue()
        tree.baseDepth = containers.depth
        try tree.write(value)
    }
}

/// The open containers: how many, and the kind of each. The innermost one's kind is kept apart (it is
/// asked for at every key); the outer ones' are a bit each in one word for 64 levels, an array beyond
/// (models nest a few levels; only a deep recursive value goes further).
private struct ContainerStack {
    private(set) var depth = 0
    /// Whether the innermost open container is an object (`false` when none is open).
    private(set) var innermostIsObject = false
    private var outerBits: UInt64 = 0
    private var deeper: [Bool] = []

    @inline(__always)
    mutating func push(isObject: Bool) {
        if depth < 64 {
            outerBits = innermostIsObject ? outerBits | 1 << UInt64(depth) : outerBits & ~(1 << UInt64(depth))
        } else {
            deeper.append(innermostIsObject)
        }
        depth += 1
        innermostIsObject = isObject
    }

    /// Closes the innermost container (nothing when none is open; the caller has noted the misuse).
    @inline(__always)
    mutating func pop() {
        guard depth > 0 else { return }
        depth -= 1
        innermostIsObject = depth < 64 ? outerBits & 1 << UInt64(depth) != 0 : deeper.removeLast()
    }
}
