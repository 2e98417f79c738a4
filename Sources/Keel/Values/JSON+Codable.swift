// JSON through any Swift Decoder and Encoder, so that a JSON value can sit inside a Codable model.

/// A coding key for object members whose names are only known at run time.
struct JSONMemberKey: CodingKey {
    let stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; self.intValue = nil }
    init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

extension JSON: Codable {
    /// Decodes whatever the decoder holds: null, a boolean, a number (integers kept exact), a string, an
    /// array or a keyed container. Recursion follows the decoder's nesting, which the decoder bounds.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int64.self) { self = JSON(value); return }
            if let value = try? container.decode(UInt64.self) { self = JSON(value); return }
            if let value = try? container.decode(Double.self) { self = JSON(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
        }
        if let container = try? decoder.container(keyedBy: JSONMemberKey.self) {
            var object = JSONObject()
            for key in container.allKeys {
                object.append(key: key.stringValue, value: try container.decode(JSON.self, forKey: key))
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var array = JSONArray()
            while !container.isAtEnd { array.append(try container.decode(JSON.self)) }
            self = .array(array)
            return
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "The value is not representable as JSON."))
    }

    /// Encodes the value; a number kept as literal text encodes as its nearest `Double`, since `Encoder`
    /// has no exact decimal type.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            switch number.storage {
            case .int(let value): try container.encode(value)
            case .uint(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .shortDecimal, .literal: try container.encode(number.nearestDouble)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let array):
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: JSONMemberKey.self)
            for (key, value) in object { try container.encode(value, forKey: JSONMemberKey(stringValue: key)) }
        }
    }
}
