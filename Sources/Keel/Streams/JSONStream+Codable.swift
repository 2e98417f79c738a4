// Decoding each record of a stream through KeelDecoder, in the three kinds of stream. Part of the Codable
// bridge, so only where Foundation is; a record that does not decode is an error at its position, and the
// next record is decoded as usual.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONStream {
    /// Each record decoded as the `Decodable` type `T` by `decoder` (its key strategy and other settings
    /// apply to every record); a record that is not JSON or does not decode is a ``JSONRecordError`` whose
    /// reason holds the `DecodingError`.
    public func decoded<T: Decodable>(as type: T.Type, using decoder: KeelDecoder) -> LazyMapSequence<JSONStream, Result<T, JSONRecordError>> {
        lazy.map { $0.decoded(as: T.self, using: decoder) }
    }
}

extension AsyncJSONStream {
    /// Each record decoded as the `Decodable` type `T` by `decoder`, as `JSONStream.decoded(as:using:)` does.
    public func decoded<T: Decodable & SendableMetatype>(as type: T.Type, using decoder: KeelDecoder) -> AsyncMapSequence<Self, Result<T, JSONRecordError>> {
        map { $0.decoded(as: T.self, using: decoder) }
    }
}

extension JSONStream {
    /// Each record decoded as the `Decodable` type `T` by `decoder`, on ``Options/threads`` threads, results in
    /// stream order. Chosen over the one-thread form when `T` is `Sendable`.
    public func decoded<T: Decodable & Sendable>(as type: T.Type, using decoder: KeelDecoder) -> ConcurrentlyDecodedRecords<T> {
        ConcurrentlyDecodedRecords(stream: self) { view in
            Result { try decoder.decode(T.self, from: view) }
        }
    }
}

extension Result where Success == JSONStream.Record, Failure == JSONRecordError {
    /// The record decoded as `T` by `decoder`, or the record's error.
    func decoded<T: Decodable>(as type: T.Type, using decoder: KeelDecoder) -> Result<T, JSONRecordError> {
        flatMap { record in
            do {
                return .success(try decoder.decode(T.self, from: record.root))
            } catch {
                return .failure(JSONRecordError(position: record.position, reason: .decoding(error)))
            }
        }
    }
}
#endif
