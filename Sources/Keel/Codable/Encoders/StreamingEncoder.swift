// The `Swift.Encoder` that writes straight to text: a place in an EncodingStream that the value encoding
// itself fills. It is a small struct (no allocation per value); the stream does the writing, and the
// containers here only find their frame and name their members.
#if canImport(FoundationEssentials) || canImport(Foundation)
struct StreamingEncoder: Encoder {
    let stream: EncodingStream
    /// The frame this encoder fills.
    let frameID: Int
    /// The value's coding path, but for an array's element its array's: the element's position is kept in
    /// its frame, and its path made only when asked for (see ``EncodingStream/path(ofFrame:base:)``).
    let path: CodingPathNode

    /// The value's whole coding path.
    var fullPath: CodingPathNode { stream.path(ofFrame: frameID, base: path) }
    var codingPath: [any CodingKey] { fullPath.keys }
    var userInfo: [CodingUserInfoKey: Any] { stream.session.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        var position = -1
        if let index = stream.activate(frameID) {
            // Read before opening: a frame that cannot become an object abandons the stream, frames and all.
            position = stream[index].elementPosition
            _ = stream.open(.object, at: index)
        }
        return stream.keyedContainer(keyedBy: Key.self, frameID: frameID, basePath: path, elementPosition: position)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if let index = stream.activate(frameID) { _ = stream.open(.array, at: index) }
        return UnkeyedStreamingContainer(stream: stream, frameID: frameID, path: fullPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueStreamingContainer(stream: stream, frameID: frameID, path: fullPath)
    }
}

// MARK: - Encoding values into the stream

extension EncodingStream {
    /// Writes `value` as the whole text.
    ///
    /// - Throws: `EncodingError.invalidValue` when a top-level model encodes nothing, and whatever encoding
    ///   the value throws.
    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        if Self.isScalarArray(T.self) { return try writeScalarArray(value, depth: 0, at: .root) }
        if let json = try session.knownJSON(value, at: .root) {
            write(json, depth: 0)
            return
        }
        let id = pushPending(depth: 0)
        let isModel = try fill(id, with: value, base: .root)
        guard let index = activate(id) else { return }
        if isModel && self[index].kind == .pending {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        close(id)
    }

    /// Writes `value` as the member `name` of the object `objectID`, at `valuePath`. If encoding the value
    /// throws, the member is taken back.
    func encodeMember<T: Encodable>(_ value: T, named name: String, in objectID: Int,
                                    at valuePath: @autoclosure () -> CodingPathNode) throws {
        guard let index = activate(objectID) else { return }
        if !session.encodesItself(T.self) {
            if Self.isScalarArray(T.self) {
                let checkpoint = beginMember(name, at: index)
                do {
                    try writeScalarArray(value, depth: self[index].depth + 1, at: valuePath())
                } catch {
                    rollBack(to: checkpoint)
                    throw error
                }
                return
            }
            if let json = try session.knownJSON(value, at: valuePath()) { return writeMember(name, json, at: index) }
        }
        let checkpoint = beginMember(name, at: index)
        do {
            _ = try encodeNested(value, depth: self[index].depth + 1, base: valuePath(), memberRecord: memberCount - 1)
        } catch {
            rollBack(to: checkpoint)
            throw error
        }
    }

    /// Writes `value` as the next element of the array `arrayID`, at `path` + its position. If encoding the
    /// value throws, the element is taken back.
    func encodeElement<T: Encodable>(_ value: T, in arrayID: Int, under path: CodingPathNode) throws {
        guard let index = activate(arrayID) else { return }
        let position = self[index].written
        if !session.encodesItself(T.self) {
            if Self.isScalarArray(T.self) {
                let checkpoint = beginElement(at: index)
                do {
                    try writeScalarArray(value, depth: self[index].depth + 1, at: path.appending(index: position))
                } catch {
                    rollBack(to: checkpoint)
                    throw error
                }
                return
            }
            if let json = try session.knownJSON(value, at: path.appending(index: position)) {
                _ = beginElement(at: index)
                write(json, depth: self[index].depth + 1)
                return
            }
        }
        let checkpoint = beginElement(at: index)
        do {
            _ = try encodeNested(value, depth: self[index].depth + 1, base: path, elementPosition: position, memberRecord: nil)
        } catch {
            rollBack(to: checkpoint)
            throw error
        }
    }

