// A cheap summary of a member name's written text, for finding repeated keys without hashing every key:
// equal names write equal text and so have equal fingerprints; different names almost always differ.

enum KeyFingerprint {
    /// Mixes the text's length with its first and last eight bytes.
    static func of(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = text.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8, let base = text.baseAddress {
            head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + (count - 8)).loadUnaligned(as: UInt64.self)
        } else if let base = text.baseAddress {
            // The same little-endian value as shifting each byte into place, in one copy.
            withUnsafeMutableBytes(of: &head) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: count)) }
            head = UInt64(littleEndian: head)
        }
        var mixed = (head &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= tail &* 0xC2B2_AE3D_27D4_EB4F
        return mixed ^ (mixed >> 29)
    }
}
