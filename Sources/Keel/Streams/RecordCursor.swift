// One pass over a stream's records, shared by every way of reading them (in turn, on several threads, from an
// asynchronous source): it numbers the records, skips blank ones, trims the whitespace before each so that its
// position is that of its first byte, and turns records past the limit, breaks in the framing and read
// failures into errors at their place.

/// Turns the pieces of a ``RecordReader`` into numbered records and errors.
final class RecordCursor {
    let options: JSONStream.Options
    let format: JSONStream.Format
    private let reader: RecordReader?
    /// A failure to open the input, reported as the first and only record.
    private var openFailure: Int32?
    private(set) var recordCount = 0
    private(set) var blankLineCount = 0
    private var isFinished = false

    init(input: JSONStream.Input, format: JSONStream.Format, options: JSONStream.Options) {
        self.options = options
        self.format = format
        let limit = max(options.maximumRecordSize, 0)
        let source: ByteSource
        switch input {
        case .bytes(let bytes):
            source = .bytes(bytes)
        case .descriptor(let descriptor):
            source = .descriptor(descriptor, closes: false)
        case .pushed:
            source = .pushed
        case .unreadable(let code):
            reader = nil
            openFailure = code
            return
        case .file(let path):
            switch SystemLibrary.openForReading(path) {
            case .success(let descriptor):
                source = .descriptor(descriptor, closes: true)
            case .failure(let error):
                reader = nil
                openFailure = error.code
                return
            }
        }
        reader = RecordReader(source: source, format: format, skipsByteOrderMark: options.parsing.byteOrderMark == .skip,
                              maximumLength: limit, chunkSize: options.chunkSize)
    }

    /// The next record made by `make` from its position and bytes (valid only during the call), or an error;
    /// `nil` at the end. Not for pushed input: see ``nextRecordOrNeed(_:)``.
    func nextRecord<R: ResultOrError>(_ make: (JSONRecordPosition, UnsafeRawBufferPointer) -> R) -> R? {
        switch nextRecordOrNeed(make) {
        case .item(let record): return record
        case .needsInput, .end: return nil
        }
    }

    /// Hands pushed bytes to the reader (see ``ByteSource/pushed``).
    func supply<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 { reader?.supply(bytes) }

    /// Tells the reader that pushed input has ended.
    func supplyEnd() { reader?.supplyEnd() }

    /// The next record made by `make`, or an error; `.needsInput` when pushed input must supply more first.
    func nextRecordOrNeed<R: ResultOrError>(_ make: (JSONRecordPosition, UnsafeRawBufferPointer) -> R) -> ReaderOutput<R> {
        guard !isFinished else { return .end }
        if let code = openFailure {
            isFinished = true
            let start = JSONSourceLocation(byteOffset: 0, line: 1, column: 1)
            return .item(R(error: JSONRecordError(position: JSONRecordPosition(record: 1, start: start),
                                                  reason: .unreadable(code: code))))
        }
        guard let reader else { return .end }
        while true {
            let output: ReaderOutput<R?> = reader.next { piece -> R? in
                switch piece {
                case .problem(let problem, let location):
                    if problem.isRecord { recordCount += 1 }
                    let position = JSONRecordPosition(record: problem.isRecord ? recordCount : recordCount + 1, start: location)
                    return R(error: JSONRecordError(position: position, reason: .framing(problem)))
                case .record(let extent, let bytes):
                    return record(extent, bytes, make)
                }
            }
            switch output {
            case .item(.some(let record)): return .item(record)
            case .item(.none): continue  // a blank record
            case .needsInput: return .needsInput
            case .end:
                isFinished = true
                if let code = reader.failure {
                    let position = JSONRecordPosition(record: recordCount + 1, start: reader.location)
                    return .item(R(error: JSONRecordError(position: position, reason: .unreadable(code: code))))
                }
                return .end
            }
        }
    }

    /// A record from its extent: `nil` when it is blank, an error when it is too large or cut short, and
    /// otherwise what `make` makes of its bytes after the leading whitespace.
    private func record<R: ResultOrError>(
        _ extent: RecordExtent, _ bytes: UnsafeRawBufferPointer, _ make: (JSONRecordPosition, UnsafeRawBufferPointer) -> R
    ) -> R? {
        if extent.isTooLong {
            recordCount += 1
            return R(error: JSONRecordError(position: JSONRecordPosition(record: recordCount, start: extent.start),
                                            reason: .tooLarge(size: extent.length, limit: options.maximumRecordSize)))
        }
        // Skip the whitespace before the value, keeping count of where it ends.
        var skipped = 0
        var place = TextPosition(line: extent.start.line, column: extent.start.column,
                                 followsCarriageReturn: extent.startFollowsCarriageReturn)
        while skipped < bytes.count, JSONWhitespace.contains(bytes[skipped]) {
            place.advance(over: bytes[skipped])
            skipped += 1
        }
        if skipped == bytes.count, format == .lines || format == .textSequence {
            blankLineCount += 1
            return nil
        }
        recordCount += 1
        let start = JSONSourceLocation(byteOffset: extent.start.byteOffset + skipped, line: place.line, column: place.column)
        let position = JSONRecordPosition(record: recordCount, start: start)
        let value = UnsafeRawBufferPointer(rebasing: bytes[skipped...])
        if format == .textSequence, Self.mayBeCutShort(value) {
            return R(error: JSONRecordError(position: position, reason: .framing(.truncatedText)))
        }
        return make(position, value)
    }

    /// Whether a text of a sequence may have been cut short (RFC 7464, section 2.4): a number or a literal
    /// with no whitespace after it.
    private static func mayBeCutShort(_ text: UnsafeRawBufferPointer) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        let isScalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        return isScalar && !JSONWhitespace.contains(last)
    }
}

/// What ``RecordCursor/nextRecord(_:)`` returns: something that can also carry a record error.
protocol ResultOrError {
    init(error: JSONRecordError)
}

extension Result: ResultOrError where Failure == JSONRecordError {
    init(error: JSONRecordError) { self = .failure(error) }
}

extension Result where Success == JSONStream.Record, Failure == JSONRecordError {
    /// The record parsed from `bytes`, or its syntax error.
    init(parsing bytes: UnsafeRawBufferPointer, at position: JSONRecordPosition, options: JSONParsingOptions) {
        do throws(JSONSyntaxError) {
            self = .success(JSONStream.Record(position: position, document: try JSONDocument(parsing: bytes, options: options)))
        } catch {
            self = .failure(JSONRecordError(position: position, reason: .syntax(error)))
        }
    }
}

/// A validated record's outcome.
enum RecordCheck: ResultOrError {
    case valid
    case invalid(JSONRecordError)
    init(error: JSONRecordError) { self = .invalid(error) }

    /// Validates `bytes` in place.
    init(checking bytes: UnsafeRawBufferPointer, at position: JSONRecordPosition, options: JSONParsingOptions) {
        do throws(JSONSyntaxError) {
            try JSONDocument.validate(bytes, options: options)
            self = .valid
        } catch {
            self = .invalid(JSONRecordError(position: position, reason: .syntax(error)))
        }
    }
}
