/// What a set of keys looks like: member names or data, and whether two sets describe the same shape.
enum KeyLooks {
    /// Whether `key` reads as data rather than as a member's name: empty, starting with a digit, or holding
    /// a character no member name in practice does (a space, `/`, `:`).
    static func isData(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return true }
        if ("0"..."9").contains(first) { return true }
        return key.unicodeScalars.contains { scalar in
            !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-$@.".unicodeScalars.contains(scalar))
        }
    }

    /// Whether two key sets are one shape seen twice: they share at least half of all their keys, or one
    /// holds all of the other's.
    static func similar(_ first: Set<String>, _ second: Set<String>) -> Bool {
        guard !first.isEmpty, !second.isEmpty else { return false }
        let shared = first.intersection(second).count
        return shared * 2 >= first.union(second).count || shared == min(first.count, second.count)
    }
}
