// Values already decoded from a document, found by their tape index, which a later decoding of a value around
// them takes instead of decoding them again. A document still arriving decodes each element of an open array
// when it finishes, to show it; when the array (or the whole document) finishes, it is decoded whole, and
// without these it would decode every element a second time: the complete document's last decode would
// repeat the work of the whole stream at its very end.

/// Values decoded from one document, each found by its tape index. No entry lies inside another: remembering
/// a value drops those of its own members and elements, which its decoding has taken in.
@usableFromInline
final class ReusedDecodes {
    /// The tape indexes of the values, in increasing order, and in the same order the values' boxes (each a
    /// ``DecodedValue``) and the types they were decoded as. The type is compared rather than the box cast,
    /// which in code not specialized for the type would look up the box's generic type at run time. (One
    /// decoding uses these at a time, never reentrantly: no run-time exclusivity check is needed.)
    @exclusivity(unchecked) private var indexes: [Int] = []
    @exclusivity(unchecked) private var boxes: [AnyObject] = []
    @exclusivity(unchecked) private var types: [ObjectIdentifier] = []

    init() {}

    /// The value decoded at tape index `index`, if one was decoded there as `T`.
    @usableFromInline
    func value<T>(at index: Int, as type: T.Type) -> T? {
        box(at: index, as: T.self)?.value
    }

    /// The box of the value decoded at tape index `index`, if one was decoded there as `T`.
    func box<T>(at index: Int, as type: T.Type) -> DecodedValue<T>? {
        let position = firstPosition(notBefore: index)
        guard position < indexes.count, indexes[position] == index, types[position] == ObjectIdentifier(T.self) else {
            return nil
        }
        // Kept by `remember` together with the type it was decoded as.
        return unsafeDowncast(boxes[position], to: DecodedValue<T>.self)
    }

    /// Keeps `box`, the value decoded as `T` at tape index `index`, whose entries end before tape index `end`;
    /// the values kept inside it are dropped.
    func remember<T>(_ box: DecodedValue<T>, at index: Int, endingBefore end: Int) {
        let start = firstPosition(notBefore: index)
        var after = start
        while after < indexes.count, indexes[after] < end { after += 1 }
        // The common cases in place: a value after all the others (an element of an array still arriving),
        // or one around a single value kept (a member that was shown while its object was open).
        if start == indexes.count {
            indexes.append(index)
            boxes.append(box)
            types.append(ObjectIdentifier(T.self))
        } else if after == start + 1 {
            indexes[start] = index
            boxes[start] = box
            types[start] = ObjectIdentifier(T.self)
        } else {
            indexes.replaceSubrange(start..<after, with: CollectionOfOne(index))
            boxes.replaceSubrange(start..<after, with: CollectionOfOne(box as AnyObject))
            types.replaceSubrange(start..<after, with: CollectionOfOne(ObjectIdentifier(T.self)))
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

/// A decoded value in a box of its own, so that what keeps it for reuse and the partial form that shows it
/// share one copy rather than each holding its own (copying a model retains each of its strings and arrays).
@usableFromInline
final class DecodedValue<Value> {
    @usableFromInline let value: Value

    @usableFromInline
    init(_ value: consuming Value) {
        self.value = value
    }
}
