// What an encoder builds while a model encodes itself: a tree whose containers are references, because
// Codable lets code keep a container, nest another, and come back to the first. The tree is written as
// text directly (see EncodingTree+Writing.swift), or turned into a `JSON` value when that is asked for.
// Part of the Codable bridge, so only where Foundation is.
#if canImport(FoundationEssentials) || canImport(Foundation)

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
            let members = object.uniqueMembers()
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
    /// value, as encoding into a dictionary would.
    func uniqueMembers() -> [Member] {
        let members = self.members
        guard RepeatedKeys.occur(count: members.count, key: { members[$0].key }) else { return members }
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
}
#endif
