// Values already decoded from a document, found by their tape index, which a later decoding of a value around
// them takes instead of decoding them again. A document still arriving decodes each element of an open array
// when it finishes, to show it; when the array (or the whole document) finishes, it is decoded whole, and
// without these it would decode every element a second time: the complete document's last decode would
// repeat the work of the whole stream at its very end.

/// Values decoded from one document, each found by its tape index. No entry lies inside another: remembering
/// a value drops those of its own members and elements, which its decoding has taken in.
@usableFromInline
final class ReusedDecodes {
    /// The tape indexes of the values, in increasing order, and the values, in the same order. (One decoding
    /// uses these at a time, never reentrantly: no run-time exclusivity check is needed.)
    @exclusivity(unchecked) private var indexes: [Int] = []
    @exclusivity(unchecked) private var values: [Any] = []

    init() {}

    /// The value decoded at tape index `index`, if one was decoded there as `T`.
    @usableFromInline
    func value<T>(at index: Int, as type: T.Type) -> T? {
        let position = firstPosition(notBefore: index)
        guard position < indexes.count, indexes[position] == index else { return nil }
        return values[position] as? T
    }

    /// Keeps `value`, decoded at tape index `index`, whose value's entries end before tape index `end`; the
    /// values kept inside it are dropped.
    func remember(_ value: Any, at index: Int, endingBefore end: Int) {
        let start = firstPosition(notBefore: index)
        var after = start
        while after < indexes.count, indexes[after] < end { after += 1 }
        // The common cases in place: a value after all the others (an element of an array still arriving),
        // or one around a single value kept (a member that was shown while its object was open).
        if start == indexes.count {
            indexes.append(index)
            values.append(value)
        } else if after == start + 1 {
            indexes[start] = index
            values[start] = value
        } else {
            indexes.replaceSubrange(start..<after, with: CollectionOfOne(index))
            values.replaceSubrange(start..<after, with: CollectionOfOne(value))
        }
    }

    /// The position of the first kept index at or after `index`.
    private func firstPosition(notBefore index: Int) -> Int {
        var low = 0
        var high = indexes.count
        while low < high {
            let middle = (low + high) / 2
            if indexes[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
