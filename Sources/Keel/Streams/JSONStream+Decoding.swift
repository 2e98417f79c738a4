// Decoding each record of a stream as a model, in any of Keel's styles or through KeelDecoder. A record that
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

    /// Each record decoded as the `Decodable` type `T` by `decoder` (its key strategy and other settings
    /// apply to every record); a record that is not JSON or does not decode is a ``JSONRecordError`` whose
    /// reason holds the `DecodingError`.
    public func decoded<T: Decodable>(as type: T.Type, using decoder: KeelDecoder) -> LazyMapSequence<JSONStream, Result<T, JSONRecordError>> {
        lazy.map { $0.decoded(as: T.self, using: decoder) }
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
