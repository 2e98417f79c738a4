#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// A JSON Lines (NDJSON) stream: one JSON value per line, read record by record.
///
/// Lines end with LF; a CR before it is dropped, so CRLF files read the same. Lines that are empty or hold
/// only whitespace are skipped and are not records. Every other line is a record: a document, or an error
/// that says where (``JSONRecordPosition``) and why, after which reading goes on with the next line. So
/// the records plus the errors are the stream's non-blank lines.
///
/// ```swift
/// for record in JSONLines(contentsOfFile: "events.jsonl") {
///     switch record {
///     case .success(let record): print(record.root["type"].string)
///     case .failure(let error): print(error)   // record 3 (line 3, byte 52): Unexpected '}' ...
///     }
/// }
/// let events = JSONLines(text).decoded(as: Event.self, using: KeelDecoder())
/// ```
///
/// A file or a descriptor is read in chunks of 1 MiB: memory stays bounded by that and the largest record,
/// whatever the stream's length. A record longer than ``Options/maximumRecordSize`` is an error
/// (``JSONRecordError/Reason/tooLarge(size:limit:)``) and is skipped without being held.
public struct JSONLines: Sequence, Sendable {
    /// How records are read.
    public struct Options: Sendable {
        /// The rules and limits each record is parsed with.
        public var parsing = JSONParsingOptions()
        /// The longest record read, in bytes (default 64 MiB); a longer one is skipped as an error.
        public var maximumRecordSize = 64 << 20
        /// How many threads ``JSONLines/validate(reporting:)`` checks records on (default: the processors
        /// online); 1 checks them on the calling thread alone. Errors are reported in stream order either way.
        public var threads = Options.processorCount
        /// How much of a file or descriptor is read at a time (tests make it small to split records).
        var chunkSize = LineReader.defaultChunkSize
        /// How many bytes of records one thread validates at a time (tests make it small).
        var batchSize = RecordBatch.targetSize

        public init() {}
    }

    enum Input {
        case bytes([UInt8])
        case file(String)
        case descriptor(Int32)
    }

    let input: Input
    /// How records are read.
    public let options: Options

    /// The lines of bytes in memory.
    public init(_ bytes: [UInt8], options: Options = Options()) {
        input = .bytes(bytes)
        self.options = options
    }

    /// The lines of a string.
    public init(_ text: String, options: Options = Options()) {
        self.init(Array(text.utf8), options: options)
    }

    /// The lines of a file, read in chunks each time the sequence is iterated. A file that cannot be opened
    /// or read gives one ``JSONRecordError/Reason/unreadable(code:)`` error, which ends the sequence.
    public init(contentsOfFile path: String, options: Options = Options()) {
        input = .file(path)
        self.options = options
    }

    /// The lines read from an open file descriptor (standard input is 0), in chunks, to its end. The
    /// descriptor stays open; a second iteration reads on from where the first stopped.
    public init(fileDescriptor: Int32, options: Options = Options()) {
        input = .descriptor(fileDescriptor)
        self.options = options
    }

    /// A record: where it is, and its parsed document.
    public struct Record: Sendable {
        public let position: JSONRecordPosition
        public let document: JSONDocument
        /// The record's value.
        public var root: JSONView { document.root }
    }

    public struct Iterator: IteratorProtocol {
        let cursor: RecordCursor

        public mutating func next() -> Result<Record, JSONRecordError>? {
            let parsing = cursor.options.parsing
            return cursor.nextRecord { position, bytes in
                do throws(JSONSyntaxError) {
                    return .success(Record(position: position, document: try JSONDocument(parsing: bytes, options: parsing)))
                } catch {
                    return .failure(JSONRecordError(position: position, reason: .syntax(error)))
                }
            }
        }
    }

    public func makeIterator() -> Iterator { Iterator(cursor: RecordCursor(input: input, options: options)) }

    /// What a pass over the stream found: how many records there were, how many errors, and how many lines
    /// were blank.
    public struct Summary: Sendable, Hashable {
        /// The records (non-blank lines), valid or not.
        public var records = 0
        /// The errors reported: one per invalid record, and one more if the stream could not be read to its
        /// end.
        public var errors = 0
        /// The lines skipped because they are empty or only whitespace.
        public var blankLines = 0
    }

