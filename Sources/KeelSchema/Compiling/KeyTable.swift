import Keel

/// A fixed set of member names, looked up by their UTF-8 bytes as the document holds them, so that matching
/// an instance's keys against `properties` or `required` makes no `String`.
///
/// Each name has a signature (its length and first and last bytes) that rules out almost every other name
/// in one comparison; up to sixteen names are scanned by signature, more are hashed into buckets first.
/// The bytes of all names sit in one buffer. A class, so that keywords and evaluation share one copy.
final class KeyTable: @unchecked Sendable {
    let names: [String]
    private let signatures: [UInt32]
    private let starts: [Int]
    private let storage: [UInt8]
    /// For larger tables: bucket → positions in `names`.
    private let buckets: [[Int]]
    private let mask: Int

    init(_ names: [String]) {
        self.names = names
        var storage: [UInt8] = []
        var starts: [Int] = []
        var signatures: [UInt32] = []
        for name in names {
            starts.append(storage.count)
            let bytes = Array(name.utf8)
            storage += bytes
            signatures.append(Self.signature(count: bytes.count, first: bytes.first ?? 0, last: bytes.last ?? 0))
        }
        self.storage = storage
        self.starts = starts
        self.signatures = signatures
        guard names.count > 16 else {
            buckets = []
            mask = 0
            return
        }
        var size = 32
        while size < names.count * 2 { size <<= 1 }
        var buckets = [[Int]](repeating: [], count: size)
        for position in names.indices {
            let bytes = Array(names[position].utf8)
            bytes.withUnsafeBytes { buckets[Self.hash($0) & (size - 1)].append(position) }
        }
        self.buckets = buckets
        mask = size - 1
    }

    var count: Int { names.count }

    @inline(__always)
    private static func signature(count: Int, first: UInt8, last: UInt8) -> UInt32 {
        UInt32(truncatingIfNeeded: min(count, 0xFFFF)) << 16 | UInt32(first) << 8 | UInt32(last)
    }

    @inline(__always)
    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var value: UInt64 = 0xcbf29ce484222325
        for byte in key { value = (value ^ UInt64(byte)) &* 0x100000001b3 }
        return Int(truncatingIfNeeded: value ^ (value >> 29))
    }

    /// The position of the name with exactly these bytes, or `nil`.
    @inline(__always)
    func index(of key: UnsafeRawBufferPointer) -> Int? {
        let signature = Self.signature(count: key.count, first: key.first ?? 0, last: key.last ?? 0)
        if buckets.isEmpty {
            return signatures.withUnsafeBufferPointer { signatures in
                for position in signatures.indices where signatures[position] == signature && matches(position, key) {
                    return position
                }
                return nil
            }
        }
        for position in buckets[Self.hash(key) & mask] where signatures[position] == signature && matches(position, key) {
            return position
        }
        return nil
    }

    @inline(__always)
    private func matches(_ position: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let count = key.count
        guard count > 2 else { return true }  // the signature already holds the length and both ends
        return storage.withUnsafeBytes { bytes in
            memoryEqual(bytes.baseAddress! + starts[position], key.baseAddress!, count)
        }
    }
}
