// Collections with a rule on how many elements they hold, as LastMile's `min`, `max` and `countsAreMandatory`:
// the rule is checked on what decoded (elements that failed are already left out and reported), a broken rule
// is always reported with its trail, and only a mandatory rule makes the collection fail. Unlike
// `decodeArray(of:maximumCount:)`, which stops decoding at its cap to bound the work, nothing is cut here: a
// collection over its maximum keeps every element unless the rule is mandatory, as LastMile did.

extension CollectingDecoder {
    /// A required collection (`[T]`, `Set<T>`, `[String: T]`) whose decoded count must be within
    /// `minimumCount...maximumCount` (either bound may be left out; equal bounds ask for an exact count).
    ///
    /// A broken rule is recorded as a ``JSONDecodingError/Kind/countOutOfRange`` error at the collection. When
    /// `countsAreMandatory`, the collection is then `nil` and the record fails, as for any required value;
    /// otherwise the collection is kept whole, extra elements included.
    ///
    /// ```swift
    /// let photos = decoder["photos"].decode([Photo].self, minimumCount: 1, maximumCount: 10, countsAreMandatory: true)
    /// ```
    @inlinable
    public func decode<C: JSONDecodable & Collection>(
        _ type: C.Type, minimumCount: Int? = nil, maximumCount: Int? = nil, countsAreMandatory: Bool = false
    ) -> C? {
        guard let collection = decode(C.self) else { return nil }
        return checked(collection, minimumCount: minimumCount, maximumCount: maximumCount,
                       countsAreMandatory: countsAreMandatory, required: true)
    }

    /// An optional collection with a count rule: `nil` with no error when missing or `null`; otherwise as
    /// ``decode(_:minimumCount:maximumCount:countsAreMandatory:)``, except that a mandatory rule broken makes it
    /// `nil` without failing the record.
    @inlinable
    public func decodeIfPresent<C: JSONDecodable & Collection>(
        _ type: C.Type, minimumCount: Int? = nil, maximumCount: Int? = nil, countsAreMandatory: Bool = false
    ) -> C? {
        guard let collection = decodeIfPresent(C.self) else { return nil }
        return checked(collection, minimumCount: minimumCount, maximumCount: maximumCount,
                       countsAreMandatory: countsAreMandatory, required: false)
    }

    /// `collection`, or `nil` when it breaks a mandatory rule; a broken rule is recorded either way.
    @usableFromInline
    func checked<C: Collection>(
        _ collection: C, minimumCount: Int?, maximumCount: Int?, countsAreMandatory: Bool, required: Bool
    ) -> C? {
        guard let broken = JSONCountRule(minimum: minimumCount, maximum: maximumCount).breach(by: collection.count),
              case .value(let value) = target else { return collection }
        let error = JSONDecodingError(kind: .countOutOfRange, expected: broken,
                                      found: "\(collection.count) decoded", at: value)
        guard countsAreMandatory else {
            note(error, type: C.self)
            return collection
        }
        if required { fail(error, type: C.self) } else { note(error, type: C.self) }
        return nil
    }
}

/// The bounds of a count rule, and the words for breaking them.
struct JSONCountRule {
    let minimum: Int?
    let maximum: Int?

    /// What was expected, when `count` breaks the rule; `nil` when it keeps it.
    func breach(by count: Int) -> String? {
        if let minimum, let maximum, minimum == maximum {
            return count == minimum ? nil : "exactly \(minimum)"
        }
        if let minimum, count < minimum { return "at least \(minimum)" }
        if let maximum, count > maximum { return "at most \(maximum)" }
        return nil
    }
}
