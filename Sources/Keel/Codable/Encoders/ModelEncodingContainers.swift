// The three containers ModelEncoder hands out. Each turns what it is given into JSON through the encoder
// (so known types and strategies are handled in one place) and stores it in the shared tree.
#if canImport(FoundationEssentials) || canImport(Foundation)
struct KeyedModelEncodingContainer<Key: CodingKey>: ScalarKeyedEncodingContainer {
    let encoder: ModelEncoder
    let object: EncodingObject
    let path: CodingPathNode

    var session: EncodingSession { encoder.session }

    /// The member name for `key` under the key strategy.
    private func name(for key: some CodingKey) -> String { encoder.session.memberName(for: key, in: path) }

    func put(_ value: JSON, forKey key: Key) { object.append(name(for: key), .value(value)) }
    private func put(_ slot: EncodingSlot, forKey key: Key) { object.append(name(for: key), slot) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try encoder.slot(for: value, at: path.appending(key)), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let name = name(for: key)
        let nested: EncodingObject
        if case .object(let existing)? = object.slot(forKey: name) {
            nested = existing
        } else {
            nested = EncodingObject()
            object.append(name, .object(nested))
        }
        return KeyedEncodingContainer(
            KeyedModelEncodingContainer<NestedKey>(encoder: encoder, object: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = name(for: key)
        let nested: EncodingArray
        if case .array(let existing)? = object.slot(forKey: name) {
            nested = existing
        } else {
            nested = EncodingArray()
            object.append(name, .array(nested))
        }
        return UnkeyedModelEncodingContainer(encoder: encoder, array: nested, path: path.appending(key))
    }

    /// An encoder for the member `super` (renamed by the key strategy, as every key is).
    mutating func superEncoder() -> any Encoder { superEncoder(for: JSONMemberKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    private func superEncoder(for key: some CodingKey) -> any Encoder {
        let child = ModelEncoder(session: encoder.session, path: path.appending(key))
        object.append(name(for: key), .encoder(child))
        return child
    }
}

struct UnkeyedModelEncodingContainer: UnkeyedEncodingContainer, ScalarValueEncodingContainer {
    let encoder: ModelEncoder
    let array: EncodingArray
    let path: CodingPathNode

    var session: EncodingSession { encoder.session }
    var codingPath: [any CodingKey] { path.keys }
    var count: Int { array.elements.count }

    var nextPath: CodingPathNode { path.appending(index: array.elements.count) }
    func put(_ value: JSON) { array.elements.append(.value(value)) }
    private func put(_ slot: EncodingSlot) { array.elements.append(slot) }

    mutating func encode<T: Encodable>(_ value: T) throws { put(try encoder.slot(for: value, at: nextPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodingObject()
        let container = KeyedModelEncodingContainer<NestedKey>(encoder: encoder, object: nested, path: nextPath)
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodingArray()
        let container = UnkeyedModelEncodingContainer(encoder: encoder, array: nested, path: nextPath)
        array.elements.append(.array(nested))
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let child = ModelEncoder(session: encoder.session, path: nextPath)
        array.elements.append(.encoder(child))
        return child
    }
}

struct SingleValueModelEncodingContainer: SingleValueEncodingContainer, ScalarValueEncodingContainer {
    let encoder: ModelEncoder

    var session: EncodingSession { encoder.session }
    var codingPath: [any CodingKey] { encoder.codingPath }
    var nextPath: CodingPathNode { encoder.path }

    func put(_ value: JSON) { encoder.slot = .value(value) }
    private func put(_ slot: EncodingSlot) { encoder.slot = slot }

    mutating func encode<T: Encodable>(_ value: T) throws { put(try encoder.slot(for: value, at: encoder.path)) }
}
#endif
