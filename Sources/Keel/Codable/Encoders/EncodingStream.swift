// KeelEncoder's text, written as the model encodes itself, without building a tree first.
//
// Codable lets code keep a container and come back to it after using another, which a writer that goes
// straight to text cannot follow. Almost no code does (synthesized conformances never do), so the stream
// keeps a stack of the containers open in the text and lets the innermost ones close when an outer one is
// used again. Using a container after it was closed, asking a closed encoder for a container, writing a
// single value twice, or asking twice for a nested container under one key abandons the stream, and
// KeelEncoder encodes the value again through the tree (ModelEncoder), which follows any order.
//
// A member encoded twice under one key, and sorted keys, are settled when the object closes: its members'
// bytes are put in order again, keeping each key once at its first position with its last value, as the
// tree does.
#if canImport(FoundationEssentials) || canImport(Foundation)
final class EncodingStream {
    let session: EncodingSession
    /// Whose sink receives every byte; its tree writing is for `JSON` values that models hold.
    @exclusivity(unchecked) var writer: JSONWriter
    /// Whether the model used its containers in an order the stream cannot follow; the text is then
    /// incomplete and the caller encodes through the tree instead.
    @exclusivity(unchecked) private(set) var isAbandoned = false

    /// A value being written: an open object or array, or a place in the text that an encoder will fill.
    struct Frame {
        enum Kind {
            /// An encoder's place: nothing written yet.
            case pending
            case object
            case array
            /// A single value was written.
            case done
        }

        var kind: Kind
        /// Whether the single value written was `null`. (Beside `kind`, so that the two share one word.)
        var wroteNull = false
        /// Whether two of an object's members have equal fingerprints: only then can a key be repeated, and
        /// only then are the keys compared when the object closes.
        var mayRepeatKey = false
        /// Tells the frame apart from every other one in this call, so that a closed one is never mistaken.
        let id: Int
        /// The depth of the value in the text (0 for the top level).
        let depth: Int
        /// Items written in an object or array so far.
        var written = 0
        /// Where this object's member records start in `members`.
        var firstMember = 0
        /// A bit per fingerprint (of 128) for the object's members so far: a member whose bit is clear has a
        /// key no earlier member has, without a look at their records.
        var keyBits: (low: UInt64, high: UInt64) = (0, 0)
        /// For a member's value, the position of its record in `members`, so that a `null` can be left out.
        let memberRecord: Int?
        /// For an array's element, its position, which its coding path ends with: the path is made only
        /// when asked for (`path(ofFrame:base:)`), not for every element. -1 for any other value.
        var elementPosition = -1
    }

    /// A member of an open object: where its text starts, so that members can be put in order again when
    /// the object closes. Keys are told apart by their written text (equal names write equal text), so a
    /// record holds no `String` and is copied without reference counting.
    struct MemberRecord {
        /// Taken from the key's written text, so equal for equal keys (see ``KeyFingerprint``): most keys are
        /// never compared.
        let fingerprint: UInt64
        /// Where the separator before the member starts.
        var itemStart: Int
        /// Where the key's text starts (its opening quote).
        var keyStart: Int
        /// The length of the key's text, quotes included.
        let keyLength: Int
        /// For a `null` member left out by the options, which has no bytes but still replaces an earlier
        /// value: where its key's text is kept in `omittedKeys`. -1 for a member with text.
        var omittedKey: Int
        /// Whether the member's value is a nested container, which the tree would fill again if asked for
        /// under the same key later: such a repeat is found when the object closes, and abandons the stream.
        var isNestedContainer = false

        var isOmitted: Bool { omittedKey >= 0 }
    }

    // Only this call's encoders reach the stream, one at a time: dynamic exclusivity checks would cost more
    // than the writing they guard.
    @exclusivity(unchecked) private var frames = FrameStack(capacity: 16)
    /// The member records of the open objects, `memberCount` of them, in memory of the stream's own (no
    /// uniqueness or bounds check per member).
    @exclusivity(unchecked) private var members: UnsafeMutablePointer<MemberRecord>
    @exclusivity(unchecked) private var memberCapacity = 64
    @exclusivity(unchecked) private(set) var memberCount = 0
    /// The written key text of members that have none in the output (left-out nulls).
    @exclusivity(unchecked) private var omittedKeys: [[UInt8]] = []
    @exclusivity(unchecked) private var lastID = 0
    /// Keyed containers made so far, handed out again when free.
    @exclusivity(unchecked) private var keyedContainers = KeyedContainerReuse()