    /// Checks every record without keeping any (each is validated in place, see
    /// ``JSONDocument/validate(_:options:)-(UnsafeRawBufferPointer,_)``), calling `report` on the calling
    /// thread for each one that fails, in stream order. Records are checked on ``Options/threads`` threads,
    /// a few megabytes at a time.
    @discardableResult
    public func validate(reporting report: (JSONRecordError) -> Void = { _ in }) -> Summary {
        if options.threads > 1 { return validateConcurrently(threads: options.threads, reporting: report) }
        let cursor = RecordCursor(input: input, options: options)
        let parsing = options.parsing
        var summary = Summary()
        while let outcome = cursor.nextRecord({ position, bytes -> RecordCheck in
            do throws(JSONSyntaxError) {
                try JSONDocument.validate(bytes, options: parsing)
                return .valid
            } catch {
                return .invalid(JSONRecordError(position: position, reason: .syntax(error)))
            }
        }) {
            if case .invalid(let error) = outcome {
                summary.errors += 1
                report(error)
            }
        }
        summary.records = cursor.recordCount
        summary.blankLines = cursor.blankLineCount
        return summary
    }
}

/// One pass over a stream's records: turns the lines of a ``LineReader`` into numbered records, skipping
/// blank lines and reporting lines past the limit and read failures as errors.
final class RecordCursor {
    let options: JSONLines.Options
    private let reader: LineReader?
    /// A failure to open the input, reported as the first and only record.
    private var openFailure: Int32?
    private(set) var recordCount = 0
    private(set) var blankLineCount = 0
    private var nextLine = 1
    private var nextOffset = 0
    private var isFinished = false

    init(input: JSONLines.Input, options: JSONLines.Options) {
        self.options = options
        let limit = max(options.maximumRecordSize, 0)
        switch input {
        case .bytes(let bytes):
            reader = LineReader(source: .bytes(bytes), maximumLength: limit)
        case .descriptor(let descriptor):
            reader = LineReader(source: .descriptor(descriptor, closes: false), maximumLength: limit,
                                chunkSize: options.chunkSize)
        case .file(let path):
            let descriptor = open(path, O_RDONLY)
            if descriptor >= 0 {
                reader = LineReader(source: .descriptor(descriptor, closes: true), maximumLength: limit,
                                    chunkSize: options.chunkSize)
            } else {
                reader = nil
                openFailure = errno
            }
        }
    }

    /// The next record made by `make` from its position and bytes (valid only during the call), or an error
    /// for a record that is too large or a stream that cannot be read; `nil` at the end.
    func nextRecord<R>(_ make: (JSONRecordPosition, UnsafeRawBufferPointer) -> R) -> R?
        where R: ResultOrError {
        guard !isFinished else { return nil }
        if let code = openFailure {
            isFinished = true
            return R(error: JSONRecordError(position: JSONRecordPosition(record: 1, line: 1, byteOffset: 0),
                                            reason: .unreadable(code: code)))
        }
        guard let reader else { return nil }
        while true {
            let outcome: R?? = reader.next { line, bytes -> R? in
                nextLine = line.number + 1
                nextOffset = line.byteOffset + line.length + 1
                if !line.isTooLong, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                    blankLineCount += 1
                    return nil
                }
                recordCount += 1
                let position = JSONRecordPosition(record: recordCount, line: line.number, byteOffset: line.byteOffset)
                if line.isTooLong {
                    return R(error: JSONRecordError(position: position,
                                                    reason: .tooLarge(size: line.length, limit: options.maximumRecordSize)))
                }
                return make(position, bytes)
            }
            switch outcome {
            case .some(.some(let record)): return record
            case .some(.none): continue  // a blank line
            case .none:
                isFinished = true
                if let code = reader.failure {
                    let position = JSONRecordPosition(record: recordCount + 1, line: nextLine, byteOffset: nextOffset)
                    return R(error: JSONRecordError(position: position, reason: .unreadable(code: code)))
                }
                return nil
            }
        }
    }
}

/// What ``RecordCursor/nextRecord(_:)`` returns: something that can also carry a record error.
protocol ResultOrError {
    init(error: JSONRecordError)
}

extension Result: ResultOrError where Failure == JSONRecordError {
    init(error: JSONRecordError) { self = .failure(error) }
}

/// A validated record's outcome.
enum RecordCheck: ResultOrError {
    case valid
    case invalid(JSONRecordError)
    init(error: JSONRecordError) { self = .invalid(error) }
}
