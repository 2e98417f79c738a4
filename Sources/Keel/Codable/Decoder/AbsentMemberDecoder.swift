// What `superDecoder(forKey:)` returns for a member the object lacks. Foundation's JSONDecoder gives a decoder
// over `null` there instead of throwing, and code that macro libraries generate relies on it: the decoder
// reads as nil, and anything else fails as a `null` would, here with Keel's error for the missing member
// (where the object is, what it holds) underneath.
#if canImport(FoundationEssentials) || canImport(Foundation)
final class AbsentMemberDecoder: Decoder, SingleValueDecodingContainer {
    let path: CodingPathNode
    let userInfo: [CodingUserInfoKey: Any]
    /// Keel's error for the missing member, put under every failure.
    let missing: JSONDecodingError

    init(path: CodingPathNode, userInfo: [CodingUserInfoKey: Any], missing: JSONDecodingError) {
        self.path = path
        self.userInfo = userInfo
        self.missing = missing
    }

    var codingPath: [any CodingKey] { path.keys }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw notFound(KeyedDecodingContainer<Key>.self, "Cannot get keyed decoding container -- found null value instead")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw notFound((any UnkeyedDecodingContainer).self, "Cannot get unkeyed decoding container -- found null value instead")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { true }

    func decode(_ type: Bool.Type) throws -> Bool { throw notFound(type) }
    func decode(_ type: String.Type) throws -> String { throw notFound(type) }
    func decode(_ type: Double.Type) throws -> Double { throw notFound(type) }
    func decode(_ type: Float.Type) throws -> Float { throw notFound(type) }
    func decode(_ type: Int.Type) throws -> Int { throw notFound(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { throw notFound(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { throw notFound(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { throw notFound(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { throw notFound(type) }
    func decode(_ type: UInt.Type) throws -> UInt { throw notFound(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw notFound(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw notFound(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw notFound(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw notFound(type) }

    /// Any other type decodes itself from this decoder, so that an optional becomes nil, as from `null`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func notFound(_ type: Any.Type, _ description: String? = nil) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: description ?? "Cannot get value of type \(type) -- found null value instead",
            underlyingError: missing))
    }
}
#endif
