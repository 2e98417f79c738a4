import Keel

/// Finds the member that names each object's variant in an array of objects of different shapes
/// (`{"type": "circle", "radius": 2}`, `{"type": "square", "side": 3}`).
enum UnionTag {
    /// Names that say "this member is the tag": with one of them, differing shapes are enough.
    private static let usualNames = ["type", "kind", "tag", "@type", "_type", "$type", "object", "event", "variant"]

    /// The tag member of `objects`, whose keys in first-seen order are `keys`, or `nil` when they are one shape.
    ///
    /// A tag is a member every object has, always a short string, with from 2 to ``SampleSorter/mostVariants``
    /// values that each recur or the objects' shapes differ by. A member of a usual name (`type`, `kind`, ...)
    /// must only come with shapes that differ between its values; any other must also account for most of the
    /// members some objects have and others lack, each variant's objects having such a member all or none.
    static func find(in objects: [JSONView], keys: [String]) -> String? {
        guard objects.count >= 2 else { return nil }
        let candidates = usualNames.filter(keys.contains) + keys.filter { !usualNames.contains($0) }
        for key in candidates {
            guard let tags = tags(of: key, in: objects) else { continue }
            if shapesDiffer(objects, tags: tags, usualName: usualNames.contains(key)) { return key }
        }
        return nil
    }

    /// Each object's value of `key`, when every object has it as a short string and there are few of them.
    private static func tags(of key: String, in objects: [JSONView]) -> [String]? {
        var tags: [String] = []
        var distinct: Set<String> = []
        for object in objects {
            guard let tag = object.member(key)?.stringValue, !tag.isEmpty, tag.count <= 40 else { return nil }
            tags.append(tag)
            distinct.insert(tag)
            if distinct.count > SampleSorter.mostVariants { return nil }
        }
        return distinct.count >= 2 ? tags : nil
    }

    private static func shapesDiffer(_ objects: [JSONView], tags: [String], usualName: Bool) -> Bool {
        var keysByTag: [String: [Set<String>]] = [:]
        var all: Set<String> = []
        for (object, tag) in zip(objects, tags) {
            let keys = Set(object.members.map(\.key))
            keysByTag[tag, default: []].append(keys)
            all.formUnion(keys)
        }
        let unions = keysByTag.mapValues { $0.reduce(into: Set<String>()) { $0.formUnion($1) } }
        guard Set(unions.values).count > 1 else { return false }
        if usualName { return true }
        guard objects.count >= 2 * keysByTag.count else { return false }
        let common = keysByTag.values.joined().reduce(all) { $0.intersection($1) }
        let optional = all.subtracting(common)
        let explained = optional.filter { key in
            keysByTag.values.allSatisfy { sets in
                let having = sets.filter { $0.contains(key) }.count
                return having == 0 || having == sets.count
            }
        }
        return !explained.isEmpty && explained.count * 4 >= optional.count * 3
    }
}
