extension JSONNumber {
    /// Whether this number's exact value is below `other`'s: `0.1 < 0.10000000000000001` holds, though both
    /// round to the same `Double`, and integers past 2^53 compare exactly. For JSONPath's `<` and friends.
    package func isLess(than other: JSONNumber) -> Bool {
        switch (storage, other.storage) {
        case let (.int(a), .int(b)): return a < b
        case let (.uint(a), .uint(b)): return a < b
        case let (.int(a), .uint(b)): return a < 0 || UInt64(a) < b
        case let (.uint(a), .int(b)): return b >= 0 && a < UInt64(b)
        case let (.double(a), .double(b)): return a < b
        default:
            // A non-finite double (possible in a tree built from doubles) has no decimal form.
            if case .double(let a) = storage, !a.isFinite { return a < 0 && other.nearestDouble != -.infinity }
            if case .double(let b) = other.storage, !b.isFinite { return b > 0 && nearestDouble != .infinity }
            return DecimalLiteral.isLess(decimal, other.decimal)
        }
    }
}
