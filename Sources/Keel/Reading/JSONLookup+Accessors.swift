// Typed accessors: each turns a lookup (or a value) into a Result of a Swift type, failing with a
// JSONAccessError that names what was expected, what was found and where.

extension JSONLookup {
    /// Converts the found value with `convert`, or fails with a type mismatch naming `expected`.
    func typed<T>(_ expected: String, _ convert: (Value) -> T?) -> Result<T, JSONAccessError> {
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(let value):
            if let converted = convert(value) { return .success(converted) }
            return .failure(JSONLookup.error(.typeMismatch, in: value, valuePath: path, at: path,
                                             expected: expected, found: value.kindAndExcerpt))
        }
    }

    /// The string, or a type mismatch.
    public var string: Result<String, JSONAccessError> { typed("a string") { $0.stringValue } }

    /// The boolean, or a type mismatch.
    public var bool: Result<Bool, JSONAccessError> { typed("a boolean") { $0.boolValue } }

    /// The exact number, or a type mismatch.
    public var number: Result<JSONNumber, JSONAccessError> { typed("a number") { $0.numberValue } }

    /// Whether the value is `null`; fails only when the lookup did.
    public var isNull: Result<Bool, JSONAccessError> { result.map(\.isNullValue) }

    /// The elements of an array, or a type mismatch.
    public var array: Result<[Value], JSONAccessError> {
        typed("an array") { $0.kind == .array ? $0.elements : nil }
    }

    /// The members of an object in document order (repeated keys included), or a type mismatch.
    public var object: Result<[(key: String, value: Value)], JSONAccessError> {
        typed("an object") { $0.kind == .object ? $0.members : nil }
    }

    /// The members of an object as a dictionary, or a type mismatch. For a repeated key the last member
    /// wins; note that `String` keys compare by canonical equivalence, so keys such as `"\u00e9"` and
    /// `"e\u0301"`, distinct in JSON, collapse into one here (``object`` keeps both).
    public var dictionary: Result<[String: Value], JSONAccessError> {
        typed("an object") { value in
            guard value.kind == .object else { return nil }
            return Dictionary(value.members, uniquingKeysWith: { _, last in last })
        }
    }

    /// The number as an exact integer of type `T`: fails on a fraction (`1.5`) or out of range (`300` as
    /// `UInt8`), never truncates or wraps; `1.0` and `1e2` succeed.
    public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> Result<T, JSONAccessError> {
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(let value):
            let name = JSONLookup.article(for: String(describing: T.self))
            let conversion: Result<T, NumberConversionFailure>?
            if let view = value._origin.view {
                conversion = view.integer(as: T.self)
            } else {
                conversion = value.numberValue?.integer(as: T.self)
            }
            switch conversion {
            case .success(let integer)?:
                return .success(integer)
            case .failure(let reason)?:
                let why = reason == .notAnInteger ? "which is not an integer" : "which is out of its range"
                return .failure(JSONLookup.error(.valueOutOfRange, in: value, valuePath: path, at: path,
                                                 expected: name, found: "\(value.excerpt()), \(why)"))
            case nil:
                return .failure(JSONLookup.error(.typeMismatch, in: value, valuePath: path, at: path,
                                                 expected: name, found: value.kindAndExcerpt))
            }
        }
    }

    /// The number as an exact `Int`.
    public var int: Result<Int, JSONAccessError> { integer(Int.self) }
    /// The number as an exact `Int8`.
    public var int8: Result<Int8, JSONAccessError> { integer(Int8.self) }
    /// The number as an exact `Int16`.
    public var int16: Result<Int16, JSONAccessError> { integer(Int16.self) }
    /// The number as an exact `Int32`.
    public var int32: Result<Int32, JSONAccessError> { integer(Int32.self) }
    /// The number as an exact `Int64`.
    public var int64: Result<Int64, JSONAccessError> { integer(Int64.self) }
    /// The number as an exact `UInt`.
    public var uint: Result<UInt, JSONAccessError> { integer(UInt.self) }
    /// The number as an exact `UInt8`.
    public var uint8: Result<UInt8, JSONAccessError> { integer(UInt8.self) }
    /// The number as an exact `UInt16`.
    public var uint16: Result<UInt16, JSONAccessError> { integer(UInt16.self) }
    /// The number as an exact `UInt32`.
    public var uint32: Result<UInt32, JSONAccessError> { integer(UInt32.self) }
    /// The number as an exact `UInt64`.
    public var uint64: Result<UInt64, JSONAccessError> { integer(UInt64.self) }

    /// The number as the nearest `Double` (correctly rounded); fails when beyond `Double`'s range
    /// (`1e400`). Values too small for a double read as zero, as rounding gives; JSON5's `NaN` and
    /// `Infinity` read as themselves.
    public var double: Result<Double, JSONAccessError> {
        floating("a Double") { value in
            if let view = value._origin.view { return view.nearestDouble }
            return value.numberValue?.nearestDouble
        }
    }

    /// The number as the nearest `Float`; fails when beyond `Float`'s range.
    public var float: Result<Float, JSONAccessError> {
        floating("a Float") { value in
            guard let number = value.numberValue else { return nil }
            return number.float ?? (number.isFinite ? .infinity : Float(number.nearestDouble))
        }
    }

    private func floating<T: FloatingPoint>(_ name: String, _ convert: (Value) -> T?) -> Result<T, JSONAccessError> {
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(let value):
            guard let converted = convert(value) else {
                return .failure(JSONLookup.error(.typeMismatch, in: value, valuePath: path, at: path,
                                                 expected: name, found: value.kindAndExcerpt))
            }
            // A number written non-finite (JSON5's `NaN` and `Infinity`) reads as itself; one beyond the range
            // does not.
            guard converted.isFinite || value.numberValue?.isFinite == false else {
                return .failure(JSONLookup.error(.valueOutOfRange, in: value, valuePath: path, at: path,
                                                 expected: name, found: "\(value.excerpt()), which is out of its range"))
            }
            return .success(converted)
        }
    }

    static func article(for typeName: String) -> String {
        let vowelSound = typeName.first.map { "AEIOaeio".contains($0) } ?? false
        return (vowelSound ? "an " : "a ") + typeName
    }
}

