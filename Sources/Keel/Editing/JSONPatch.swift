/// A JSON Patch (RFC 6902): a list of operations that change a JSON document, applied all or nothing.
///
/// ```swift
/// let patch = try JSONPatch(JSON(parsing: """
///     [{"op": "test", "path": "/version", "value": 3},
///      {"op": "replace", "path": "/version", "value": 4},
///      {"op": "add", "path": "/tags/-", "value": "new"}]
///     """))
/// try document.apply(patch)
/// ```
///
/// Each operation is checked when the patch is read from its JSON form: an unknown `op`, a missing `path`,
/// `from` or `value`, or a pointer that is not a JSON Pointer throws ``JSONEditError/Kind/invalidPatch`` or
/// ``JSONEditError/Kind/invalidPointer`` naming the operation. Applying it throws for the first operation
/// that cannot be done, and leaves the document as it was.
public struct JSONPatch: Sendable, Hashable {
    /// One operation of a patch.
    public enum Operation: Sendable, Hashable {
        /// Inserts into an array, or adds or replaces an object member (``JSON/insert(_:at:)``).
        case add(path: String, value: JSON)
        /// Removes the value, which must exist.
        case remove(path: String)
        /// Replaces the value, which must exist.
        case replace(path: String, value: JSON)
        /// Removes the value at `from` and adds it at `path`, which must not lie inside `from`.
        case move(from: String, path: String)
        /// Adds a copy of the value at `from` at `path`.
        case copy(from: String, path: String)
        /// Checks that the value at `path` equals `value` (objects in any member order, numbers by value).
        case test(path: String, value: JSON)

        /// The operation's name as a patch writes it: `add`, `remove`, ...
        public var name: String {
            switch self {
            case .add: "add"
            case .remove: "remove"
            case .replace: "replace"
            case .move: "move"
            case .copy: "copy"
            case .test: "test"
            }
        }
    }

    /// The operations, in the order they apply.
    public var operations: [Operation]

    /// A patch of the given operations.
    public init(_ operations: [Operation]) { self.operations = operations }

    /// Reads a patch document: an array of objects with `op`, `path` and, as the operation needs them,
    /// `from` and `value`. Other members are ignored, as the RFC says.
    ///
    /// - Throws: ``JSONEditError`` naming the first operation that is not well formed.
    public init(_ document: JSON) throws(JSONEditError) {
        guard case .array(let array) = document else {
            throw JSONEditError(kind: .invalidPatch, pointer: "", expected: "an array of operations",
                                found: document.kind.description)
        }
        var operations: [Operation] = []
        for (index, element) in array.enumerated() {
            operations.append(try Self.operation(element, index: index))
        }
        self.operations = operations
    }

    private static func operation(_ element: JSON, index: Int) throws(JSONEditError) -> Operation {
        let here = "/\(index)"
        func invalid(_ expected: String, found: String, name: String = "?") -> JSONEditError {
            JSONEditError(kind: .invalidPatch, pointer: here, expected: expected, found: found, operation: (index, name))
        }
        guard case .object(let object) = element else {
            throw invalid("an operation object", found: element.kind.description)
        }
        guard case .string(let name)? = object["op"] else {
            throw invalid("an \"op\" member naming the operation", found: object["op"].map { $0.kind.description } ?? "none")
        }
        func pointer(_ member: String) throws(JSONEditError) -> String {
            guard case .string(let text)? = object[member] else {
                throw invalid("a \"\(member)\" member holding a JSON Pointer",
                              found: object[member].map { $0.kind.description } ?? "none", name: name)
            }
            do {
                _ = try JSONPointerSyntax.tokens(of: text)
            } catch {
                throw JSONEditError(kind: .invalidPointer, pointer: text, expected: error.expected, found: error.found,
                                    operation: (index, name))
            }
            return text
        }
        func value() throws(JSONEditError) -> JSON {
            // `"value": null` is a value; only a missing member is an error.
            guard let value = object["value"] else { throw invalid("a \"value\" member", found: "none", name: name) }
            return value
        }
        switch name {
        case "add": return .add(path: try pointer("path"), value: try value())
        case "remove": return .remove(path: try pointer("path"))
        case "replace": return .replace(path: try pointer("path"), value: try value())
        case "move": return .move(from: try pointer("from"), path: try pointer("path"))
        case "copy": return .copy(from: try pointer("from"), path: try pointer("path"))
        case "test": return .test(path: try pointer("path"), value: try value())
        default:
            throw invalid("one of add, remove, replace, move, copy, test", found: name.debugDescription, name: name)
        }
    }

    /// The patch as a JSON document, ready to write.
    public var json: JSON {
        .array(JSONArray(operations.map { operation in
            var members: [(String, JSON)] = [("op", .string(operation.name))]
            switch operation {
            case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
                members += [("path", .string(path)), ("value", value)]
            case .remove(let path):
                members.append(("path", .string(path)))
            case .move(let from, let path), .copy(let from, let path):
                members += [("from", .string(from)), ("path", .string(path))]
            }
            return .object(JSONObject(members: members))
        }))
    }
}

extension JSON {
    /// Applies every operation of `patch` in order, or none: after a failure the value is as it was.
    ///
    /// - Throws: ``JSONEditError`` for the first operation that cannot be done, with its position and name.
    public mutating func apply(_ patch: JSONPatch) throws(JSONEditError) {
        var result = self
        for (index, operation) in patch.operations.enumerated() {
            do {
                try result.apply(operation)
            } catch {
                var error = error
                error.operation = (index, operation.name)
                throw error
            }
        }
        self = result
    }

    /// Applies one operation.
    mutating func apply(_ operation: JSONPatch.Operation) throws(JSONEditError) {
        switch operation {
        case .add(let path, let value):
            try insert(value, at: path)
        case .remove(let path):
            try remove(at: path)
        case .replace(let path, let value):
            guard self[valueAt: path] != nil else { try existing(path); return }
            try set(value, at: path)
        case .move(let from, let path):
            if from == path { try existing(from); return }
            if path.hasPrefix(from + "/") {
                throw JSONEditError(kind: .invalidTarget, pointer: path, expected: "a place outside \(from)",
                                    found: "a place inside the value being moved")
            }
            let value = try remove(at: from)
            try insert(value, at: path)
        case .copy(let from, let path):
            try existing(from)
            try insert(self[valueAt: from] ?? .null, at: path)
        case .test(let path, let expected):
            try existing(path)
            let found = self[valueAt: path] ?? .null
            guard found == expected else {
                throw JSONEditError(kind: .testFailed, pointer: path, expected: expected.excerpt(maximumLength: 60),
                                    found: found.excerpt(maximumLength: 60))
            }
        }
    }

    /// Throws the reason `pointer` names nothing, if it names nothing.
    private func existing(_ pointer: String) throws(JSONEditError) {
        let lookup = self[pointer: pointer]
        guard let error = lookup.error else { return }
        if error.kind == .invalidPointer {
            throw JSONEditError(kind: .invalidPointer, pointer: pointer, expected: error.expected, found: error.found)
        }
        throw JSONEditError(kind: .missingTarget, pointer: pointer, expected: error.expected, found: error.found)
    }
}
