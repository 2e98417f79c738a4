// Snapshots of a document read from an asynchronous source. The iterator feeds the parser what the source
// gives and hands back a snapshot only when it differs from the last one, so a consumer that redraws per
// element redraws only when there is something new. The parser keeps no more than a snapshot needs.

/// The snapshots of one JSON document read from an `AsyncSequence` of byte chunks (`[UInt8]`, `Data`, a
/// server-sent event's data as `String`) or of single bytes: one after each piece that changed what has
/// arrived, and the complete document last.
///
/// ```swift
/// for try await snapshot in JSONSnapshots(deltas) {     // deltas: an AsyncSequence of String
///     render(snapshot.value)                            // the title first, then the items as they come
/// }
/// ```
///
/// A syntax error ends the iteration as soon as the bytes show it, with its place; so does an error the
/// source throws. If the source ends before the document does, the iteration throws the error for the
/// document cut short. The last snapshot of a well-formed document has ``JSONSnapshot/isComplete`` set and
/// the whole value.
public struct JSONSnapshots<Source: AsyncSequence>: AsyncSequence {
    public typealias Element = JSONSnapshot

    let source: Source
    /// How the document is parsed.
    public let options: JSONParsingOptions
    /// Whether numbers still arriving are shown as their digits so far.
    public let numbersInProgress: Bool
    /// Feeds the parser the source's next piece; `false` at the source's end.
    let pull: (inout Source.AsyncIterator, inout JSONIncrementalParser) async throws -> Bool

    /// The snapshots of a document arriving as chunks of bytes.
    public init(_ source: Source, options: JSONParsingOptions = JSONParsingOptions(), numbersInProgress: Bool = false)
        where Source.Element: Sequence, Source.Element.Element == UInt8 {
        self.source = source
        self.options = options
        self.numbersInProgress = numbersInProgress
        pull = { iterator, parser in
            guard let chunk = try await iterator.next() else { return false }
            try parser.feed(chunk)
            return true
        }
    }

    /// The snapshots of a document arriving as pieces of text (the deltas of a streamed model reply).
    public init(_ source: Source, options: JSONParsingOptions = JSONParsingOptions(), numbersInProgress: Bool = false)
        where Source.Element: StringProtocol {
        self.source = source
        self.options = options
        self.numbersInProgress = numbersInProgress
        pull = { iterator, parser in
            guard let text = try await iterator.next() else { return false }
            try parser.feed(text.utf8)
            return true
        }
    }

    /// The snapshots of a document arriving a byte at a time (`URLSession.AsyncBytes`). Each byte that changes
    /// what has arrived gives a snapshot; a source of chunks gives fewer.
    public init(_ source: Source, options: JSONParsingOptions = JSONParsingOptions(), numbersInProgress: Bool = false)
        where Source.Element == UInt8 {
        self.source = source
        self.options = options
        self.numbersInProgress = numbersInProgress
        pull = { iterator, parser in
            guard let byte = try await iterator.next() else { return false }
            try parser.feed(CollectionOfOne(byte))
            return true
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Source.AsyncIterator
        var parser: JSONIncrementalParser
        let numbersInProgress: Bool
        let pull: (inout Source.AsyncIterator, inout JSONIncrementalParser) async throws -> Bool
        /// The change count of the last snapshot handed out, whether that snapshot was the complete document,
        /// and whether the end has been reached.
        var lastChange = 0
        var deliveredComplete = false
        var finished = false

        public mutating func next() async throws -> JSONSnapshot? {
            guard !finished else { return nil }
            do {
                while try await pull(&base, &parser) {
                    let pendingNumber = numbersInProgress && parser.token == .number
                    if parser.changeCount != lastChange || pendingNumber {
                        lastChange = parser.changeCount
                        let snapshot = parser.snapshot(numbersInProgress: numbersInProgress)
                        deliveredComplete = snapshot.isComplete
                        return snapshot
                    }
                }
                finished = true
                _ = try parser.finish()
                return deliveredComplete ? nil : parser.snapshot()
            } catch {
                finished = true
                throw error
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: source.makeAsyncIterator(), parser: JSONIncrementalParser(options: options),
                      numbersInProgress: numbersInProgress, pull: pull)
    }
}

// `pull` captures nothing (it is one of the closures the initializers write), so the sequence is as sendable
// as its source.
extension JSONSnapshots: @unchecked Sendable where Source: Sendable {}
