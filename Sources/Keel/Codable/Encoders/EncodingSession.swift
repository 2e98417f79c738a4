// What every encoder of one KeelEncoder call shares: the options, member naming, and how the types the
// encoder writes itself (numbers, strings, Date, Data, URL, Decimal, JSON) become JSON. Both ways of
// encoding (streaming straight to text, and building a tree) ask it, so those rules are written once.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// Settings shared by every encoder of one `encode` call.
final class EncodingSession {
    let options: KeelEncoder
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether member names differ from coding keys' string values.
    let renamesKeys: Bool

    init(options: KeelEncoder) {
        self.options = options
        self.userInfo = options.userInfo.mapValues { $0 as Any }
        if case .useDefaultKeys = options.keyEncodingStrategy { renamesKeys = false } else { renamesKeys = true }
        selfEncodingTypes = UnsafeMutablePointer<UInt>.allocate(capacity: Self.selfEncodingSlots)
        selfEncodingTypes.initialize(repeating: 0, count: Self.selfEncodingSlots)
    }

    deinit { selfEncodingTypes.deallocate() }

    /// Types seen to encode themselves (a model, an optional, an array of models: none of the scalars, arrays
    /// of scalars or types the encoder writes itself), by the address of their metadata in a small table, so
    /// that a model's members and elements skip the type comparisons after the first value of each type.
    @exclusivity(unchecked) private var selfEncodingTypes: UnsafeMutablePointer<UInt>
    private static let selfEncodingSlots = 16

    @inline(__always)
    private static func slot(of identifier: UInt) -> Int { Int(truncatingIfNeeded: identifier >> 4) & (selfEncodingSlots - 1) }

    /// Whether values of `type` were seen to encode themselves in this call.
    @inline(__always)
    func encodesItself<T>(_ type: T.Type) -> Bool {
        let identifier = UInt(bitPattern: ObjectIdentifier(type))
        return selfEncodingTypes[Self.slot(of: identifier)] == identifier
    }

    /// Records that values of `type` encode themselves: ``knownJSON(_:at:)`` and ``knownEncoding(_:at:)``
    /// have nothing for it, and it is not an array of scalars.
    func noteEncodesItself<T>(_ type: T.Type) {
        let identifier = UInt(bitPattern: ObjectIdentifier(type))
        selfEncodingTypes[Self.slot(of: identifier)] = identifier
    }

    /// Member names under `convertToSnakeCase`, by coding key, so that each key is converted once per call.
    @exclusivity(unchecked) private var snakeCaseNames: [String: String] = [:]
    @exclusivity(unchecked) fileprivate var stringKeyedTypes: [(type: ObjectIdentifier, isStringKeyed: Bool)] = []

    /// `key` in snake case, converted on its first use in this call.
    func snakeCaseName(for key: String) -> String {
        if let name = snakeCaseNames[key] { return name }
        let name = KeyNaming.snakeCase(key)
        snakeCaseNames[key] = name
        return name
    }

    /// The member name for `key`, found at `path` (whose last element is `key`'s container), under the key
    /// strategy.
    @inline(__always)
    func memberName(for key: some CodingKey, in path: @autoclosure () -> CodingPathNode) -> String {
        // The common case without reading the strategy, an enum whose custom case holds a closure.
        guard renamesKeys else { return key.stringValue }
        return renamedMember(for: key, in: path)
    }

    private func renamedMember(for key: some CodingKey, in path: () -> CodingPathNode) -> String {
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return snakeCaseName(for: key.stringValue)
        case .custom(let rename): return rename(path().appending(key).keys).stringValue
        }
    }
}

/// How the encoder writes a value of a type it knows.
enum KnownEncoding {
    /// The value's JSON, complete.
    case json(JSON)
    /// The value encodes itself (or a strategy's function encodes it) into an encoder of its own: `Date` and
    /// `Data` under their `deferred` and `custom` strategies.
    case encoded(by: (any Encoder) throws -> Void)
    /// A string-keyed dictionary while keys are renamed: its keys are data and stay as they are.
    case stringKeyed(any StringKeyedEncodable)
}

/// Dictionaries whose keys are strings: Foundation writes their keys as they are, whatever the key strategy.
protocol StringKeyedEncodable {
    func forEachMember(_ body: (String, any Encodable) throws -> Void) rethrows
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func forEachMember(_ body: (String, any Encodable) throws -> Void) rethrows {
        for (key, value) in self { try body(key, value) }
    }
}

extension EncodingSession {
    /// How to write `value` if its type is one the encoder writes itself; `nil` for any other type. Types are
    /// told apart by comparing metatypes first, which is cheap, so that a model's own types pay nothing.
    func known<T: Encodable>(_ value: T, at path: @autoclosure () -> CodingPathNode) throws -> KnownEncoding? {
        if let json = try knownJSON(value, at: path()) { return .json(json) }
        return try knownEncoding(value, at: path())
    }

    /// How to write a `Date`, `Data` or (while keys are renamed) string-keyed dictionary; `nil` for any other
    /// type. Asked after ``knownJSON(_:at:)``, for values that it does not write.
    func knownEncoding<T: Encodable>(_ value: T, at path: @autoclosure () -> CodingPathNode) throws -> KnownEncoding? {
        let type = T.self
        if type == Date.self, let date = value as? Date { return try encoding(of: date, at: path) }
        if type == Data.self, let data = value as? Data { return encoding(of: data) }
        // Only when keys are renamed: dictionaries keyed by strings keep their keys, as in Foundation.
        if renamesKeys, isStringKeyed(type), let dictionary = value as? any StringKeyedEncodable {
            return .stringKeyed(dictionary)
        }
        return nil
    }

