/// The errors and warnings one collecting run records, kept as they are met and handed out in document order.
///
/// The collecting style's context and the Codable bridge's session each keep one, with the entries they need
/// for their reports; both order and package them the same way.
struct CollectingLog<Entry> {
    /// The errors, in the order they were recorded.
    private(set) var errors: [Entry] = []
    /// The warnings, in the order they were recorded.
    private(set) var warnings: [Entry] = []

    mutating func record(_ error: Entry) { errors.append(error) }

    mutating func warn(_ warning: Entry) { warnings.append(warning) }

    /// `value` with every error and warning, each reported as `report` makes it (told whether it is a
    /// warning), in document order.
    func collected<Value, Failure>(value: Value?, byteOffset: (Entry) -> Int?,
                                   report: (Entry, _ isWarning: Bool) -> Failure) -> Collected<Value, Failure> {
        Collected(value: value,
                  errors: inDocumentOrder(errors, byteOffset: byteOffset).map { report($0, false) },
                  warnings: inDocumentOrder(warnings, byteOffset: byteOffset).map { report($0, true) })
    }
}

/// `entries` sorted by their place in the text, a stable sort: entries without a place keep their order, last.
func inDocumentOrder<Entry>(_ entries: [Entry], byteOffset: (Entry) -> Int?) -> [Entry] {
    let offsets = entries.map(byteOffset)
    let order = entries.indices.sorted { a, b in
        switch (offsets[a], offsets[b]) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a < b
        }
    }
    return order.map { entries[$0] }
}
