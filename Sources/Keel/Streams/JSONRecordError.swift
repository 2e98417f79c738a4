/// Where a record of a stream starts: its number among the records, and the place of its first byte (after
/// any whitespace) in the whole stream.
public struct JSONRecordPosition: Sendable, Hashable, CustomStringConvertible {
    /// The record's number among the stream's records, from 1 (blank lines are not records).
    public let record: Int
    /// The record's first byte in the stream: its byte offset, line and column.
    public let start: JSONSourceLocation

    public init(record: Int, start: JSONSourceLocation) {
        self.record = record
        self.start = start
    }

    /// A record that starts at the beginning of a line.
    public init(record: Int, line: Int, byteOffset: Int) {
        self.init(record: record, start: JSONSourceLocation(byteOffset: byteOffset, line: line, column: 1))
    }

    /// Where a place in the record (a location the record's own parse or decode gave, counted from the
    /// record's first byte) is in the whole stream.
    public func streamLocation(of inRecord: JSONSourceLocation) -> JSONSourceLocation {
        JSONSourceLocation(byteOffset: byteOffset + inRecord.byteOffset, line: line + inRecord.line - 1,
                           column: inRecord.line == 1 ? column + inRecord.column - 1 : inRecord.column)
    }

    /// The stream's line where the record starts, from 1.
    public var line: Int { start.line }
    /// The column on that line where the record starts, from 1 (in Unicode scalars).
    public var column: Int { start.column }
    /// The offset of the record's first byte from the start of the stream.
    public var byteOffset: Int { start.byteOffset }

    /// `record 3 (line 4, byte 120)`, with the column when the record does not start a line.
    public var description: String {
        column == 1 ? "record \(record) (line \(line), byte \(byteOffset))"
            : "record \(record) (line \(line), column \(column), byte \(byteOffset))"
    }
}

/// A break in a stream's framing, found between records rather than inside one.
public enum JSONStreamProblem: Sendable, Hashable, CustomStringConvertible {
    /// A text sequence has text before its first RS (0x1E); it is skipped up to the next RS.
    case missingRecordSeparator
    /// A text of a sequence is a number or a literal with no whitespace after it, so it may have been cut
    /// short (RFC 7464, section 2.4).
    case truncatedText
    /// A stream read as an array does not start with `[`; nothing of it is read.
    case notAnArray
    /// A comma or the closing bracket stands where an array element should be: `[1,,2]`, `[1,]`.
    case missingElement
    /// The stream ended inside the array.
    case unclosedArray
    /// Something other than whitespace follows the array's closing bracket; it is not read.
    case contentAfterArray
    /// The stream starts with one or two bytes of a UTF-8 byte order mark (EF BB BF) but not the whole of it.
    case partialByteOrderMark

    /// Whether the problem takes the place of a record (and is counted as one): a text or an element that is
    /// there but wrong, rather than a break around the records.
    public var isRecord: Bool { self == .truncatedText || self == .missingElement }

    public var description: String {
        switch self {
        case .missingRecordSeparator: "Text before the first record separator (RS, 0x1E) of a JSON text sequence."
        case .truncatedText: "A number or literal with no whitespace after it: the text may have been cut short."
        case .notAnArray: "Expected '[' to open the array whose elements are the records."
        case .missingElement: "Expected an array element before this ',' or ']'."
        case .unclosedArray: "The stream ended before the array's closing ']'."
        case .contentAfterArray: "Unexpected content after the array's closing ']'."
        case .partialByteOrderMark: "The stream starts with part of a byte order mark (EF BB BF), not all of it."
        }
    }
}