    /// Writes `value` as the single value of the place `frameID`.
    func encodeSingle<T: Encodable>(_ value: T, in frameID: Int, at path: CodingPathNode) throws {
        guard let index = activate(frameID) else { return }
        if let json = try session.knownJSON(value, at: path) { return writeSingle(json, at: index) }
        guard self[index].kind == .pending else { return abandon() }
        let checkpoint = checkpoint(at: index)
        do {
            let wroteNull = try encodeNested(value, depth: self[index].depth, base: path, memberRecord: nil)
            guard !isAbandoned else { return }
            self[index].kind = .done
            self[index].wroteNull = wroteNull
        } catch {
            rollBack(to: checkpoint)
            throw error
        }
    }

    /// Encodes `value` into a new place at `depth` and closes it. Returns whether it wrote `null`. The
    /// value's path is `base`, with `elementPosition` added for an array's element (made only if asked for).
    private func encodeNested<T: Encodable>(
        _ value: T, depth: Int, base: CodingPathNode, elementPosition: Int = -1, memberRecord: Int?
    ) throws -> Bool {
        let id = pushPending(depth: depth, memberRecord: memberRecord, elementPosition: elementPosition)
        try fill(id, with: value, base: base, elementPosition: elementPosition)
        guard let index = activate(id) else { return false }
        let wroteNull = self[index].kind == .done && self[index].wroteNull
        close(id)
        return wroteNull
    }

    /// Lets `value` (or the strategy for its type) encode itself into the place `id`; for values that
    /// ``EncodingSession/knownJSON(_:at:)`` does not write. Returns whether `value` encoded itself, as a model
    /// does, rather than a strategy or the encoder.
    @discardableResult
    private func fill<T: Encodable>(
        _ id: Int, with value: T, base: CodingPathNode, elementPosition: Int = -1
    ) throws -> Bool {
        // Every caller has asked `knownJSON` first: a type that encodes itself needs no other question.
        if session.encodesItself(T.self) {
            return try fillEncodingItself(id, with: value, base: base, elementPosition: elementPosition)
        }
        switch try session.knownEncoding(value, at: base.appending(elementPosition: elementPosition)) {
        case .json(let json)?:
            if let index = activate(id) { writeSingle(json, at: index) }
        case .encoded(let encode)?:
            try encode(StreamingEncoder(stream: self, frameID: id, path: base))
        case .stringKeyed(let dictionary)?:
            guard let index = activate(id), open(.object, at: index) else { return false }
            let path = base.appending(elementPosition: elementPosition)
            try dictionary.forEachMember { key, member in
                try encodeMember(member, named: key, in: id, at: path.appending(JSONMemberKey(stringValue: key)))
            }
        case nil:
            if !Self.isScalarArray(T.self) { session.noteEncodesItself(T.self) }
            return try fillEncodingItself(id, with: value, base: base, elementPosition: elementPosition)
        }
        return false
    }

    /// Lets `value` encode itself into the place `id`, its encoder given `base` (see ``StreamingEncoder/path``).
    private func fillEncodingItself<T: Encodable>(
        _ id: Int, with value: T, base: CodingPathNode, elementPosition: Int
    ) throws -> Bool {
        // A recursive model nests as deep as the value does: stop with an error before the stack runs out.
        guard StackGuard.hasRoom() else { throw session.nestingTooDeep(value, at: base.appending(elementPosition: elementPosition)) }
        try value.encode(to: StreamingEncoder(stream: self, frameID: id, path: base))
        return true
    }
}
#endif
