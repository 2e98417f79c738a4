/// Parsed JSON text: the input bytes and a flat index of every value in them, read through ``JSONView``.
///
/// Parsing checks the whole text against RFC 8259 and records each value as one 16-byte entry; no value is
/// allocated, no string is unescaped and no number converted until you read it. That makes a document the
/// fastest way to read a few fields of a large text, and the base every decoding style in Keel builds on.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"people": [{"name": "Matt", "age": 32}]}"#)
/// let name = document.root["people"][0]["name"].string     // .success("Matt")
/// let json = JSON(document.root)                           // a JSON tree, when you want one
/// ```
///
/// An error says what and where:
///
/// ```
/// Unexpected ']' at line 1, column 12 (byte 11): expected a value.
/// ```
///
/// A document is immutable and `Sendable`; views into it keep it alive.
///
/// - Note: A document owns its bytes. Given a `[UInt8]` it shares that array without copying; given a
///   `String`, an `UnsafeRawBufferPointer`, a `RawSpan` or `Data`, it scans the caller's bytes in place and then
///   keeps one copy (a single `memcpy`). ``validate(_:options:)-(UnsafeRawBufferPointer,_)`` checks bytes without any copy, and without recording anything.
public struct JSONDocument: Sendable {
    let storage: DocumentStorage

    /// A document over storage made elsewhere (a tree written with its tape).
    init(storage: DocumentStorage) { self.storage = storage }

