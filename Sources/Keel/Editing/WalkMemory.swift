// What the walks of a text being edited have learned about its large containers, kept true as each splice
// moves the bytes after it.
//
// A JSON Patch walks to every operation's target. Without a memory, k operations on a large array or object
// walk it k times. With one, an array is walked from the nearest remembered element (one in every 64, and
// one every 4 KiB) and an object's member is found among its remembered keys, so k operations cost about one
// walk of each container plus their own work. The memory is small: 24 bytes a mark, at most 65,536 marks or
// one per 72 bytes of text (a third of its size).
//
// After a splice, a container that lay in the replaced bytes is forgotten, one after them moves with them, and
// one that holds them keeps the marks before the splice and moves (and, for the edited container, renumbers)
// the marks after it.

/// The remembered children of the large containers of one text being edited.
final class WalkMemory {
    /// One remembered child.
    struct Mark: Equatable {
        /// Its position among the container's children.
        var position: Int
        /// Its first byte (an object member's key quote), as an offset from the container's opening bracket.
        var start: Int
        /// An object member's key, hashed as written (``WalkMemory/hash(ofKey:)``); 0 for an array element.
        var keyHash: Int
    }

    /// One remembered container.
    struct Container {
        /// Its opening bracket.
        var open: Int
        var isObject: Bool
        /// Children in order of position: every member of an object; of an array, the first, and then one
        /// element in every ``WalkMemory/arrayStride`` or every ``WalkMemory/byteStride`` bytes (as far
        /// as a walk went).
        var marks: [Mark]
        /// Just after its closing bracket, as an offset from ``open``, once a walk reached it.
        var end: Int?
        /// How many children it has, once a walk reached its end.
        var count: Int?
    }

    /// How a splice changed the container it was made in.
    enum Change {
        /// A value replaced in place (or the whole text).
        case replaced
        /// Child `position` removed.
        case removed(position: Int)
        /// A child added at `position`; for an object, its key starts at `memberStart` and hashes to `keyHash`.
        case inserted(position: Int, memberStart: Int?, keyHash: Int)
    }

    /// Containers with fewer children than this, and fewer bytes than ``minimumBytes``, are walked, not
    /// remembered.
    let minimumChildren: Int
    static let minimumBytes = 1 << 16
    /// An array's marks are this many elements apart, or ``byteStride`` bytes when its elements are large.
    let arrayStride: Int
    static let byteStride = 1 << 12
    /// Marks that may still be made.
    private(set) var budget: Int
    /// In order of their opening brackets (a splice keeps that order: it moves every container after it by
    /// the same amount).
    private var containers: [Container] = []
    /// The most containers remembered at once (beyond it, the first in the text is forgotten).
    private let capacity = 4096
    /// How many children the walks that used this memory passed (what it saves, for tests and benchmarks).
    private(set) var childrenWalked = 0
    /// Whether a patch that used this memory was made again without it: to confirm an error, or after a
    /// failed check (on a tree; never expected).
    var fellBack = false
    /// How many walks and lookups started from a mark instead of a container's first child.
    private(set) var marksUsed = 0

    /// A memory for a text of `textSize` bytes.
    init(textSize: Int, minimumChildren: Int = 64, arrayStride: Int = 64) {
        self.minimumChildren = minimumChildren
        self.arrayStride = arrayStride
        self.budget = max(1 << 16, textSize / 72)
    }

    // MARK: Reading

    private func index(of open: Int) -> Int? {
        let index = insertionIndex(of: open)
        return index < containers.count && containers[index].open == open ? index : nil
    }

