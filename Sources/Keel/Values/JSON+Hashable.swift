// Equality and hashing of JSON values, both written as loops over an explicit work list so that a value
// nested 100,000 levels deep costs heap, not stack.

extension JSON: Hashable {
    /// Structural equality: same kind and same content. Numbers compare by exact value (``JSONNumber``);
    /// strings by their Unicode scalars (UTF-8 bytes); arrays element by element; objects by their
    /// members whatever their order (for a repeated key, the values in the order they appear).
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        var pending: [(JSON, JSON)] = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null):
                continue
            case let (.bool(x), .bool(y)):
                guard x == y else { return false }
            case let (.number(x), .number(y)):
                guard x == y else { return false }
            case let (.string(x), .string(y)):
                // Byte-wise, not by canonical equivalence: "\u00e9" and "e\u0301" differ.
                guard x.utf8.elementsEqual(y.utf8) else { return false }
            case let (.array(x), .array(y)):
                if x.storage === y.storage { continue }
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x.storage.elements, y.storage.elements))
            case let (.object(x), .object(y)):
                if x.storage === y.storage { continue }
                guard let pairs = matchMembers(x, y) else { return false }
                pending.append(contentsOf: pairs)
            default:
                return false
            }
        }
        return true
    }

    /// Pairs up the values of two objects by key, or returns `nil` when their keys differ.
    private static func matchMembers(_ x: JSONObject, _ y: JSONObject) -> [(JSON, JSON)]? {
        guard x.count == y.count else { return nil }
        var pairs: [(JSON, JSON)] = []
        pairs.reserveCapacity(x.count)
        if !x.hasDuplicateKeys && !y.hasDuplicateKeys {
            for (key, value) in x {
                guard let other = y[key] else { return nil }
                pairs.append((value, other))
            }
            return pairs
        }
        // With repeated keys, the n-th value of a key in one object pairs with the n-th in the other.
        let groupsX = Dictionary(grouping: x.indices, by: { UTF8Key(x.keys[$0]) })
        let groupsY = Dictionary(grouping: y.indices, by: { UTF8Key(y.keys[$0]) })
        guard groupsX.count == groupsY.count else { return nil }
        for (key, positionsX) in groupsX {
            guard let positionsY = groupsY[key], positionsY.count == positionsX.count else { return nil }
            for (i, j) in zip(positionsX, positionsY) { pairs.append((x.values[i], y.values[j])) }
        }
        return pairs
    }

    /// Hashes the value consistently with `==`: arrays element by element; objects by a sum over their
    /// members, so that member order does not matter.
    public func hash(into hasher: inout Hasher) {
        var pending: [JSON] = [self]
        while let value = pending.popLast() {
            switch value {
            case .array(let array):
                hasher.combine(4 as UInt8)
                hasher.combine(array.count)
                pending.append(contentsOf: array.storage.elements.reversed())
            case .object(let object):
                hasher.combine(5 as UInt8)
                hasher.combine(object.count)
                // Each member hashes its key and a shallow digest of its value; summing makes order irrelevant.
                var sum = 0
                for (key, member) in object {
                    var memberHasher = Hasher()
                    UTF8Key.hashBytes(of: key, into: &memberHasher)
                    member.shallowHash(into: &memberHasher)
                    sum &+= memberHasher.finalize()
                }
                hasher.combine(sum)
            default:
                value.shallowHash(into: &hasher)
            }
        }
    }

    /// The kind and, for scalars, the value; for containers only the count (never recursive).
    private func shallowHash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let value): hasher.combine(1 as UInt8); hasher.combine(value)
        case .number(let value): hasher.combine(2 as UInt8); hasher.combine(value)
        case .string(let value): hasher.combine(3 as UInt8); UTF8Key.hashBytes(of: value, into: &hasher)
        case .array(let value): hasher.combine(4 as UInt8); hasher.combine(value.count)
        case .object(let value): hasher.combine(5 as UInt8); hasher.combine(value.count)
        }
    }
}