    /// Parses UTF-8 bytes, sharing the array (no copy).
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not one JSON value, or exceed a limit in `options`.
    /// - Complexity: O(n) in the number of bytes.
    public init(parsing bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        let wide = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try WideText.transcoding(buffer, options: options)
        }
        if let wide {
            self = try JSONDocument(transcoded: wide, options: options)
            return
        }
        if options.syntax == .json5 {
            self = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONDocument(json5: buffer, options: options)
            }
            return
        }
        if options.syntax != .strict {
            self = try JSONDocument(commented: bytes, options: options)
            return
        }
        let scanned = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try JSONDocument.scan(buffer, options: options)
        }
        storage = DocumentStorage(bytes: bytes, tape: scanned.tape, keyIndexes: scanned.keyIndexes)
    }

    /// Parses a string's UTF-8 text.
    public init(parsing text: String, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }

    /// Parses bytes in memory you own; the document keeps one copy of them once they are known to be valid.
    public init(parsing buffer: UnsafeRawBufferPointer, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        if let wide = try WideText.transcoding(bytes, options: options) {
            self = try JSONDocument(transcoded: wide, options: options)
            return
        }
        if options.syntax == .json5 {
            self = try JSONDocument(json5: bytes, options: options)
            return
        }
        if options.syntax != .strict {
            self = try JSONDocument(commented: Array(bytes), options: options)
            return
        }
        let scanned = try JSONDocument.scan(bytes, options: options)
        storage = DocumentStorage(bytes: Array(bytes), tape: scanned.tape, keyIndexes: scanned.keyIndexes)
    }

    /// Parses the bytes of a `RawSpan`; the document keeps one copy of them once they are known to be valid.
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    public init(parsing span: RawSpan, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        let result = span.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try JSONDocument(parsing: buffer, options: options) }
        }
        self = try result.get()
    }

    /// Checks that `buffer` holds exactly one JSON value, without copying it or keeping anything.
    ///
    /// Validation applies every rule and limit that parsing does and throws the same error for the same
    /// input, but records nothing: its memory does not grow with the input (only with its nesting), so a
    /// file of gigabytes can be checked in place, for example mapped into memory. With
    /// ``JSONParsingOptions/DuplicateKeyPolicy/reject`` it records the tape as parsing does, because finding a repeated key
    /// means comparing keys.
    ///
    /// - Throws: ``JSONSyntaxError`` for the first problem found.
    public static func validate(_ buffer: UnsafeRawBufferPointer, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        try validate(buffer.assumingMemoryBound(to: UInt8.self), options: options)
    }

    /// Checks that `bytes` hold exactly one JSON value, keeping nothing; see
    /// ``validate(_:options:)-(UnsafeRawBufferPointer,_)``.
    ///
    /// - Throws: ``JSONSyntaxError`` for the first problem found.
    public static func validate(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try validate(buffer, options: options) }
    }

    private static func validate(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONSyntaxError) {
        if let wide = try WideText.transcoding(bytes, options: options) {
            _ = try JSONDocument(transcoded: wide, options: options)
            return
        }
        guard options.duplicateKeys != .reject, options.syntax == .strict else {
            if options.syntax == .json5 {
                _ = try JSONDocument(json5: bytes, options: options)
                return
            }
            if options.syntax != .strict {
                _ = try JSONDocument(commented: Array(bytes), options: options)
                return
            }
            _ = try scan(bytes, options: options)
            return
        }
        var scanner = try Scanner(bytes: bytes, options: options, recordsTape: false)
        defer { scanner.discardTape() }
        try scanner.scanDocument()
    }

    /// Refuses text of more than the options allow before a copy of it is made (the JSONC and JSON5 readers
    /// make one), with the error the scanner would give.
    private static func refuseOversizedText(count: Int, options: JSONParsingOptions) throws(JSONSyntaxError) {
        let maximumSize = min(options.maximumDocumentSize, JSONParsingOptions.largestDocumentSize)
        guard count <= maximumSize else {
            throw JSONSyntaxError(kind: .documentTooLarge, byteOffset: 0, line: 1, column: 1,
                                  expected: "at most \(maximumSize) bytes", found: "\(count) bytes",
                                  limit: maximumSize, syntax: options.syntax)
        }
    }

    /// Parses text with comments (``JSONParsingOptions/Syntax/jsonc``): the scanner reads a copy with each
    /// comment and trailing comma made spaces, and the document keeps the text as written beside it.
    private init(commented text: [UInt8], options: JSONParsingOptions,
                 originalOffsets: OriginalOffsets? = nil) throws(JSONSyntaxError) {
        try JSONDocument.refuseOversizedText(count: text.count, options: options)
        let blanked = text.withUnsafeBufferPointer { BlankedText(blanking: $0, maximumDepth: options.maximumDepth) }
        let scanned: (tape: TapeBuffer, keyIndexes: [Int: ObjectKeyIndex])
        do {
            scanned = try blanked.bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONDocument.scan(buffer, options: options)
            }
        } catch {
            let explained = text.withUnsafeBufferPointer { blanked.explaining(error, syntax: options.syntax, in: $0) }
            throw originalOffsets?.inOriginalTerms(explained) ?? explained
        }
        let commented = CommentedText(bytes: text, comments: blanked.comments, trailingCommas: blanked.trailingCommas)
        storage = DocumentStorage(bytes: blanked.bytes, tape: scanned.tape, keyIndexes: scanned.keyIndexes,
                                  originalOffsets: originalOffsets, commentedText: commented)
    }

    /// Parses JSON5 (``JSONParsingOptions/Syntax/json5``): one pass checks the grammar and rewrites the text
    /// as JSON (`JSON5Translation`), the scanner reads that, and the document keeps the text as written with
    /// the way back to its offsets.
    private init(json5 text: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions,
                 originalOffsets: OriginalOffsets? = nil) throws(JSONSyntaxError) {
        try JSONDocument.refuseOversizedText(count: text.count, options: options)
        let translation: JSON5Translation
        do {
            translation = try JSON5Translation(translating: text, options: options)
        } catch {
            throw originalOffsets?.inOriginalTerms(error) ?? error
        }
        // The rewritten text may be longer than the original, which was within the size limit, and so may a
        // number (hexadecimal written in decimal), whose length the translation has checked as written.
        var inner = options
        inner.maximumDocumentSize = JSONParsingOptions.largestDocumentSize
        inner.maximumNumberLength = Int.max
        let scanned: (tape: TapeBuffer, keyIndexes: [Int: ObjectKeyIndex])
        do {
            scanned = try translation.bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONDocument.scan(buffer, options: inner)
            }
        } catch {
            let moved = JSONSyntaxError(
                kind: error.kind, byteOffset: translation.offsets.originalOffset(of: error.byteOffset), line: 0,
                column: 0, expected: error.expected, found: error.found, limit: error.limit)
            let explained = moved.read(as: .json5, in: text)
            throw originalOffsets?.inOriginalTerms(explained) ?? explained
        }
        let commented = CommentedText(bytes: Array(text), comments: translation.comments,
                                      trailingCommas: translation.trailingCommas, translation: translation.offsets)
        storage = DocumentStorage(bytes: translation.bytes, tape: scanned.tape, keyIndexes: scanned.keyIndexes,
                                  originalOffsets: originalOffsets, commentedText: commented)
    }

    /// Parses wide input already transcoded to UTF-8; errors and locations give the input's byte offsets.
    private init(transcoded wide: WideText, options: JSONParsingOptions) throws(JSONSyntaxError) {
        if options.syntax == .json5 {
            self = try wide.utf8.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONDocument(json5: buffer, options: WideText.scanningOptions(options), originalOffsets: wide.offsets)
            }
            return
        }
        if options.syntax != .strict {
            self = try JSONDocument(commented: wide.utf8, options: WideText.scanningOptions(options),
                                    originalOffsets: wide.offsets)
            return
        }
        let inner = WideText.scanningOptions(options)
        let scanned: (tape: TapeBuffer, keyIndexes: [Int: ObjectKeyIndex])
        do {
            scanned = try wide.utf8.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                try JSONDocument.scan(buffer, options: inner)
            }
        } catch {
            throw wide.offsets.inOriginalTerms(error)
        }
        storage = DocumentStorage(bytes: wide.utf8, tape: scanned.tape, keyIndexes: scanned.keyIndexes,
                                  originalOffsets: wide.offsets)
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions
    ) throws(JSONSyntaxError) -> (tape: TapeBuffer, keyIndexes: [Int: ObjectKeyIndex]) {
        var scanner = try Scanner(bytes: bytes, options: options)
        do {
            try scanner.scanDocument()
        } catch {
            scanner.discardTape()
            throw error
        }
        return (scanner.finishTape(), scanner.keyIndexes)
    }

    /// The top-level value.
    public var root: JSONView { JSONView(storage: storage, index: 0) }

    /// The text the document was parsed from, as UTF-8 bytes; for JSONC and JSON5, as written, comments
    /// included.
    public var bytes: [UInt8] { storage.commentedText?.bytes ?? storage.bytes }

    /// The grammar the document was read in: ``JSONParsingOptions/Syntax/jsonc`` or
    /// ``JSONParsingOptions/Syntax/json5`` when its text may hold comments.
    public var syntax: JSONParsingOptions.Syntax {
        guard let commented = storage.commentedText else { return .strict }
        return commented.translation == nil ? .jsonc : .json5
    }

    /// Whether the text holds a comment (only text read as JSONC or JSON5 can).
    public var hasComments: Bool { !(storage.commentedText?.comments.isEmpty ?? true) }

    /// How many values the document holds, counting every key, element and container.
    public var valueCount: Int { storage.tape.count }
}

extension JSON {
    /// Parses UTF-8 bytes into a `JSON` tree.
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not one JSON value.
    public init(parsing bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        self.init(try JSONDocument(parsing: bytes, options: options).root)
    }

    /// Parses JSON text into a `JSON` tree.
    ///
    /// ```swift
    /// let value = try JSON(parsing: #"{"a": [1, 2.5, "x"]}"#)
    /// ```
    ///
    /// - Throws: ``JSONSyntaxError`` when the text is not one JSON value.
    public init(parsing text: String, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        self.init(try JSONDocument(parsing: text, options: options).root)
    }

    /// Parses bytes in memory you own into a `JSON` tree.
    public init(parsing buffer: UnsafeRawBufferPointer, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        self.init(try JSONDocument(parsing: buffer, options: options).root)
    }
}