    /// Where a container opening at `open` is, or would be, in ``containers``, by halving.
    private func insertionIndex(of open: Int) -> Int {
        var low = 0, high = containers.count
        while low < high {
            let middle = (low + high) / 2
            if containers[middle].open < open { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The container whose opening bracket is at `open`, if it is remembered.
    func container(at open: Int) -> Container? {
        index(of: open).map { containers[$0] }
    }

    /// The last mark at or before child `position` of the container at `open`, with its absolute start.
    func mark(in open: Int, atOrBefore position: Int) -> (position: Int, start: Int)? {
        guard let container = container(at: open) else { return nil }
        let marks = container.marks
        // The first mark past `position`, by halving.
        var low = 0, high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].position <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        return (marks[low - 1].position, open + marks[low - 1].start)
    }

    /// The positions and absolute starts of a remembered object's members whose key hashes to `keyHash` (or
    /// has an escape), last first.
    func members(of open: Int, hashing keyHash: Int) -> [(position: Int, start: Int)] {
        guard let container = container(at: open), container.isObject else { return [] }
        return container.marks.reversed()
            .filter { $0.keyHash == keyHash || $0.keyHash == Self.escapedKey }
            .map { ($0.position, open + $0.start) }
    }

    // MARK: Learning

    /// Whether a walk of the container at `open` that starts at child `position` should record marks: an
    /// array's walk past its last mark, or an object's first whole walk.
    func wantsMarks(of open: Int, isObject: Bool, from position: Int) -> Bool {
        guard budget > 0, minimumChildren < Int.max else { return false }
        if isObject { return position == 0 && container(at: open) == nil }
        return true
    }

    /// The last mark of the container at `open` (position and absolute start), if it has one.
    func lastMark(of open: Int) -> (position: Int, start: Int)? {
        container(at: open)?.marks.last.map { ($0.position, open + $0.start) }
    }

    /// Records what a walk of the container at `open` saw: `marks` (absolute starts, after the container's
    /// own), and its end and count when it reached the end (`walkedTo` when it stopped). A container is
    /// remembered when the walk passed ``minimumChildren`` children or ``minimumBytes`` bytes; an object only
    /// whole.
    func learn(_ open: Int, isObject: Bool, marks: [Mark], end: Int?, count: Int?, walkedTo: Int) {
        if isObject, end == nil { return }
        if let index = index(of: open) {
            containers[index].marks += marks.map { Mark(position: $0.position, start: $0.start - open, keyHash: $0.keyHash) }
            if let end { containers[index].end = end - open }
            if let count { containers[index].count = count }
            budget -= marks.count
            return
        }
        let seen = (marks.last?.position ?? -1) + 1
        guard max(seen, count ?? 0) >= minimumChildren || walkedTo - open >= Self.minimumBytes,
              marks.count <= budget else { return }
        if containers.count == capacity {
            budget += containers.removeFirst().marks.count
        }
        containers.insert(Container(open: open, isObject: isObject,
                                    marks: marks.map { Mark(position: $0.position, start: $0.start - open, keyHash: $0.keyHash) },
                                    end: end.map { $0 - open }, count: count), at: insertionIndex(of: open))
        budget -= marks.count
    }

    /// Counts `count` children passed by a walk.
    func walked(_ count: Int, fromMark: Bool) {
        childrenWalked += count
        if fromMark { marksUsed += 1 }
    }

    /// Forgets everything (the text was rewritten whole).
    func forgetAll() {
        for container in containers { budget += container.marks.count }
        containers = []
    }

    // MARK: Splices

    /// Keeps the memory true after `edit` was made in the container at `parent` (`nil` for the whole text).
    func didSplice(_ edit: TextEditRange, in parent: Int?, change: Change) {
        let s = edit.range.lowerBound, e = edit.range.upperBound
        let delta = edit.growth
        var kept: [Container] = []
        kept.reserveCapacity(containers.count)
        for var container in containers {
            // After the splice (an insertion at its bracket puts it after too): it moves.
            if edit.range.isEmpty ? container.open >= s : container.open >= e {
                container.open += delta
                kept.append(container)
                continue
            }
            // In the replaced bytes: forgotten.
            if container.open >= s {
                budget += container.marks.count
                continue
            }
            // Closed before the splice: unchanged.
            if let end = container.end, container.open + end <= s {
                kept.append(container)
                continue
            }
            let isParent = container.open == parent
            let open = container.open
            if let end = container.end { container.end = end + delta }
            var marks: [Mark] = []
            marks.reserveCapacity(container.marks.count + 1)
            for var mark in container.marks {
                let start = open + mark.start
                var removedHere = false
                if case .removed = change, isParent, !edit.range.isEmpty { removedHere = start == s }
                if start < s || (start == s && !removedHere) {
                    marks.append(mark)
                } else if start < e || removedHere {
                    continue
                } else {
                    mark.start += delta
                    if isParent {
                        switch change {
                        case .removed: mark.position -= 1
                        case .inserted: mark.position += 1
                        case .replaced: break
                        }
                    }
                    marks.append(mark)
                }
            }
            if isParent {
                switch change {
                case .removed:
                    container.count = container.count.map { $0 - 1 }
                case .inserted(let position, let memberStart, let keyHash):
                    container.count = container.count.map { $0 + 1 }
                    if container.isObject {
                        // An object's members are all marked: the new one is too (objects add at the end).
                        guard let memberStart, position == (marks.last?.position ?? -1) + 1 else {
                            budget += container.marks.count
                            continue
                        }
                        marks.append(Mark(position: position, start: memberStart - open, keyHash: keyHash))
                        budget -= 1
                    }
                case .replaced:
                    break
                }
            }
            budget += container.marks.count - marks.count
            container.marks = marks
            kept.append(container)
        }
        containers = kept
    }

    // MARK: Checking

    /// Whether everything remembered is true of the text `walk` reads, found by walking each remembered
    /// container afresh: the check, after a patch, that a mistake in keeping the memory never reaches a file.
    func agrees<Text: WalkableText>(with walk: TextWalk<Text>) -> Bool {
        let fresh = TextWalk(bytes: walk.bytes)
        return containers.allSatisfy { container in
            guard container.isObject ? fresh.isObject(container.open) : fresh.isArray(container.open) else { return false }
            var next = 0        // the next mark to meet
            var position = 0
            var agrees = true
            let end = fresh.forEachChild(of: container.open) { child in
                if next < container.marks.count, container.marks[next].position == position {
                    let mark = container.marks[next]
                    let keyHash = container.isObject ? fresh.keyHash(of: child) : 0
                    agrees = mark.start == child.start - container.open && mark.keyHash == keyHash
                    next += 1
                }
                position += 1
                return agrees
            }
            return agrees && next == container.marks.count
                && (container.end.map { container.open + $0 == end } ?? true)
                && (container.count.map { $0 == position } ?? true)
        }
    }

    // MARK: Keys

    /// The hash of a key with an escape, which is compared by its text instead.
    static let escapedKey = Int.min

    /// A key's hash, from its bytes as written between the quotes (FNV-1a); ``escapedKey`` when it has an escape.
    static func hash<Bytes: Sequence<UInt8>>(ofKey bytes: Bytes) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            if byte == UInt8(ascii: "\\") { return escapedKey }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash & 0x7FFF_FFFF_FFFF_FFFF)
    }
}
