// Decoding one value of any `Decodable` type: the types the bridge knows (`KnownDecodable`) are read off the
// tape, and every other type runs its own `init(from:)` on the session's reusable decoder.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension DecodingSession {
    /// The `T` at tape index `index`; `path` makes the value's coding path, only when it is needed.
    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, path: () -> CodingPathNode) throws -> T {
        if let known = KnownDecodable(T.self), !known.isArray || kind(at: index) == .array {
            return try decodeKnown(known, as: T.self, at: index, path: path)
        }
        // Arrays and string-keyed dictionaries are decoded here rather than by their own `init(from:)`: to
        // salvage elements in collecting mode, to keep dictionary keys as written under a key strategy (as
        // Foundation does), and because it is faster (no container per array, each element read directly).
        if let collection = sessionDecodable(T.self) {
            return try collection.decodeOpened(as: T.self, at: index, path: path(), in: self)
        }
        // A model's own `init(from:)` may nest without bound (a recursive model): check the stack first.
        if !StackGuard.hasRoom() { throw error(.nestingTooDeep(at: view(at: index)), type: T.self, path: path()) }
        let decoder = self.decoder
        let outer = (decoder.index, decoder.path)
        decoder.index = index
        decoder.path = path()
        defer { (decoder.index, decoder.path) = outer }
        return try locatingErrors(at: index) { try T(from: decoder) }
    }

    /// Runs code of the user's (a model's `init(from:)`, a custom strategy) on the value at `index`; a
    /// `DecodingError` it throws without Keel's error underneath (an unknown raw value, say) learns where in
    /// the text it happened.
    func locatingErrors<R>(at index: Int, _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as DecodingError {
            throw error.locating(.custom(error.context?.debugDescription ?? "\(error)", at: view(at: index)))
        }
    }

    /// `type` as a collection the session decodes itself, or `nil`. The dynamic conformance check costs
    /// hundreds of instructions, so its answer is remembered for the rest of the session, for a few dozen
    /// types (a model has a handful); looking through them compares pointers.
    private func sessionDecodable(_ type: Any.Type) -> (any SessionDecodable.Type)? {
        let identifier = ObjectIdentifier(type)
        for known in checkedTypes where known.type == identifier { return known.collection }
        let collection = type as? any SessionDecodable.Type
        if checkedTypes.count < DecodingSession.checkedTypesRemembered {
            checkedTypes.append((identifier, collection))
        }
        return collection
    }

    /// The `T` at `index`, where `known` says which type `T` is. Nothing here wraps a `T` in an optional:
    /// the runtime would look up `Optional<T>`'s metadata in its hash table on every call, which cost
    /// hundreds of instructions per value decoded, more than reading the value.
    @inline(__always)
    private func decodeKnown<T>(_ known: KnownDecodable, as type: T.Type, at index: Int, path: () -> CodingPathNode) throws -> T {
        switch known {
        case .string: return cast(try scalar(String.self, at: index, path: path))
        case .int: return cast(try scalar(Int.self, at: index, path: path))
        case .double: return cast(try scalar(Double.self, at: index, path: path))
        case .bool: return cast(try scalar(Bool.self, at: index, path: path))
        case .int64: return cast(try scalar(Int64.self, at: index, path: path))
        case .float: return cast(try scalar(Float.self, at: index, path: path))
        case .uint64: return cast(try scalar(UInt64.self, at: index, path: path))
        case .uint: return cast(try scalar(UInt.self, at: index, path: path))
        case .int32: return cast(try scalar(Int32.self, at: index, path: path))
        case .uint32: return cast(try scalar(UInt32.self, at: index, path: path))
        case .int16: return cast(try scalar(Int16.self, at: index, path: path))
        case .uint16: return cast(try scalar(UInt16.self, at: index, path: path))
        case .int8: return cast(try scalar(Int8.self, at: index, path: path))
        case .uint8: return cast(try scalar(UInt8.self, at: index, path: path))
        case .date: return cast(try date(at: index, path: path))
        case .data: return cast(try data(at: index, path: path))
        case .url: return cast(try scalar(URL.self, at: index, path: path))
        case .decimal: return cast(try scalar(Decimal.self, at: index, path: path))
        case .json: return cast(JSON(view(at: index)))
        // Arrays of common scalars are read in one loop: through the generic path each such array would ask
        // the runtime for its type's metadata several times, which dominated decoding models made of many
        // small arrays (coordinates, say).
        case .doubles: return cast(try scalarArray(Double.self, at: index, path: path))
        case .ints: return cast(try scalarArray(Int.self, at: index, path: path))
        case .strings: return cast(try scalarArray(String.self, at: index, path: path))
        case .bools: return cast(try scalarArray(Bool.self, at: index, path: path))
        case .int64s: return cast(try scalarArray(Int64.self, at: index, path: path))
        }
    }

    /// The elements of the array at `index`, each read as a scalar.
    private func scalarArray<S: BridgedScalar>(_ type: S.Type, at index: Int, path: () -> CodingPathNode) throws -> [S] {
        try elements(ofArrayAt: index, path: path) { child, position in
            try scalar(S.self, at: child, path: { path().appending(index: position) })
        }
    }

    /// Every element of the array at `index`, each read by `read` from its tape index and position; in
    /// collecting mode an element that fails is left out and its error recorded. The one loop every array the
    /// session reads runs through.
    @inline(__always)
    func elements<Element>(ofArrayAt index: Int, path: () -> CodingPathNode,
                           _ read: (_ child: Int, _ position: Int) throws -> Element) throws -> [Element] {
        let tape = reader.tape
        let count = tape[index].count
        var result: [Element] = []
        result.reserveCapacity(count)
        var child = index + 1
        for position in 0..<count {
            do {
                result.append(try read(child, position))
            } catch {
                guard isCollecting else { throw error }
                record(error, at: path().appending(index: position))
            }
            child = TapeReader.indexAfter(child, in: tape)
        }
        return result
    }

    /// `value` as `T`, which the caller has just found to be the same type as `Known` (a dynamic cast would
    /// cost more than reading the value).
    @inline(__always)
    private func cast<Known, T>(_ value: Known) -> T { unsafeBitCast(value, to: T.self) }

    /// A decoder of its own for the value at `index`, for strategies that hand one to the caller's function.
    func separateDecoder(at index: Int, path: CodingPathNode) -> ModelDecoder {
        ModelDecoder(session: self, index: index, path: path)
    }

    // MARK: Dates and data

    private func date(at index: Int, path: () -> CodingPathNode) throws -> Date {
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try scalar(Double.self, at: index, path: path))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try scalar(Double.self, at: index, path: path))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try scalar(Double.self, at: index, path: path) / 1000)
        case .iso8601, .iso8601WithFractionalSeconds:
            let text = try scalar(String.self, at: index, path: path)
            let requiresFraction: Bool
            if case .iso8601WithFractionalSeconds = options.dateDecodingStrategy { requiresFraction = true } else { requiresFraction = false }
            if !requiresFraction, let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            // The fractional style also reads a time without a fraction, so the stricter strategy checks for one.
            let hasFraction = text.utf8.contains(0x2E)
            if hasFraction, let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
                return date
            }
            let expected = requiresFraction ? "an ISO 8601 date with fractional seconds" : "an ISO 8601 date"
            throw error(JSONDecodingError(kind: .valueOutOfRange, expected: expected, found: view(at: index).kindAndExcerpt,
                                          at: view(at: index)),
                        type: Date.self, path: path())
        case .formatted(let pattern):
            let text = try scalar(String.self, at: index, path: path)
            switch JSONDateFormat.formatted(pattern).readText(text) {
            case .success(let timestamp): return Date(timestamp)
            case .failure(let mismatch):
                throw error(JSONDecodingError(kind: .valueOutOfRange, expected: mismatch.expected,
                                              found: view(at: index).kindAndExcerpt, at: view(at: index)),
                            type: Date.self, path: path())
            }
        case .custom(let decode):
            return try locatingErrors(at: index) { try decode(separateDecoder(at: index, path: path())) }
        }
    }

    private func data(at index: Int, path: () -> CodingPathNode) throws -> Data {
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try Data(from: separateDecoder(at: index, path: path()))
        case .base64:
            let text = try scalar(String.self, at: index, path: path)
            guard let data = Data(base64Encoded: text) else {
                throw error(JSONDecodingError(kind: .valueOutOfRange, expected: "Base64 data", found: view(at: index).kindAndExcerpt,
                                              at: view(at: index)),
                            type: Data.self, path: path())
            }
            return data
        case .custom(let decode):
            return try locatingErrors(at: index) { try decode(separateDecoder(at: index, path: path())) }
        }
    }
}

