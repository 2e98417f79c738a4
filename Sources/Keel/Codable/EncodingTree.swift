// What an encoder builds while a model encodes itself: a tree whose containers are references, because
// Codable lets code keep a container, nest another, and come back to the first. The tree is written as
// text directly (see EncodingTree+Writing.swift), or turned into a `JSON` value when that is asked for.

/// One encoded value.
enum EncodingSlot {
    /// A value that is complete: a scalar, or a `JSON` value the model held.
    case value(JSON)
    case array(EncodingArray)
    case object(EncodingObject)
    /// A `superEncoder()`, whose value is known only when encoding ends.
    case encoder(ModelEncoder)

    /// An encoder that encoded nothing stands for `{}`, as in Foundation.
    static var emptyObject: EncodingSlot { .value(.object(JSONObject())) }

    /// The slot with every `superEncoder()` replaced by what was encoded into it.
    var resolved: EncodingSlot {
        var slot = self
        while case .encoder(let encoder) = slot { slot = encoder.slot ?? .emptyObject }
        return slot
    }

    /// The value as `JSON`.
    var json: JSON {
        switch resolved {
        case .value(let value): return value
        case .array(let array): return .array(JSONArray(array.elements.map(\.json)))
        case .object(let object):
            var seen = Set<UTF8Key>()
            let members = object.uniqueMembers(seen: &seen)
            return .object(JSONObject(keys: members.map(\.key), values: members.map(\.value.json)))
        case .encoder: return .null  // `resolved` never returns an encoder
        }
    }
}

/// The elements of an unkeyed container.
final class EncodingArray {
    @exclusivity(unchecked) var elements: [EncodingSlot] = []
}

/// The members of a keyed container, in the order they were encoded.
final class EncodingObject {
    typealias Member = (key: String, value: EncodingSlot)
    @exclusivity(unchecked) var members: [Member] = []

    init() { members.reserveCapacity(8) }

    func append(_ key: String, _ slot: EncodingSlot) { members.append((key, slot)) }

    /// The last slot encoded under `key` (for nested containers asked for twice with one key).
    func slot(forKey key: String) -> EncodingSlot? {
        members.last { $0.key.hasSameUTF8(as: key) }?.value
    }

    /// The members with each key once: a key encoded more than once keeps its first position and its last
    /// value, as encoding into a dictionary would. `seen` is scratch space, reused across calls.
    func uniqueMembers(seen: inout Set<UTF8Key>) -> [Member] {
        let members = self.members
        let hasRepeatedKey = members.count <= 32 ? EncodingObject.hasRepeatedKey(smallObject: members)
            : EncodingObject.hasRepeatedKey(members, seen: &seen)
        guard hasRepeatedKey else { return members }
        var positions: [UTF8Key: Int] = [:]
        var unique: [Member] = []
        for member in members {
            if let position = positions[UTF8Key(member.key)] {
                unique[position].value = member.value
            } else {
                positions[UTF8Key(member.key)] = unique.count
                unique.append(member)
            }
        }
        return unique
    }

    /// For a few members, hashing costs more than comparing: only keys of equal length are compared, and a
    /// bit per length (modulo 64) says when an earlier key might have this one's length.
    private static func hasRepeatedKey(smallObject members: [Member]) -> Bool {
        var lengthsSeen: UInt64 = 0
        for (position, member) in members.enumerated() {
            let length = member.key.utf8.count
            let bit: UInt64 = 1 << UInt64(length & 63)
            if lengthsSeen & bit != 0 {
                for earlier in members[..<position]
                where earlier.key.utf8.count == length && earlier.key.hasSameUTF8(as: member.key) {
                    return true
                }
            }
            lengthsSeen |= bit
        }
        return false
    }

    private static func hasRepeatedKey(_ members: [Member], seen: inout Set<UTF8Key>) -> Bool {
        seen.removeAll(keepingCapacity: true)
        return members.contains { !seen.insert(UTF8Key($0.key)).inserted }
    }
}
