// The `Swift.Encoder` that builds a tree, for KeelEncoder's `encodeToJSON` and for models whose containers
// are used out of order (see EncodingStream.swift). One instance per encoded value that is not a primitive;
// values the encoder knows (numbers, strings, Date, Data, URL, Decimal, JSON) become `JSON` without one.
#if canImport(FoundationEssentials) || canImport(Foundation)
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

// MARK: - Turning values into the tree

extension ModelEncoder {
    /// `value` as the whole text, encoded by this encoder (at the root).
    ///
    /// - Throws: `EncodingError.invalidValue` when a top-level model encodes nothing, and whatever encoding
    ///   the value throws.
    func topLevelSlot<T: Encodable>(for value: T) throws -> EncodingSlot {
        if try session.known(value, at: path) != nil { return try self.slot(for: value, at: path) }
        try value.encode(to: self)
        guard let tree = slot else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return tree
    }

    /// `value` encoded at `path`: directly for the types the encoder knows, otherwise through the value's
    /// own `encode(to:)` with an encoder of its own.
    func slot<T: Encodable>(for value: T, at path: CodingPathNode) throws -> EncodingSlot {
        if let known = try session.known(value, at: path) {
            switch known {
            case .json(let json): return .value(json)
            case .encoded(let encode): return try encoded(by: encode, at: path)
            case .stringKeyed(let dictionary):
                let object = EncodingObject()
                try dictionary.forEachMember { key, member in
                    object.append(key, try slot(for: member, at: path.appending(JSONMemberKey(stringValue: key))))
                }
                return .object(object)
            }
        }
        // A recursive model nests as deep as the value does: stop with an error before the stack runs out.
        guard StackGuard.hasRoom() else { throw session.nestingTooDeep(value, at: path) }
        return try encoded(by: value.encode(to:), at: path)
    }

    /// What `encode` encodes into a new encoder at `path`; `{}` if it encodes nothing.
    private func encoded(by encode: (any Encoder) throws -> Void, at path: CodingPathNode) throws -> EncodingSlot {
        let encoder = ModelEncoder(session: session, path: path)
        try encode(encoder)
        return encoder.slot ?? .emptyObject
    }
}
#endif