    init(session: EncodingSession) {
        self.session = session
        writer = JSONWriter(options: session.options.writingOptions)
        members = UnsafeMutablePointer<MemberRecord>.allocate(capacity: memberCapacity)
    }

    deinit {
        members.deallocate()
        frames.deallocate()
        keyedContainers.deallocate()
    }

    var output: [UInt8] { writer.sink.output }

    /// Lends the text written to `body`, for output made with one copy (a `Data`, a `String`).
    func withOutput<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { writer.sink.withBytesWritten(from: 0, body) }

    /// A keyed container writing into the frame `frameID`, reused from an earlier object when it is free.
    func keyedContainer<Key: CodingKey>(
        keyedBy type: Key.Type, frameID: Int, basePath: CodingPathNode, elementPosition: Int
    ) -> KeyedEncodingContainer<Key> {
        keyedContainers.container(keyedBy: type, stream: self, frameID: frameID, basePath: basePath,
                                  elementPosition: elementPosition)
    }

    /// How many times one member's record was compared with another's, looking for a repeated key (for tests:
    /// it grows with the members, not their square).
    @exclusivity(unchecked) private(set) var recordComparisons = 0

    /// How many keyed containers the stream made rather than reused (for tests).
    var keyedContainersMade: Int { keyedContainers.made }

    /// Ends the stream's use: the containers it keeps for reuse hold it, and are let go here.
    func finish() { keyedContainers.removeAll() }

    // MARK: Frames

    /// A new place for a value at `depth`; returns its id.
    func pushPending(depth: Int, memberRecord: Int? = nil, elementPosition: Int = -1) -> Int {
        lastID += 1
        frames.append(Frame(kind: .pending, id: lastID, depth: depth, memberRecord: memberRecord,
                            elementPosition: elementPosition))
        return lastID
    }

    /// The coding path of the value in frame `id`, whose encoder was given `base`: an element's path is its
    /// array's with its position added. (A frame closed already has no position to add: `base` it is.)
    func path(ofFrame id: Int, base: CodingPathNode) -> CodingPathNode {
        base.appending(elementPosition: frame(withID: id)?.elementPosition ?? -1)
    }

    /// Makes the frame `id` the innermost one, closing the frames opened inside it, and returns its position
    /// in the stack; `nil` (and the stream abandoned) when it was closed already.
    @inline(__always)
    func activate(_ id: Int) -> Int? {
        if let top = frames.last, top.id == id { return frames.count - 1 }
        return activateBelowTop(id)
    }

    private func activateBelowTop(_ id: Int) -> Int? {
        guard !isAbandoned, let index = frames.lastIndex(where: { $0.id == id }) else {
            abandon()
            return nil
        }
        while frames.count > index + 1 { closeTop() }
        // Closing an inner object can abandon the stream (a nested container asked for twice under one key).
        return isAbandoned ? nil : index
    }

    /// Gives up on the text: the caller encodes through the tree.
    func abandon() {
        isAbandoned = true
        frames.removeAll()
    }

    /// The frame `id` without making it the innermost one (for `count`, which must not change the text).
    func frame(withID id: Int) -> Frame? { frames.lastIndex { $0.id == id }.map { frames[$0] } }

    subscript(index: Int) -> Frame {
        get { frames[index] }
        _modify { yield &frames[index] }
    }

    /// Opens an object (`{`) or array (`[`) in the place at `index`, which must be the innermost frame; a
    /// second request for the same kind continues it. Returns whether it is open.
    func open(_ kind: Frame.Kind, at index: Int) -> Bool {
        switch frames[index].kind {
        case .pending:
            frames[index].kind = kind
            frames[index].firstMember = memberCount
            writer.sink.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            return true
        case let current where current == kind:
            return true
        default:
            // The tree starts the value again; the text cannot take back what it wrote.
            abandon()
            return false
        }
    }

    /// Closes the frame `id` (a value the caller has finished encoding); `{}` if nothing was encoded.
    func close(_ id: Int) {
        guard activate(id) != nil else { return }
        closeTop()
    }

    private func closeTop() {
        guard let frame = frames.last else { return }
        switch frame.kind {
        case .pending:
            // An encoder that encoded nothing stands for `{}`, as in Foundation.
            writer.sink.append("{}")
        case .object:
            finishObject(frame)
            // A nested container asked for again under its key: the tree encodes the value instead.
            if isAbandoned { return }
        case .array:
            writer.sink.close(UInt8(ascii: "]"), empty: frame.written == 0, depth: frame.depth + 1)
        case .done:
            if frame.wroteNull, let record = frame.memberRecord, writer.sink.options.omitsNullMembers {
                takeBackMember(record, of: frames.count - 2)
            }
        }
        frames.removeLast()
    }

