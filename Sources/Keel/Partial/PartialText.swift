// The text of a document still arriving, kept whole and walked only as far as its values are complete. The
// walk runs when a snapshot is asked for, not at every chunk, so it meets the text in large pieces: a value
// that has arrived whole is checked by the strict scanner in one call and kept as a byte range; only a value
// cut by the end of the text is entered (a container) or left open (a string, number or literal). A byte is
// scanned about one and a half times on twitter.json (a container cut at a snapshot is tried whole once, then
// walked member by member), and nothing is built for a finished value until a reader asks for it.
//
// The walk knows only where the text stops being valid. For the error itself (its kind, place and message)
// the text so far goes through `JSONIncrementalParser`, so that both ways of reading a document still arriving
// report the same error for the same bytes.

/// A document arriving in pieces: all of its bytes, the containers still open and their finished members.
final class PartialText {
    let options: JSONParsingOptions
    /// Every byte received.
    @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
    /// The open containers, the root's first.
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    /// The root value's text, once it has all arrived.
    @exclusivity(unchecked) private(set) var root: Range<Int>?
    /// The string, number or literal (or key) that the text so far ends inside, if any.
    @exclusivity(unchecked) private(set) var openLeaf: Leaf?
    /// Grows whenever the walk records something a snapshot shows: a value finished, a container opened.
    @exclusivity(unchecked) private var shownChanges = 0

    /// Where the walk goes on, and what may come there.
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var expectation = JSONIncrementalParser.Expectation.value
    @exclusivity(unchecked) private var checkedByteOrderMark = false
    @exclusivity(unchecked) private var failure: JSONSyntaxError?

    /// An open array or object.
    struct Frame {
        /// The offset of its `[` or `{`.
        let start: Int
        let isObject: Bool
        /// Its finished members, in order.
        var members: [Member] = []
        /// In an object, the raw key (between its quotes) of the member whose value comes next or is open.
        var pendingKey: Range<Int>?
        /// The keys so far, when repeated keys are errors.
        var keys: Set<String> = []
        /// Whether a key repeated, which is an error when the object closes (where the incremental parser
        /// finds it too).
        var hasRepeatedKey = false
    }

    /// A finished member: its raw key (between its quotes; empty in an array) and its value's text.
    struct Member {
        let key: Range<Int>
        let value: Range<Int>
    }

    /// A scalar or key cut by the end of the text so far.
    struct Leaf {
        let start: Int
        let isKey: Bool
        /// The leaf read as a document of its own: it says whether a failed scan of the leaf met the text's
        /// end or an error, and holds an open string's text so far.
        let reader: LeafReader
    }

    /// An incremental parser fed a leaf's bytes as they come (a class, so that the walk does not copy it).
    final class LeafReader {
        @exclusivity(unchecked) var parser: JSONIncrementalParser
        /// How much of the text the parser has been fed.
        @exclusivity(unchecked) var fed: Int

        init(options: JSONParsingOptions, start: Int) {
            // A leaf is never at the document's start, where a byte-order mark may be.
            var inner = options
            inner.byteOrderMark = .reject
            parser = JSONIncrementalParser(options: inner)
            fed = start
        }
    }

    init(options: JSONParsingOptions) {
        self.options = options
    }

    /// Appends bytes; the walk waits for ``advance(isAtEnd:)``.
    func append(_ chunk: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if let failure { throw failure }
        bytes.append(contentsOf: chunk)
        if bytes.count > options.maximumDocumentSize { throw fail(isAtEnd: false) }
    }

    /// Walks the text received since the last walk. With `isAtEnd`, the input has ended: a number at the
    /// very end is whole, and the root must be complete.
    func advance(isAtEnd: Bool = false) throws(JSONSyntaxError) {
        if let failure { throw failure }
        let isValid = bytes.withUnsafeBufferPointer { walk($0, isAtEnd: isAtEnd) }
        if !isValid || (isAtEnd && root == nil) { throw fail(isAtEnd: isAtEnd) }
    }

    /// The error the text so far shows, as the incremental parser reports it, kept for every later call.
    private func fail(isAtEnd: Bool) -> JSONSyntaxError {
        var parser = JSONIncrementalParser(options: options)
        var error: JSONSyntaxError
        do {
            try parser.feed(bytes)
            if isAtEnd { _ = try parser.finish() }
            // The walk and the parser disagree: report where the walk stopped rather than nothing.
            error = JSONSyntaxError(kind: .unexpectedCharacter, byteOffset: position, line: 0, column: 0,
                                    expected: "valid JSON", found: "text the walk could not read")
        } catch let found {
            error = found
        }
        failure = error
        return error
    }

    /// What a snapshot of the text walked so far would show, in brief: while the mark stays the same, so
    /// does the snapshot. A key, a number cut short or a part of a literal changes nothing shown; a finished
    /// value, an opened container and an open string's text growing by a whole character do.
    struct ShownMark: Equatable {
        let changes: Int
        /// The open string value's first byte and its reader's change count (-1 and 0 without one).
        let openString: Int
        let openStringChanges: Int
    }

