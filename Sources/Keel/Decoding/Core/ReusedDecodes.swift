// Values already decoded from a document, found by their tape index, which a later decoding of a value around
// them takes instead of decoding them again. A document still arriving decodes each element of an open array
// when it finishes, to show it; when the array (or the whole document) finishes, it is decoded whole, and
// without these it would decode every element a second time: the complete document's last decode would
// repeat the work of the whole stream at its very end.

/// Values decoded from one document, each found by its tape index. No entry lies inside another: remembering
/// a value drops those of its own members and elements, which its decoding has taken in.
@usableFromInline
final class ReusedDecodes {
    /// A value kept: its tape index, the type it was decoded as, and its box (a ``DecodedValue`` of that
    /// type). The type is compared rather than the box cast, which in code not specialized for the type would
    /// look up the box's generic type at run time.
    private struct Entry {
        let index: Int
        let type: ObjectIdentifier
        let box: AnyObject
    }

    /// The values kept, by increasing tape index. (One decoding uses them at a time, never reentrantly: no
    /// run-time exclusivity check is needed.)
    @exclusivity(unchecked) private var entries: [Entry] = []

    init() {}

    /// The value decoded at tape index `index`, if one was decoded there as `T`.
    @usableFromInline
    func value<T>(at index: Int, as type: T.Type) -> T? {
        box(at: index, as: T.self)?.value
    }

    /// The box of the value decoded at tape index `index`, if one was decoded there as `T`.
    func box<T>(at index: Int, as type: T.Type) -> DecodedValue<T>? {
        let position = firstPosition(notBefore: index)
        guard position < entries.count, entries[position].index == index, entries[position].type == ObjectIdentifier(T.self) else {
            return nil
        }
        // Kept by `remember` together with the type it was decoded as.
        return unsafeDowncast(entries[position].box, to: DecodedValue<T>.self)
    }

    /// Keeps `box`, the value decoded as `T` at tape index `index`, whose entries end before tape index `end`;
    /// the values kept inside it are dropped.
    func remember<T>(_ box: DecodedValue<T>, at index: Int, endingBefore end: Int) {
        let entry = Entry(index: index, type: ObjectIdentifier(T.self), box: box)
        let start = firstPosition(notBefore: index)
        var after = start
        while after < entries.count, entries[after].index < end { after += 1 }
        // The common cases in place: a value after all the others (an element of an array still arriving),
        // or one around a single value kept (a member that was shown while its object was open).
        if start == entries.count {
            entries.append(entry)
        } else if after == start + 1 {
            entries[start] = entry
        } else {
            entries.replaceSubrange(start..<after, with: CollectionOfOne(entry))
        }
    }

    /// The position of the first kept index at or after `index`.
    private func firstPosition(notBefore index: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].index < index { low = middle + 1 } else { high = middle }
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
