/// A deterministic automaton for searching with an ``IRegexp`` (does the pattern match somewhere in the
/// text?), built once from the Thompson automaton when that is small: one table lookup per scalar instead
/// of a walk over a set of states.
///
/// Scalars fall into classes that every set in the pattern treats alike (at most 255); each state of this
/// automaton is the set of Thompson states live at a position, with the pattern's start added at every
/// position (that is what makes it search). Patterns with general categories or word boundaries, and ones
/// whose automaton would pass ``maximumStates``, keep the Thompson run.
///
/// A class whose tables sit in memory it owns, read through pointers: a search (run for every string a
/// schema `pattern` checks) then costs no reference counting and no bounds check per byte.
final class IRegexpSearchAutomaton: @unchecked Sendable {
    static let maximumStates = 1_000

    /// The first scalar value of each class, ascending; the first is 0.
    private let boundaries: [UInt32]
    private let classCount: Int
    /// The class of each ASCII byte (128 entries).
    private let asciiClasses: UnsafeMutablePointer<UInt8>
    /// The next state for each state and class, at `state * classCount + class`.
    private let transitions: UnsafeMutablePointer<Int32>
    /// Per state: ``acceptsNow``, ``acceptsAtEnd`` and ``isDead`` bits.
    private let stateFlags: UnsafeMutablePointer<UInt8>
    /// For automata of up to 512 states, the next state for each state and ASCII byte, at `state << 7 | byte`,
    /// with a state that has matched or can no longer match leading to itself: a run of ASCII then costs one
    /// load per byte, its verdict read at the end.
    private let asciiNext: UnsafeMutablePointer<Int32>?
    /// The text matched up to here: a search can stop.
    private static let acceptsNow: UInt8 = 1
    /// The text matches if it ends here (through `$`).
    private static let acceptsAtEnd: UInt8 = 2
    /// No match can start or go on from here.
    private static let isDead: UInt8 = 4

    deinit {
        asciiClasses.deallocate()
        transitions.deallocate()
        stateFlags.deallocate()
        asciiNext?.deallocate()
    }

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
        let classCount = boundaries.count
        let asciiClasses = (0..<128).map { value in UInt8(boundaries.lastIndex { $0 <= UInt32(value) } ?? 0) }

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
        self.boundaries = boundaries
        self.classCount = classCount
        self.asciiClasses = .allocate(capacity: 128)
        self.asciiClasses.initialize(from: asciiClasses, count: 128)
        self.transitions = .allocate(capacity: max(transitions.count, 1))
        self.transitions.initialize(from: transitions, count: transitions.count)
        self.stateFlags = .allocate(capacity: max(sets.count, 1))
        for state in sets.indices {
            self.stateFlags[state] = (acceptsNow[state] ? Self.acceptsNow : 0) | (acceptsAtEnd[state] ? Self.acceptsAtEnd : 0)
                | (isDead[state] ? Self.isDead : 0)
        }
        if sets.count <= 512 {
            let next = UnsafeMutablePointer<Int32>.allocate(capacity: sets.count << 7)
            for state in sets.indices {
                let settled = acceptsNow[state] || isDead[state]
                for byte in 0..<128 {
                    next[state << 7 | byte] = settled ? Int32(state) : transitions[state * classCount + Int(asciiClasses[byte])]
                }
            }
            asciiNext = next
        } else {
            asciiNext = nil
        }
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
            let flags = stateFlags[state]
            if flags & (Self.acceptsNow | Self.isDead) != 0 { return flags & Self.acceptsNow != 0 }
            state = Int(transitions[state &* classCount &+ classOf(value)])
        }
        return stateFlags[state] & (Self.acceptsNow | Self.acceptsAtEnd) != 0
    }

    /// Whether the pattern matches somewhere in well-formed UTF-8.
    func isFound(inUTF8 bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return stateFlags[0] & (Self.acceptsNow | Self.acceptsAtEnd) != 0
        }
        var state = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = base[index]
            if lead < 0x80, let asciiNext {
                state = Int(asciiNext[state &<< 7 | Int(lead)])
                index &+= 1
                continue
            }
            let flags = stateFlags[state]
            if flags & (Self.acceptsNow | Self.isDead) != 0 { return flags & Self.acceptsNow != 0 }
            if lead < 0x80 {
                state = Int(transitions[state &* classCount &+ Int(asciiClasses[Int(lead)])])
                index &+= 1
                continue
            }
            var value = UInt32(lead)
            let width = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + width <= count else { break }
            if lead < 0xE0 {
                value = (value & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
            } else if lead < 0xF0 {
                value = (value & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F)
            } else {
                value = (value & 0x07) << 18 | UInt32(base[index + 1] & 0x3F) << 12
                    | UInt32(base[index + 2] & 0x3F) << 6 | UInt32(base[index + 3] & 0x3F)
            }
            index &+= width
            state = Int(transitions[state &* classCount &+ classOf(value)])
        }
        return stateFlags[state] & (Self.acceptsNow | Self.acceptsAtEnd) != 0
    }
}
