/// Which members and elements of the instance at hand some keyword has evaluated: what
/// `unevaluatedProperties` and `unevaluatedItems` need to know. Evaluation collects them only where such a
/// keyword will read them.
struct Annotations {
    var properties: Set<String> = []
    /// Elements `0..<itemPrefix` are evaluated.
    var itemPrefix = 0
    var allItems = false
    /// Elements `contains` matched (2020-12).
    var items: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        itemPrefix = max(itemPrefix, other.itemPrefix)
        allItems = allItems || other.allItems
        items.formUnion(other.items)
    }

    func isEvaluated(item index: Int) -> Bool {
        allItems || index < itemPrefix || items.contains(index)
    }
}
