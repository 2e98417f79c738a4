// The `Swift.Decoder` behind KeelDecoder: a position on the tape and a coding path. The session reuses one
// for nested values; strategies and `superDecoder()` get their own.
#if canImport(FoundationEssentials) || canImport(Foundation)
final class ModelDecoder: Decoder {
    let session: DecodingSession
    /// The tape index of the value being decoded.
    var index: Int
    var path: CodingPathNode

    init(session: DecodingSession, index: Int, path: CodingPathNode) {
        self.session = session
        self.index = index
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try session.ensureOpen(path)
        return KeyedDecodingContainer(try KeyedModelDecodingContainer<Key>(session: session, object: index, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try session.ensureOpen(path)
        return try UnkeyedModelDecodingContainer(session: session, array: index, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try session.ensureOpen(path)
        return SingleValueModelDecodingContainer(session: session, index: index, path: path)
    }
}

extension KeyedDecodingContainer {
    /// Keel's decoder at the member `key`, when this container is Keel's and the member is present: the helpers
    /// for `init(from:)` use it to locate errors and report warnings. `nil` under another `Decoder`.
    func keelDecoder(forKey key: Key) -> ModelDecoder? {
        (try? superDecoder(forKey: key)) as? ModelDecoder
    }
}
#endif
