// A value of a snapshot as typed decoding walks it: the JSON so far, and the steps from it to the innermost
// open value (none when it is finished). Finished values met beside the open path are decoded once and
// remembered by their place (each step's position, so repeated keys cannot mix them up): later snapshots
// reuse them, which keeps each snapshot's typed decoding in proportion to what changed.

/// A value in a ``JSONSnapshot`` as a ``JSONPartialDecodable`` type reads it: its JSON so far, and whether it
/// has finished arriving.
public struct JSONPartialValue {
    /// The value so far (see ``JSONSnapshot`` for what an open value holds).
    public let json: JSON
    /// The steps from this value to the innermost open one; `nil` when this value is finished.
    let open: ArraySlice<JSONPath.Component>?
    /// Where the value is: the position of each step from the root (members by their place in the object).
    let place: [Int]
    /// What was decoded of finished values in earlier snapshots, shared along one reading.
    let memory: JSONPartialMemory?
    /// Whether the value's container is open, so that the value is worth remembering once finished.
    let isInOpenContainer: Bool

    init(json: JSON, open: ArraySlice<JSONPath.Component>?, place: [Int], memory: JSONPartialMemory?, isInOpenContainer: Bool = false) {
        self.json = json
        self.open = open
        self.place = place
        self.memory = memory
        self.isInOpenContainer = isInOpenContainer
    }

    /// The root of a snapshot, or `nil` when it has no value yet.
    init?(_ snapshot: JSONSnapshot, memory: JSONPartialMemory?) {
        guard let value = snapshot.value else { return nil }
        self.init(json: value, open: snapshot.openPath.map { $0.components[...] }, place: [], memory: memory)
    }

    /// Whether the value has finished arriving: it will not change.
    public var isFinished: Bool { open == nil }

    /// The member with `key` (the last, if the key repeats), or `nil` if the object has none (yet).
    public func member(_ key: String) -> JSONPartialValue? {
        guard case .object(let object) = json else { return nil }
        guard let index = object.lastIndex(where: { $0.key == key }) else { return nil }
        return child(object[index].value, at: index, isLast: index == object.count - 1, step: .key(key))
    }

    /// The elements of an array, or `nil` for another kind of value.
    public var elements: [JSONPartialValue]? {
        guard case .array(let array) = json else { return nil }
        return array.indices.map { child(array[$0], at: $0, isLast: $0 == array.count - 1, step: .index($0)) }
    }

    /// The members of an object in order, or `nil` for another kind of value.
    public var members: [(key: String, value: JSONPartialValue)]? {
        guard case .object(let object) = json else { return nil }
        return object.indices.map { (object[$0].key, child(object[$0].value, at: $0, isLast: $0 == object.count - 1, step: .key(object[$0].key))) }
    }

    private func child(_ json: JSON, at index: Int, isLast: Bool, step: JSONPath.Component) -> JSONPartialValue {
        // Only the last member of an open container can be open.
        let childOpen = isLast && open?.first == step ? open?.dropFirst() : nil
        return JSONPartialValue(json: json, open: childOpen, place: place + [index], memory: memory, isInOpenContainer: open != nil)
    }

    /// `read(self)`, remembered when this value is finished and sits in an open container, so that a later
    /// snapshot reads it from memory. `T` must be the same at a place for every snapshot of one reading.
    public func remembered<T>(_ read: (JSONPartialValue) -> T?) -> T? {
        guard isFinished, isInOpenContainer, let memory else { return read(self) }
        if let known = memory.values[place] { return (known as? T?) ?? nil }
        let value = read(self)
        memory.values[place] = value as Any
        return value
    }

    /// The value decoded as `T` in full, once it has finished arriving; `nil` while open or if it fails.
    public func decodeFinished<T: JSONDecodable>(as type: T.Type = T.self) -> T? {
        guard isFinished, let root = try? json.documentRoot() else { return nil }
        return try? T.decode(root)
    }
}

/// What one reading of successive snapshots has decoded of their finished values, by place.
final class JSONPartialMemory {
    var values: [[Int]: Any] = [:]
}
