// Cutting a byte stream into records, for every stream format. The bytes come from memory (one chunk: records
// are read in place, never copied), from a file descriptor (read in chunks into one reused buffer), or are
// pushed in by an asynchronous source. The format's `StreamFraming` says where records end; a record that
// crosses chunks is gathered in a second buffer, which never grows past the record size limit: the rest of a
// longer record is skipped to its end and the record reported as too large, so memory stays bounded by the
// chunk size plus the limit, however long the stream or its records.

/// Where a stream's bytes come from.
enum ByteSource {
    /// Bytes already in memory.
    case bytes([UInt8])
    /// An open file descriptor, read to its end; closed when reading ends if `closes` is set.
    case descriptor(Int32, closes: Bool)
    /// Chunks handed in with ``RecordReader/supply(_:)`` and ended with ``RecordReader/supplyEnd()``.
    case pushed
}

/// One record's bytes as the reader found them.
struct RecordExtent {
    /// Where its first byte is in the stream (for JSON Lines the column is always 1).
    var start: JSONSourceLocation
    /// Whether the byte before it is a CR, so that an LF it starts with ends no line (see `TextPosition`).
    var startFollowsCarriageReturn = false
    /// Its length in bytes (for JSON Lines without the line feed).
    var length: Int
    /// Whether it was longer than the limit, in which case its bytes are not given.
    var isTooLong: Bool
}

/// What the reader hands out.
enum StreamPiece {
    /// A record and its bytes (valid only during the call; empty when it is too long).
    case record(RecordExtent, UnsafeRawBufferPointer)
    /// A break in the stream's framing, where it is.
    case problem(JSONStreamProblem, JSONSourceLocation)
}

/// What one call to ``RecordReader/next(_:)`` gave.
enum ReaderOutput<Item> {
    case item(Item)
    /// A pushed source must supply more bytes (or its end) before reading can go on.
    case needsInput
    case end
}

/// Reads a stream record by record. Made once per pass over the stream; a class, so that the descriptor it
/// may own is closed once.
final class RecordReader {
    private let source: ByteSource
    private var framing: StreamFraming
    private let maximumLength: Int
    /// The current chunk; for `.bytes`, the whole input.
    private var chunk: [UInt8]
    /// The next byte the framing looks at.
    private var chunkStart = 0
    private var chunkEnd: Int
    /// The stream offset of `chunk[0]`.
    private var chunkOffset = 0
    private var atEnd: Bool
    private var isFinished = false

    /// Whether a record is open, where it began in this chunk (0 once it has been carried), and its start.
    private var recordIsOpen = false
    private var recordStartInChunk = 0
    private var recordStart = JSONSourceLocation(byteOffset: 0, line: 1, column: 1)
    /// The start of a record that the previous chunks did not finish, unless it is past the limit.
    private var carried: [UInt8] = []
    /// How many bytes of the open record earlier chunks held.
    private var carriedLength = 0
    private var carriedTooLong = false

    /// The line and column (in Unicode scalars) of `chunk[countedTo]`; for JSON Lines, of the current line's
    /// start.
    private var position = TextPosition()
    private var countedTo = 0
    /// Whether the byte before the open record's start is a CR.
    private var recordStartFollowsCarriageReturn = false
    /// For JSON Lines, the line breaks the last record handed out holds with its line feed (1 unless it
    /// holds a CR).
    private var lineBreaksOfLastRecord = 1

    /// Set when reading fails; the reader then ends and the cursor reports it.
    private(set) var failure: Int32?

    /// How much a descriptor is read at a time, unless told otherwise.
    static let defaultChunkSize = 1 << 20

    init(source: ByteSource, format: JSONStream.Format, skipsByteOrderMark: Bool, maximumLength: Int,
         chunkSize: Int = RecordReader.defaultChunkSize) {
        self.source = source
        framing = StreamFraming(format: format, skipsByteOrderMark: skipsByteOrderMark)
        self.maximumLength = maximumLength
        switch source {
        case .bytes(let bytes):
            chunk = bytes
            chunkEnd = bytes.count
            atEnd = true
        case .descriptor:
            chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
            chunkEnd = 0
            atEnd = false
        case .pushed:
            chunk = []
            chunkEnd = 0
            atEnd = false
        }
    }

    deinit {
        if case .descriptor(let descriptor, true) = source { SystemLibrary.close(descriptor) }
    }

    /// Where reading stands: the stream offset, line and column of the next byte to be read.
    var location: JSONSourceLocation { location(at: chunkStart) }

