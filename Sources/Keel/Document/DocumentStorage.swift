// The shared, immutable heart of a parsed document: its bytes, its tape and the key indexes of large objects,
// with what is worked out lazily kept behind one lock.

/// What a document works out lazily, under one lock.
struct DocumentCaches {
    /// Line and column every ``SourcePositionIndex/stride`` bytes, once a location that far in is asked for.
    var checkpoints: [TextPosition]?
    /// Container tape index → the tape index of each child's value, for containers of more than
    /// ``ChildPositionIndex/threshold`` children, once one is asked for.
    var childPositions: [Int: [UInt32]] = [:]
}

/// What a document and its views share: the bytes, the tape and the key indexes of large objects, constant
/// after parsing, and the caches, behind their lock; so it is `Sendable`.
@usableFromInline final class DocumentStorage: Sendable {
    let bytes: [UInt8]
    let tape: TapeBuffer
    let keyIndexes: [Int: ObjectKeyIndex]
    /// Whether the bytes are text someone gave (parsed), rather than text Keel wrote for a `JSON` tree;
    /// errors name lines and columns only in the first case.
    let hasSourceText: Bool
    /// For text read from UTF-16 or UTF-32 input: the way from offsets in `bytes` (UTF-8) back to the input's.
    let originalOffsets: OriginalOffsets?
    /// For text read as JSON with comments: the text as written (`bytes` is the copy the scanner read, each
    /// comment and trailing comma made spaces), and where its comments are.
    let commentedText: CommentedText?
    /// What is worked out only when first needed: line and column checkpoints, child positions of large
    /// containers.
    let caches = Locked(DocumentCaches())
    /// Key tables of the objects of a middling size searched last, for the thread that reads the document.
    let memberTables = MemberTables()

    init(bytes: [UInt8], tape: TapeBuffer, keyIndexes: [Int: ObjectKeyIndex], hasSourceText: Bool = true,
         originalOffsets: OriginalOffsets? = nil, commentedText: CommentedText? = nil) {
        self.bytes = bytes
        self.commentedText = commentedText
        self.originalOffsets = originalOffsets
        self.tape = tape
        self.keyIndexes = keyIndexes
        self.hasSourceText = hasSourceText
    }

    deinit { memberTables.deallocate() }

    func withReader<R>(_ body: (TapeReader) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(TapeReader(bytes: $0, tape: tape.base)) }
    }

    /// The line and column of `offset` in the text, with the byte offset in the input's terms.
    func location(ofByte offset: Int) -> JSONSourceLocation {
        // Counted in the text as written: a comment's characters are one column each there.
        let text = commentedText?.bytes ?? bytes
        let offset = commentedText?.originalOffset(of: offset) ?? offset
        let location = text.withUnsafeBufferPointer { SourcePositionIndex.location(ofByte: offset, in: $0, caches: caches) }
        guard let originalOffsets else { return location }
        return JSONSourceLocation(byteOffset: originalOffsets.originalOffset(ofUTF8: location.byteOffset),
                                  line: location.line, column: location.column)
    }

    /// The tape index of the value after the one at `index` (its next sibling), skipping its descendants.
    @usableFromInline
    func indexOfValue(after index: Int) -> Int { TapeReader.indexAfter(index, in: tape.base) }
}
