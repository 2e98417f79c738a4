// One `KeelDecoder.decode` call: the document being read, the options, and (in collecting mode) the errors
// met. Every decoder and container of the call shares it; values are read straight off the tape.
#if canImport(FoundationEssentials) || canImport(Foundation)
final class DecodingSession {
    let options: KeelDecoder
    let userInfo: [CodingUserInfoKey: Any]
    let storage: DocumentStorage
    /// The input bytes and the tape. The bytes pointer is only valid while the `decode` call runs, so every
    /// container checks ``isOpen`` before reading (a model could keep a decoder and use it later).
    let reader: TapeReader
    private(set) var isOpen = true
    /// Whether errors are recorded and decoding salvages what it can.
    let isCollecting: Bool
    /// The errors and warnings met in collecting mode.
    private var log = CollectingLog<DecodingError>()
    /// Types met in this session, each with its conformance to `SessionDecodable` (arrays and dictionaries)
    /// or `nil`, so that the next value of one skips the dynamic check (see `sessionDecodable(_:)`).
    @exclusivity(unchecked) var checkedTypes: [(type: ObjectIdentifier, collection: (any SessionDecodable.Type)?)] = []
    static let checkedTypesRemembered = 32
    let rootPath = CodingPathNode.root

    /// The one decoder reused for every nested value: its position and path are set before a value's
    /// `init(from:)` runs and restored after, so decoding a value allocates no decoder. Let go when the
    /// session closes, which breaks the cycle between the two.
    private var reusableDecoder: ModelDecoder?

    var decoder: ModelDecoder {
        if let reusableDecoder { return reusableDecoder }
        let decoder = ModelDecoder(session: self, index: 0, path: .root)
        reusableDecoder = decoder
        return decoder
    }

    private init(options: KeelDecoder, storage: DocumentStorage, reader: TapeReader, collecting: Bool) {
        self.options = options
        self.userInfo = options.userInfo.mapValues { $0 as Any }
        self.storage = storage
        self.reader = reader
        self.isCollecting = collecting
    }

    /// Runs `body` with a session over `value`'s document, open for the duration of the call.
    static func run<R>(_ options: KeelDecoder, on value: JSONView, collecting: Bool,
                       _ body: (DecodingSession) throws -> R) throws -> R {
        let storage = value.storage
        return try storage.bytes.withUnsafeBufferPointer { bytes in
            let session = DecodingSession(options: options, storage: storage,
                                          reader: TapeReader(bytes: bytes, tape: storage.tape.base), collecting: collecting)
            defer {
                session.isOpen = false
                session.reusableDecoder = nil
            }
            return try body(session)
        }
    }

    /// Runs `body` in collecting mode and returns `value()` with every error, the one that ended `body`
    /// included, and every warning, in document order where they know their place.
    static func collect<Value>(_ options: KeelDecoder, on value: JSONView, _ body: (DecodingSession) throws -> Value?)
        -> Collected<Value, DecodingError> {
        let collected = try? run(options, on: value, collecting: true) { session in
            var decoded: Value?
            do {
                decoded = try body(session)
            } catch {
                session.record(error, at: session.rootPath)
            }
            return session.log.collected(value: decoded, byteOffset: \.byteOffset) { error, _ in error }
        }
        return collected ?? Collected(value: nil, errors: [])
    }

    /// Records a warning in collecting mode; in strict mode the warning is not even built.
    func warn(_ warning: @autoclosure () -> DecodingError) {
        guard isCollecting else { return }
        log.warn(warning())
    }

    /// Records an error that decoding salvaged; errors other than `DecodingError` are wrapped in one.
    func record(_ error: any Error, at path: CodingPathNode) {
        if let error = error as? DecodingError {
            log.record(error)
        } else {
            log.record(.dataCorrupted(DecodingError.Context(
                codingPath: path.keys, debugDescription: "The value's initializer threw an error", underlyingError: error)))
        }
    }

    /// Throws when a decoder or container is used after its `decode` call has returned.
    func ensureOpen(_ path: CodingPathNode) throws {
        guard isOpen else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path.keys, debugDescription: "A decoder was used after its decode call returned."))
        }
    }

    // MARK: Reading the tape

    func kind(at index: Int) -> TapeEntry.Kind { reader.tape[index].kind }

    func view(at index: Int) -> JSONView { JSONView(storage: storage, index: index) }

    /// The error for a value at `index` that a `T` could not be read from, in Keel's words (the core's
    /// conversion says why) and as the `DecodingError` Foundation would throw.
    func failure<T: JSONDecodable>(_ type: T.Type, at index: Int, path: CodingPathNode) -> DecodingError {
        do {
            _ = try T.decode(view(at: index), in: .strict)
            return .dataCorrupted(DecodingError.Context(codingPath: path.keys, debugDescription: "Cannot decode \(T.self) here."))
        } catch {
            return DecodingError(error, type: T.self, codingPath: path.keys)
        }
    }

    /// An error in Keel's words about the value at `index`, as a `DecodingError`.
    func error(_ error: JSONDecodingError, type: Any.Type, path: CodingPathNode) -> DecodingError {
        DecodingError(error, type: type, codingPath: path.keys)
    }
}
#endif