    /// The mark of what the last walk reached.
    var shownMark: ShownMark {
        guard let leaf = openLeaf, !leaf.isKey, bytes[leaf.start] == UInt8(ascii: "\"") else {
            return ShownMark(changes: shownChanges, openString: -1, openStringChanges: 0)
        }
        return ShownMark(changes: shownChanges, openString: leaf.start, openStringChanges: leaf.reader.parser.changeCount)
    }

    // MARK: The walk

    /// Goes as far as the text allows; `false` when it shows an error.
    private func walk(_ text: UnsafeBufferPointer<UInt8>, isAtEnd: Bool) -> Bool {
        let count = text.count
        var scanning = WalkScanner()
        defer { scanning.discard() }
        var entered = 0
        if !checkedByteOrderMark, options.byteOrderMark == .skip {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            let seen = min(count, 3)
            if seen < 3, !isAtEnd, text.prefix(seen).elementsEqual(mark.prefix(seen)) { return true }
            if seen == 3, text.prefix(3).elementsEqual(mark) { position = 3 }
            checkedByteOrderMark = true
        }
        while true {
            if let leaf = openLeaf {
                guard let end = scanLeaf(leaf, in: text, isAtEnd: isAtEnd, &scanning) else { return openLeaf != nil }
                openLeaf = nil
                if leaf.isKey {
                    guard acceptKey(text, leaf.start + 1..<end - 1) else { return false }
                    position = end
                } else {
                    finish(leaf.start..<end)
                }
                continue
            }
            var i = position
            while i < count, JSONWhitespace.contains(text[i]) { i &+= 1 }
            position = i
            guard i < count else { return true }
            let byte = text[i]
            switch expectation {
            case .end:
                return false
            case .colon:
                guard byte == UInt8(ascii: ":") else { return false }
                position = i + 1
                expectation = .value
            case .separator:
                let isObject = frames[frames.count - 1].isObject
                if byte == UInt8(ascii: ",") {
                    position = i + 1
                    expectation = isObject ? .key : .value
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    guard close(at: i) else { return false }
                } else {
                    return false
                }
            case .firstKey, .key:
                if expectation == .firstKey, byte == UInt8(ascii: "}") {
                    guard close(at: i) else { return false }
                    continue
                }
                guard byte == UInt8(ascii: "\"") else { return false }
                if let end = wholeLeafEnd(text, at: i, isAtEnd: isAtEnd, &scanning) {
                    if !acceptKey(text, i + 1..<end - 1) { return false }
                    position = end
                } else {
                    openLeaf = Leaf(start: i, isKey: true, reader: LeafReader(options: options, start: i))
                }
            case .firstElement, .value:
                if expectation == .firstElement, byte == UInt8(ascii: "]") {
                    guard close(at: i) else { return false }
                    continue
                }
                guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else {
                    if let end = wholeLeafEnd(text, at: i, isAtEnd: isAtEnd, &scanning) {
                        finish(i..<end)
                    } else {
                        openLeaf = Leaf(start: i, isKey: false, reader: LeafReader(options: options, start: i))
                    }
                    continue
                }
                // A container that has arrived whole is checked in one scan; one cut by the end is entered.
                // Each container entered was scanned in vain as far as the text goes, so after a few the
                // walk enters without trying: deep nesting cut by the end then costs a walk, not a scan per
                // level.
                if entered < Self.attemptsPerWalk, let end = scan(text, from: i, &scanning) {
                    finish(i..<end)
                    continue
                }
                guard frames.count < options.maximumDepth else { return false }
                entered += 1
                let isObject = byte == UInt8(ascii: "{")
                frames.append(Frame(start: i, isObject: isObject))
                shownChanges &+= 1
                position = i + 1
                expectation = isObject ? .firstKey : .firstElement
            }
        }
    }

