// A value of a document still arriving as typed decoding walks it. It comes from one of two places:
// - a `JSONSnapshot` (the JSON so far, and the steps from it to the innermost open value), or
// - a `JSONPartialDecoder`'s text, where a finished value is a byte range that nothing has been built for
//   yet, and an open container is one of the walk's frames.
// Finished values met beside the open path are decoded once and remembered by their place (the position of
// each step for a snapshot, the first byte for text, so repeated keys cannot mix them up): later snapshots
// reuse them, which keeps each snapshot's typed decoding in proportion to what changed.

/// A value of a document still arriving, as a ``JSONPartialDecodable`` type reads it: its JSON so far, and
/// whether it has finished arriving.
///
/// A value is read while its snapshot is: keep what a type makes of it, not the value itself.
public struct JSONPartialValue {
    enum Content {
        /// A value of a snapshot, the steps from it to the innermost open value (`nil` when it is finished),
        /// and its place: the position of each step from the root.
        case tree(JSON, open: ArraySlice<JSONPath.Component>?, place: [Int])
        /// A finished value of a document still arriving: its tape index.
        case text(Int, PartialText)
        /// An open container of a document still arriving: the walk's frame at this depth.
        case frame(Int, PartialText)
        /// An open string of a document still arriving: its text so far.
        case openString(String)
    }

    let content: Content
    /// What was decoded of finished values in earlier snapshots, shared along one reading.
    let memory: JSONPartialMemory?
    /// Whether the value's container is open, so that the value is worth remembering once finished.
    let isInOpenContainer: Bool

    init(_ content: Content, memory: JSONPartialMemory?, isInOpenContainer: Bool = false) {
        self.content = content
        self.memory = memory
        self.isInOpenContainer = isInOpenContainer
    }

    /// The root of a snapshot, or `nil` when it has no value yet.
    init?(_ snapshot: JSONSnapshot, memory: JSONPartialMemory?) {
        guard let value = snapshot.value else { return nil }
        self.init(.tree(value, open: snapshot.openPath.map { $0.components[...] }, place: []), memory: memory)
    }

    /// The root of a document still arriving, or `nil` when nothing of it can be shown yet.
    init?(_ text: PartialText, memory: JSONPartialMemory?) {
        if let root = text.root {
            self.init(.text(root, text), memory: memory)
        } else if !text.frames.isEmpty {
            self.init(.frame(0, text), memory: memory)
        } else if let open = text.openString {
            self.init(.openString(open), memory: memory)
        } else {
            return nil
        }
    }

    /// The value so far (see ``JSONSnapshot`` for what an open value holds).
    public var json: JSON {
        switch content {
        case .tree(let json, _, _): return json
        case .text(let index, let text): return text.json(ofValue: index)
        case .frame(let depth, let text): return text.json(ofFrame: depth, memory: memory)
        case .openString(let string): return .string(string)
        }
    }

    /// Whether the value has finished arriving: it will not change.
    public var isFinished: Bool {
        switch content {
        case .tree(_, let open, _): return open == nil
        case .text: return true
        case .frame, .openString: return false
        }
    }

    /// Whether the value is an object (so far).
    @usableFromInline
    var isObject: Bool {
        switch content {
        case .tree(let json, _, _): if case .object = json { return true } else { return false }
        case .text(let index, let text): return text.entry(index).kind == .object
        case .frame(let depth, let text): return text.frames[depth].isObject
        case .openString: return false
        }
    }

    /// Whether the value is `null` (read from its first byte for text, without building it).
    @usableFromInline
    var isNull: Bool {
        switch content {
        case .tree(let json, _, _): if case .null = json { return true } else { return false }
        case .text(let index, let text): return text.entry(index).kind == .null
        case .frame, .openString: return false
        }
    }

    /// The member with `key` (the last, if the key repeats), or `nil` if the object has none (yet).
    public func member(_ key: String) -> JSONPartialValue? {
        switch content {
        case .tree(let json, _, _):
            guard case .object(let object) = json, let index = object.lastIndex(where: { $0.key == key }) else { return nil }
            return child(object[index].value, at: index, isLast: index == object.count - 1, step: .key(key))
        case .frame(let depth, let text):
            let frame = text.frames[depth]
            guard frame.isObject else { return nil }
            if let pending = frame.pendingKey, text.key(pending, equals: key), let open = text.openChild(ofFrame: depth) {
                return JSONPartialValue(open, memory: memory, isInOpenContainer: true)
            }
            guard let found = frame.members.lastIndex(where: { text.key($0.key, equals: key) }) else { return nil }
            return JSONPartialValue(.text(frame.members[found].value, text), memory: memory, isInOpenContainer: true)
        case .text:
            return finishedTree.member(key)
        case .openString:
            return nil
        }
    }