// MARK: - Collections the session decodes itself

/// Arrays and string-keyed dictionaries, which the session decodes itself (see `decodeValue`).
protocol SessionDecodable {
    static func decode(at index: Int, path: CodingPathNode, in session: DecodingSession) throws -> Self
}

extension SessionDecodable {
    /// The value as `T`, which the caller has found to be `Self`.
    static func decodeOpened<T>(as type: T.Type, at index: Int, path: CodingPathNode, in session: DecodingSession) throws -> T {
        // Compared as metatypes and cast without `as? T`, which would need `Optional<T>`'s metadata (see
        // `decodeKnown`).
        guard Self.self == T.self else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: path.keys, debugDescription: "Internal type confusion."))
        }
        return unsafeBitCast(try decode(at: index, path: path, in: session), to: T.self)
    }
}

extension Array: SessionDecodable where Element: Decodable {
    /// Every element; in collecting mode an element that fails is left out and its error recorded.
    static func decode(at index: Int, path: CodingPathNode, in session: DecodingSession) throws -> [Element] {
        let kind = session.kind(at: index)
        if kind != .array, kind != .null, JSONDecodingOverrides.anyScopeOpen, JSONDecodingOverrides.wrapsSingleValues {
            return [try session.decodeValue(Element.self, at: index, path: { path.appending(index: 0) })]
        }
        guard kind == .array else {
            throw session.error(.typeMismatch("an array", at: session.view(at: index)), type: [Element].self, path: path)
        }
        return try session.elements(ofArrayAt: index, path: { path }) { child, position in
            try session.decodeValue(Element.self, at: child, path: { path.appending(index: position) })
        }
    }
}

extension Dictionary: SessionDecodable where Key == String, Value: Decodable {
    /// Every member, keys as they are written whatever the key strategy; for a repeated key the last wins.
    /// In collecting mode a member that fails is left out and its error recorded.
    static func decode(at index: Int, path: CodingPathNode, in session: DecodingSession) throws -> [String: Value] {
        guard session.kind(at: index) == .object else {
            throw session.error(.typeMismatch("an object", at: session.view(at: index)), type: [String: Value].self, path: path)
        }
        let tape = session.reader.tape
        let count = tape[index].count
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        var key = index + 1
        for _ in 0..<count {
            let name = session.reader.string(at: key)
            do {
                result[name] = try session.decodeValue(Value.self, at: key + 1, path: { path.appending(JSONMemberKey(stringValue: name)) })
            } catch {
                guard session.isCollecting else { throw error }
                session.record(error, at: path.appending(JSONMemberKey(stringValue: name)))
            }
            key = TapeReader.indexAfter(key + 1, in: tape)
        }
        return result
    }
}
#endif
