// Reading a stream that arrives asynchronously: a network body, a file handle's bytes, any `AsyncSequence` of
// bytes or of byte chunks. The same reader and framing as `JSONStream` cut the records; when the reader needs
// more, the iterator awaits the source's next chunk and hands it over. Memory stays bounded as for a file:
// one chunk plus the largest record.

/// The records of a stream read from an `AsyncSequence` of bytes (`UInt8`) or of byte chunks (`[UInt8]`,
/// `Data`, ...), in any ``JSONStream/Format``; each a record or a ``JSONRecordError`` at its place, as from
/// ``JSONStream``.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: url)
/// for try await record in AsyncJSONStream(bytes) {
///     if case .success(let record) = record { handle(record.root) }
/// }
/// ```
///
/// An error thrown by the source ends the iteration with that error.
public struct AsyncJSONStream<Source: AsyncSequence>: AsyncSequence {
    public typealias Element = Result<JSONStream.Record, JSONRecordError>

    let source: Source
    /// How the stream's values are told apart.
    public let format: JSONStream.Format
    /// How records are read.
    public let options: JSONStream.Options
    /// Awaits the source's next bytes and supplies them to `cursor`; `false` at the source's end.
    let pull: (inout Source.AsyncIterator, RecordCursor) async throws -> Bool

    /// The records of an asynchronous sequence of bytes. Bytes are gathered 64 KiB at a time before they are
    /// read.
    public init(_ source: Source, format: JSONStream.Format = .lines, options: JSONStream.Options = JSONStream.Options())
        where Source.Element == UInt8 {
        self.source = source
        self.format = format
        self.options = options
        pull = { iterator, cursor in
            var chunk: [UInt8] = []
            chunk.reserveCapacity(1 << 16)
            while chunk.count < 1 << 16, let byte = try await iterator.next() { chunk.append(byte) }
            cursor.supply(chunk)
            return !chunk.isEmpty
        }
    }

    /// The records of an asynchronous sequence of byte chunks, read as they come: records may cross chunks
    /// anywhere, inside a character or an escape.
    public init(_ source: Source, format: JSONStream.Format = .lines, options: JSONStream.Options = JSONStream.Options())
        where Source.Element: Sequence, Source.Element.Element == UInt8 {
        self.source = source
        self.format = format
        self.options = options
        pull = { iterator, cursor in
            guard let chunk = try await iterator.next() else { return false }
            cursor.supply(chunk)
            return true
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Source.AsyncIterator
        let cursor: RecordCursor
        let pull: (inout Source.AsyncIterator, RecordCursor) async throws -> Bool

        public mutating func next() async throws -> Element? {
            let parsing = cursor.options.recordParsing
            while true {
                switch cursor.nextRecordOrNeed({ Result(parsing: $1, at: $0, options: parsing) }) {
                case .item(let record): return record
                case .end: return nil
                case .needsInput:
                    if try await !pull(&base, cursor) { cursor.supplyEnd() }
                }
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: source.makeAsyncIterator(),
                      cursor: RecordCursor(input: .pushed, format: format, options: options), pull: pull)
    }

    /// Each record decoded as `T` (any ``JSONDecodable`` type), as `JSONStream.decoded(as:)` does.
    public func decoded<T: JSONDecodable & SendableMetatype>(as type: T.Type) -> AsyncMapSequence<Self, Result<T, JSONRecordError>> {
        map { $0.decoded(as: T.self) }
    }
}

// `pull` captures nothing (it is one of the two closures the initializers write), so the stream is as
// sendable as its source.
extension AsyncJSONStream: @unchecked Sendable where Source: Sendable {}
