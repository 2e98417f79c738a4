// The commonest scalars read straight off the tape, for the loops that decode many values (a model's
// members, an array's elements). Going through `T.decode(_:in:)` makes a `JSONView` per value, and with it a
// retain and a release of the document: two atomic operations, which cost more than reading a short string
// or a small integer.
//
// A direct read gives exactly what the type's `decode` gives when that succeeds, and `nil` in every other
// case (another kind of value, null, out of range), where the caller takes the general path, which says what
// is wrong. So errors, messages and collecting are the general path's, unchanged.

extension JSONView {
    /// The value at tape index `index` of this view's document, read directly (see
    /// `DocumentStorage.directScalar`), with the document borrowed from this view rather than retained.
    @inlinable func directScalar<T>(_ type: T.Type, at index: Int) -> T? {
        Unmanaged.passUnretained(storage)._withUnsafeGuaranteedRef { $0.directScalar(T.self, at: index) }
    }
}

extension DocumentStorage {
    /// Whether ``directScalar(_:at:)`` reads values of `T`: `String`, `Int`, `UInt64`, `Bool` or `Double`.
    @inlinable
    static func readsDirectly<T>(_ type: T.Type) -> Bool {
        T.self == String.self || T.self == Int.self || T.self == Bool.self || T.self == Double.self || T.self == UInt64.self
    }

    /// The value at tape index `index` as `T`, when `T` is `String`, `Int`, `UInt64`, `Bool` or `Double`
    /// and the value is exactly one of its values; otherwise `nil`.
    ///
    /// Inlinable, so that in a caller specialized for `T` the type tests fold away and only the read is left.
    @inlinable
    func directScalar<T>(_ type: T.Type, at index: Int) -> T? {
        // While decoding overrides are in force anywhere, the type's own `decode` decides (it looks them up).
        if _slowPath(JSONDecodingOverrides.anyScopeOpen) { return nil }
        if T.self == String.self { return string(ifStringAt: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Int.self { return int(exactlyAt: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Bool.self { return bool(ifBoolAt: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == Double.self { return double(ifFiniteAt: index).map { unsafeBitCast($0, to: T.self) } }
        if T.self == UInt64.self { return uint64(exactlyAt: index).map { unsafeBitCast($0, to: T.self) } }
        return nil
    }

    // The readers of single scalars. `JSONView`'s accessors (`stringValue`, `boolValue`, `integer(as:)`,
    // `nearestDouble`) are these, so a direct read and a view's read cannot drift apart.

    /// The string at `index`, unescaped, or `nil` when the value there is not a string.
    @usableFromInline
    func string(ifStringAt index: Int) -> String? {
        guard tape.base[index].kind == .string else { return nil }
        return withReader { $0.string(at: index) }
    }

    /// The boolean at `index`, or `nil`.
    @usableFromInline
    func bool(ifBoolAt index: Int) -> Bool? {
        switch tape.base[index].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The number at `index` read as an exact `T`, or why not; `nil` when the value is not a number.
    func integer<T: FixedWidthInteger>(at index: Int, as type: T.Type) -> Result<T, NumberConversionFailure>? {
        let entry = tape.base[index]
        guard entry.kind == .number else { return nil }
        let isPlainInteger = entry.flags.contains(.isInteger)
        if _slowPath(entry.flags.contains(.isNonFinite)) {
            return .failure(nearestDouble(at: index)?.isNaN == true ? .notAnInteger : .outOfRange)
        }
        return withReader { NumberText.integer($0.numberText(at: index), isPlainInteger: isPlainInteger, as: T.self) }
    }

    /// The nearest double to the number at `index` (possibly infinite), or `nil` when it is not a number.
    func nearestDouble(at index: Int) -> Double? {
        let entry = tape.base[index]
        guard entry.kind == .number else { return nil }
        if _slowPath(entry.flags.contains(.isNonFinite)) { return withReader { NumberText.nonFinite($0.numberText(at: index)) } }
        return withReader { NumberText.double($0.numberText(at: index)) }
    }

    /// The number at `index` when it is exactly an `Int` (as `Int.decode` reads it), or `nil`.
    @usableFromInline
    func int(exactlyAt index: Int) -> Int? { try? integer(at: index, as: Int.self)?.get() }

    /// The number at `index` when it is exactly a `UInt64`, or `nil`.
    @usableFromInline
    func uint64(exactlyAt index: Int) -> UInt64? { try? integer(at: index, as: UInt64.self)?.get() }

    /// The number at `index` as the nearest `Double` when that is finite, or when the text wrote it
    /// non-finite (JSON5's `NaN` and `Infinity`), as `Double.decode` reads it; `nil` otherwise (`1e400`).
    @usableFromInline
    func double(ifFiniteAt index: Int) -> Double? {
        guard let double = nearestDouble(at: index) else { return nil }
        return double.isFinite || isNonFinite(at: index) ? double : nil
    }

    /// Whether the number at `index` was written as JSON5's `NaN`, `Infinity` or `-Infinity`.
    func isNonFinite(at index: Int) -> Bool { tape.base[index].flags.contains(.isNonFinite) }
}