/// A record of a stream that could not be read or decoded: where it is in the stream and why. Reading goes
/// on with the next record.
///
/// Its description says the place once, in the stream's terms, then the record's number:
///
/// ```
/// Unexpected '}' at line 3, column 9 (byte 60): expected a value (record 3).
/// ```
public struct JSONRecordError: Error, Sendable, CustomStringConvertible {
    /// Why the record failed.
    public enum Reason: Sendable {
        /// The record is not one JSON value.
        case syntax(JSONSyntaxError)
        /// The record is longer than ``JSONStream/Options/maximumRecordSize``; it was skipped without being
        /// held in memory.
        case tooLarge(size: Int, limit: Int)
        /// The record is JSON, but decoding it as the asked type failed (a ``JSONDecodingError`` from the
        /// decoding styles, a `DecodingError` from ``KeelDecoder``).
        case decoding(any Error)
        /// The stream could not be read any further (`errno`); nothing after this error is read.
        case unreadable(code: Int32)
        /// The stream's framing is broken here (see ``JSONStreamProblem``).
        case framing(JSONStreamProblem)
    }

    /// Where the record starts.
    public let position: JSONRecordPosition
    /// Why it failed.
    public let reason: Reason

    public init(position: JSONRecordPosition, reason: Reason) {
        self.position = position
        self.reason = reason
    }

    /// Where the problem is in the stream: inside the record when the reason says where, else the record's
    /// start.
    public var location: JSONSourceLocation {
        guard let inRecord = locationInRecord else { return position.start }
        return position.streamLocation(of: inRecord)
    }

    /// The stream's line of the problem: the record's line, or a later one for a record that spans lines.
    public var line: Int { location.line }

    /// The column of the problem on ``line``, from 1 (in Unicode scalars).
    public var column: Int { location.column }

    /// Where the problem is within the record, when the reason says.
    private var locationInRecord: JSONSourceLocation? {
        switch reason {
        case .syntax(let error): return JSONSourceLocation(byteOffset: error.byteOffset, line: error.line, column: error.column)
        case .decoding(let error): return Self.keelError(error)?.location
        default: return nil
        }
    }

    /// One sentence that says the place once, in the stream's terms: `Unexpected '}' at line 2, column 6
    /// (byte 13): expected a value (record 2).` for an error inside a record, `record 3 (line 3, byte 52):
    /// Record too large: ...` for one about the record as a whole.
    public var description: String {
        if let inside = describing(place: { location in
            " at line \(location.line), column \(location.column) (byte \(location.byteOffset))"
        }, decodingPlace: { location in " (line \(location.line), column \(location.column))" }) {
            return "\(inside) (record \(position.record))."
        }
        return "\(position): \(reasonDescription)."
    }

    /// What went wrong, without where: for a tool that prints the place itself (`events.jsonl:2:6: Unexpected
    /// '}': expected a value`), then the record's number. No final period.
    public var reasonDescription: String {
        if let inside = describing(place: { _ in "" }, decodingPlace: { _ in "" }) { return inside }
        let why: String = switch reason {
        case .tooLarge(let size, let limit): "Record too large: \(size) bytes, more than the limit of \(limit)."
        case .unreadable(let code): "The stream could not be read: \(SystemLibrary.message(forError: code))."
        case .framing(let problem): problem.description
        case .syntax(let error): error.description
        case .decoding(let error): String(describing: error)
        }
        return why.hasSuffix(".") ? String(why.dropLast()) : why
    }

    /// The message of an error that says where it is inside the record, with that place given in the stream's
    /// terms by `place` (syntax) or `decodingPlace` (Keel's decoding errors); `nil` for the other reasons. No
    /// final period.
    private func describing(place: (JSONSourceLocation) -> String, decodingPlace: (JSONSourceLocation) -> String) -> String? {
        let text: String
        switch reason {
        case .syntax(let error): text = error.describing(place: place(location))
        case .decoding(let error):
            guard let keel = Self.keelError(error) else { return nil }
            text = keel.describing(place: keel.location == nil ? "" : decodingPlace(location))
        default: return nil
        }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// Keel's own decoding error in `error`, directly or (from the Codable bridge) inside a `DecodingError`.
    private static func keelError(_ error: any Error) -> JSONDecodingError? {
        if let error = error as? JSONDecodingError { return error }
        #if canImport(FoundationEssentials) || canImport(Foundation)
        if let error = error as? DecodingError { return error.jsonDecodingError }
        #endif
        return nil
    }
}
