// The one order for sorted keys, used wherever Keel sorts members (writing views, values and encoded models,
// building objects from dictionaries): by the keys' UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys` orders
// them; members with the same key keep their own order.

/// Sorting members by key.
enum KeyOrder {
    /// `items` ordered by the bytes `key` gives for each (computed once per item); equal keys keep their
    /// order.
    static func sorted<Item>(_ items: [Item], key: (Item) -> [UInt8]) -> [Item] {
        let keyed = items.enumerated().map { (position: $0.offset, item: $0.element, key: key($0.element)) }
        return keyed.sorted { a, b in
            a.key == b.key ? a.position < b.position : a.key.lexicographicallyPrecedes(b.key)
        }.map(\.item)
    }
}
