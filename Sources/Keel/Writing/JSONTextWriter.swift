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
/// does not call `write(to:)` at all (sorting needs the whole object): it writes `toJSON()`.
public struct JSONTextWriter: ~Copyable {
    /// The tree writer, for ``json(_:)``; its sink is where every value goes.
    private var tree: JSONWriter
    /// How many containers are open.
    private var depth = 0
    /// Whether the innermost open container has a value already (so the next one needs a comma).
    private var hasItems = false
    /// Whether the last call was ``key(_:)``, so the next value is a member's; with the byte count and
    /// `hasItems` from before that key, to take the member back when it is `null` and nulls are left out.
    private var pendingMember = false
    private var memberStart = 0
    private var hadItems = false

    init(options: JSONWritingOptions) {
        tree = JSONWriter(options: options)
    }

    /// The text written.
    var output: [UInt8] { tree.sink.output }

    /// Opens an object.
    public mutating func beginObject() {
        pendingMember = false
        tree.sink.append(UInt8(ascii: "{"))
        depth += 1
        hasItems = false
    }

    /// Starts the next member of the open object: a separator, then `name` as a JSON string and a colon.
    /// Write the member's value next.
    public mutating func key(_ name: String) {
        memberStart = tree.sink.bufferedCount
        hadItems = hasItems
        tree.sink.beginItem(first: !hasItems, depth: depth)
        tree.sink.string(name)
        tree.sink.colon()
        hasItems = true
        pendingMember = true
    }

    /// Closes the open object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array.
    public mutating func beginArray() {
        pendingMember = false
        tree.sink.append(UInt8(ascii: "["))
        depth += 1
        hasItems = false
    }

    /// Starts the next element of the open array (a separator); write the element next.
    public mutating func element() {
        tree.sink.beginItem(first: !hasItems, depth: depth)
        hasItems = true
    }

    /// Closes the open array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func close(_ bracket: UInt8) {
        pendingMember = false
        tree.sink.close(bracket, empty: !hasItems, depth: depth)
        depth -= 1
        hasItems = true
    }

    /// Writes `null`, or, as a member's value when the options leave out null members, takes that member back.
    public mutating func null() {
        if pendingMember && tree.sink.options.omitsNullMembers {
            tree.sink.discard(from: memberStart)
            hasItems = hadItems
            pendingMember = false
            return
        }
        pendingMember = false
        tree.sink.append("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        pendingMember = false
        tree.sink.append(value ? "true" : "false")
    }

    /// Writes a JSON string, with the escapes JSON and the options need.
    public mutating func string(_ value: String) {
        pendingMember = false
        tree.sink.string(value)
    }

    /// Writes an integer's exact digits.
    public mutating func integer(_ value: Int64) {
        pendingMember = false
        tree.sink.number(JSONNumber(storage: .int(value)))
    }

    /// Writes an integer's exact digits.
    public mutating func integer(_ value: UInt64) {
        pendingMember = false
        tree.sink.number(JSONNumber(storage: .uint(value)))
    }

    /// Writes a number.
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number, which JSON cannot hold. Its path is filled in
    ///   by the call that started writing.
    public mutating func number(_ value: JSONNumber) throws(JSONWritingError) {
        pendingMember = false
        guard value.isFinite else { throw JSONWritingError(value: value.text, path: JSONPath([])) }
        tree.sink.number(value)
    }

    /// Writes a ``JSON`` value, as ``JSON/jsonBytes(options:)`` would inside this text.
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number in it.
    public mutating func json(_ value: JSON) throws(JSONWritingError) {
        if case .null = value { return null() }
        pendingMember = false
        tree.baseDepth = depth
        try tree.write(value)
    }
}
