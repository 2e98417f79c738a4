// Most members of an open object are scalars of the standard types (strings, numbers, booleans, and
// optionals of them). Read through the general path, each one makes a `JSONPartialValue`, calls two closures
// and builds a `JSON` to take the scalar out of it: several times the work of the scalar itself, most of it
// reference counting. A property of such a type, read from one member with no option, is instead marked with
// its kind when the model's table is made, and an open object's finished members of that kind are read
// straight off the tape into their slots. What lands in the slot is exactly what the general path puts there
// (the same type, boxed the same way), so reading a partial form cannot tell the two apart.

/// A property's standard scalar type, for reading its finished member straight from the text.
@usableFromInline
struct PartialScalar {
    @usableFromInline
    enum Kind {
        case string, bool, double, float
        case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    }

    let kind: Kind
    /// Whether the property is an optional of the type (`null` then shows as `nil`, rather than nothing).
    let isOptional: Bool

    @usableFromInline
    init(kind: Kind, isOptional: Bool) {
        self.kind = kind
        self.isOptional = isOptional
    }

    /// The scalar kind of `Value`, or `nil` when it is not a standard scalar (or an optional of one).
    ///
    /// Inlined into the model's code, where the comparisons fold away.
    @inlinable
    static func of<Value>(_ type: Value.Type) -> PartialScalar? {
        if let kind = kind(of: Value.self) { return PartialScalar(kind: kind, isOptional: false) }
        if let kind = optionalKind(of: Value.self) { return PartialScalar(kind: kind, isOptional: true) }
        return nil
    }

    @inlinable
    static func kind<Value>(of type: Value.Type) -> Kind? {
        if Value.self == String.self { return .string }
        if Value.self == Bool.self { return .bool }
        if Value.self == Double.self { return .double }
        if Value.self == Float.self { return .float }
        if Value.self == Int.self { return .int }
        if Value.self == Int8.self { return .int8 }
        if Value.self == Int16.self { return .int16 }
        if Value.self == Int32.self { return .int32 }
        if Value.self == Int64.self { return .int64 }
        if Value.self == UInt.self { return .uint }
        if Value.self == UInt8.self { return .uint8 }
        if Value.self == UInt16.self { return .uint16 }
        if Value.self == UInt32.self { return .uint32 }
        if Value.self == UInt64.self { return .uint64 }
        return nil
    }

    @inlinable
    static func optionalKind<Value>(of type: Value.Type) -> Kind? {
        if Value.self == String?.self { return .string }
        if Value.self == Bool?.self { return .bool }
        if Value.self == Double?.self { return .double }
        if Value.self == Float?.self { return .float }
        if Value.self == Int?.self { return .int }
        if Value.self == Int8?.self { return .int8 }
        if Value.self == Int16?.self { return .int16 }
        if Value.self == Int32?.self { return .int32 }
        if Value.self == Int64?.self { return .int64 }
        if Value.self == UInt?.self { return .uint }
        if Value.self == UInt8?.self { return .uint8 }
        if Value.self == UInt16?.self { return .uint16 }
        if Value.self == UInt32?.self { return .uint32 }
        if Value.self == UInt64?.self { return .uint64 }
        return nil
    }

    /// What the property's partial form shows of the finished value at tape index `index` of `text`, boxed as
    /// the general path boxes it: the value for a plain property; for an optional one, the value wrapped, or
    /// `nil` wrapped for `null`; nothing when the value is of another kind (or, for an integer, not exactly
    /// one of the type's values).
    func shown(at index: Int, in text: PartialText) -> Any? {
        let entry = text.entry(index)
        if isOptional, entry.kind == .null { return nullValue }
        switch kind {
        case .string: return box(entry.kind == .string ? text.text(ofString: index) : nil)
        case .bool: return box(entry.kind == .true ? true : entry.kind == .false ? false : nil)
        case .double: return box(entry.kind == .number ? text.number(ofValue: index).double : nil)
        case .float: return box(entry.kind == .number ? text.number(ofValue: index).float : nil)
        case .int: return exact(Int.self, at: index, in: text)
        case .int8: return exact(Int8.self, at: index, in: text)
        case .int16: return exact(Int16.self, at: index, in: text)
        case .int32: return exact(Int32.self, at: index, in: text)
        case .int64: return exact(Int64.self, at: index, in: text)
        case .uint: return exact(UInt.self, at: index, in: text)
        case .uint8: return exact(UInt8.self, at: index, in: text)
        case .uint16: return exact(UInt16.self, at: index, in: text)
        case .uint32: return exact(UInt32.self, at: index, in: text)
        case .uint64: return exact(UInt64.self, at: index, in: text)
        }
    }

    private func exact<T: FixedWidthInteger>(_ type: T.Type, at index: Int, in text: PartialText) -> Any? {
        box(text.entry(index).kind == .number ? text.number(ofValue: index).exactly(T.self) : nil)
    }

    /// `value` as the general path returns it from `Value.partial(from:)`: `T?` for a plain property, `T??`
    /// for an optional one, either converted to `Any?`.
    private func box<T>(_ value: T?) -> Any? {
        guard let value else { return nil }
        return isOptional ? Optional(value) as Any : value as Any
    }

    /// `null` for an optional property: `nil` of the property's own type.
    private var nullValue: Any {
        switch kind {
        case .string: return String?.none as Any
        case .bool: return Bool?.none as Any
        case .double: return Double?.none as Any
        case .float: return Float?.none as Any
        case .int: return Int?.none as Any
        case .int8: return Int8?.none as Any
        case .int16: return Int16?.none as Any
        case .int32: return Int32?.none as Any
        case .int64: return Int64?.none as Any
        case .uint: return UInt?.none as Any
        case .uint8: return UInt8?.none as Any
        case .uint16: return UInt16?.none as Any
        case .uint32: return UInt32?.none as Any
        case .uint64: return UInt64?.none as Any
        }
    }
}
