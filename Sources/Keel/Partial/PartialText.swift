// The text of a document still arriving, scanned onto one tape as it comes. The scan runs when a snapshot is
// asked for, not at every chunk, and goes on from where the last one stopped (`Scanner.resume`): each byte
// is scanned once, but for the token a snapshot cuts, which the next scan reads again from its first byte.
// A finished value is then a tape index, read through a document over the tape, so decoding it scans
// nothing again; the open containers are the scan's stack, with their finished members read off the tape.
//
// The scan knows only where the text stops being valid. For the error itself (its kind, place and message)
// the text so far goes through `JSONIncrementalParser`, so that both ways of reading a document still arriving
// report the same error for the same bytes.

/// A document arriving in pieces: all of its bytes, their tape, the containers still open and their finished
/// members.
final class PartialText {
    let options: JSONParsingOptions
    /// Every byte received.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// The open containers, the root's first.
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    /// The root value's tape index, once it has all arrived.
    @exclusivity(unchecked) private(set) var root: Int?
    /// The first byte of the string value the text so far ends inside, and the end of its characters that
    /// have arrived whole (an escape or a UTF-8 sequence cut by the end is not yet shown).
    @exclusivity(unchecked) private(set) var openStringStart: Int?
    @exclusivity(unchecked) private(set) var openStringShownEnd = 0

    @exclusivity(unchecked) private var scan = ResumableScan()
    @exclusivity(unchecked) private var tape: GrowingTape?
    @exclusivity(unchecked) private var checkedByteOrderMark = false
    @exclusivity(unchecked) private var failure: JSONSyntaxError?
    /// The document over the tape that finished values are read through, until the next scan.
    @exclusivity(unchecked) private var readingDocument: DocumentStorage?

    /// An open array or object.
    struct Frame {
        /// Its tape index.
        let container: Int
        /// The offset of its `[` or `{`.
        let start: Int
        let isObject: Bool
        /// Its finished members, in order.
        var members: [Member] = []
        /// In an object, the tape index of the key whose value is open (or has not begun).
        var pendingKey: Int?
        /// The tape index where the members not yet read start.
        var nextEntry: Int
    }

    /// A finished member: the tape indexes of its key (-1 in an array) and of its value.
    struct Member {
        let key: Int
        let value: Int
    }

    init(options: JSONParsingOptions) {
        self.options = options
    }

    /// Appends bytes; the scan waits for ``advance(isAtEnd:)``.
    func append(_ chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if let failure { throw failure }
        // The reading document shares the bytes: let it go first, or appending would copy them all.
        readingDocument = nil
        bytes.append(contentsOf: chunk)
        if bytes.count > options.maximumDocumentSize { throw fail(isAtEnd: false) }
    }

