/// The cuts of `count` bytes into chunks whose sizes are taken from `sizes` in turn (a size below one counts
/// as one): each chunk's range and its turn, from zero. How the partial and incremental checks feed a document.
public struct ChunkCuts: Sequence, IteratorProtocol {
    private let count: Int
    private let sizes: [Int]
    private var start = 0
    private var turn = 0

    public init(count: Int, sizes: [Int]) {
        self.count = count
        self.sizes = sizes
    }

    public mutating func next() -> (range: Range<Int>, turn: Int)? {
        guard start < count, !sizes.isEmpty else { return nil }
        let end = Swift.min(count, start + Swift.max(1, sizes[turn % sizes.count]))
        defer {
            start = end
            turn += 1
        }
        return (start..<end, turn)
    }
}
