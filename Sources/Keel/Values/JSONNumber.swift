/// A JSON number, kept exactly as it was written or built.
///
/// Integers that fit in `Int64` or `UInt64` are stored as integers; any other parsed number keeps its
/// literal text, so nothing is lost: read it as a `Double` (correctly rounded), as an exact integer of any
/// width, or take its ``text`` to a big-number or decimal type of your own.
///
/// ```swift
/// let big: JSONNumber = try #require(JSONNumber(literal: "123456789012345678901234567890"))
/// big.exactly(Int.self)   // nil: out of range, never wrapped
/// big.double              // 1.2345678901234568e+29
/// big.text                // "123456789012345678901234567890"
/// JSONNumber(literal: "1e2")?.exactly(Int.self)  // 100
/// ```
///
/// Two numbers are equal when their exact values are equal (`1`, `1.0` and `1e0` are equal). A number
/// built from a `Double` compares by that double: it equals a literal whose correctly rounded double it is.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    enum Storage: Sendable {
        case int(Int64)
        case uint(UInt64)
        case double(Double)
        /// A plain decimal literal of at most 19 digits (most non-integers), held without a `String`.
        case shortDecimal(ShortDecimal)
        /// Validated JSON number text that is not an integer fitting 64 bits, nor a short decimal.
        case literal(String)
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// A number from an integer.
    public init<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            storage = .int(small)
        } else if let large = UInt64(exactly: value) {
            storage = .uint(large)
        } else {
            storage = .literal(String(value))
        }
    }

    /// A number from a double. A non-finite double makes a number that the writer refuses to write.
    public init(_ value: Double) { storage = .double(value) }

    /// A number from a float, kept as the shortest decimal text that reads back to the same float (`0.1`
    /// rather than the nearest double's `0.10000000149011612`), as Foundation writes floats too. A
    /// non-finite float makes a number that the writer refuses to write.
    public init(_ value: Float) {
        storage = value.isFinite ? .literal(value.description) : .double(Double(value))
    }

    /// A number from JSON number text (`-12.5e3`); `nil` if the text does not follow the JSON grammar.
    public init?(literal text: String) {
        guard NumberText.isValidLiteral(text.utf8) else { return nil }
        self.init(validatedLiteral: text)
    }

    /// A number from text the scanner (or ``init(literal:)``) has already validated.
    init(validatedLiteral text: String) {
        var text = text
        self = text.withUTF8 { bytes in
            let isPlainInteger = !bytes.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
            return JSONNumber(validatedLiteral: bytes, isPlainInteger: isPlainInteger)
        }
    }

    /// A number from validated text: an integer when it is one that fits 64 bits, a short decimal when it
    /// is one, its text otherwise. `isPlainInteger` says whether the text has neither a fraction nor an
    /// exponent (the tape records it).
    init(validatedLiteral bytes: UnsafeBufferPointer<UInt8>, isPlainInteger: Bool) {
        // `-0` stays a literal: as an integer it would lose the sign that its double keeps.
        if isPlainInteger, !NumberText.isNegativeZero(bytes) {
            if case .success(let value) = NumberText.integer(bytes, isPlainInteger: true, as: Int64.self) {
                storage = .int(value)
                return
            }
            if case .success(let value) = NumberText.integer(bytes, isPlainInteger: true, as: UInt64.self) {
                storage = .uint(value)
                return
            }
        }
        if !isPlainInteger, let decimal = ShortDecimal(bytes) {
            storage = .shortDecimal(decimal)
            return
        }
        storage = .literal(String(decoding: bytes, as: UTF8.self))
    }

    /// The number as JSON text: integers in decimal, literals as written, doubles in the shortest form
    /// that reads back to the same double. A non-finite double prints as `nan`, `inf` or `-inf`, which is
    /// not JSON; the writer refuses such numbers with an error.
    public var text: String {
        switch storage {
        case .int(let value): return String(value)
        case .uint(let value): return String(value)
        case .double(let value):
            guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
            return value.description
        case .shortDecimal(let decimal): return decimal.text
        case .literal(let text): return text
        }
    }

    /// Same as ``text``.
    public var description: String { text }

    /// Whether the number's exact value is an integer (`3`, `3.0`, `3e2`; not `3.5`).
    public var isInteger: Bool {
        switch storage {
        case .int, .uint: return true
        case .double(let value): return value.isFinite && value.rounded(.towardZero) == value
        case .shortDecimal, .literal: return decimal.exponent >= 0
        }
    }

    /// Whether the number is a finite value (every parsed number is; a built `Double` may not be).
    public var isFinite: Bool {
        if case .double(let value) = storage { return value.isFinite }
        return true
    }

    /// The exact value as `T`, or `nil` when it has a fractional part or is out of `T`'s range.
    /// Never truncates or wraps: `1.0` and `1e2` read as `Int`; `1.5` and `2^64` do not.
    public func exactly<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T? {
        try? integer(as: T.self).get()
    }

    /// The exact value as `T`, or why not.
    func integer<T: FixedWidthInteger>(as type: T.Type) -> Result<T, NumberConversionFailure> {
        switch storage {
        case .int(let value):
            return T(exactly: value).map { .success($0) } ?? .failure(.outOfRange)
        case .uint(let value):
            return T(exactly: value).map { .success($0) } ?? .failure(.outOfRange)
        case .double(let value):
            guard value.isFinite, value.rounded(.towardZero) == value else {
                return .failure(value.isFinite ? .notAnInteger : .outOfRange)
            }
            return T(exactly: value).map { .success($0) } ?? .failure(.outOfRange)
        case .shortDecimal, .literal:
            return decimal.integer(as: T.self)
        }
    }

    /// The nearest `Double` (correctly rounded), or `nil` when the value is beyond `Double`'s finite range.
    /// Values too small for a double read as zero of the same sign, as rounding gives.
    public var double: Double? {
        let value = nearestDouble
        return value.isFinite ? value : nil
    }

    /// Whether a `Double` holds this number's exact value, so that reading it as ``double`` loses nothing:
    /// true for `2.5`, `-0` and `9223372036854775808` (2^63); false for `0.1`, `9007199254740993` (2^53 + 1)
    /// and numbers beyond `Double`'s range.
    public var isExactlyRepresentableAsDouble: Bool {
        switch storage {
        case .int(let value): return value.magnitude <= 1 << 53 || Self.oddPartFits(value.magnitude)
        case .uint(let value): return value <= 1 << 53 || Self.oddPartFits(value)
        case .double(let value): return value.isFinite
        case .shortDecimal, .literal: return decimal.isExactDouble
        }
    }

    /// Whether a 64-bit magnitude is an odd number of at most 53 bits times a power of two.
    private static func oddPartFits(_ magnitude: UInt64) -> Bool {
        (magnitude >> magnitude.trailingZeroBitCount) < 1 << 53
    }

    /// The nearest `Float` (correctly rounded), or `nil` when beyond `Float`'s finite range.
    public var float: Float? {
        let value: Float
        switch storage {
        case .int(let integer): value = Float(integer)
        case .uint(let integer): value = Float(integer)
        case .double(let double): value = Float(double)
        case .shortDecimal(let decimal): value = decimal.withText { NumberText.float($0) }
        case .literal(var text): value = text.withUTF8 { NumberText.float($0) }
        }
        return value.isFinite ? value : nil
    }

    /// The nearest double, possibly infinite.
    var nearestDouble: Double {
        switch storage {
        case .int(let value): return Double(value)
        case .uint(let value): return Double(value)
        case .double(let value): return value
        case .shortDecimal(let decimal): return decimal.nearestDouble
        case .literal(var text): return text.withUTF8 { NumberText.double($0) }
        }
    }

    /// The exact value as digits and exponent (for literals and integers).
    package var decimal: DecimalLiteral {
        switch storage {
        case .int(let value): return DecimalLiteral(value)
        case .uint(let value): return DecimalLiteral(value)
        case .double(let value):
            // Only finite doubles have a decimal form; the comparisons above never ask for another.
            guard value.isFinite else { return DecimalLiteral(isNegative: value < 0, digits: [], exponent: 0) }
            return Array(value.description.utf8).withUnsafeBufferPointer { DecimalLiteral($0) }
        case .shortDecimal(let decimal): return decimal.withText { DecimalLiteral($0) }
        case .literal(var text): return text.withUTF8 { DecimalLiteral($0) }
        }
    }

    /// Exact comparison; see the type's discussion.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.int(a), .int(b)): return a == b
        case let (.uint(a), .uint(b)): return a == b
        case let (.int(a), .uint(b)), let (.uint(b), .int(a)): return a >= 0 && UInt64(a) == b
        // NaN equals NaN here, as a value must equal itself (JSON5 text can hold one).
        case let (.double(a), .double(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.double(a), .int(b)), let (.int(b), .double(a)): return Int64(exactly: a) == b
        case let (.double(a), .uint(b)), let (.uint(b), .double(a)): return UInt64(exactly: a) == b
        case let (.double(a), .literal), let (.literal, .double(a)),
             let (.double(a), .shortDecimal), let (.shortDecimal, .double(a)):
            let other = lhs.storage.isDouble ? rhs : lhs
            return other.nearestDouble == a
        default:
            return lhs.decimal == rhs.decimal
        }
    }

    /// Hashes the nearest double, which equal numbers always share.
    public func hash(into hasher: inout Hasher) {
        let double = nearestDouble
        hasher.combine(double.isNaN ? .nan : double)
    }
}

extension JSONNumber.Storage {
    var isDouble: Bool {
        if case .double = self { return true }
        return false
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// A number from an integer literal.
    public init(integerLiteral value: Int64) { storage = .int(value) }
    /// A number from a floating-point literal.
    public init(floatLiteral value: Double) { storage = .double(value) }
}
