/// The elements of a JSON array: a random-access, mutable collection of ``JSON`` values.
///
/// It behaves like `[JSON]` (copy on write, value semantics) and exists as its own type so that a deeply
/// nested value is released without recursion (see ``JSON``).
///
/// ```swift
/// var tags: JSONArray = ["swift", "json"]
/// tags.append("fast")
/// let value = JSON.array(tags)     // ["swift","json","fast"]
/// ```
public struct JSONArray: Sendable {
    var storage: ArrayStorage

    /// An empty array.
    public init() { storage = ArrayStorage([]) }

    /// An array of the given elements, in order.
    public init<S: Sequence<JSON>>(_ elements: S) { storage = ArrayStorage(Array(elements)) }

    /// The elements as a Swift array.
    public var elements: [JSON] { storage.elements }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = ArrayStorage(storage.elements) }
    }
}

/// The shared buffer behind ``JSONArray``.
///
/// Mutated only through a `JSONArray` that holds the sole reference (copy on write), so sharing it across
/// threads is as safe as sharing an `Array` (`@unchecked Sendable`).
final class ArrayStorage: @unchecked Sendable {
    var elements: [JSON]
    init(_ elements: [JSON]) { self.elements = elements }
    deinit { JSON.dismantle(&elements) }
}

extension JSONArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// The position past the last element.
    public var endIndex: Int { storage.elements.count }

    /// The element at `position`, which must be in bounds (as for `Array`). For a checked, path-aware
    /// read use the `JSON` subscripts, which return a ``JSONLookup``.
    public subscript(position: Int) -> JSON {
        get { storage.elements[position] }
        set {
            makeUnique()
            storage.elements[position] = newValue
        }
    }

    /// Replaces the elements in `range` with `newElements`.
    public mutating func replaceSubrange<C: Collection<JSON>>(_ range: Range<Int>, with newElements: C) {
        makeUnique()
        storage.elements.replaceSubrange(range, with: newElements)
    }

    /// Reserves room for `minimumCapacity` elements.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(minimumCapacity)
    }
}

extension JSONArray: ExpressibleByArrayLiteral {
    /// An array of the literal's elements.
    public init(arrayLiteral elements: JSON...) { self.init(elements) }
}

extension JSONArray: Hashable {
    /// Element-wise equality, computed without recursion.
    public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool { JSON.array(lhs) == JSON.array(rhs) }
    /// Hashes the elements, without recursion.
    public func hash(into hasher: inout Hasher) { JSON.array(self).hash(into: &hasher) }
}

extension JSONArray: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { JSON.array(self).description }
}

extension JSON {
    /// Releases the values in `elements` one at a time instead of recursively.
    ///
    /// A container's storage is released when its last reference goes. Left alone, releasing a chain of
    /// 100,000 nested arrays would recurse 100,000 times and overflow the stack. Instead, each storage that
    /// is about to die hands its children to a work list here, so every storage dies with no children.
    static func dismantle(_ elements: inout [JSON]) {
        guard elements.contains(where: \.isNonEmptyContainer) else { return }
        var pending = elements
        elements = []
        while var value = pending.popLast() {
            // Take the storage out of the value and drop the value, so that the only reference left to a
            // storage nobody else shares is the local one.
            var arrayStorage = value.arrayStorage
            var objectStorage = value.objectStorage
            value = .null
            if isKnownUniquelyReferenced(&arrayStorage), let storage = arrayStorage {
                pending.append(contentsOf: storage.elements)
                storage.elements = []
            } else if isKnownUniquelyReferenced(&objectStorage), let storage = objectStorage {
                pending.append(contentsOf: storage.values)
                storage.values = []
            }
        }
    }

    private var arrayStorage: ArrayStorage? {
        if case .array(let array) = self { return array.storage }
        return nil
    }

    private var objectStorage: ObjectStorage? {
        if case .object(let object) = self { return object.storage }
        return nil
    }

    var isNonEmptyContainer: Bool {
        switch self {
        case .array(let array): return !array.storage.elements.isEmpty
        case .object(let object): return !object.storage.values.isEmpty
        default: return false
        }
    }
}