    /// The end of a leaf that is complete, or `nil`: then `openLeaf` is updated if the leaf is cut by the
    /// end of the text, and cleared if it is an error.
    ///
    /// A leaf is scanned whole the first time; if it is cut, its reader takes over. A string then goes on
    /// from where the reader stopped, fed up to each quote in turn until one closes it, so that a long string
    /// arriving over many snapshots is read once, not again at each. Numbers and literals are short (numbers
    /// are held to their length limit), so they are simply scanned again.
    private func scanLeaf(_ leaf: Leaf, in text: UnsafeBufferPointer<UInt8>, isAtEnd: Bool, _ scanning: inout WalkScanner) -> Int? {
        let reader = leaf.reader
        let isString = text[leaf.start] == UInt8(ascii: "\"")
        if !isString || reader.fed == leaf.start, let end = wholeLeafEnd(text, at: leaf.start, isAtEnd: isAtEnd, &scanning) {
            return end
        }
        var from = reader.fed
        while from < text.count {
            var upTo = from
            if isString {
                while upTo < text.count, text[upTo] != UInt8(ascii: "\"") { upTo &+= 1 }
                upTo = min(upTo + 1, text.count)
            } else {
                upTo = text.count
            }
            do {
                try reader.parser.feed(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[from..<upTo])))
            } catch {
                openLeaf = nil
                return nil
            }
            reader.fed = upTo
            if isString, reader.parser.isComplete { return upTo }
            from = upTo
        }
        if isAtEnd { openLeaf = nil }
        return nil
    }

    /// The end of the scalar or key at `start` when all of it has arrived, or `nil`. A number that reaches
    /// the end of the text may go on, so it is whole there only once the input has ended.
    private func wholeLeafEnd(_ text: UnsafeBufferPointer<UInt8>, at start: Int, isAtEnd: Bool, _ scanning: inout WalkScanner) -> Int? {
        guard let end = scan(text, from: start, &scanning) else { return nil }
        return end < text.count || isAtEnd || !Self.startsNumber(text[start]) ? end : nil
    }

    /// How many containers a walk enters after trying to scan each whole.
    private static let attemptsPerWalk = 8

    /// Whether `byte` begins a number.
    private static func startsNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The scanner of one walk: making one costs more than scanning a short value, so one serves every
    /// value at the same depth.
    struct WalkScanner {
        var scanner: Scanner?
        var depth = -1

        mutating func discard() {
            scanner?.discardTape()
            scanner = nil
        }
    }

    /// Checks the one value at `start`, and returns the index just past it; `nil` when the text from
    /// `start` is not a whole value (cut, or wrong).
    private func scan(_ text: UnsafeBufferPointer<UInt8>, from start: Int, _ scanning: inout WalkScanner) -> Int? {
        // The common scalars are checked here; anything else, and every error, goes to the scanner.
        switch text[start] {
        case UInt8(ascii: "\""):
            if let end = Self.shortPlainStringEnd(text, from: start, limit: options.maximumStringLength) { return end }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Where the scanner's number would end, when the grammar holds; the scanner reports any error.
            if let end = NumberText.literalEnd(in: text, from: start), end - start <= options.maximumNumberLength { return end }
        case UInt8(ascii: "t"):
            if Self.matches(text, at: start, "true") { return start + 4 }
        case UInt8(ascii: "f"):
            if Self.matches(text, at: start, "false") { return start + 5 }
        case UInt8(ascii: "n"):
            if Self.matches(text, at: start, "null") { return start + 4 }
        default:
            break
        }
        if scanning.depth != frames.count || scanning.scanner == nil {
            scanning.discard()
            var inner = options
            inner.maximumDepth = options.maximumDepth - frames.count
            scanning.scanner = try? Scanner(bytes: text, options: inner, recordsTape: options.duplicateKeys == .reject,
                                            tapeCapacity: 64, locatesErrors: false)
            scanning.depth = frames.count
        }
        return try? scanning.scanner?.scanValue(from: start)
    }

    /// Whether `word` (`true`, `false` or `null`) is written at `start` in full.
    private static func matches(_ text: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard text.count - start >= length, let base = text.baseAddress else { return false }
        return Scanner.isLiteral(word, at: base + start)
    }

    /// The end of the string at `start` when it is short, ASCII and has no escape (most keys, many values):
    /// then each byte needs only a range check, and the scanner is not worth calling. `nil` otherwise.
    private static func shortPlainStringEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = start + 1
        let stop = min(text.count, start + 1 + min(64, limit))
        while index < stop {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") { return index + 1 }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// Records a finished value in its container (or as the root).
    private func finish(_ value: Range<Int>) {
        position = value.upperBound
        shownChanges &+= 1
        if frames.isEmpty {
            root = value
            expectation = .end
            return
        }
        let last = frames.count - 1
        frames[last].members.append(Member(key: frames[last].pendingKey ?? 0..<0, value: value))
        expectation = .separator
    }

    /// Closes the innermost container at its closing bracket, `index`; `false` when it is an object whose
    /// keys repeat and repeated keys are errors.
    private func close(at index: Int) -> Bool {
        let frame = frames.removeLast()
        finish(frame.start..<index + 1)
        return !frame.hasRepeatedKey
    }

    /// Takes the raw key at `raw` (between its quotes) as the innermost object's next; `false` when the
    /// key repeats and repeated keys are errors.
    private func acceptKey(_ text: UnsafeBufferPointer<UInt8>, _ raw: Range<Int>) -> Bool {
        let last = frames.count - 1
        if options.duplicateKeys == .reject,
           !frames[last].keys.insert(StringUnescaping.text(of: UnsafeBufferPointer(rebasing: text[raw]))).inserted {
            frames[last].hasRepeatedKey = true
        }
        frames[last].pendingKey = raw
        expectation = .colon
        return true
    }
}