    // MARK: Items

    /// Where a member's or element's writing can be taken back to if encoding its value throws.
    struct Checkpoint {
        let outputCount: Int
        let frameCount: Int
        let memberCount: Int
        let written: Int
    }

    /// Starts a member named `name` in the object at `index` (the innermost frame): separator, key, colon.
    func beginMember(_ name: String, at index: Int) -> Checkpoint {
        let checkpoint = self.checkpoint(at: index)
        writer.sink.beginItem(first: frames[index].written == 0, depth: frames[index].depth + 1)
        let keyStart = writer.sink.bufferedCount
        let keyLength: Int
        if writer.sink.plainMemberName(name) {
            // The quoted name was written with its colon; the key's text is the quoted name, as below.
            keyLength = writer.sink.bufferedCount - writer.sink.colonLength - keyStart
        } else {
            writer.sink.string(name)
            keyLength = writer.sink.bufferedCount - keyStart
            writer.sink.colon()
        }
        let fingerprint = writer.sink.withBytesWritten(from: keyStart) { KeyFingerprint.of(UnsafeBufferPointer(rebasing: $0.prefix(keyLength))) }
        noteKey(fingerprint, inObjectAt: index)
        pushMember(MemberRecord(fingerprint: fingerprint, itemStart: checkpoint.outputCount, keyStart: keyStart,
                                keyLength: keyLength, omittedKey: -1))
        frames[index].written += 1
        return checkpoint
    }

    /// Begins the member `name` of the object `objectID` for a scalar the caller writes at once; false, with
    /// nothing written, when that object was closed (the stream is then abandoned).
    @inline(__always)
    func beginScalarMember(_ name: String, in objectID: Int) -> Bool {
        guard let index = activate(objectID) else { return false }
        _ = beginMember(name, at: index)
        return true
    }

    /// Records a `null` member of the object at `index` that the options leave out: no text, but it replaces
    /// an earlier value of `name`.
    func omitNullMember(_ name: String, inObjectAt index: Int) {
        let position = writer.sink.bufferedCount
        let text = writtenText(of: name)
        omittedKeys.append(text)
        let fingerprint = text.withUnsafeBufferPointer(KeyFingerprint.of)
        noteKey(fingerprint, inObjectAt: index)
        pushMember(MemberRecord(fingerprint: fingerprint, itemStart: position, keyStart: position,
                                keyLength: text.count, omittedKey: omittedKeys.count - 1))
    }

    /// Notes the fingerprint of a member about to be recorded in the object at `index`; when its bit was set
    /// already, looks for an earlier member with the same fingerprint, which may have the same key.
    /// (In a large object, where nearly every bit is set, the look is left to ``hasRepeatedKey(from:)``.)
    @inline(__always)
    private func noteKey(_ fingerprint: UInt64, inObjectAt index: Int) {
        let bit: UInt64 = 1 << (fingerprint & 63)
        if fingerprint & 64 == 0 {
            if frames[index].keyBits.low & bit != 0 { lookForEqualFingerprint(fingerprint, inObjectAt: index) }
            frames[index].keyBits.low |= bit
        } else {
            if frames[index].keyBits.high & bit != 0 { lookForEqualFingerprint(fingerprint, inObjectAt: index) }
            frames[index].keyBits.high |= bit
        }
    }

    @inline(never)
    private func lookForEqualFingerprint(_ fingerprint: UInt64, inObjectAt index: Int) {
        let first = frames[index].firstMember
        guard memberCount - first <= Self.membersSearchedOneByOne else {
            frames[index].mayRepeatKey = true
            return
        }
        recordComparisons += memberCount - first
        for position in first..<memberCount where members[position].fingerprint == fingerprint {
            frames[index].mayRepeatKey = true
            return
        }
    }

    @inline(__always)
    private func pushMember(_ record: MemberRecord) {
        if memberCount == memberCapacity { growMembers() }
        members[memberCount] = record
        memberCount += 1
    }

    @inline(never)
    private func growMembers() {
        let larger = UnsafeMutablePointer<MemberRecord>.allocate(capacity: memberCapacity * 2)
        larger.moveInitialize(from: members, count: memberCount)
        members.deallocate()
        members = larger
        memberCapacity *= 2
    }

