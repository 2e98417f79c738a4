import Keel

/// A fixed set of member names, looked up by their UTF-8 bytes as the document holds them, so that matching
/// an instance's keys against `properties` or `required` makes no `String`.
///
/// Each name has a signature (its length and first and last bytes) that rules out almost every other name
/// in one comparison. Up to eight names are scanned by signature; more are found through an open-addressed
/// table keyed by a hash of the signature and a middle byte. The tables sit in memory the class owns, read
/// through pointers, so a lookup costs no reference counting and no bounds check. A class, so that keywords
/// and evaluation share one copy.
final class KeyTable: @unchecked Sendable {
    let names: [String]
    let count: Int
    private let signatures: UnsafeMutablePointer<UInt32>
    /// Where each name's bytes start in `storage`, and one more entry for the end of the last.
    private let starts: UnsafeMutablePointer<Int>
    private let storage: UnsafeMutablePointer<UInt8>
    /// For larger tables: slot → position in `names` plus one (0 for an empty slot).
    private let slots: UnsafeMutablePointer<Int32>?
    private let mask: Int

    init(_ names: [String]) {
        self.names = names
        count = names.count
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var signatures: [UInt32] = []
        for name in names {
            starts.append(bytes.count)
            let utf8 = Array(name.utf8)
            bytes += utf8
            signatures.append(Self.signature(count: utf8.count, first: utf8.first ?? 0, last: utf8.last ?? 0))
        }
        starts.append(bytes.count)
        self.signatures = .allocate(capacity: max(count, 1))
        self.signatures.initialize(from: signatures, count: count)
        self.starts = .allocate(capacity: count + 1)
        self.starts.initialize(from: starts, count: count + 1)
        self.storage = .allocate(capacity: max(bytes.count, 1))
        self.storage.initialize(from: bytes, count: bytes.count)
        guard count > 8 else {
            slots = nil
            mask = 0
            return
        }
        var size = 16
        while size < count * 4 { size <<= 1 }
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        for position in 0..<count {
            let utf8 = Array(names[position].utf8)
            var slot = utf8.withUnsafeBytes { Self.hash(signatures[position], $0) } & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(position + 1)
        }
        self.slots = slots
        mask = size - 1
    }

    deinit {
        signatures.deallocate()
        starts.deallocate()
        storage.deallocate()
        slots?.deallocate()
    }

    @inline(__always)
    private static func signature(count: Int, first: UInt8, last: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: min(count, 0xFFFF)) << 16 | UInt32(first) << 8 | UInt32(last)
    }

    /// The signature mixed with the byte in the middle of the key (names in a schema often share their
    /// length and ends: `created_at`, `updated_at`).
    @inline(__always)
    private static func hash(_ signature: UInt32, _ key: UnsafeRawBufferPointer) -> Int {
        let middle = key.count > 2 ? UInt64(key[key.count / 2]) : 0
        let mixed = (UInt64(signature) << 8 | middle) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40)
    }

    @inline(__always)
    private static func signature(of key: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = key.baseAddress, key.count > 0 else { return 0 }
        return signature(count: key.count, first: base.load(as: UInt8.self), last: base.load(fromByteOffset: key.count - 1, as: UInt8.self))
    }

    /// Whether the name at `position` has exactly these bytes.
    @inline(__always)
    func isName(at position: Int, _ key: UnsafeRawBufferPointer) -> Bool { matches(position, key) }

    /// The position of the name with exactly these bytes, or `nil`.
    @inline(__always)
    func index(of key: UnsafeRawBufferPointer) -> Int? {
        let signature = Self.signature(of: key)
        guard let slots else {
            var position = 0
            while position < count {
                if signatures[position] == signature && matches(position, key) { return position }
                position += 1
            }
            return nil
        }
        var slot = Self.hash(signature, key) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            let position = entry - 1
            if signatures[position] == signature && matches(position, key) { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the name at `position` has exactly the key's bytes: words compared eight or four bytes at a
    /// time, the last one overlapping the one before.
    @inline(__always)
    private func matches(_ position: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let count = key.count
        let start = starts[position]
        guard starts[position + 1] - start == count else { return false }
        guard let base = key.baseAddress else { return true }
        let name = UnsafeRawPointer(storage + start)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard name.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset += 8
            }
            return name.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return name.loadUnaligned(as: UInt32.self) == base.loadUnaligned(as: UInt32.self)
                && name.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                == base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count {
            guard name.load(fromByteOffset: offset, as: UInt8.self) == base.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset += 1
        }
        return true
    }
}