    /// Calls `body` with the next record or framing problem; `.end` at the end of the stream or after a read
    /// failure (see ``failure``), `.needsInput` when a pushed source has to supply more.
    func next<R>(_ body: (StreamPiece) -> R) -> ReaderOutput<R> {
        while !isFinished {
            if chunkStart < chunkEnd {
                if !recordIsOpen { openRecord() }
                let step = chunk.withUnsafeBytes { framing.step(UnsafeRawBufferPointer(rebasing: $0[..<chunkEnd]), from: chunkStart) }
                switch step {
                case .needMore:
                    chunkStart = chunkEnd
                case .skip(let index):
                    recordIsOpen = false
                    chunkStart = index
                case .end(let index, let resume):
                    let result = finishRecord(endingAt: index, body)
                    chunkStart = resume
                    if framing.recordsAreLines { position.line += lineBreaksOfLastRecord }
                    return .item(result)
                case .problem(let problem, let index, let resume):
                    recordIsOpen = false
                    let where_ = location(at: index)
                    chunkStart = resume
                    return .item(body(.problem(problem, where_)))
                case .stop(let index):
                    recordIsOpen = false
                    chunkStart = index
                    finish()
                    return .end
                }
                continue
            }
            if atEnd || failure != nil {
                // A record the stream's end closes (a last line with no line feed, a last number), then what
                // the framing says of the end.
                if recordIsOpen, carriedLength > 0 || recordStartInChunk < chunkEnd {
                    return .item(finishRecord(endingAt: chunkEnd, body))
                }
                recordIsOpen = false
                let problem = failure == nil ? framing.finish() : nil
                let where_ = location
                finish()
                if let problem { return .item(body(.problem(problem, where_))) }
                return .end
            }
            guard case .descriptor(let descriptor, _) = source else { return .needsInput }
            leaveChunk()
            let result = chunk.withUnsafeMutableBytes { SystemLibrary.read(descriptor, into: $0) }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error): (count, failure) = (-1, error.code)
            }
            enterChunk(count: count)
        }
        return .end
    }

    /// Hands a pushed source's next bytes to the reader.
    func supply<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        leaveChunk()
        chunk.removeAll(keepingCapacity: true)
        chunk.append(contentsOf: bytes)
        chunkEnd = chunk.count
    }

    /// Tells the reader that a pushed source has ended.
    func supplyEnd() { atEnd = true }

    /// Starts the open record at `chunkStart`.
    private func openRecord() {
        recordIsOpen = true
        recordStartInChunk = chunkStart
        recordStart = location(at: chunkStart)
        recordStartFollowsCarriageReturn = !framing.recordsAreLines && position.followsCarriageReturn
    }

    /// Moves what the open record holds of this chunk to `carried`, up to the limit.
    private func carryOpenRecord() {
        guard recordIsOpen else { return }
        let piece = chunkEnd - recordStartInChunk
        if !carriedTooLong, carriedLength + piece <= maximumLength {
            carried.append(contentsOf: chunk[recordStartInChunk..<chunkEnd])
        } else {
            carriedTooLong = true
            carried = []
        }
        carriedLength += piece
    }

    /// Gets ready to replace the chunk: carries the open record's bytes and counts the chunk's lines.
    private func leaveChunk() {
        carryOpenRecord()
        if !framing.recordsAreLines { _ = location(at: chunkEnd) }
        chunkOffset += chunkEnd
        chunkStart = 0
        chunkEnd = 0
        countedTo = 0
        recordStartInChunk = 0
    }

    /// Starts on a new chunk of `count` bytes; 0 is the end of the stream, and less a read failure.
    private func enterChunk(count: Int) {
        if count == 0 { atEnd = true }
        chunkEnd = max(count, 0)
    }

    /// Hands out the open record, made of what was carried and `chunk[recordStartInChunk..<end]`.
    private func finishRecord<R>(endingAt end: Int, _ body: (StreamPiece) -> R) -> R {
        let start = recordStartInChunk
        let fullLength = carriedLength + end - start
        let extent = RecordExtent(start: recordStart, startFollowsCarriageReturn: recordStartFollowsCarriageReturn,
                                  length: fullLength, isTooLong: carriedTooLong || fullLength > maximumLength)
        recordIsOpen = false
        defer {
            carried.removeAll(keepingCapacity: carried.capacity <= RecordReader.defaultChunkSize)
            carriedLength = 0
            carriedTooLong = false
        }
        // (The line breaks of a record too long to keep are not known; it is taken as one line.)
        lineBreaksOfLastRecord = 1
        if extent.isTooLong { return body(.record(extent, UnsafeRawBufferPointer(start: nil, count: 0))) }
        if carriedLength == 0 {
            return chunk.withUnsafeBytes { buffer in
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                countLineBreaks(of: bytes)
                return body(.record(extent, bytes))
            }
        }
        carried.append(contentsOf: chunk[start..<end])
        return carried.withUnsafeBytes { bytes in
            countLineBreaks(of: bytes)
            return body(.record(extent, bytes))
        }
    }

    /// For JSON Lines, counts the line breaks of a record's line with its line feed: 1, unless the line holds
    /// a CR (a lone one is a break of its own, and one before the line feed makes CR LF one break).
    private func countLineBreaks(of line: UnsafeRawBufferPointer) {
        guard framing.recordsAreLines, let base = line.baseAddress,
              SystemLibrary.firstOffset(of: 0x0D, in: base, count: line.count) != nil else { return }
        var place = TextPosition()
        place.advance(over: line)
        place.advance(over: 0x0A)
        lineBreaksOfLastRecord = place.line - 1
    }

    /// The location of `chunk[index]`, counting lines and columns up to it (for JSON Lines, where records are
    /// lines, the line is known and the column is 1).
    private func location(at index: Int) -> JSONSourceLocation {
        if framing.recordsAreLines {
            return JSONSourceLocation(byteOffset: chunkOffset + index, line: position.line, column: 1)
        }
        if countedTo < index {
            chunk.withUnsafeBytes { position.advance(over: UnsafeRawBufferPointer(rebasing: $0[countedTo..<index])) }
            countedTo = index
        }
        return JSONSourceLocation(byteOffset: chunkOffset + index, line: position.line, column: position.column)
    }

    /// Ends the pass; a descriptor the reader owns is closed when the reader goes.
    private func finish() {
        isFinished = true
        carried = []
    }
}