    /// `name` as the text of a key (quoted and escaped as the options say), written and taken back.
    private func writtenText(of name: String) -> [UInt8] {
        let position = writer.sink.bufferedCount
        writer.sink.string(name)
        let text = writer.sink.withBytesWritten(from: position) { Array($0) }
        writer.sink.discard(from: position)
        return text
    }

    /// The text of a record's key, quotes included.
    private func keyText(_ record: MemberRecord) -> [UInt8] {
        if record.isOmitted { return omittedKeys[record.omittedKey] }
        return writer.sink.withBytesWritten(from: record.keyStart) { Array($0.prefix(record.keyLength)) }
    }

    /// Whether two records have the same key.
    private func haveSameKey(_ first: MemberRecord, _ second: MemberRecord) -> Bool {
        first.fingerprint == second.fingerprint && keyText(first) == keyText(second)
    }

    /// A record's key as the bytes of its name (its text unquoted and unescaped), for sorting.
    private func nameBytes(_ record: MemberRecord) -> [UInt8] {
        let text = keyText(record)
        let raw = text.dropFirst().dropLast()
        guard raw.contains(UInt8(ascii: "\\")) else { return Array(raw) }
        return Array(raw).withUnsafeBufferPointer { raw in
            [UInt8](unsafeUninitializedCapacity: raw.count) { buffer, count in
                count = StringUnescaping.unescape(raw, into: buffer)
            }
        }
    }

    /// Begins the member `name` of the object at `index` and pushes a pending frame for its value (a nested
    /// container or a `superEncoder()`, filled later); returns that frame's id.
    func beginMemberValue(_ name: String, at index: Int, isNestedContainer: Bool = false) -> Int {
        _ = beginMember(name, at: index)
        members[memberCount - 1].isNestedContainer = isNestedContainer
        return pushPending(depth: frames[index].depth + 1, memberRecord: memberCount - 1)
    }

    /// Begins the next element of the array at `index` and pushes a pending frame for it; returns its id.
    func beginElementValue(at index: Int) -> Int {
        _ = beginElement(at: index)
        return pushPending(depth: frames[index].depth + 1)
    }

    func beginElement(at index: Int) -> Checkpoint {
        let checkpoint = self.checkpoint(at: index)
        writer.sink.beginItem(first: frames[index].written == 0, depth: frames[index].depth + 1)
        frames[index].written += 1
        return checkpoint
    }

    func checkpoint(at index: Int) -> Checkpoint {
        Checkpoint(outputCount: writer.sink.bufferedCount, frameCount: index + 1,
                   memberCount: memberCount, written: frames[index].written)
    }

    /// Takes back an item whose value threw, with everything opened inside it, as if it had not been begun.
    func rollBack(to checkpoint: Checkpoint) {
        guard !isAbandoned, frames.count >= checkpoint.frameCount else { return }
        writer.sink.discard(from: checkpoint.outputCount)
        frames.removeLast(frames.count - checkpoint.frameCount)
        memberCount = checkpoint.memberCount
        frames[checkpoint.frameCount - 1].written = checkpoint.written
    }

    /// Takes back the text of the member recorded at `record` of the object at `objectIndex`, whose value
    /// turned out `null` while the options leave out null members.
    private func takeBackMember(_ record: Int, of objectIndex: Int) {
        // The key's text goes with the member's: keep a copy, for telling keys apart later.
        omittedKeys.append(keyText(members[record]))
        writer.sink.discard(from: members[record].itemStart)
        members[record].keyStart = members[record].itemStart
        members[record].omittedKey = omittedKeys.count - 1
        frames[objectIndex].written -= 1
    }

    // MARK: Values

    /// Writes `value` as the next value, at `depth`. Returns whether it was `null`.
    @discardableResult
    func write(_ value: JSON, depth: Int) -> Bool {
        switch value {
        case .string(let string): writer.sink.string(string)
        case .number(let number) where number.isFinite: writer.sink.number(number)
        case .bool(let flag): writer.sink.append(flag ? "true" : "false")
        case .null:
            writer.sink.append("null")
            return true
        default:
            writer.baseDepth = depth
            do {
                try writer.write(value)
            } catch {
                // A non-finite number inside a `JSON` value: the tree reports it with its whole path.
                abandon()
            }
        }
        return false
    }

    /// Writes `value` as the member `name` of the object at `index`, or records it as left out.
    func writeMember(_ name: String, _ value: JSON, at index: Int) {
        if case .null = value, writer.sink.options.omitsNullMembers { return omitNullMember(name, inObjectAt: index) }
        _ = beginMember(name, at: index)
        write(value, depth: frames[index].depth + 1)
    }