    /// Scans the text received since the last scan. With `isAtEnd`, the input has ended: a number at the
    /// very end is whole, and the root must be complete.
    func advance(isAtEnd: Bool = false) throws(JSONSyntaxError) {
        if let failure { throw failure }
        readingDocument = nil
        if !checkedByteOrderMark, options.byteOrderMark == .skip {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let seen = min(bytes.count, 3)
            if seen < 3, !isAtEnd, bytes.prefix(seen).elementsEqual(mark.prefix(seen)) { return }
            if seen == 3, bytes.prefix(3).elementsEqual(mark) { scan.position = 3 }
        }
        checkedByteOrderMark = true
        guard var tape = takeTape() ?? GrowingTape(capacity: 64), GrowingTape.makeWritable(&tape) else {
            throw memoryRefused()
        }
        self.tape = tape
        var indexes = tape.keyIndexes
        tape.keyIndexes = [:]
        var cut: Int?
        let scanned = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var scanner = Scanner(bytes: buffer, options: options, continuing: tape.base, count: tape.count,
                                  capacity: tape.capacity, keyIndexes: indexes)
            defer {
                indexes = scanner.keyIndexes
                tape.adopt(base: scanner.tapeBase, count: scanner.tapeCount, capacity: scanner.tapeCapacity, keyIndexes: [:])
            }
            do {
                cut = try scanner.resume(&scan, isAtEnd: isAtEnd)
                return true
            } catch {
                return false
            }
        }
        tape.keyIndexes = indexes
        if !scanned {
            // The scan's errors are not the ones users see; the incremental parser's are. Should the parser
            // find nothing wrong yet, the scan waits where it stopped, as for a cut.
            if isAtEnd || hasError() { throw fail(isAtEnd: isAtEnd) }
        }
        root = scan.expectation == .end ? 0 : nil
        if isAtEnd, root == nil { throw fail(isAtEnd: true) }
        openStringStart = nil
        if let cut, bytes[cut] == UInt8(ascii: "\""), scan.expectation == .value || scan.expectation == .firstElement {
            openStringStart = cut
            openStringShownEnd = Self.shownEnd(ofStringAt: cut, in: bytes)
        }
        updateFrames(tape)
    }

    /// The tape, no longer held here: while the scan checks whether anything else holds it, only the scan does.
    private func takeTape() -> GrowingTape? {
        let taken = tape
        tape = nil
        return taken
    }

    /// Whether the text so far shows an error to the incremental parser.
    private func hasError() -> Bool {
        var parser = JSONIncrementalParser(options: options)
        return (try? parser.feed(bytes)) == nil
    }

    /// The error the text so far shows, as the incremental parser reports it, kept for every later call.
    private func fail(isAtEnd: Bool) -> JSONSyntaxError {
        var parser = JSONIncrementalParser(options: options)
        var error: JSONSyntaxError
        do {
            try parser.feed(bytes)
            if isAtEnd { _ = try parser.finish() }
            // The scan and the parser disagree: report where the scan stopped rather than nothing.
            error = JSONSyntaxError(kind: .unexpectedCharacter, byteOffset: scan.position, line: 0, column: 0,
                                    expected: "valid JSON", found: "text the scan could not read")
        } catch let found {
            error = found
        }
        failure = error
        return error
    }

    private func memoryRefused() -> JSONSyntaxError {
        let error = JSONSyntaxError(kind: .insufficientMemory, byteOffset: 0, line: 1, column: 1,
                                    expected: "memory for the document's values", found: "the system refused it")
        failure = error
        return error
    }

    /// What a snapshot of the text scanned so far would show, in brief: while the mark stays the same, so
    /// does the snapshot. A key, a number cut short or a part of a literal changes nothing shown; a finished
    /// value, an opened container and an open string's text growing by a whole character do.
    struct ShownMark: Equatable {
        let changes: Int
        /// The open string value's first byte and the end of its whole characters (-1 and 0 without one).
        let openString: Int
        let openStringEnd: Int
    }

    /// The mark of what the last scan reached.
    var shownMark: ShownMark {
        ShownMark(changes: scan.shownChanges, openString: openStringStart ?? -1,
                  openStringEnd: openStringStart == nil ? 0 : openStringShownEnd)
    }

    // MARK: The open containers

    /// Brings the frames in line with the scan's open containers, reading the members that finished since.
    private func updateFrames(_ tape: GrowingTape) {
        let open = scan.openContainers
        var kept = 0
        while kept < frames.count, kept < open.count, frames[kept].container == open[kept] { kept += 1 }
        frames.removeSubrange(kept...)
        for index in open[kept...] {
            let entry = tape.base[index]
            frames.append(Frame(container: index, start: entry.offset, isObject: entry.kind == .object, nextEntry: index + 1))
        }
        for depth in frames.indices {
            let limit = depth + 1 < frames.count ? frames[depth + 1].container : tape.count
            var next = frames[depth].nextEntry
            frames[depth].pendingKey = nil
            if frames[depth].isObject {
                while next < limit {
                    // A key whose value is open, or has not begun.
                    if next + 1 >= limit {
                        frames[depth].pendingKey = next
                        break
                    }
                    frames[depth].members.append(Member(key: next, value: next + 1))
                    next = TapeReader.indexAfter(next + 1, in: tape.base)
                }
            } else {
                while next < limit {
                    frames[depth].members.append(Member(key: -1, value: next))
                    next = TapeReader.indexAfter(next, in: tape.base)
                }
            }
            frames[depth].nextEntry = next
        }
    }

    /// The end of the whole characters of the open string at `start`, which the scan found valid as far as
    /// the text goes: an escape or a UTF-8 sequence cut by the end of the text is left out.
    private static func shownEnd(ofStringAt start: Int, in bytes: [UInt8]) -> Int {
        let count = bytes.count
        var index = start + 1
        while index < count {
            let byte = bytes[index]
            var length = 1
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < count else { return index }
                if bytes[index + 1] == UInt8(ascii: "u") {
                    guard index + 6 <= count else { return index }
                    length = 6
                    // A high surrogate shows with the low one after it; until the text shows whether one
                    // follows, it waits (alone, it is replaced when the options allow that).
                    if Self.isSurrogate(bytes, at: index, high: true) {
                        if index + 6 == count || (index + 7 == count && bytes[index + 6] == UInt8(ascii: "\\")) { return index }
                        if bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u") {
                            guard index + 12 <= count else { return index }
                            if Self.isSurrogate(bytes, at: index + 6, high: false) { length = 12 }
                        }
                    }
                } else {
                    length = 2
                }
            } else if byte >= 0xF0 {
                length = 4
            } else if byte >= 0xE0 {
                length = 3
            } else if byte >= 0xC0 {
                length = 2
            }
            guard index + length <= count else { return index }
            index += length
        }
        return index
    }

    /// Whether the `\uXXXX` escape at `index` (all six bytes present, hex digits checked by the scan) is a
    /// high surrogate (D800-DBFF) or, with `high` false, a low one (DC00-DFFF).
    private static func isSurrogate(_ bytes: [UInt8], at index: Int, high: Bool) -> Bool {
        guard bytes[index + 2] | 0x20 == UInt8(ascii: "d") else { return false }
        let third = bytes[index + 3] | 0x20
        return high ? (third == UInt8(ascii: "8") || third == UInt8(ascii: "9") || third == UInt8(ascii: "a") || third == UInt8(ascii: "b"))
                    : (third >= UInt8(ascii: "c") && third <= UInt8(ascii: "f"))
    }

    // MARK: Reading the tape

    /// The entry of the value or key at tape index `index`.
    func entry(_ index: Int) -> TapeEntry {
        guard let tape else { return TapeEntry(kind: .null, offset: 0, payload: 0) }
        return tape.base[index]
    }

    /// The document over the tape so far, through which finished values are read; made once per scan.
    var document: DocumentStorage {
        if let readingDocument { return readingDocument }
        // Without a tape (no scan has run) there is no value to read; an empty one stands in.
        let entries = tape?.borrowedBuffer()
            ?? TapeBuffer(adopting: .allocate(capacity: 1), count: 0, capacity: 1, allocation: .swift)
        let made = DocumentStorage(bytes: bytes, tape: entries, keyIndexes: tape?.keyIndexes ?? [:])
        readingDocument = made
        return made
    }
}
