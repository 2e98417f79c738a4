/// Where the children of a document's large containers start on the tape, worked out the first time one is
/// needed, so that neither the n-th element nor the path to a value walks past every earlier sibling.
///
/// On the tape a container's children follow one another, each container child spanning all of its own
/// descendants, so without this index finding a child by position means hopping over the ones before it:
/// O(n) per step, and quadratic for a caller asking about every element (a collecting decoder naming the
/// path of each failed element of a large array).
enum ChildPositionIndex {
    /// Containers with more children than this get an index when one is needed.
    static let threshold = 64
}

extension DocumentStorage {
    /// The tape indices of the values of the container at `container`, in order (for an object, the value
    /// after each key); `nil` when the system refuses the memory, and the caller walks instead.
    func children(ofContainerAt container: Int) -> [UInt32]? {
        let tape = self.tape.base
        return caches.withLock { caches in
            if let known = caches.childPositions[container] { return known }
            let entry = tape[container]
            guard SystemLibrary.canAllocate(bytes: entry.count * MemoryLayout<UInt32>.stride) else { return nil }
            var result: [UInt32] = []
            result.reserveCapacity(entry.count)
            var child = container + 1
            for _ in 0..<entry.count {
                let value = entry.kind == .object ? child + 1 : child
                // Documents are under 4 GiB, so their tape indices fit 32 bits.
                result.append(UInt32(truncatingIfNeeded: value))
                child = TapeReader.indexAfter(value, in: tape)
            }
            caches.childPositions[container] = result
            return result
        }
    }

    /// The position of the child of the container at `container` that is, or holds, the value at `index`.
    func position(ofChildHolding index: Int, inContainerAt container: Int) -> (position: Int, valueIndex: Int) {
        guard let children = self.children(ofContainerAt: container) else {
            return walkToChild(holding: index, inContainerAt: container)
        }
        // The last child whose value starts at or before `index`.
        var low = 0
        var high = children.count
        while low < high {
            let middle = (low + high) / 2
            if Int(children[middle]) <= index { low = middle + 1 } else { high = middle }
        }
        let position = max(low - 1, 0)
        return (position, Int(children[position]))
    }

    /// ``position(ofChildHolding:inContainerAt:)`` without the index: a walk over the children before it.
    private func walkToChild(holding index: Int, inContainerAt container: Int) -> (position: Int, valueIndex: Int) {
        let tape = self.tape.base
        let entry = tape[container]
        var child = container + 1
        var found = (position: 0, valueIndex: entry.kind == .object ? child + 1 : child)
        for position in 0..<entry.count {
            let value = entry.kind == .object ? child + 1 : child
            if value > index { break }
            found = (position, value)
            child = TapeReader.indexAfter(value, in: tape)
        }
        return found
    }
}
