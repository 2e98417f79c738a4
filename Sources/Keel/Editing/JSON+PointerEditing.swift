// Changing a JSON tree at a JSON Pointer (RFC 6901): set, insert and remove, with the meanings JSON Patch
// (RFC 6902) gives its add, replace and remove operations.
//
// The edit walks down taking each container out of its parent (leaving `null` in its place), so that every
// container on the way is uniquely referenced and changes in place without being copied, then puts them back
// on the way up. It is a loop, not a recursion, so a pointer 100,000 levels deep costs no stack.

extension JSON {
    /// The value at `pointer`, or `nil` when there is none. Setting a value does what ``set(_:at:)`` does;
    /// setting `nil` does what ``remove(at:)`` does. A setting that cannot be done (its parent is missing,
    /// the pointer is invalid) changes nothing: call the throwing methods to learn why.
    ///
    /// ```swift
    /// var config: JSON = ["server": ["port": 80]]
    /// config[valueAt: "/server/port"] = 8080
    /// config[valueAt: "/server/host"] = "example.com"
    /// config[valueAt: "/server/port"] = nil
    /// ```
    public subscript(valueAt pointer: String) -> JSON? {
        get { self[pointer: pointer].value }
        set {
            if let newValue {
                try? set(newValue, at: pointer)
            } else {
                _ = try? remove(at: pointer)
            }
        }
    }

    /// Puts `value` at `pointer`: replaces the value there, or adds an object member; for an array, the
    /// index must exist, or be `-` (or the count) to append. The parent must exist. `""` replaces the whole
    /// value.
    ///
    /// - Throws: ``JSONEditError``; the value is unchanged then.
    public mutating func set(_ value: JSON, at pointer: String) throws(JSONEditError) {
        try put(value, at: pointer, insertingIntoArrays: false)
    }

    /// Inserts `value` at `pointer`, as JSON Patch's `add`: in an array, before the element at the index
    /// (`-` or the count appends), moving the rest along; in an object, adds the member or replaces its value.
    ///
    /// - Throws: ``JSONEditError``; the value is unchanged then.
    public mutating func insert(_ value: JSON, at pointer: String) throws(JSONEditError) {
        try put(value, at: pointer, insertingIntoArrays: true)
    }

    /// ``set(_:at:)`` and ``insert(_:at:)``, which differ only at an existing array index: replace or insert.
    private mutating func put(_ value: JSON, at pointer: String, insertingIntoArrays: Bool) throws(JSONEditError) {
        try edit(at: pointer) { (parent, token, path) throws(JSONEditError) in
            switch parent {
            case .object(var object):
                parent = .null
                object[token] = value
                parent = .object(object)
            case .array(var array):
                parent = .null
                defer { parent = .array(array) }
                let index = try Self.arrayIndex(token, in: array, allowingEnd: true, at: path)
                if index == array.count {
                    array.append(value)
                } else if insertingIntoArrays {
                    array.insert(value, at: index)
                } else {
                    array[index] = value
                }
            default:
                throw Self.notAContainer(parent, at: path)
            }
        } whole: { whole throws(JSONEditError) in
            whole = value
        }
    }

    /// Removes the value at `pointer` and returns it: an array's element (the rest move up) or an object's
    /// member (the last one of that key, the one a lookup finds). The whole value cannot be removed.
    ///
    /// - Throws: ``JSONEditError``; the value is unchanged then.
    @discardableResult
    public mutating func remove(at pointer: String) throws(JSONEditError) -> JSON {
        var removed = JSON.null
        try edit(at: pointer) { (parent, token, path) throws(JSONEditError) in
            switch parent {
            case .object(var object):
                guard let position = object.storage.index(ofLast: token) else {
                    throw Self.missingMember(token, in: object, at: path)
                }
                parent = .null
                removed = object.remove(at: position).value
                parent = .object(object)
            case .array(var array):
                parent = .null
                defer { parent = .array(array) }
                let index = try Self.arrayIndex(token, in: array, allowingEnd: false, at: path)
                removed = array.remove(at: index)
            default:
                throw Self.notAContainer(parent, at: path)
            }
        } whole: { _ throws(JSONEditError) in
            throw JSONEditError(kind: .invalidTarget, pointer: "", expected: "a value inside the document",
                                found: "the whole document, which cannot be removed")
        }
        return removed
    }

    // MARK: The walk

