// Decoding records on several threads, delivered in stream order. The iterator reads a few batches of records
// (about 1 MiB each, two per thread), parses and decodes them in parallel, and then hands out the results one
// by one before reading more: memory stays bounded by those batches and their decoded values.

/// The records of a ``JSONStream`` decoded as `Value` on ``JSONStream/Options/threads`` threads, in
/// stream order: each a value, or a ``JSONRecordError`` at its position.
public struct ConcurrentlyDecodedRecords<Value: Sendable>: Sequence, Sendable {
    let stream: JSONStream
    let decode: @Sendable (JSONView) -> Result<Value, any Error>

    public struct Iterator: IteratorProtocol {
        let cursor: RecordCursor
        let threads: Int
        let batchSize: Int
        let decode: @Sendable (JSONView) -> Result<Value, any Error>
        private var ready: [Result<Value, JSONRecordError>] = []
        private var position = 0
        private var isFinished = false

        init(stream: JSONStream, decode: @escaping @Sendable (JSONView) -> Result<Value, any Error>) {
            cursor = stream.makeCursor()
            threads = Swift.max(stream.options.threads, 1)
            batchSize = stream.options.batchSize
            self.decode = decode
        }

        public mutating func next() -> Result<Value, JSONRecordError>? {
            if position == ready.count {
                guard !isFinished else { return nil }
                refill()
                if ready.isEmpty { return nil }
            }
            defer { position += 1 }
            return ready[position]
        }

        /// Reads up to two batches per thread and decodes them in parallel.
        private mutating func refill() {
            let parsing = cursor.options.recordParsing
            let decode = self.decode
            let decoded = RecordBatch.mapConcurrently(from: cursor, threads: threads, batchSize: batchSize) { position, bytes in
                Result(parsing: bytes, at: position, options: parsing).flatMap { record in
                    decode(record.root).mapError { JSONRecordError(position: position, reason: .decoding($0)) }
                }
            }
            ready = decoded.results
            position = 0
            isFinished = decoded.atEnd
        }
    }

    public func makeIterator() -> Iterator { Iterator(stream: stream, decode: decode) }
}

extension RecordBatch {
    /// Gathers records from `cursor` until the batch holds `size` bytes or the stream ends (`atEnd`).
    static func gather(from cursor: RecordCursor, upTo size: Int) -> (batch: RecordBatch, atEnd: Bool) {
        var batch = RecordBatch()
        while batch.bytes.count < size {
            let gathered = cursor.nextRecord { position, bytes -> Gathered in
                let start = batch.bytes.count
                batch.bytes.append(contentsOf: bytes)
                batch.entries.append(.record(position, start..<batch.bytes.count))
                return .added
            }
            guard let gathered else { return (batch, true) }
            if case .failed(let error) = gathered { batch.entries.append(.failed(error)) }
        }
        return (batch, false)
    }

}

extension JSONStream {
    /// Each record decoded as `T` (any ``JSONDecodable`` type), on ``Options/threads`` threads, results in
    /// stream order. Chosen over the one-thread form when `T` is `Sendable`.
    public func decoded<T: JSONDecodable & Sendable>(as type: T.Type) -> ConcurrentlyDecodedRecords<T> {
        ConcurrentlyDecodedRecords(stream: self) { view in
            do throws(JSONDecodingError) {
                return .success(try T.decode(view))
            } catch {
                return .failure(error)
            }
        }
    }
}
