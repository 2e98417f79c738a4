/// Decodes a document that is still arriving into `T`'s partial form, as often as asked, and into `T` once it
/// has all arrived.
///
/// Feed it bytes as they come, cut anywhere; ``snapshot()`` reads what has arrived as `T.Partial`:
///
/// ```swift
/// let decoder = JSONPartialDecoder(Plan.self)
/// for try await chunk in body {
///     try decoder.feed(chunk)
///     if let plan = try decoder.snapshot() { show(plan) }   // plan.title so far, plan.steps so far
/// }
/// let plan = try decoder.finish()                           // the complete Plan
/// ```
///
/// Unlike ``JSONPartialReader``, which reads the ``JSONSnapshot`` trees of a ``JSONIncrementalParser``, the
/// decoder scans the text onto one tape as it arrives (each byte once) and builds nothing for a value until a
/// snapshot shows it: a value that has arrived whole is decoded once from that tape, as a whole decode would.
/// When the array or object around it finishes (the complete document at the end included), its decoding takes
/// what the snapshots decoded inside it instead of decoding those values again, so ``finish()`` after the last
/// snapshot costs next to nothing. A type's decoding should therefore depend on its JSON alone; decoding
/// overrides in force (``JSONDecodingOverrides``) are honored by decoding again.
///
/// The text is checked when a snapshot is taken (and by ``finish()``), not at every `feed`: a syntax
/// error is thrown by the first of those calls after its bytes arrived, with its place, exactly as
/// ``JSONIncrementalParser`` reports it. The grammar and options are the incremental parser's (strict UTF-8
/// JSON; depth, lengths, byte-order mark and repeated keys as the options say).
///
/// One decoder serves one document; it is not for sharing between tasks.
public final class JSONPartialDecoder<T: JSONPartialDecodable> {
    let text: PartialText
    let memory = JSONPartialMemory()

    /// A decoder for one document.
    public init(_ type: T.Type = T.self, options: JSONParsingOptions = JSONParsingOptions()) {
        text = PartialText(options: options)
    }

    /// The number of bytes fed so far.
    public var byteCount: Int { text.byteCount }

    /// Appends the next piece of the document.
    ///
    /// - Throws: ``JSONSyntaxError`` when an earlier check found an error, or the document passes its size limit.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        guard text.append(bytes.assumingMemoryBound(to: UInt8.self)) else { throw text.refusal }
    }

    /// Appends the next piece of the document.
    public func feed(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        guard bytes.withUnsafeBufferPointer({ text.append($0) }) else { throw text.refusal }
    }

    /// Appends the next piece of the document.
    public func feed(_ bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) {
        guard bytes.withUnsafeBufferPointer({ text.append($0) }) else { throw text.refusal }
    }

    /// Appends the next piece of the document.
    public func feed(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        let appended = bytes.withContiguousStorageIfAvailable { text.append($0) } ?? Array(bytes).withUnsafeBufferPointer { text.append($0) }
        guard appended else { throw text.refusal }
    }

    /// Appends one byte (for a source of single bytes: a sequence of one would be copied into an array first).
    func feed(byte: UInt8) throws(JSONSyntaxError) {
        var byte = byte
        guard withUnsafePointer(to: &byte, { text.append(UnsafeBufferPointer(start: $0, count: 1)) }) else { throw text.refusal }
    }

    /// Appends the next piece of the document's text.
    public func feed(_ piece: String) throws(JSONSyntaxError) {
        var piece = piece
        guard piece.withUTF8({ text.append($0) }) else { throw text.refusal }
    }

    /// What has arrived, as `T`'s partial form: `nil` while nothing of it can be shown.
    ///
    /// - Throws: ``JSONSyntaxError`` when the text so far is not the start of a JSON document.
    public func snapshot() throws(JSONSyntaxError) -> T.Partial? {
        try text.advance()
        return JSONPartialValue(text, memory: memory).flatMap(T.partial(from:))
    }

    /// Walks what has arrived and reads it as `T`'s partial form only if it shows something `mark` did not;
    /// `nil` when it shows nothing new (or nothing at all). `mark` becomes what this snapshot shows.
    func snapshot(changedSince mark: inout PartialText.ShownMark?) throws(JSONSyntaxError) -> T.Partial? {
        try text.advance()
        let now = text.shownMark
        guard now != mark, let shown = JSONPartialValue(text, memory: memory).flatMap(T.partial(from:)) else { return nil }
        mark = now
        return shown
    }

    /// Whether the whole document has arrived (as far as the last snapshot saw).
    public var isComplete: Bool { text.root != nil }

    /// The complete document decoded as `T`, once all of it has been fed.
    ///
    /// - Throws: ``JSONSyntaxError`` when the text is not one JSON document (cut short included),
    ///   ``JSONDecodingError`` when it does not decode as `T`.
    public func finish() throws -> T {
        try text.advance(isAtEnd: true)
        guard let root = text.root else {
            throw JSONSyntaxError(kind: .unexpectedEndOfInput, byteOffset: text.byteCount, line: 0, column: 0,
                                  expected: "the rest of the document", found: "end of input")
        }
        // Decoded by the last snapshot, or from what the snapshots decoded.
        return try memory.decode(T.self, at: root, in: text)
    }
}
