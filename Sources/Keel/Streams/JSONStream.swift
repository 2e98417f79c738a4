/// A stream of JSON values, read record by record: JSON Lines, a JSON text sequence, concatenated documents,
/// or the elements of one top-level array (see ``Format``).
///
/// Every record is a document, or an error that says where (``JSONRecordPosition``) and why, after which
/// reading goes on with the next record.
///
/// ```swift
/// for record in JSONLines(contentsOfFile: "events.jsonl") {
///     switch record {
///     case .success(let record): print(record.root["type"].string)
///     case .failure(let error): print(error)   // Unexpected '}' at line 3, column ... (record 3).
///     }
/// }
/// let events = JSONLines(text).decoded(as: Event.self, using: KeelDecoder())
/// let rows = JSONStream(contentsOfFile: "export.json", format: .array).decoded(as: Row.self)
/// ```
///
/// A file or a descriptor is read in chunks of 1 MiB: memory stays bounded by that and the largest record,
/// whatever the stream's length. A record longer than ``Options/maximumRecordSize`` is an error
/// (``JSONRecordError/Reason/tooLarge(size:limit:)``) and is skipped without being held. For streams that
/// arrive asynchronously, see ``AsyncJSONStream``.
public struct JSONStream: Sequence, Sendable {
    /// How the values of a stream are told apart.
    public enum Format: Sendable, Hashable, CaseIterable {
        /// JSON Lines (NDJSON): one value per line. Lines end with LF; a CR before it is whitespace, so CRLF
        /// files read the same. Lines that are empty or only whitespace are skipped and counted as blank.
        case lines
        /// A JSON text sequence (RFC 7464, `application/json-seq`): each value follows an RS byte (0x1E) and
        /// usually ends with LF. Empty texts are skipped as blank; a number or `true`, `false` or `null` not
        /// followed by whitespace may have been cut short and is an error, as the RFC asks; text before the
        /// first RS is an error.
        case textSequence
        /// Values one after another, separated by whitespace or by nothing where they cannot run together:
        /// `{"a":1}{"a":2} 3 "x"`. A value ends where its brackets balance (containers), at its closing quote
        /// (strings), or at whitespace or the next `{`, `[` or `"` (numbers and literals).
        case concatenated
        /// The elements of one top-level array, read one at a time, so that an array of any size needs no
        /// more memory than its largest element. The array's brackets and commas are checked; an element
        /// missing between commas, an unclosed array and anything after it are errors.
        case array
    }


    /// How records are read.
    public struct Options: Sendable {
        /// The rules and limits each record is parsed with.
        public var parsing = JSONParsingOptions()
        /// The longest record read, in bytes (default 64 MiB); a longer one is skipped as an error.
        public var maximumRecordSize = 64 << 20
        /// How many threads ``JSONStream/validate(reporting:)`` checks records on (default: the processors
        /// online); 1 checks them on the calling thread alone. Errors are reported in stream order either way.
        public var threads = Options.processorCount
        /// How many bytes of a file or descriptor are read at a time (default 1 MiB); memory holds one such
        /// chunk besides the record being gathered.
        public var chunkSize = RecordReader.defaultChunkSize
        /// How many bytes of records one thread validates at a time (tests make it small).
        var batchSize = RecordBatch.targetSize

        public init() {}

        /// The rules each record is parsed with: ``parsing``, except that a byte order mark is an error. The
        /// framing has already skipped (or left to the first record) the one a stream may start with; at the
        /// start of any other record it is stray bytes.
        var recordParsing: JSONParsingOptions {
            var rules = parsing
            rules.byteOrderMark = .reject
            return rules
        }
    }

    enum Input {
        case bytes([UInt8])
        case file(String)
        case descriptor(Int32)
        /// Chunks handed in one at a time (an asynchronous source).
        case pushed
        /// An input that cannot be read at all (`errno`), reported as the only record.
        case unreadable(Int32)
    }

    let input: Input
    /// How the stream's values are told apart.
    public let format: Format
    /// How records are read.
    public let options: Options

    /// The records of bytes in memory.
    public init(_ bytes: [UInt8], format: Format = .lines, options: Options = Options()) {
        input = .bytes(bytes)
        self.format = format
        self.options = options
    }

    /// The records of a string.
    public init(_ text: String, format: Format = .lines, options: Options = Options()) {
        self.init(Array(text.utf8), format: format, options: options)
    }

    /// The records of a file, read in chunks each time the sequence is iterated. A file that cannot be opened
    /// or read gives one ``JSONRecordError/Reason/unreadable(code:)`` error, which ends the sequence.
    public init(contentsOfFile path: String, format: Format = .lines, options: Options = Options()) {
        input = .file(path)
        self.format = format
        self.options = options
    }

    /// The records read from an open file descriptor (standard input is 0), in chunks, to its end. The
    /// descriptor stays open; a second iteration reads on from where the first stopped.
    public init(fileDescriptor: Int32, format: Format = .lines, options: Options = Options()) {
        input = .descriptor(fileDescriptor)
        self.format = format
        self.options = options
    }

    /// A stream whose input cannot be read (`errno`): its one record is that error.
    init(unreadable code: Int32, format: Format, options: Options) {
        input = .unreadable(code)
        self.format = format
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
        private var errors = 0

        init(cursor: RecordCursor) { self.cursor = cursor }

        public mutating func next() -> Result<Record, JSONRecordError>? {
            let parsing = cursor.options.recordParsing
            let result = cursor.nextRecord { Result(parsing: $1, at: $0, options: parsing) }
            if case .failure = result { errors += 1 }
            return result
        }

        /// What the pass has found so far: the records and errors handed out, and the blank records skipped.
        public var summary: Summary {
            Summary(records: cursor.recordCount, errors: errors, blankLines: cursor.blankLineCount)
        }
    }

    public func makeIterator() -> Iterator { Iterator(cursor: makeCursor()) }

    /// A new pass over the stream.
    func makeCursor() -> RecordCursor { RecordCursor(input: input, format: format, options: options) }

    /// What a pass over the stream found: how many records there were, how many errors, and how many lines
    /// were blank.
    public struct Summary: Sendable, Hashable {
        /// The records (for JSON Lines, the non-blank lines), valid or not.
        public var records = 0
        /// The errors reported: one per invalid record, one per break in the stream's framing that is not a
        /// record (``JSONStreamProblem/isRecord``), and one more if the stream could not be read to its end.
        public var errors = 0
        /// The records skipped because they are empty or only whitespace: blank lines in JSON Lines, empty
        /// texts in a text sequence.
        public var blankLines = 0

        public init(records: Int = 0, errors: Int = 0, blankLines: Int = 0) {
            self.records = records
            self.errors = errors
            self.blankLines = blankLines
        }
    }

    /// Checks every record without keeping any (each is validated in place, see
    /// ``JSONDocument/validate(_:options:)-(UnsafeRawBufferPointer,_)``), calling `report` on the calling
    /// thread for each one that fails, in stream order. Records are checked on ``Options/threads`` threads,
    /// a few megabytes at a time.
    @discardableResult
    public func validate(reporting report: (JSONRecordError) -> Void = { _ in }) -> Summary {
        if options.threads > 1 { return validateConcurrently(threads: options.threads, reporting: report) }
        let cursor = makeCursor()
        let parsing = options.recordParsing
        var summary = Summary()
        while let outcome = cursor.nextRecord({ RecordCheck(checking: $1, at: $0, options: parsing) }) {
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


/// The usual name for a stream of JSON Lines: `JSONLines(...)` reads the ``JSONStream/Format/lines`` format
/// unless told otherwise.
public typealias JSONLines = JSONStream
