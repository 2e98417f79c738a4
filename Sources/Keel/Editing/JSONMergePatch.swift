// JSON Merge Patch (RFC 7386): a patch that looks like the document it changes. Members of an object patch
// are merged into the target member by member; `null` removes a member; anything that is not an object
// replaces the target whole.

extension JSON {
    /// Merges `patch` into this value as RFC 7386 says: an object patch sets, merges or (with `null`)
    /// removes each member it names, and turns a target that is not an object into one first; any other
    /// patch replaces the value.
    ///
    /// ```swift
    /// var user: JSON = ["name": "Ada", "email": "ada@example.com", "tags": ["a"]]
    /// try user.merge(patch: ["email": nil, "tags": ["b"], "address": ["city": "London"]])
    /// // {"name":"Ada","tags":["b"],"address":{"city":"London"}}
    /// ```
    ///
    /// - Throws: ``JSONEditError/Kind/nestingTooDeep`` for a patch nested deeper than the thread's stack
    ///   allows (the value is then unchanged).
    public mutating func merge(patch: JSON) throws(JSONEditError) {
        var result = self
        try JSON.merge(patch, into: &result, pointer: "")
        self = result
    }

    private static func merge(_ patch: JSON, into target: inout JSON, pointer: String) throws(JSONEditError) {
        guard case .object(let members) = patch else {
            target = patch
            return
        }
        guard StackGuard.hasRoom() else {
            throw JSONEditError(kind: .nestingTooDeep, pointer: pointer, expected: "a patch the stack can hold",
                                found: "a patch nested deeper than that")
        }
        var object: JSONObject
        if case .object(let existing) = target { object = existing } else { object = JSONObject() }
        target = .null
        for (key, value) in members {
            if case .null = value {
                object[key] = nil
            } else {
                var member = object[key] ?? .null
                object[key] = .null
                try merge(value, into: &member, pointer: pointer + JSONPath([.key(key)]).pointer)
                object[key] = member
            }
        }
        target = .object(object)
    }

    /// The merge patch that turns `original` into `target` (RFC 7386), so that
    /// `original.merge(patch: .mergePatch(from: original, to: target))` gives `target` whenever `target`
    /// holds no `null` member values (a merge patch cannot set a member to `null`).
    public static func mergePatch(from original: JSON, to target: JSON) -> JSON {
        guard case .object(let old) = original, case .object(let new) = target else { return target }
        var patch = JSONObject()
        for key in old.keys where new[key] == nil { patch[key] = .null }
        for (key, value) in new {
            if let before = old[key] {
                if before != value { patch[key] = mergePatch(from: before, to: value) }
            } else {
                patch[key] = value
            }
        }
        return .object(patch)
    }
}

extension JSONPatch {
    /// The JSON Patch that does to `target` what merging `mergePatch` into it does (RFC 7386), so that a
    /// merge can be applied with ``JSONDocument/text(applying:options:)`` and keep the text around it.
    public init(merging mergePatch: JSON, into target: JSON) {
        var operations: [Operation] = []
        func translate(_ patch: JSON, _ target: JSON?, pointer: String) {
            guard case .object(let members) = patch else {
                operations.append(pointer.isEmpty || target != nil ? .replace(path: pointer, value: patch) : .add(path: pointer, value: patch))
                return
            }
            guard case .object(let existing)? = target else {
                var merged = JSON.null
                try? merged.merge(patch: patch)
                operations.append(target != nil || pointer.isEmpty ? .replace(path: pointer, value: merged) : .add(path: pointer, value: merged))
                return
            }
            var removed = Set<String>()
            for (key, value) in members {
                let child = pointer + JSONPath([.key(key)]).pointer
                if case .null = value {
                    if existing[key] != nil, removed.insert(key).inserted {
                        // Every member of that key goes, as a merge removes them all.
                        for _ in existing.values(forKey: key) { operations.append(.remove(path: child)) }
                    }
                } else {
                    translate(value, removed.contains(key) ? nil : existing[key], pointer: child)
                }
            }
        }
        translate(mergePatch, target, pointer: "")
        self.init(operations)
    }
}