    /// The elements of an array, or `nil` for another kind of value.
    public var elements: [JSONPartialValue]? {
        switch content {
        case .tree(let json, _, _):
            guard case .array(let array) = json else { return nil }
            return array.indices.map { child(array[$0], at: $0, isLast: $0 == array.count - 1, step: .index($0)) }
        case .frame(let depth, let text):
            let frame = text.frames[depth]
            guard !frame.isObject else { return nil }
            var elements = frame.members.map { JSONPartialValue(.text($0.value, text), memory: memory, isInOpenContainer: true) }
            if let open = text.openChild(ofFrame: depth) { elements.append(JSONPartialValue(open, memory: memory, isInOpenContainer: true)) }
            return elements
        case .text:
            return finishedTree.elements
        case .openString:
            return nil
        }
    }

    /// The members of an object in order, or `nil` for another kind of value.
    public var members: [(key: String, value: JSONPartialValue)]? {
        switch content {
        case .tree(let json, _, _):
            guard case .object(let object) = json else { return nil }
            return object.indices.map { (object[$0].key, child(object[$0].value, at: $0, isLast: $0 == object.count - 1, step: .key(object[$0].key))) }
        case .frame(let depth, let text):
            let frame = text.frames[depth]
            guard frame.isObject else { return nil }
            var members = frame.members.map { (text.text(ofString: $0.key), JSONPartialValue(.text($0.value, text), memory: memory, isInOpenContainer: true)) }
            if let pending = frame.pendingKey, let open = text.openChild(ofFrame: depth) {
                members.append((text.text(ofString: pending), JSONPartialValue(open, memory: memory, isInOpenContainer: true)))
            }
            return members
        case .text:
            return finishedTree.members
        case .openString:
            return nil
        }
    }

    /// A finished value of text as a tree, for reading its parts one by one (the rare case where the whole
    /// value does not decode as the type asks).
    private var finishedTree: JSONPartialValue {
        JSONPartialValue(.tree(json, open: nil, place: []), memory: nil)
    }

    private func child(_ json: JSON, at index: Int, isLast: Bool, step: JSONPath.Component) -> JSONPartialValue {
        var open: ArraySlice<JSONPath.Component>?
        var place: [Int] = []
        if case .tree(_, let treeOpen, let treePlace) = content {
            open = treeOpen
            place = treePlace
        }
        // Only the last member of an open container can be open.
        let childOpen = isLast && open?.first == step ? open?.dropFirst() : nil
        return JSONPartialValue(.tree(json, open: childOpen, place: place + [index]), memory: memory, isInOpenContainer: open != nil)
    }

    /// `read(self)`, remembered when this value is finished and sits in an open container, so that a later
    /// snapshot reads it from memory. `T` must be the same at a place for every snapshot of one reading.
    public func remembered<T>(_ read: (JSONPartialValue) -> T?) -> T? {
        guard isFinished, isInOpenContainer, let memory else { return read(self) }
        switch content {
        case .tree(_, _, let place):
            if let known = memory.values[place] { return (known as? T?) ?? nil }
            let value = read(self)
            memory.values[place] = value as Any
            return value
        case .text(let index, _):
            if let known = memory.textValues[index] { return (known as? T?) ?? nil }
            let value = read(self)
            memory.textValues[index] = value as Any
            return value
        case .frame, .openString:
            return read(self)
        }
    }

    /// The elements of an open array of text read by `read`, those finished read once and kept with the
    /// array's place; `nil` for any other value (read those through ``elements``). As ``elements`` read one by
    /// one would, the list ends at the first element `read` cannot show.
    ///
    /// Inlined into the model's code with the array's partial form, so that handling the list of `P` looks up
    /// no generic type at run time; what does not depend on `P` is ``OpenTextArray``'s.
    @inlinable
    func textElements<P>(_ read: (JSONPartialValue) -> P?) -> [P]? {
        guard let array = openTextArray else { return nil }
        let known = array.memory.openArray(at: array.start, showing: P.self)
        // The open element shown last time goes first; the list is then changed in place unless the snapshot
        // that was handed it still holds it (then the change copies it, and that snapshot keeps what it had).
        if known.endsWithOpenElement {
            known.shown.removeLast()
            known.endsWithOpenElement = false
        }
        while !known.isBlocked, known.read < array.finishedCount {
            if let shown = read(array.finishedElement(known.read)) { known.shown.append(shown) } else { known.isBlocked = true }
            known.read += 1
        }
        if !known.isBlocked, let open = array.openElement, let partial = read(open) {
            known.shown.append(partial)
            known.endsWithOpenElement = true
        }
        return known.shown
    }