    /// Walks to the parent of `pointer`'s target and calls `body` with it, the last token and the pointer;
    /// for `""`, calls `whole` with the value itself. On failure nothing changes.
    mutating func edit(
        at pointer: String,
        _ body: (_ parent: inout JSON, _ token: String, _ pointer: String) throws(JSONEditError) -> Void,
        whole: (inout JSON) throws(JSONEditError) -> Void
    ) throws(JSONEditError) {
        let tokens: [String]
        do {
            tokens = try JSONPointerSyntax.tokens(of: pointer)
        } catch {
            throw JSONEditError(kind: .invalidPointer, pointer: pointer, expected: error.expected, found: error.found)
        }
        guard let last = tokens.last else { return try whole(&self) }

        // Take each container on the way out of its parent, remembering where it came from.
        var taken: [(container: JSON, position: Int)] = []
        taken.reserveCapacity(tokens.count - 1)
        var current = self
        self = .null
        var failure: JSONEditError?
        // Each step either descends (`continue`) or records a failure and leaves the loop (the final `break`).
        for (depth, token) in tokens.dropLast().enumerated() {
            // The pointer to this step, built only for an error (building it at every step would cost O(d²)).
            var step: String { JSONEditing.pointer(tokens[...depth]) }
            switch current {
            case .object(var object):
                guard let position = object.storage.index(ofLast: token) else {
                    failure = Self.missingMember(token, in: object, at: step)
                    break
                }
                current = .null
                let child = object.takeValue(at: position)
                taken.append((.object(object), position))
                current = child
                continue
            case .array(var array):
                guard let index = JSONPointerSyntax.arrayIndex(token), index < array.count else {
                    failure = Self.badIndex(token, count: array.count, allowingEnd: false, at: step)
                    break
                }
                current = .null
                let child = array.takeElement(at: index)
                taken.append((.array(array), index))
                current = child
                continue
            default:
                failure = Self.notAContainer(current, at: step)
            }
            break
        }
        if failure == nil {
            do {
                try body(&current, last, pointer)
            } catch {
                failure = error
            }
        }
        // Put everything back, changed or not.
        while let (container, position) = taken.popLast() {
            switch container {
            case .object(var object):
                object.putValue(current, at: position)
                current = .object(object)
            case .array(var array):
                array.putElement(current, at: position)
                current = .array(array)
            default:
                break
            }
        }
        self = current
        if let failure { throw failure }
    }

    // MARK: Errors

    static func arrayIndex(_ token: String, in array: JSONArray, allowingEnd: Bool, at pointer: String) throws(JSONEditError) -> Int {
        try arrayIndex(token, count: array.count, allowingEnd: allowingEnd, at: pointer)
    }

    /// The index `token` names in an array of `count` elements (`-` is the end, when allowed).
    static func arrayIndex(_ token: String, count: Int, allowingEnd: Bool, at pointer: String) throws(JSONEditError) -> Int {
        if allowingEnd, token == "-" { return count }
        guard let index = JSONPointerSyntax.arrayIndex(token), index < count || (allowingEnd && index == count) else {
            throw badIndex(token, count: count, allowingEnd: allowingEnd, at: pointer)
        }
        return index
    }

    static func badIndex(_ token: String, count: Int, allowingEnd: Bool, at pointer: String) -> JSONEditError {
        let range = allowingEnd ? "an index from 0 to \(count), or -" : count == 0 ? "an element, but the array is empty" : "an index from 0 to \(count - 1)"
        let isNumber = JSONPointerSyntax.arrayIndex(token) != nil
        return JSONEditError(kind: isNumber ? .missingTarget : .invalidIndex, pointer: pointer, expected: range,
                             found: isNumber ? "index \(token)" : token.debugDescription)
    }

    static func missingMember(_ key: String, in object: JSONObject, at pointer: String) -> JSONEditError {
        missingMember(key, keys: Array(object.keys.prefix(6)), at: pointer)
    }

    /// The error for an object without `key`, given its first keys (six tell whether there are more than five).
    static func missingMember(_ key: String, keys: [String], at pointer: String) -> JSONEditError {
        let shown = keys.isEmpty ? "an empty object" : "an object with keys " + keys.prefix(5).map(\.debugDescription).joined(separator: ", ") + (keys.count > 5 ? ", …" : "")
        return JSONEditError(kind: .missingTarget, pointer: pointer, expected: "a member named \(key.debugDescription)", found: shown)
    }

    static func notAContainer(_ value: JSON, at pointer: String) -> JSONEditError {
        JSONEditError(kind: .notAContainer, pointer: pointer, expected: "an object or an array on the way",
                      found: value.kind == .null ? "null" : "\(value.kind): \(value.excerpt())")
    }
}

/// Small helpers shared by the editing operations.
enum JSONEditing {
    /// A pointer made of `tokens`, escaped as RFC 6901 says.
    static func pointer(_ tokens: ArraySlice<String>) -> String {
        JSONPath(tokens.map { .key($0) }).pointer
    }
}

extension JSONObject {
    /// The value at `position`, leaving `null` in its place (see the walk above).
    mutating func takeValue(at position: Int) -> JSON {
        makeUnique()
        let value = storage.values[position]
        storage.values[position] = .null
        return value
    }

    /// Puts back a value taken with ``takeValue(at:)``.
    mutating func putValue(_ value: JSON, at position: Int) {
        makeUnique()
        storage.values[position] = value
    }

    /// Removes the member at `position` and returns it.
    mutating func remove(at position: Int) -> (key: String, value: JSON) {
        makeUnique()
        return storage.remove(at: position)
    }
}

extension JSONArray {
    /// The element at `position`, leaving `null` in its place (see the walk above).
    mutating func takeElement(at position: Int) -> JSON {
        let element = self[position]
        self[position] = .null
        return element
    }

    /// Puts back an element taken with ``takeElement(at:)``.
    mutating func putElement(_ element: JSON, at position: Int) {
        self[position] = element
    }
}
