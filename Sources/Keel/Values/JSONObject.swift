/// The members of a JSON object, in document order, with O(1) average lookup by key.
///
/// Repeated keys are kept (RFC 8259 allows them; nothing is dropped): iteration shows every member, and a
/// lookup by key returns the **last** member with that key, as JavaScript, Python and Foundation do. Keys
/// compare by their UTF-8 bytes, so `"\u00e9"` and `"e\u0301"` are different keys.
///
/// ```swift
/// var user: JSONObject = ["id": 7, "name": "Ada"]
/// user["name"]                    // Optional("Ada")
/// user["email"] = "ada@example.com"
/// user.keys                       // ["id", "name", "email"]
/// ```
///
/// Lookup uses a hash table once an object has more than a few members; the standard library's `Hasher`
/// is seeded per process, so keys crafted to collide cannot slow it down (no hash flooding).
public struct JSONObject: Sendable {
    var storage: ObjectStorage

    /// An empty object.
    public init() { storage = ObjectStorage(keys: [], values: []) }

    /// An object of the given members, in order; repeated keys are kept.
    public init<S: Sequence<(String, JSON)>>(members: S) {
        var keys: [String] = []
        var values: [JSON] = []
        for (key, value) in members {
            keys.append(key)
            values.append(value)
        }
        storage = ObjectStorage(keys: keys, values: values)
    }

    /// An object from a dictionary, with members ordered by key in UTF-8 byte order.
    public init(_ dictionary: [String: JSON]) {
        let sorted = KeyOrder.sorted(Array(dictionary)) { Array($0.key.utf8) }
        self.init(members: sorted.map { ($0.key, $0.value) })
    }

    init(keys: [String], values: [JSON]) { storage = ObjectStorage(keys: keys, values: values) }

    /// The keys in document order (a repeated key appears each time).
    public var keys: [String] { storage.keys }
    /// The values in document order.
    public var values: [JSON] { storage.values }
    /// Whether some key appears more than once.
    public var hasDuplicateKeys: Bool { storage.hasDuplicateKeys }

    /// The value of the last member named `key`, or `nil`. Setting a value replaces that member's value,
    /// or appends a member when there is none; setting `nil` removes every member named `key`.
    ///
    /// - Complexity: O(1) on average.
    public subscript(key: String) -> JSON? {
        get { storage.index(ofLast: key).map { storage.values[$0] } }
        set {
            makeUnique()
            if let newValue {
                if let position = storage.index(ofLast: key) {
                    storage.values[position] = newValue
                } else {
                    storage.append(key, newValue)
                }
            } else {
                storage.removeAll(named: key)
            }
        }
    }

    /// Every value of members named `key`, in document order.
    public func values(forKey key: String) -> [JSON] {
        zip(storage.keys, storage.values).filter { $0.0.hasSameUTF8(as: key) }.map(\.1)
    }

    /// Appends a member, even when the key is already present.
    public mutating func append(key: String, value: JSON) {
        makeUnique()
        storage.append(key, value)
    }

    /// Appends every member of `json` when it is an object, and nothing otherwise: how a model writes a property
    /// flattened into its own object (`@JSONFlattened`).
    public mutating func appendFlattened(_ json: JSON) {
        guard case .object(let members) = json else { return }
        for (key, value) in members { append(key: key, value: value) }
    }

