// The three containers StreamingEncoder hands out. Each names the frame it writes into; the stream checks
// that the frame is still open (closing the ones opened inside it) before anything is written.
#if canImport(FoundationEssentials) || canImport(Foundation)
struct KeyedStreamingContainer<Key: CodingKey>: ScalarKeyedEncodingContainer {
    let stream: EncodingStream
    /// Its frame and path, which change when the stream hands the container out again (`KeyedContainerReuse`).
    let place: KeyedContainerPlace

    var frameID: Int { place.frameID }
    var path: CodingPathNode { place.path }

    var session: EncodingSession { stream.session }

    private func name(for key: some CodingKey) -> String { stream.session.memberName(for: key, in: path) }

    func put(_ value: JSON, forKey key: Key) {
        guard let index = stream.activate(frameID) else { return }
        stream.writeMember(name(for: key), value, at: index)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try stream.encodeMember(value, named: name(for: key), in: frameID, at: path.appending(key))
    }

    // The common scalars go straight to the text, without a `JSON` value between (the other scalar
    // overloads go through `put`, from ScalarKeyedEncodingContainer).

    mutating func encode(_ value: String, forKey key: Key) throws {
        if stream.beginScalarMember(name(for: key), in: frameID) { stream.writer.sink.string(value) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if stream.beginScalarMember(name(for: key), in: frameID) { stream.writer.sink.append(value ? "true" : "false") }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { writeNumber(JSONNumber(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writeNumber(JSONNumber(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writeNumber(JSONNumber(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writeNumber(JSONNumber(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writeNumber(JSONNumber(value), forKey: key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        // A non-finite double is an error or a string, as the strategy says.
        guard value.isFinite else { return put(try session.json(for: value, at: path.appending(key)), forKey: key) }
        writeNumber(JSONNumber(value), forKey: key)
    }

    @inline(__always)
    private func writeNumber(_ number: JSONNumber, forKey key: Key) {
        if stream.beginScalarMember(name(for: key), in: frameID) { stream.writer.sink.number(number) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let id = nestedFrame(.object, forKey: key)
        return stream.keyedContainer(keyedBy: NestedKey.self, frameID: id, basePath: path.appending(key), elementPosition: -1)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedStreamingContainer(stream: stream, frameID: nestedFrame(.array, forKey: key), path: path.appending(key))
    }

    /// Opens an object or array as the member for `key`; returns its frame (closed already, so that the
    /// container does nothing, when the stream is abandoned).
    private func nestedFrame(_ kind: EncodingStream.Frame.Kind, forKey key: some CodingKey) -> Int {
        guard let index = stream.activate(frameID) else { return 0 }
        // Asked for again under a key used before, the tree would go on filling the earlier container, which
        // the text has closed: the object finds that repeat when it closes, and abandons the stream then.
        let id = stream.beginMemberValue(name(for: key), at: index, isNestedContainer: true)
        _ = stream.open(kind, at: index + 1)
        return id
    }

    /// An encoder for the member `super` (renamed by the key strategy, as every key is).
    mutating func superEncoder() -> any Encoder { superEncoder(for: JSONMemberKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    private func superEncoder(for key: some CodingKey) -> any Encoder {
        let path = path.appending(key)
        guard let index = stream.activate(frameID) else { return StreamingEncoder(stream: stream, frameID: 0, path: path) }
        return StreamingEncoder(stream: stream, frameID: stream.beginMemberValue(name(for: key), at: index), path: path)
    }
}

struct UnkeyedStreamingContainer: UnkeyedEncodingContainer, ScalarValueEncodingContainer {
    let stream: EncodingStream
    let frameID: Int
    let path: CodingPathNode

    var session: EncodingSession { stream.session }
    var codingPath: [any CodingKey] { path.keys }
    var count: Int { stream.frame(withID: frameID)?.written ?? 0 }

    func put(_ value: JSON) {
        guard let index = stream.activate(frameID) else { return }
        _ = stream.beginElement(at: index)
        stream.write(value, depth: stream[index].depth + 1)
    }

    /// The path of the next element, for errors.
    var nextPath: CodingPathNode { path.appending(index: count) }

    mutating func encode<T: Encodable>(_ value: T) throws { try stream.encodeElement(value, in: frameID, under: path) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return stream.keyedContainer(keyedBy: NestedKey.self, frameID: nestedFrame(.object), basePath: path, elementPosition: -1)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return UnkeyedStreamingContainer(stream: stream, frameID: nestedFrame(.array), path: path)
    }

    /// Opens an object or array as the next element; returns its frame (0, never open, once abandoned).
    private func nestedFrame(_ kind: EncodingStream.Frame.Kind) -> Int {
        guard let index = stream.activate(frameID) else { return 0 }
        let id = stream.beginElementValue(at: index)
        _ = stream.open(kind, at: index + 1)
        return id
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        guard let index = stream.activate(frameID) else { return StreamingEncoder(stream: stream, frameID: 0, path: path) }
        return StreamingEncoder(stream: stream, frameID: stream.beginElementValue(at: index), path: path)
    }
}

struct SingleValueStreamingContainer: SingleValueEncodingContainer, ScalarValueEncodingContainer {
    let stream: EncodingStream
    let frameID: Int
    let path: CodingPathNode

    var session: EncodingSession { stream.session }
    var codingPath: [any CodingKey] { path.keys }
    var nextPath: CodingPathNode { path }

    func put(_ value: JSON) {
        guard let index = stream.activate(frameID) else { return }
        stream.writeSingle(value, at: index)
    }

    mutating func encode<T: Encodable>(_ value: T) throws { try stream.encodeSingle(value, in: frameID, at: path) }
}
#endif
