// Decoding each record of a stream as a model, in any of Keel's styles (KeelDecoder's are in
// JSONStream+Codable.swift). A record that
// does not decode is an error at its position, and the next record is decoded as usual.

extension JSONStream {
    /// Each record decoded as `T` (any ``JSONDecodable`` type: a model written in one of the styles, or a
    /// standard type), strictly; a record that is not JSON or does not decode is a ``JSONRecordError``.
    ///
    /// ```swift
    /// for event in JSONLines(contentsOfFile: "events.jsonl").decoded(as: Event.self) {
    ///     if case .success(let event) = event { handle(event) }
    /// }
    /// ```
    public func decoded<T: JSONDecodable>(as type: T.Type) -> LazyMapSequence<JSONStream, Result<T, JSONRecordError>> {
        lazy.map { $0.decoded(as: T.self) }
    }
}

extension Result where Success == JSONStream.Record, Failure == JSONRecordError {
    /// The record decoded as `T`, or the record's error.
    func decoded<T: JSONDecodable>(as type: T.Type) -> Result<T, JSONRecordError> {
        flatMap { record in
            do throws(JSONDecodingError) {
                return .success(try T.decode(record.root))
            } catch {
                return .failure(JSONRecordError(position: record.position, reason: .decoding(error)))
            }
        }
    }
}
