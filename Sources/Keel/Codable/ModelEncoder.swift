// The `Swift.Encoder` behind KeelEncoder. One instance per encoded value that is not a primitive; values
// the encoder knows (numbers, strings, Date, Data, URL, Decimal, JSON) become `JSON` without one.
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
    }

    /// Member names under `convertToSnakeCase`, by coding key, so that each key is converted once per call.
    private var snakeCaseNames: [String: String] = [:]

    /// `key` in snake case, converted on its first use in this call.
    func snakeCaseName(for key: String) -> String {
        if let name = snakeCaseNames[key] { return name }
        let name = KeyNaming.snakeCase(key)
        snakeCaseNames[key] = name
        return name
    }
}

final class ModelEncoder: Encoder {
    let session: EncodingSession
    let path: CodingPathNode
    /// What has been encoded so far; `nil` until something is.
    var slot: EncodingSlot?

    init(session: EncodingSession, path: CodingPathNode) {
        self.session = session
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodingObject
        if case .object(let existing)? = slot {
            object = existing
        } else {
            object = EncodingObject()
            slot = .object(object)
        }
        return KeyedEncodingContainer(KeyedModelEncodingContainer<Key>(encoder: self, object: object, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodingArray
        if case .array(let existing)? = slot {
            array = existing
        } else {
            array = EncodingArray()
            slot = .array(array)
        }
        return UnkeyedModelEncodingContainer(encoder: self, array: array, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueModelEncodingContainer(encoder: self) }
}

// MARK: - Turning values into JSON

extension ModelEncoder {
    /// `value` encoded at `path`: directly for the types the encoder knows, otherwise through the value's
    /// own `encode(to:)` with an encoder of its own.
    func slot<T: Encodable>(for value: T, at path: CodingPathNode) throws -> EncodingSlot {
        if let known = try knownValue(value, at: path) { return known }
        // A recursive model nests as deep as the value does: stop with an error before the stack runs out.
        guard StackGuard.hasRoom() else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys, debugDescription: "Nesting too deep to encode: the thread's stack is nearly used up."))
        }
        return try encoded(by: value.encode(to:), at: path)
    }

    /// A finite double as a number; a non-finite one as the strategy says.
    func json(for value: Double, at path: CodingPathNode) throws -> JSON {
        if value.isFinite { return .number(JSONNumber(value)) }
        return try nonFinite(value, description: "Double.\(value)", at: path)
    }

    func json(for value: Float, at path: CodingPathNode) throws -> JSON {
        if value.isFinite { return .number(JSONNumber(value)) }
        return try nonFinite(value, description: "Float.\(value)", at: path)
    }

    private func nonFinite<F: BinaryFloatingPoint>(_ value: F, description: String, at path: CodingPathNode) throws -> JSON {
        switch session.options.nonConformingFloatEncodingStrategy {
        case .throw:
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: path.keys,
                debugDescription: "Unable to encode \(description) directly in JSON; JSON numbers must be finite."))
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            if value.isNaN { return .string(nan) }
            return .string(value < 0 ? negativeInfinity : positiveInfinity)
        }
    }

    /// The JSON for values of types the encoder writes itself, or `nil` for any other type. The types are
    /// told apart by comparing metatypes first, which is cheap, so that a model's own types pay nothing.
    func knownValue<T: Encodable>(_ value: T, at path: CodingPathNode) throws -> EncodingSlot? {
        try knownJSON(value, at: path).map(EncodingSlot.value) ?? knownContainer(value, at: path)
    }

    private func knownJSON<T: Encodable>(_ value: T, at path: CodingPathNode) throws -> JSON? {
        let type = T.self
        if type == String.self { return (value as? String).map(JSON.string) }
        if type == Int.self { return (value as? Int).map(JSON.init) }
        if type == Double.self { return try (value as? Double).map { try json(for: $0, at: path) } }
        if type == Bool.self { return (value as? Bool).map(JSON.bool) }
        if type == Int64.self { return (value as? Int64).map(JSON.init) }
        if type == Float.self { return try (value as? Float).map { try json(for: $0, at: path) } }
        if type == UInt.self { return (value as? UInt).map(JSON.init) }
        if type == UInt64.self { return (value as? UInt64).map(JSON.init) }
        if type == Int32.self { return (value as? Int32).map(JSON.init) }
        if type == UInt32.self { return (value as? UInt32).map(JSON.init) }
        if type == Int16.self { return (value as? Int16).map(JSON.init) }
        if type == UInt16.self { return (value as? UInt16).map(JSON.init) }
        if type == Int8.self { return (value as? Int8).map(JSON.init) }
        if type == UInt8.self { return (value as? UInt8).map(JSON.init) }
        if type == URL.self { return (value as? URL).map { JSON.string($0.absoluteString) } }
        if type == Decimal.self { return try (value as? Decimal).map { try json(for: $0, at: path) } }
        if type == JSON.self { return value as? JSON }
        if type == JSONNumber.self { return (value as? JSONNumber).map(JSON.number) }
        return nil
    }

    /// Dates and data under strategies that may encode containers, and string-keyed dictionaries.
    private func knownContainer<T: Encodable>(_ value: T, at path: CodingPathNode) throws -> EncodingSlot? {
        let type = T.self
        if type == Date.self { return try (value as? Date).map { try slot(for: $0, at: path) } }
        if type == Data.self { return try (value as? Data).map { try slot(for: $0, at: path) } }
        // Only when keys are renamed: dictionaries keyed by strings keep their keys, as in Foundation.
        if session.renamesKeys, let dictionary = value as? any StringKeyedEncodable {
            return try dictionary.slot(encoder: self, at: path)
        }
        return nil
    }

    private func slot(for date: Date, at path: CodingPathNode) throws -> EncodingSlot {
        switch session.options.dateEncodingStrategy {
        case .deferredToDate: return try encoded(by: date.encode(to:), at: path)
        case .secondsSince1970: return .value(try json(for: date.timeIntervalSince1970, at: path))
        case .millisecondsSince1970: return .value(try json(for: date.timeIntervalSince1970 * 1000, at: path))
        case .iso8601: return .value(.string(Date.ISO8601FormatStyle().format(date)))
        case .iso8601WithFractionalSeconds:
            return .value(.string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)))
        case .custom(let encode): return try encoded(by: { try encode(date, $0) }, at: path)
        }
    }

    private func slot(for data: Data, at path: CodingPathNode) throws -> EncodingSlot {
        switch session.options.dataEncodingStrategy {
        case .deferredToData: return try encoded(by: data.encode(to:), at: path)
        case .base64: return .value(.string(data.base64EncodedString()))
        case .custom(let encode): return try encoded(by: { try encode(data, $0) }, at: path)
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

    /// What `encode` encodes into a new encoder at `path`; `{}` if it encodes nothing.
    private func encoded(by encode: (any Encoder) throws -> Void, at path: CodingPathNode) throws -> EncodingSlot {
        let encoder = ModelEncoder(session: session, path: path)
        try encode(encoder)
        return encoder.slot ?? .emptyObject
    }
}

/// Dictionaries whose keys are strings: Foundation writes their keys as they are, whatever the key strategy.
protocol StringKeyedEncodable {
    func slot(encoder: ModelEncoder, at path: CodingPathNode) throws -> EncodingSlot
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func slot(encoder: ModelEncoder, at path: CodingPathNode) throws -> EncodingSlot {
        let object = EncodingObject()
        for (key, value) in self {
            object.append(key, try encoder.slot(for: value, at: path.appending(JSONMemberKey(stringValue: key))))
        }
        return .object(object)
    }
}
#endif
