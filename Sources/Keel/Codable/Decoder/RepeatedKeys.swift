// Whether an encoded object names a member twice. Codable code may encode one key twice; the member then
// appears once, with its last value. Both encoders ask this of every object they write, so the common
// answer (no) must be cheap.

enum RepeatedKeys {
    /// Whether two of the `count` keys that `key` gives are the same bytes.
    static func occur(count: Int, key: (Int) -> String) -> Bool {
        count <= 32 ? occurInSmallObject(count: count, key: key) : occurInLargeObject(count: count, key: key)
    }

    /// For a few members, hashing costs more than comparing: only keys of equal length are compared, and a
    /// bit per length (modulo 64) says when an earlier key might have this one's length.
    private static func occurInSmallObject(count: Int, key: (Int) -> String) -> Bool {
        var lengthsSeen: UInt64 = 0
        for position in 0..<count {
            let member = key(position)
            let length = member.utf8.count
            let bit: UInt64 = 1 << UInt64(length & 63)
            if lengthsSeen & bit != 0 {
                for earlier in 0..<position {
                    let other = key(earlier)
                    if other.utf8.count == length && other.hasSameUTF8(as: member) { return true }
                }
            }
            lengthsSeen |= bit
        }
        return false
    }

    private static func occurInLargeObject(count: Int, key: (Int) -> String) -> Bool {
        var seen = Set<UTF8Key>(minimumCapacity: count)
        return (0..<count).contains { !seen.insert(UTF8Key(key($0))).inserted }
    }
}