    /// This value as an open array of text, or `nil` for any other value.
    @usableFromInline
    var openTextArray: OpenTextArray? {
        guard case .frame(let depth, let text) = content, let memory, !text.frames[depth].isObject else { return nil }
        return OpenTextArray(text: text, depth: depth, memory: memory)
    }

    /// Whether this is a finished value of text (read through a document over the tape, not a tree).
    @usableFromInline
    var isFinishedText: Bool {
        if case .text = content { return true } else { return false }
    }

    /// The value decoded as `T` in full, once it has finished arriving; `nil` while open or if it fails.
    public func decodeFinished<T: JSONDecodable>(as type: T.Type = T.self) -> T? {
        finishedBox(as: T.self)?.value
    }

    /// ``decodeFinished(as:)`` in a box, shared with what keeps the value for reuse when there is one.
    ///
    /// The box's type is passed in: a caller specialized for `T` has it at hand, where this code, generic,
    /// would look it up at run time for each value. (`do`/`catch` rather than `try?` for the same reason.)
    @usableFromInline
    func finishedBox<T: JSONDecodable>(as type: T.Type, in box: DecodedValue<T>.Type = DecodedValue<T>.self) -> DecodedValue<T>? {
        do {
            switch content {
            case .tree(let json, let open, _):
                guard open == nil else { return nil }
                return box.init(try T.decode(try json.documentRoot()))
            case .text(let index, let text):
                guard let memory else { return box.init(try T.decode(text.view(ofValue: index))) }
                // What was kept of the value while it was open is no longer needed (only arrays and objects
                // have something kept).
                let entry = text.entry(index)
                if entry.kind == .array || entry.kind == .object { memory.forgetOpenValue(at: entry.offset) }
                return try memory.decodedBox(T.self, at: index, in: text, box: box)
            case .frame, .openString:
                return nil
            }
        } catch {
            return nil
        }
    }
}

extension JSONPartialValue {
    /// `Model`'s member table, through this reading's memory when it has one.
    @usableFromInline
    func memberTable<Model: JSONPartialModel>(of model: Model.Type) -> PartialMemberTable {
        memory?.memberTable(of: model) ?? PartialMemberTable.of(model)
    }

    /// What each property of `table`'s model shows of this object (the slots, and apart what an open member
    /// shows over them), and the object's JSON once finished.
    @usableFromInline
    func shownMembers(readBy table: PartialMemberTable) -> (slots: [Any?], open: [PartialFormStorage.OpenSlot], finished: JSON?) {
        if case .frame(let depth, let text) = content, let memory {
            let shown = table.readOpenObject(self, frame: depth, in: text, memory: memory)
            return (shown.slots, shown.open, nil)
        }
        // `nil` alone would be `JSON.null` here (`JSON` is `ExpressibleByNilLiteral`).
        return (table.readObject(self), [], isFinished ? json : Optional<JSON>.none)
    }
}

/// What one reading of successive snapshots has decoded of their finished values, by place.
@usableFromInline
final class JSONPartialMemory {
    /// Values of snapshots, by the position of each step from the root.
    @exclusivity(unchecked) var values: [[Int]: Any] = [:]
    /// Values of text, by their tape index.
    @exclusivity(unchecked) var textValues: [Int: Any] = [:]
    /// What is known of each open array of text, by its first byte (an ``Elements``).
    @exclusivity(unchecked) var arrays: [Int: Any] = [:]

    /// Trees of finished values of text, by their tape index, for `JSON` snapshots.
    @exclusivity(unchecked) var trees: [Int: JSON] = [:]
    /// What is known of each open object of text, by its first byte.
    @exclusivity(unchecked) var objects: [Int: OpenObject] = [:]

    /// What is kept of the open array that began at `offset`, its elements shown as `Shown`, made the first
    /// time (and made again should another type read the same place).
    @usableFromInline
    func openArray<Shown>(at offset: Int, showing shown: Shown.Type) -> Elements<Shown> {
        if let known = arrays[offset] as? Elements<Shown> { return known }
        let made = Elements<Shown>()
        arrays[offset] = made
        return made
    }

    /// What is kept of the open object that began at `offset`, read by `table`, made the first time.
    func openObject(at offset: Int, readBy table: PartialMemberTable) -> OpenObject {
        if let known = objects[offset], known.table === table { return known }
        let made = OpenObject(table)
        objects[offset] = made
        return made
    }

    /// Finished values of text decoded so far, for a decoding of a value around them to take.
    let decodes = ReusedDecodes()

