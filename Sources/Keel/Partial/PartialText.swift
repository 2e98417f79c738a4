// The text of a document still arriving, scanned onto one tape as it comes. The scan runs when a snapshot is
// asked for, not at every chunk, and goes on from where the last one stopped (`Scanner.resume`): each byte
// is scanned once, but for the token a snapshot cuts, which the next scan reads again from its first byte (a
// cut string is read on by a small parser of its own until it closes, so a long one is not read again).
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
    /// Every byte received up to the last scan (those since are in `pending`).
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// The bytes received since the last scan.
    @exclusivity(unchecked) private var pending = PendingBytes()
    /// The open containers, the root's first.
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    /// The root value's tape index, once it has all arrived.
    @exclusivity(unchecked) private(set) var root: Int?
    /// The string (value or key) the text so far ends inside, if any.
    @exclusivity(unchecked) private(set) var openLeaf: OpenString?
    /// The first byte of the last open string dropped for the scan to read again (-1 before any).
    @exclusivity(unchecked) private var droppedString = -1

    @exclusivity(unchecked) private var scan = ResumableScan()
    @exclusivity(unchecked) private var tape: GrowingTape?
    @exclusivity(unchecked) private var checkedByteOrderMark = false
    @exclusivity(unchecked) private var failure: JSONSyntaxError? {
        didSet { hasFailed = failure != nil }
    }
    /// Whether `failure` is set, read where testing the optional itself would copy the error.
    @exclusivity(unchecked) private var hasFailed = false
    /// The document over the tape that finished values are read through, until the next scan.
    @exclusivity(unchecked) private var readingDocument: DocumentStorage? {
        didSet { unretainedDocument = readingDocument.map { Unmanaged.passUnretained($0) } }
    }
    /// `readingDocument` without a reference count of its own, for the reads of single strings that must not
    /// retain and release it each time (it lives while `readingDocument` holds it; both change together).
    @exclusivity(unchecked) private var unretainedDocument: Unmanaged<DocumentStorage>?

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

    /// A string cut by the end of the text, read on by an incremental parser of its own as more arrives, so
    /// that a long one arriving over many scans is read once: the scan waits before it until the parser has
    /// seen it close, then reads it whole once more. The parser also holds an open value's text so far, as
    /// ``JSONIncrementalParser`` shows it.
    ///
    /// The parser reads only when asked (for the text so far, or at the next scan): the scan has checked the
    /// bytes before the cut already. When far more has arrived than the parser has read, the next scan drops
    /// the string and reads it again from its start instead (less than twice what arrived, and the scan reads
    /// faster than the parser), so a string that chunks cut once is never parsed unless its text is shown.
    final class OpenString {
        let start: Int
        let isKey: Bool
        @exclusivity(unchecked) var parser: JSONIncrementalParser
        /// How much of the text the parser has been fed.
        @exclusivity(unchecked) private var fed: Int

        init(options: JSONParsingOptions, start: Int, isKey: Bool) {
            // A string read here is never at the document's start, where a byte-order mark may be.
            var inner = options
            inner.byteOrderMark = .reject
            parser = JSONIncrementalParser(options: inner)
            fed = start
            self.start = start
            self.isKey = isKey
        }

        /// Whether far more has arrived than the parser has read (as when chunks arrive), so that reading
        /// `bytes` again from the string's start costs less than twice what the parser has left to read. A
        /// few bytes at a time (a source of single bytes) are left to the parser.
        func isCheaperToScanAgain(_ bytes: [UInt8]) -> Bool { bytes.count - fed > 2 * (fed - start) + 16 }

        /// Feeds the parser what it has not read, up to each quote in turn: `true` once the string has
        /// closed, `false` while it is open, `nil` when its text is wrong.
        func readOn(_ bytes: [UInt8]) -> Bool? {
            bytes.withUnsafeBufferPointer { text in
                var from = fed
                while from < text.count {
                    var upTo = from
                    while upTo < text.count, text[upTo] != UInt8(ascii: "\"") { upTo &+= 1 }
                    upTo = min(upTo + 1, text.count)
                    guard (try? parser.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[from..<upTo])))) != nil else {
                        return nil
                    }
                    fed = upTo
                    if parser.isComplete { return true }
                    from = upTo
                }
                return false
            }
        }
    }

    init(options: JSONParsingOptions) {
        self.options = options
    }

    /// Appends bytes; the scan waits for ``advance(isAtEnd:)``.
    ///
    /// Returns `false`, having appended nothing, when an earlier check found an error, the system refuses
    /// the memory or the document passes its size limit; ``refusal`` is then the error. (A flag rather than a
    /// throw: a chunk is often a few bytes, and this is the whole of the work for it.)
    @inline(__always)
    func append(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasFailed else { return false }
        guard pending.append(chunk) else {
            _ = memoryRefused()
            return false
        }
        if byteCount > options.maximumDocumentSize {
            _ = fail(isAtEnd: false)
            return false
        }
        return true
    }

    /// Why ``append(_:)`` returned `false` (it always keeps the error; the refusal of memory stands in should
    /// it not have).
    var refusal: JSONSyntaxError { failure ?? memoryRefused() }

    /// The number of bytes received.
    var byteCount: Int { bytes.count + pending.count }

    /// Moves the bytes received since the last scan to the end of `bytes`; `false`, moving nothing, when the
    /// system refuses the memory for the longer text (asked first: a Swift array that cannot grow stops the
    /// process).
    private func takePending() -> Bool {
        guard pending.count > 0 else { return true }
        // The reading document shares the bytes: let it go first, or appending would copy them all.
        readingDocument = nil
        let needed = bytes.count + pending.count
        if needed > bytes.capacity {
            // Growing copies the text so far: below a megabyte four times at a time, which copies a third as
            // much on the way (a few megabytes reserved at most), then twice at a time.
            let grown = Swift.max(needed, bytes.capacity < Self.quickGrowthLimit ? bytes.capacity * 4 : bytes.capacity * 2)
            guard SystemLibrary.canAllocate(bytes: grown) else { return false }
            bytes.reserveCapacity(grown)
        }
        pending.move(to: &bytes)
        return true
    }

    /// The capacity below which the text grows four times at a time rather than twice.
    static let quickGrowthLimit = 1 << 20

    /// Scans the text received since the last scan. With `isAtEnd`, the input has ended: a number at the
    /// very end is whole, and the root must be complete.
    func advance(isAtEnd: Bool = false) throws(JSONSyntaxError) {
        if hasFailed, let failure { throw failure }
        readingDocument = nil
        guard takePending() else { throw memoryRefused() }
        if !checkedByteOrderMark, options.byteOrderMark == .skip {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let seen = min(bytes.count, 3)
            if seen < 3, !isAtEnd, bytes.prefix(seen).elementsEqual(mark.prefix(seen)) { return }
            if seen == 3, bytes.prefix(3).elementsEqual(mark) { scan.position = 3 }
        }
        checkedByteOrderMark = true
        if let leaf = openLeaf, leaf.start != droppedString, leaf.isCheaperToScanAgain(bytes) {
            // The scan waits before the string: it reads it again from there (once: should it still be
            // open, its next parser reads it on from then on).
            droppedString = leaf.start
            openLeaf = nil
        } else if let leaf = openLeaf {
            switch leaf.readOn(bytes) {
            case nil: throw fail(isAtEnd: isAtEnd)
            case false?:
                // Still open: the scan waits before it, and nothing else has changed.
                if isAtEnd { throw fail(isAtEnd: true) }
                return
            case true?:
                openLeaf = nil
            }
        }
        guard var tape = takeTape() ?? GrowingTape(capacity: 64), GrowingTape.makeWritable(&tape) else {
            throw memoryRefused()
        }
        self.tape = tape
        // Moved into the scan and back, so that adding an index does not copy the table.
        var indexes = tape.keyIndexes
        tape.keyIndexes = [:]
        var cut: Int?
        let scanned = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var scanner = Scanner(bytes: buffer, options: options, continuing: tape.base, count: tape.count,
                                  capacity: tape.capacity, keyIndexes: indexes)
            defer {
                indexes = scanner.keyIndexes
                tape.adopt(base: scanner.tapeBase, count: scanner.tapeCount, capacity: scanner.tapeCapacity)
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
        if let cut, bytes[cut] == UInt8(ascii: "\"") {
            // Read by its parser when its text is asked for or more arrives. (A key can be whole and the cut
            // after it, before its colon: the parser then finds it closed at once.)
            let leaf = OpenString(options: options, start: cut, isKey: scan.expectation == .firstKey || scan.expectation == .key)
            if cut == droppedString {
                // Read again once already: its parser reads now, and goes on reading what arrives.
                switch leaf.readOn(bytes) {
                case nil: throw fail(isAtEnd: false)
                case false?: openLeaf = leaf
                case true?: break
                }
            } else {
                openLeaf = leaf
            }
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
        guard takePending() else { return memoryRefused() }
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
        /// The open string value's first byte and the length of its text so far (-1 and 0 without one).
        let openString: Int
        let openStringLength: Int
    }

    /// The mark of what the last scan reached.
    var shownMark: ShownMark {
        guard let leaf = openLeaf, !leaf.isKey, leaf.readOn(bytes) == false else {
            return ShownMark(changes: scan.shownChanges, openString: -1, openStringLength: 0)
        }
        // The length of its whole characters so far, not the parser's count of changes: a string dropped and
        // read again from its start by a new parser shows the same text for the same length.
        return ShownMark(changes: scan.shownChanges, openString: leaf.start, openStringLength: leaf.parser.wholeLength)
    }

    // MARK: The open containers

    /// Brings the frames in line with the scan's open containers, reading the members that finished since.
    private func updateFrames(_ tape: GrowingTape) {
        let depth = scan.openDepth
        var kept = 0
        while kept < frames.count, kept < depth, frames[kept].container == scan.openContainer(atDepth: kept) { kept += 1 }
        frames.removeSubrange(kept...)
        for level in kept..<depth {
            let index = scan.openContainer(atDepth: level)
            let entry = tape.base[index]
            var frame = Frame(container: index, start: entry.offset, isObject: entry.kind == .object, nextEntry: index + 1)
            // Most containers have a few members: room for them at once, rather than growing one by one.
            frame.members.reserveCapacity(16)
            frames.append(frame)
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

    // MARK: Reading the tape

    /// The entry of the value or key at tape index `index`.
    func entry(_ index: Int) -> TapeEntry {
        guard let tape else { return TapeEntry(kind: .null, offset: 0, payload: 0) }
        return tape.base[index]
    }

    /// The string at tape index `index`, unescaped, read through the document over the tape (made if need be)
    /// without retaining it; `nil` if the value there is not a string.
    func string(ifStringAt index: Int) -> String? {
        if unretainedDocument == nil { _ = document }
        return unretainedDocument?._withUnsafeGuaranteedRef { $0.string(ifStringAt: index) }
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
