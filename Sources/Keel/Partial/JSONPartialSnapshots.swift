// Typed snapshots of a document read from an asynchronous source: `JSONSnapshots`' shape over
// `JSONPartialDecoder`. The iterator feeds the decoder each piece the source gives and reads `T.Partial`
// after it, so a streamed reply is shown as a model from its first useful piece to its last.

/// The typed snapshots of one JSON document read from an `AsyncSequence` of text pieces (the deltas of a
/// streamed model reply, the data of server-sent events), of byte chunks (`Data`, `[UInt8]`) or of single
/// bytes (`URLSession.AsyncBytes`): `T`'s partial form after each piece that changed what has arrived, and the
/// complete value's last.
///
/// ```swift
/// for try await plan in JSONPartialSnapshots(Plan.self, from: deltas) {
///     render(plan)                          // plan.title so far, plan.steps so far
/// }
/// ```
///
/// Each piece is read by one ``JSONPartialDecoder``, so a value that arrived whole is decoded once, straight
/// from its bytes. A piece gives a snapshot when it changed what a snapshot shows: a value finished, a
/// container opened, an open string grew by a character. A piece that only adds a key, whitespace, part of a
/// number or of a literal gives none, and neither does a piece before `T`'s partial form has anything to show.
/// From a source of single bytes, every character of an open string is a change: each snapshot reads the
/// open part of the document again (the finished values it holds are kept), so a consumer that redraws less
/// often than the bytes arrive may prefer a source of chunks.
///
/// A syntax error ends the iteration at the piece that shows it, with its place; so does an error the source
/// throws. When the source ends, the whole text must be one JSON document that decodes as `T`: otherwise the
/// iteration throws the ``JSONSyntaxError`` (a document cut short included) or the ``JSONDecodingError``. The
/// last snapshot is then the complete value's partial form (for a `@JSONModel` type,
/// ``JSONPartial/finished`` holds the decoded value).
public struct JSONPartialSnapshots<T: JSONPartialDecodable, Source: AsyncSequence>: AsyncSequence {
    public typealias Element = T.Partial

    let source: Source
    /// How the document is parsed.
    public let options: JSONParsingOptions
    /// Feeds the decoder the source's next piece; `false` at the source's end.
    let pull: (inout Source.AsyncIterator, JSONPartialDecoder<T>) async throws -> Bool

    /// The typed snapshots of a document arriving as chunks of bytes.
    public init(_ type: T.Type = T.self, from source: Source, options: JSONParsingOptions = JSONParsingOptions())
        where Source.Element: Sequence, Source.Element.Element == UInt8 {
        self.source = source
        self.options = options
        pull = { iterator, decoder in
            guard let chunk = try await iterator.next() else { return false }
            try decoder.feed(chunk)
            return true
        }
    }

    /// The typed snapshots of a document arriving as pieces of text (the deltas of a streamed model reply).
    public init(_ type: T.Type = T.self, from source: Source, options: JSONParsingOptions = JSONParsingOptions())
        where Source.Element: StringProtocol {
        self.source = source
        self.options = options
        pull = { iterator, decoder in
            guard let piece = try await iterator.next() else { return false }
            try decoder.feed(piece.utf8)
            return true
        }
    }

    /// The typed snapshots of a document arriving a byte at a time (`URLSession.AsyncBytes`).
    public init(_ type: T.Type = T.self, from source: Source, options: JSONParsingOptions = JSONParsingOptions())
        where Source.Element == UInt8 {
        self.source = source
        self.options = options
        pull = { iterator, decoder in
            guard let byte = try await iterator.next() else { return false }
            try decoder.feed(byte: byte)
            return true
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Source.AsyncIterator
        let decoder: JSONPartialDecoder<T>
        let pull: (inout Source.AsyncIterator, JSONPartialDecoder<T>) async throws -> Bool
        /// What the last snapshot handed out showed.
        var shown: PartialText.ShownMark?
        /// Whether the last snapshot handed out showed the complete document, and whether the end was reached.
        var deliveredComplete = false
        var finished = false

        public mutating func next() async throws -> T.Partial? {
            guard !finished else { return nil }
            do {
                while try await pull(&base, decoder) {
                    if let partial = try decoder.snapshot(changedSince: &shown) {
                        deliveredComplete = decoder.isComplete
                        return partial
                    }
                }
                finished = true
                // The whole text must be one document of `T`: its errors are the sequence's.
                _ = try decoder.finish()
                return deliveredComplete ? nil : try decoder.snapshot()
            } catch {
                finished = true
                throw error
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: source.makeAsyncIterator(), decoder: JSONPartialDecoder(T.self, options: options), pull: pull)
    }
}

// `pull` captures nothing (it is one of the closures the initializers write), so the sequence is as sendable
// as its source; each iteration makes its own decoder.
extension JSONPartialSnapshots: @unchecked Sendable where Source: Sendable {}
