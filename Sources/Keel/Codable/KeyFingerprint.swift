// A cheap summary of a member name, for finding repeated keys without hashing every key: equal names
// always have equal fingerprints; different names almost always differ.

enum KeyFingerprint {
    /// Mixes the name's UTF-8 length with its first and last eight bytes.
    static func of(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { bytes in
            let count = bytes.count
            var head: UInt64 = 0
            var tail: UInt64 = 0
            for offset in 0..<min(count, 8) {
                head |= UInt64(bytes[offset]) << UInt64(offset * 8)
                tail |= UInt64(bytes[count - 1 - offset]) << UInt64(offset * 8)
            }
            var mixed = (head &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
            mixed ^= tail &* 0xC2B2_AE3D_27D4_EB4F
            return mixed ^ (mixed >> 29)
        }
    }
}
