/// A deterministic automaton for searching with an ``IRegexp`` (does the pattern match somewhere in the
/// text?), built once from the Thompson automaton when that is small: one table lookup per scalar instead
/// of a walk over a set of states.
///
/// Scalars fall into classes that every set in the pattern treats alike (at most 255); each state of this
/// automaton is the set of Thompson states live at a position, with the pattern's start added at every
/// position (that is what makes it search). Patterns with general categories or word boundaries, and ones
/// whose automaton would pass ``maximumStates``, keep the Thompson run.
struct IRegexpSearchAutomaton: Sendable {
    static let maximumStates = 1_000

    /// The first scalar value of each class, ascending; the first is 0.
    private let boundaries: [UInt32]
    private let asciiClasses: [UInt8]
    private let classCount: Int
    private let transitions: [Int32]
    /// The text matched up to here: a search can stop.
    private let acceptsNow: [Bool]
    /// The text matches if it ends here (through `$`).
    private let acceptsAtEnd: [Bool]
    /// No match can start or go on from here.
    private let isDead: [Bool]

    init?(states: [IRegexp.State], start: Int) {
        var cuts: Set<UInt32> = [0]
        for state in states {
            switch state {
            case .scalar(let set, _):
                for item in set.items {
                    guard case .range(let low, let high) = item else { return nil }
                    cuts.insert(low)
                    if high < 0x10FFFF { cuts.insert(high + 1) }
                }
            case .wordBoundary:
                return nil
            default:
                break
            }
        }
        let boundaries = cuts.sorted()
        guard boundaries.count <= 255 else { return nil }
        self.boundaries = boundaries
        classCount = boundaries.count
        asciiClasses = (0..<128).map { value in UInt8(boundaries.lastIndex { $0 <= UInt32(value) } ?? 0) }

        // The live Thompson states after following every move that consumes nothing; `$` anchors stay in
        // the set (they are followed only at the end), `^` anchors pass only at the start.
        func closure(_ seeds: [Int], atStart: Bool) -> [Int] {
            var seen = Set<Int>()
            var pending = seeds
            var result: [Int] = []
            while let index = pending.popLast() {
                guard seen.insert(index).inserted else { continue }
                switch states[index] {
                case .split(let first, let second):
                    pending.append(first)
                    pending.append(second)
                case .anchor(true, let next):
                    if atStart { pending.append(next) }
                case .anchor(false, _), .scalar, .accept:
                    result.append(index)
                case .wordBoundary:
                    break
                }
            }
            return result.sorted()
        }
        func accepts(_ set: [Int]) -> Bool {
            set.contains { if case .accept = states[$0] { return true } else { return false } }
        }
        func acceptsAtTheEnd(_ set: [Int], atStart: Bool) -> Bool {
            var seeds: [Int] = []
            for index in set {
                if case .anchor(false, let next) = states[index] { seeds.append(next) }
            }
            var reached = closure(seeds, atStart: atStart)
            // A `$` may follow another `$`.
            var rounds = 0
            while !accepts(reached), rounds < 8 {
                let more = reached.compactMap { index -> Int? in
                    if case .anchor(false, let next) = states[index] { return next } else { return nil }
                }
                if more.isEmpty { break }
                reached = closure(more, atStart: atStart)
                rounds += 1
            }
            return accepts(reached)
        }
        func contains(_ set: IRegexp.CharacterSet, _ value: UInt32) -> Bool {
            var found = false
            for case .range(let low, let high) in set.items where low <= value && value <= high {
                found = true
                break
            }
            return found != set.complemented
        }

        var sets: [[Int]] = [closure([start], atStart: true)]
        var ids: [[Int]: Int] = [:]
        var transitions: [Int32] = []
        var acceptsNow: [Bool] = []
        var acceptsAtEnd: [Bool] = []
        var isDead: [Bool] = []
        var current = 0
        while current < sets.count {
            let set = sets[current]
            let now = accepts(set)
            let atEnd = acceptsAtTheEnd(set, atStart: current == 0)
            acceptsNow.append(now)
            acceptsAtEnd.append(atEnd)
            for classIndex in 0..<classCount {
                let value = boundaries[classIndex]
                var targets = [start]
                for index in set {
                    if case .scalar(let scalars, let next) = states[index], contains(scalars, value) { targets.append(next) }
                }
                let next = closure(targets, atStart: false)
                if let known = ids[next] {
                    transitions.append(Int32(known))
                } else {
                    guard sets.count < Self.maximumStates else { return nil }
                    ids[next] = sets.count
                    transitions.append(Int32(sets.count))
                    sets.append(next)
                }
            }
            let hasMoves = set.contains { if case .scalar = states[$0] { return true } else { return false } }
            isDead.append(!now && !atEnd && !hasMoves && current != 0)
            current += 1
        }
        self.transitions = transitions
        self.acceptsNow = acceptsNow
        self.acceptsAtEnd = acceptsAtEnd
        self.isDead = isDead
    }

    @inline(__always)
    private func classOf(_ value: UInt32) -> Int {
        if value < 128 { return Int(asciiClasses[Int(value)]) }
        var low = 0
        var high = boundaries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if boundaries[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Whether the pattern matches somewhere in the scalars.
    func isFound<S: Sequence<UInt32>>(in scalars: S) -> Bool {
        var state = 0
        for value in scalars {
            if acceptsNow[state] { return true }
            if isDead[state] { return false }
            state = Int(transitions[state * classCount + classOf(value)])
        }
        return acceptsNow[state] || acceptsAtEnd[state]
    }

    /// Whether the pattern matches somewhere in well-formed UTF-8.
    func isFound(inUTF8 bytes: UnsafeRawBufferPointer) -> Bool {
        var state = 0
        var index = 0
        let count = bytes.count
        while index < count {
            if acceptsNow[state] { return true }
            if isDead[state] { return false }
            let lead = bytes[index]
            var value = UInt32(lead)
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + width <= count else { break }
            if lead < 0x80 {
                index += 1
            } else if lead < 0xE0 {
                value = (value & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                value = (value & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                value = (value & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            }
            state = Int(transitions[state * classCount + classOf(value)])
        }
        return acceptsNow[state] || acceptsAtEnd[state]
    }
}
