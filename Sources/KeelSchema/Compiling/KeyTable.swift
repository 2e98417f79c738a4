/// A fixed set of member names, looked up by their UTF-8 bytes as the document holds them, so that matching
/// an instance's keys against `properties` or `required` makes no `String`. Up to eight names are compared
/// in turn (length first); more are hashed into buckets.
struct KeyTable: Sendable {
    let names: [String]
    private let bytes: [[UInt8]]
    /// For larger tables: bucket → positions in `names`.
    private let buckets: [[Int]]
    private let mask: Int

    init(_ names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
        guard names.count > 8 else {
            buckets = []
            mask = 0
            return
        }
        var size = 16
        while size < names.count * 2 { size <<= 1 }
        var buckets = [[Int]](repeating: [], count: size)
        for (position, key) in bytes.enumerated() {
            key.withUnsafeBytes { buckets[Self.hash($0) & (size - 1)].append(position) }
        }
        self.buckets = buckets
        mask = size - 1
    }

    var count: Int { names.count }

    @inline(__always)
    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var value: UInt64 = 0xcbf29ce484222325
        for byte in key { value = (value ^ UInt64(byte)) &* 0x100000001b3 }
        return Int(truncatingIfNeeded: value ^ (value >> 29))
    }

    /// The position of the name with exactly these bytes, or `nil`.
    @inline(__always)
    func index(of key: UnsafeRawBufferPointer) -> Int? {
        if buckets.isEmpty {
            for position in bytes.indices where matches(position, key) { return position }
            return nil
        }
        for position in buckets[Self.hash(key) & mask] where matches(position, key) { return position }
        return nil
    }

    @inline(__always)
    private func matches(_ position: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        bytes[position].withUnsafeBytes { name in
            name.count == key.count && (name.count == 0 || name.elementsEqual(key))
        }
    }
}