    /// Whether `type` is a string-keyed dictionary. Asking the runtime whether a type conforms costs far more
    /// than the few types a model has, so each answer is kept.
    private func isStringKeyed(_ type: Any.Type) -> Bool {
        let identifier = ObjectIdentifier(type)
        if let known = stringKeyedTypes.first(where: { $0.type == identifier }) { return known.isStringKeyed }
        let answer = type is any StringKeyedEncodable.Type
        stringKeyedTypes.append((identifier, answer))
        return answer
    }

    /// The JSON of a value whose type is a number, `String`, `Bool`, `URL`, `Decimal`, ``JSON`` or
    /// ``JSONNumber``; `nil` for any other type.
    func knownJSON<T: Encodable>(_ value: T, at path: @autoclosure () -> CodingPathNode) throws -> JSON? {
        let type = T.self
        if type == String.self { return (value as? String).map(JSON.string) }
        if type == Int.self { return (value as? Int).map(JSON.init) }
        if type == Double.self { return try (value as? Double).map { try json(for: $0, at: path()) } }
        if type == Bool.self { return (value as? Bool).map(JSON.bool) }
        if type == Int64.self { return (value as? Int64).map(JSON.init) }
        if type == Float.self { return try (value as? Float).map { try json(for: $0, at: path()) } }
        if type == UInt.self { return (value as? UInt).map(JSON.init) }
        if type == UInt64.self { return (value as? UInt64).map(JSON.init) }
        if type == Int32.self { return (value as? Int32).map(JSON.init) }
        if type == UInt32.self { return (value as? UInt32).map(JSON.init) }
        if type == Int16.self { return (value as? Int16).map(JSON.init) }
        if type == UInt16.self { return (value as? UInt16).map(JSON.init) }
        if type == Int8.self { return (value as? Int8).map(JSON.init) }
        if type == UInt8.self { return (value as? UInt8).map(JSON.init) }
        if type == URL.self { return (value as? URL).map { JSON.string($0.absoluteString) } }
        if type == Decimal.self { return try (value as? Decimal).map { try json(for: $0, at: path()) } }
        if type == JSON.self { return value as? JSON }
        if type == JSONNumber.self { return (value as? JSONNumber).map(JSON.number) }
        return nil
    }

    private func encoding(of date: Date, at path: () -> CodingPathNode) throws -> KnownEncoding {
        switch options.dateEncodingStrategy {
        case .deferredToDate: return .encoded(by: date.encode(to:))
        case .secondsSince1970: return .json(try json(for: date.timeIntervalSince1970, at: path()))
        case .millisecondsSince1970: return .json(try json(for: date.timeIntervalSince1970 * 1000, at: path()))
        case .iso8601: return .json(.string(Date.ISO8601FormatStyle().format(date)))
        case .iso8601WithFractionalSeconds:
            return .json(.string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)))
        case .formatted(let pattern): return .json(.string(pattern.string(from: JSONTimestamp(date))))
        case .custom(let encode): return .encoded(by: { try encode(date, $0) })
        }
    }

    private func encoding(of data: Data) -> KnownEncoding {
        switch options.dataEncodingStrategy {
        case .deferredToData: return .encoded(by: data.encode(to:))
        case .base64: return .json(.string(data.base64EncodedString()))
        case .custom(let encode): return .encoded(by: { try encode(data, $0) })
        }
    }

    /// A finite double as a number; a non-finite one as the strategy says.
    func json(for value: Double, at path: @autoclosure () -> CodingPathNode) throws -> JSON {
        if value.isFinite { return .number(JSONNumber(value)) }
        return try nonFinite(value, description: "Double.\(value)", at: path())
    }

    func json(for value: Float, at path: @autoclosure () -> CodingPathNode) throws -> JSON {
        if value.isFinite { return .number(JSONNumber(value)) }
        return try nonFinite(value, description: "Float.\(value)", at: path())
    }

    private func nonFinite<F: BinaryFloatingPoint>(_ value: F, description: String, at path: CodingPathNode) throws -> JSON {
        switch options.nonConformingFloatEncodingStrategy {
        case .throw:
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys,
                debugDescription: "Unable to encode \(description) directly in JSON; JSON numbers must be finite."))
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            if value.isNaN { return .string(nan) }
            return .string(value < 0 ? negativeInfinity : positiveInfinity)
        }
    }

    /// A decimal as the number it is, digit for digit; NaN has no JSON form.
    private func json(for decimal: Decimal, at path: CodingPathNode) throws -> JSON {
        guard let number = JSONNumber(literal: decimal.description) else {
            throw EncodingError.invalidValue(decimal, EncodingError.Context(
                codingPath: path.keys, debugDescription: "Unable to encode Decimal \(decimal) in JSON."))
        }
        return .number(number)
    }

    /// The error for a value nested deeper than the thread's stack allows.
    func nestingTooDeep(_ value: Any, at path: CodingPathNode) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: path.keys, debugDescription: "Nesting too deep to encode: the thread's stack is nearly used up."))
    }
}
#endif
