extension JSON: JSONReadable {
    /// The number of elements of an array or members of an object; zero otherwise.
    public var count: Int {
        switch self {
        case .array(let array): return array.count
        case .object(let object): return object.count
        default: return 0
        }
    }

    /// The value of the last member named `key` (compared by UTF-8 bytes), or `nil`.
    public func member(_ key: String) -> JSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `position`, or `nil`.
    public func element(at position: Int) -> JSON? {
        guard case .array(let array) = self, array.indices.contains(position) else { return nil }
        return array[position]
    }

    /// The elements of an array in order; empty otherwise.
    public var elements: [JSON] {
        guard case .array(let array) = self else { return [] }
        return array.elements
    }

    /// The members of an object in order; empty otherwise.
    public var members: [(key: String, value: JSON)] {
        guard case .object(let object) = self else { return [] }
        return Array(object)
    }

    /// Whether the value is `null`.
    public var isNullValue: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, or `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The string, or `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or `nil`.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A `JSON` value has no source; see ``JSONValueOrigin``.
    public var _origin: JSONValueOrigin { .detached }
}

extension JSONView: JSONReadable {
    /// The view itself, for error messages; see ``JSONValueOrigin``.
    public var _origin: JSONValueOrigin { JSONValueOrigin(view: self) }
}