    /// The finished value at tape index `index` of `text` decoded as `T`, as `T.decode` would: the values
    /// decoded earlier inside it are taken, not decoded again, and it is kept in turn for a decoding around it.
    /// Not while decoding overrides are in force (those may change from one decoding to the next). A class's
    /// instances are not kept, so that two decodings never share one object; nor is what `null` decoded to, since
    /// an optional around it reads `null` as `nil` without decoding it.
    func decode<T: JSONDecodable>(_ type: T.Type, at index: Int, in text: PartialText) throws(JSONDecodingError) -> T {
        try decodedBox(T.self, at: index, in: text, box: DecodedValue<T>.self).value
    }

    /// ``decode(_:at:in:)``, in the box (of type `box`) that is kept: a partial form that shows the value
    /// holds the box rather than a copy of the value.
    func decodedBox<T: JSONDecodable>(
        _ type: T.Type, at index: Int, in text: PartialText, box: DecodedValue<T>.Type
    ) throws(JSONDecodingError) -> DecodedValue<T> {
        let view = text.view(ofValue: index)
        if JSONDecodingOverrides.anyScopeOpen { return box.init(try T.decode(view)) }
        if let known = decodes.box(at: index, as: T.self) { return known }
        let decoded = box.init(try T.decode(view, in: JSONDecodingContext(reusing: decodes, from: view.storage)))
        if !(T.self is AnyObject.Type), !view.isNullValue {
            decodes.remember(decoded, at: index, endingBefore: view.storage.indexOfValue(after: index))
        }
        return decoded
    }

    /// Drops what was kept of the open array or object that began at `offset`, now that it has finished.
    func forgetOpenValue(at offset: Int) {
        if !objects.isEmpty { objects[offset] = nil }
        if !arrays.isEmpty { arrays[offset] = nil }
    }

    /// The member tables this reading has used, so that it takes the shared tables' lock once per model.
    @exclusivity(unchecked) private var tables: [ObjectIdentifier: PartialMemberTable] = [:]

    /// `Model`'s member table.
    func memberTable<Model: JSONPartialModel>(of model: Model.Type) -> PartialMemberTable {
        if let known = tables[ObjectIdentifier(model)] { return known }
        let table = PartialMemberTable.of(model)
        tables[ObjectIdentifier(model)] = table
        return table
    }

    /// What an open object's finished members show (a class, kept and changed in place from one snapshot to
    /// the next).
    final class OpenObject {
        /// The table of the model that reads the object.
        let table: PartialMemberTable
        /// How many of the object's members have been read.
        var seen = 0
        /// What each property shows, in the table's order.
        var slots: [Any?]
        /// The rank of the key each property was read from (see ``PartialMemberTable/nameReaders``); `Int.max`
        /// while none was.
        var ranks: [Int]

        init(_ table: PartialMemberTable) {
            self.table = table
            slots = table.emptySlots
            ranks = table.emptyRanks
        }
    }

    /// The finished elements of an open array read so far (a class, kept and changed in place).
    @usableFromInline
    final class Elements<Shown> {
        /// How many finished elements have been read.
        @usableFromInline var read = 0
        /// What they showed, up to the first that showed nothing (and, see `endsWithOpenElement`, what the
        /// open element showed last).
        @usableFromInline var shown: [Shown] = []
        /// Whether one showed nothing: the list ends there for good.
        @usableFromInline var isBlocked = false
        /// Whether `shown` ends with what the open element showed at the last reading (handed out with the
        /// finished ones, so that a snapshot that lets go of its list leaves it to be changed in place).
        @usableFromInline var endsWithOpenElement = false

        init() {}
    }
}

/// An open array of a document still arriving, as ``JSONPartialValue/textElements(_:)`` reads it: what is kept
/// of it, its finished elements and its open one. Not generic, so that only the reading around it depends on
/// the element type.
@usableFromInline
struct OpenTextArray {
    let text: PartialText
    let depth: Int
    @usableFromInline let memory: JSONPartialMemory

    init(text: PartialText, depth: Int, memory: JSONPartialMemory) {
        self.text = text
        self.depth = depth
        self.memory = memory
    }

    /// The offset of its `[`, by which what is kept of it is found.
    @usableFromInline var start: Int { text.frames[depth].start }

    /// The number of its elements that have finished.
    @usableFromInline var finishedCount: Int { text.frames[depth].members.count }

    /// Its finished element at `position`.
    @usableFromInline
    func finishedElement(_ position: Int) -> JSONPartialValue {
        JSONPartialValue(.text(text.frames[depth].members[position].value, text), memory: memory, isInOpenContainer: true)
    }

    /// Its open element, if it shows something.
    @usableFromInline
    var openElement: JSONPartialValue? {
        text.openChild(ofFrame: depth).map { JSONPartialValue($0, memory: memory, isInOpenContainer: true) }
    }
}
