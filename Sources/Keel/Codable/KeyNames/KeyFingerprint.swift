// A cheap summary of a member name's written text, for finding repeated keys without hashing every key:
// equal names write equal text and so have equal fingerprints; different names almost always differ.

enum KeyFingerprint {
    /// Mixes the text's length with its first and last eight bytes (with every byte of a shorter text).
    @inline(__always)
    static func of(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = text.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8, let base = text.baseAddress {
            head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + (count - 8)).loadUnaligned(as: UInt64.self)
        } else if count >= 4, let base = text.baseAddress {
            // Two four-byte words that overlap cover every byte, with no call to copy them.
            head = UInt64(UnsafeRawPointer(base).loadUnaligned(as: UInt32.self))
                | UInt64(UnsafeRawPointer(base + (count - 4)).loadUnaligned(as: UInt32.self)) << 32
        } else if count > 0, let base = text.baseAddress {
            // The first, middle and last bytes are every byte of a text this short.
            head = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
        }
        var mixed = (head &+ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= tail &* 0xC2B2_AE3D_27D4_EB4F
        return mixed ^ (mixed >> 29)
    }
}
