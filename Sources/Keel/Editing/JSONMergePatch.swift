// JSON Merge Patch (RFC 7386): a patch that looks like the document it changes. Members of an object patch
// are merged into the target member by member; `null` removes a member; anything that is not an object
// replaces the target whole.

extension JSON {
    /// Merges `patch` into this value as RFC 7386 says: an object patch sets, merges or (with `null`)
    /// removes each member it names, and turns a target that is not an object into one first; any other
    /// patch replaces the value. A key a patch object repeats means what its last occurrence says, as a
    /// lookup reads it.
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
        // Removals wait for the end and go in one pass: one at a time, each would cost the whole object.
        var removals = Set<UTF8Key>()
        for (key, value) in members.lastOccurrences {
            if case .null = value {
                removals.insert(UTF8Key(key))
            } else {
                var member = object[key] ?? .null
                object[key] = .null
                try merge(value, into: &member, pointer: pointer + JSONPath([.key(key)]).pointer)
                object[key] = member
            }
        }
        if !removals.isEmpty { object.removeAll(namedAnyOf: removals) }
        target = .object(object)
    }

    /// The merge patch that turns `original` into `target` (RFC 7386), so that
    /// `original.merge(patch: .mergePatch(from: original, to: target))` gives `target` whenever `target`
    /// holds no `null` member values (a merge patch cannot set a member to `null`).
    public static func mergePatch(from original: JSON, to target: JSON) -> JSON {
        guard case .object(let old) = original, case .object(let new) = target else { return target }
        // Depth first without recursion, so that any nesting the values hold costs heap, not stack: each frame
        // is an object pair being compared, the patch built for it so far, and the key it goes under.
        struct Frame {
            var old: JSONObject
            var new: JSONObject
            var next = 0
            var patch = JSONObject()
            let key: String
        }
        var stack = [Frame(old: old, new: new, key: "")]
        stack[0].patch = JSON.removals(from: old, to: new)
        while true {
            var frame = stack.removeLast()
            if frame.next == frame.new.count {
                guard !stack.isEmpty else { return .object(frame.patch) }
                // Two objects that differ nowhere need no member in the patch.
                if !frame.patch.isEmpty { stack[stack.count - 1].patch[frame.key] = .object(frame.patch) }
                continue
            }
            let (key, value) = frame.new[frame.next]
            frame.next += 1
            stack.append(frame)
            guard let before = frame.old[key] else {
                stack[stack.count - 1].patch[key] = value
                continue
            }
            // Two objects are compared member by member, going down once, rather than whole at every level
            // (which would cost the square of the depth).
            if case .object(let innerOld) = before, case .object(let innerNew) = value {
                var inner = Frame(old: innerOld, new: innerNew, key: key)
                inner.patch = JSON.removals(from: innerOld, to: innerNew)
                stack.append(inner)
            } else if before != value {
                stack[stack.count - 1].patch[key] = value
            }
        }
    }

    /// A patch object that removes, with `null`, each member of `old` that `new` lacks.
    private static func removals(from old: JSONObject, to new: JSONObject) -> JSONObject {
        var patch = JSONObject()
        for key in old.keys where new[key] == nil { patch[key] = .null }
        return patch
    }
}

extension JSONObject {
    /// The members with each key's last occurrence only, in the order of those occurrences: in a merge patch
    /// a repeated key means what its last occurrence says, as a lookup reads it.
    var lastOccurrences: [(key: String, value: JSON)] {
        var seen = Set<String>()
        var members: [(key: String, value: JSON)] = []
        for (key, value) in reversed() where seen.insert(key).inserted { members.append((key, value)) }
        return members.reversed()
    }
}

extension JSONPatch {
    /// The JSON Patch that does to `target` what merging `mergePatch` into it does (RFC 7386), so that a
    /// merge can be applied with ``JSONDocument/text(applying:options:)`` and keep the text around it. A key
    /// the merge patch repeats means what its last occurrence says.
    ///
    /// - Complexity: O(n) in the size of the merge patch, without recursion: nesting costs heap, not stack.
    public init(merging mergePatch: JSON, into target: JSON) {
        var operations: [Operation] = []
        // An object patch merging into an existing object: its members still to translate.
        struct Frame {
            let members: [(key: String, value: JSON)]
            var next = 0
            let existing: JSONObject
            let pointer: String
        }
        /// The operations for `patch` at `pointer` when they need no look inside `target`; otherwise the frame
        /// that translates its members.
        func start(_ patch: JSON, _ target: JSON?, pointer: String) -> Frame? {
            let replaces = pointer.isEmpty || target != nil
            guard case .object(let members) = patch else {
                operations.append(replaces ? .replace(path: pointer, value: patch) : .add(path: pointer, value: patch))
                return nil
            }
            guard case .object(let existing)? = target else {
                // Merged into a value that is not an object, the patch is itself less its `null` members.
                let merged = JSON.withoutNullMembers(patch)
                operations.append(replaces ? .replace(path: pointer, value: merged) : .add(path: pointer, value: merged))
                return nil
            }
            return Frame(members: members.lastOccurrences, existing: existing, pointer: pointer)
        }
        var stack: [Frame] = []
        if let first = start(mergePatch, target, pointer: "") { stack.append(first) }
        while var frame = stack.popLast() {
            guard frame.next < frame.members.count else { continue }
            let (key, value) = frame.members[frame.next]
            frame.next += 1
            let child = frame.pointer + JSONPath([.key(key)]).pointer
            stack.append(frame)
            if case .null = value {
                // Every member of that key goes, as a merge removes them all.
                for _ in frame.existing.values(forKey: key) { operations.append(.remove(path: child)) }
            } else if let inner = start(value, frame.existing[key], pointer: child) {
                stack.append(inner)
            }
        }
        self.init(operations)
    }
}

extension JSON {
    /// What merging `patch` into a value that is not an object gives (RFC 7386): an object patch less its
    /// `null` members at every depth, each repeated key by its last occurrence; any other patch as it is.
    /// Without recursion.
    static func withoutNullMembers(_ patch: JSON) -> JSON {
        guard case .object(let members) = patch else { return patch }
        struct Frame {
            let members: [(key: String, value: JSON)]
            var next = 0
            var result = JSONObject()
            let key: String
        }
        var stack = [Frame(members: members.lastOccurrences, key: "")]
        while true {
            var frame = stack.removeLast()
            guard frame.next < frame.members.count else {
                guard !stack.isEmpty else { return .object(frame.result) }
                stack[stack.count - 1].result[frame.key] = .object(frame.result)
                continue
            }
            let (key, value) = frame.members[frame.next]
            frame.next += 1
            switch value {
            case .null:
                stack.append(frame)
            case .object(let inner):
                stack.append(frame)
                stack.append(Frame(members: inner.lastOccurrences, key: key))
            default:
                frame.result[key] = value
                stack.append(frame)
            }
        }
    }
}