    /// Writes `value` as the single value of the place at `index`.
    func writeSingle(_ value: JSON, at index: Int) {
        guard frames[index].kind == .pending else { return abandon() }
        frames[index].wroteNull = write(value, depth: frames[index].depth)
        frames[index].kind = .done
    }

    // MARK: Closing objects

    private func finishObject(_ frame: Frame) {
        let first = frame.firstMember
        let count = memberCount - first
        if count > 1 {
            let repeatsKeys = frame.mayRepeatKey && hasRepeatedKey(from: first)
            if repeatsKeys || writer.sink.options.sortsKeys {
                guard reorder(frame, keepingEachKeyOnce: repeatsKeys) else { return abandon() }
            }
        }
        writer.sink.close(UInt8(ascii: "}"), empty: frames[frames.count - 1].written == 0, depth: frame.depth + 1)
        memberCount = first
        // No record is left to name a kept key.
        if first == 0 { omittedKeys.removeAll(keepingCapacity: true) }
    }

    /// Up to this many members an object's records are searched one by one; a larger one is searched through
    /// a table, so that a dictionary of any size is checked in time proportional to its count.
    private static let membersSearchedOneByOne = 32

    /// Whether two of the open object's members, from record `first` on, have the same key: asked only of
    /// an object that may have one (``Frame/mayRepeatKey``). Members with equal fingerprints have their keys
    /// compared.
    private func hasRepeatedKey(from first: Int) -> Bool {
        if memberCount - first <= Self.membersSearchedOneByOne {
            return (first..<memberCount).contains { repeatsAnEarlierKey($0, from: first) }
        }
        // Each fingerprint's latest member; another member with it is compared with the earlier ones that
        // have it (rare beyond real repeats: fingerprints of different keys almost never agree).
        var latest: [UInt64: Int] = [:]
        latest.reserveCapacity(memberCount - first)
        for position in first..<memberCount {
            let fingerprint = members[position].fingerprint
            recordComparisons += 1
            if latest.updateValue(position, forKey: fingerprint) != nil, repeatsAnEarlierKey(position, from: first) {
                return true
            }
        }
        return false
    }

    /// Whether the member recorded at `position` has the key of an earlier one, from record `first` on.
    private func repeatsAnEarlierKey(_ position: Int, from first: Int) -> Bool {
        recordComparisons += position - first
        return (first..<position).contains { haveSameKey(members[$0], members[position]) }
    }

    /// Writes the object's members again, without left-out nulls, sorted when the options sort; for an object
    /// with a key used twice, each key once, at its first position with its last value. Returns false, with
    /// nothing rewritten, when a nested container was asked for under a key used before: the tree would go on
    /// filling the earlier container, which the text has closed.
    private func reorder(_ frame: Frame, keepingEachKeyOnce: Bool) -> Bool {
        let records = Array(UnsafeBufferPointer(start: members + frame.firstMember, count: memberCount - frame.firstMember))
        var chosen: [Int] = []
        if keepingEachKeyOnce {
            // For each key, in order of first appearance, the record holding its last value.
            var positions: [[UInt8]: Int] = [:]
            for (number, record) in records.enumerated() {
                let text = keyText(record)
                if let position = positions[text] {
                    if record.isNestedContainer { return false }
                    chosen[position] = number
                } else {
                    positions[text] = chosen.count
                    chosen.append(number)
                }
            }
        } else {
            chosen = Array(records.indices)
        }
        chosen.removeAll { records[$0].isOmitted }
        if writer.sink.options.sortsKeys {
            chosen = KeyOrder.sorted(chosen) { nameBytes(records[$0]) }
        }
        let start = records[0].itemStart
        let end = writer.sink.bufferedCount
        let text = writer.sink.withBytesWritten(from: start) { Array($0) }
        writer.sink.discard(from: start)
        for (number, chosenRecord) in chosen.enumerated() {
            let memberEnd = chosenRecord + 1 < records.count ? records[chosenRecord + 1].itemStart : end
            writer.sink.beginItem(first: number == 0, depth: frame.depth + 1)
            text.withUnsafeBufferPointer { bytes in
                writer.sink.append(UnsafeBufferPointer(rebasing: bytes[(records[chosenRecord].keyStart - start)..<(memberEnd - start)]))
            }
        }
        frames[frames.count - 1].written = chosen.count
        return true
    }
}
#endif