    /// Sets the value at a path of keys, making the objects on the way that are missing, and replacing a
    /// value on the way that is not an object by one. An empty path changes nothing.
    ///
    /// ```swift
    /// var object = JSONObject()
    /// object.setValue("4242", atPath: ["card", "last4"])
    /// object.setValue("visa", atPath: ["card", "brand"])   // {"card":{"last4":"4242","brand":"visa"}}
    /// ```
    public mutating func setValue(_ value: JSON, atPath path: [String]) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            self[first] = value
            return
        }
        var nested: JSONObject
        if case .object(let existing)? = self[first] { nested = existing } else { nested = JSONObject() }
        // Drop this object's reference first, so that the nested object is changed in place.
        self[first] = .null
        nested.setValue(value, atPath: Array(path.dropFirst()))
        self[first] = .object(nested)
    }

    /// Removes every member whose key is one of `keys`, in one pass.
    mutating func removeAll(namedAnyOf keys: Set<UTF8Key>) {
        makeUnique()
        storage.removeAll { keys.contains(UTF8Key($0)) }
    }

    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = ObjectStorage(keys: storage.keys, values: storage.values)
        }
    }
}

/// The shared buffer behind ``JSONObject``: parallel key and value arrays, and an index from key to the
/// position of its last member once the object is large enough for hashing to pay.
///
/// Mutated only through a `JSONObject` that holds the sole reference (copy on write), so sharing it across
/// threads is safe (`@unchecked Sendable`).
final class ObjectStorage: @unchecked Sendable {
    /// Objects with more members than this keep a hash index.
    static let indexThreshold = 12

    var keys: [String]
    var values: [JSON]
    private var index: [UTF8Key: Int]?
    private(set) var hasDuplicateKeys: Bool

    init(keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
        self.hasDuplicateKeys = false
        rebuildIndex()
    }

    deinit { JSON.dismantle(&values) }

    private func rebuildIndex() {
        hasDuplicateKeys = false
        guard keys.count > ObjectStorage.indexThreshold else {
            index = nil
            if keys.count > 1 {
                for i in 1..<keys.count where keys[..<i].contains(where: { $0.hasSameUTF8(as: keys[i]) }) {
                    hasDuplicateKeys = true
                    break
                }
            }
            return
        }
        var index: [UTF8Key: Int] = [:]
        index.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() {
            if index.updateValue(position, forKey: UTF8Key(key)) != nil { hasDuplicateKeys = true }
        }
        self.index = index
    }

    func index(ofLast key: String) -> Int? {
        if let index { return index[UTF8Key(key)] }
        return keys.lastIndex { $0.hasSameUTF8(as: key) }
    }

    func append(_ key: String, _ value: JSON) {
        if index(ofLast: key) != nil { hasDuplicateKeys = true }
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[UTF8Key(key)] = keys.count - 1
        } else if keys.count > ObjectStorage.indexThreshold {
            rebuildIndex()
        }
    }

    func remove(at position: Int) -> (key: String, value: JSON) {
        let member = (keys.remove(at: position), values.remove(at: position))
        rebuildIndex()
        return member
    }

    func removeAll(named key: String) {
        removeAll { $0.hasSameUTF8(as: key) }
    }

    /// Removes every member whose key `isRemoved`, then indexes the rest once.
    func removeAll(where isRemoved: (String) -> Bool) {
        let kept = zip(keys, values).filter { !isRemoved($0.0) }
        keys = kept.map(\.0)
        values = kept.map(\.1)
        rebuildIndex()
    }
}

extension JSONObject: RandomAccessCollection {
    /// A member: its key and value.
    public typealias Element = (key: String, value: JSON)
    /// The position of the first member.
    public var startIndex: Int { 0 }
    /// The position past the last member.
    public var endIndex: Int { storage.keys.count }
    /// The member at `position`, which must be in bounds.
    public subscript(position: Int) -> Element { (storage.keys[position], storage.values[position]) }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the literal's members in order.
    public init(dictionaryLiteral elements: (String, JSON)...) { self.init(members: elements) }
}

extension JSONObject: Hashable {
    /// Objects are equal when they have the same members, whatever their order; see ``JSON``.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSON.object(lhs) == JSON.object(rhs) }
    /// Hashes the members, independent of their order.
    public func hash(into hasher: inout Hasher) { JSON.object(self).hash(into: &hasher) }
}

extension JSONObject: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSON.object(self).description }
}
