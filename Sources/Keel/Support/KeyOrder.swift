// The one order for sorted keys, used wherever Keel sorts members (writing views, values and encoded models,
// building objects from dictionaries): by the keys' UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys` orders
// them; members with the same key keep their own order.

/// Sorting members by key.
enum KeyOrder {
    /// `items` ordered by the bytes `key` gives for each (computed once per item); equal keys keep their
    /// order. Positions are sorted, not the items, and keys are compared a word at a time, so that a
    /// hundred thousand members sort in milliseconds.
    static func sorted<Item>(_ items: [Item], key: (Item) -> [UInt8]) -> [Item] {
        guard items.count > 1 else { return items }
        let keys = items.map(key)
        var order = Array(items.indices)
        keys.withUnsafeBufferPointer { keys in
            order.sort { a, b in
                let comparison = compare(keys[a], keys[b])
                return comparison != 0 ? comparison < 0 : a < b
            }
        }
        return order.map { items[$0] }
    }

    /// Negative, zero or positive as `a` comes before, with or after `b` in byte order (a prefix first).
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let common = min(a.count, b.count)
                var index = 0
                if let left = a.baseAddress, let right = b.baseAddress {
                    while index &+ 8 <= common {
                        let x = UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
                        let y = UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
                        // Byte order is the order of the words read big-endian.
                        if x != y { return UInt64(bigEndian: x) < UInt64(bigEndian: y) ? -1 : 1 }
                        index &+= 8
                    }
                }
                while index < common {
                    if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
                    index &+= 1
                }
                return a.count - b.count
            }
        }
    }
}