extension JSONReadable {
    /// The string, or a type mismatch.
    public var string: Result<String, JSONAccessError> { lookup.string }
    /// The boolean, or a type mismatch.
    public var bool: Result<Bool, JSONAccessError> { lookup.bool }
    /// The exact number, or a type mismatch.
    public var number: Result<JSONNumber, JSONAccessError> { lookup.number }
    /// The elements of an array, or a type mismatch.
    public var array: Result<[Self], JSONAccessError> { lookup.array }
    /// The members of an object in order, or a type mismatch.
    public var object: Result<[(key: String, value: Self)], JSONAccessError> { lookup.object }
    /// The members of an object as a dictionary (last repeated key wins), or a type mismatch.
    public var dictionary: Result<[String: Self], JSONAccessError> { lookup.dictionary }
    /// The number as an exact integer of type `T`, or why not.
    public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> Result<T, JSONAccessError> { lookup.integer(T.self) }
    /// The number as an exact `Int`.
    public var int: Result<Int, JSONAccessError> { lookup.int }
    /// The number as an exact `Int8`.
    public var int8: Result<Int8, JSONAccessError> { lookup.int8 }
    /// The number as an exact `Int16`.
    public var int16: Result<Int16, JSONAccessError> { lookup.int16 }
    /// The number as an exact `Int32`.
    public var int32: Result<Int32, JSONAccessError> { lookup.int32 }
    /// The number as an exact `Int64`.
    public var int64: Result<Int64, JSONAccessError> { lookup.int64 }
    /// The number as an exact `UInt`.
    public var uint: Result<UInt, JSONAccessError> { lookup.uint }
    /// The number as an exact `UInt8`.
    public var uint8: Result<UInt8, JSONAccessError> { lookup.uint8 }
    /// The number as an exact `UInt16`.
    public var uint16: Result<UInt16, JSONAccessError> { lookup.uint16 }
    /// The number as an exact `UInt32`.
    public var uint32: Result<UInt32, JSONAccessError> { lookup.uint32 }
    /// The number as an exact `UInt64`.
    public var uint64: Result<UInt64, JSONAccessError> { lookup.uint64 }
    /// The number as the nearest `Double`; fails beyond `Double`'s range.
    public var double: Result<Double, JSONAccessError> { lookup.double }
    /// The number as the nearest `Float`; fails beyond `Float`'s range.
    public var float: Result<Float, JSONAccessError> { lookup.float }
}
