// A text held in pieces while it is edited, so that a splice moves only the rest of its piece.
//
// In one array, each splice of a patch moves every byte after it: a thousand operations spread over a
// 250 MB file move about 125 GB. In pieces of about a megabyte, a splice rewrites one piece (or joins the few
// it spans), and the offsets of the pieces after it change by a number each. Walks read the pieces through
// ``WalkableText``: a run of contiguous bytes at a time.

/// Bytes read by offset: what a splice's layout rule reads (``ContainerSplice``).
protocol TextReading {
    var count: Int { get }
    subscript(_ offset: Int) -> UInt8 { get }
    /// The bytes of `range`, copied out.
    func copy(_ range: Range<Int>) -> [UInt8]
}

/// Bytes a walk reads (``TextWalk``): one buffer, or the pieces of a text being edited.
protocol WalkableText: TextReading {
    /// The bytes from `offset` to the end of the contiguous run that holds it (empty at the end).
    func run(from offset: Int) -> UnsafeBufferPointer<UInt8>
    /// Calls `body` with the bytes of `range`, contiguous (copied when they lie in more than one run).
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

extension Array: TextReading where Element == UInt8 {
    func copy(_ range: Range<Int>) -> [UInt8] { Array(self[range]) }
}

extension UnsafeBufferPointer: TextReading, WalkableText where Element == UInt8 {
    func copy(_ range: Range<Int>) -> [UInt8] { Array(self[range]) }

    @inline(__always)
    func run(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[Swift.min(offset, count)...])
    }

    @inline(__always)
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(rebasing: self[range]))
    }
}

/// A text in pieces of about ``pieceSize`` bytes, edited by splices. Walks read it through ``view``.
final class PieceText {
    /// The pieces, in order, and where each begins in the text; none is empty unless the text is.
    private var pieces: [(start: Int, bytes: UnsafeMutableBufferPointer<UInt8>)] = []
    /// The same as ``pieces``, where a ``PieceView`` reads it.
    private var layout = UnsafeMutableBufferPointer<PieceView.Piece>(start: nil, count: 0)
    /// The piece the last lookup found (walks read forward, mostly within one piece).
    private let lastFound = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var count: Int
    let pieceSize: Int

    /// `bytes` cut into pieces of `pieceSize`.
    init(_ bytes: [UInt8], pieceSize: Int = 1 << 20) {
        self.count = bytes.count
        self.pieceSize = max(1, pieceSize)
        lastFound.initialize(to: 0)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + self.pieceSize)
            let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: end - offset)
            _ = piece.initialize(fromContentsOf: bytes[offset..<end])
            pieces.append((offset, piece))
            offset = end
        } while offset < bytes.count
        publish()
    }

    deinit {
        for piece in pieces { piece.bytes.deallocate() }
        layout.deallocate()
        lastFound.deallocate()
    }

    /// The text as a walk reads it, valid until the next ``replace(_:with:)``.
    var view: PieceView {
        PieceView(pieces: UnsafeBufferPointer(layout), count: count, lastFound: lastFound)
    }

    /// Copies ``pieces`` to ``layout``.
    private func publish() {
        layout.deallocate()
        layout = .allocate(capacity: pieces.count)
        for (index, piece) in pieces.enumerated() {
            (layout.baseAddress! + index).initialize(to: PieceView.Piece(start: piece.start, bytes: UnsafeBufferPointer(piece.bytes)))
        }
        lastFound.pointee = 0
    }

    /// Replaces the bytes of `range` by `replacement`: the pieces the range touches become one (cut again
    /// when it grows past twice the piece size), and the pieces after it move.
    func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        let view = self.view
        let first = view.piece(holding: range.lowerBound)
        let lastTouched = range.isEmpty ? first : view.piece(holding: range.upperBound - 1)
        let start = pieces[first].start
        let end = pieces[lastTouched].start + pieces[lastTouched].bytes.count
        var joined: [UInt8] = []
        joined.reserveCapacity(end - start - range.count + replacement.count)
        joined += view.copy(start..<range.lowerBound)
        joined += replacement
        joined += view.copy(range.upperBound..<end)
        var made: [(start: Int, bytes: UnsafeMutableBufferPointer<UInt8>)] = []
        var offset = 0
        while offset < joined.count || made.isEmpty {
            // Cut only what has grown past twice the size, into pieces of the size.
            let end = joined.count - offset <= 2 * pieceSize ? joined.count : offset + pieceSize
            let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: end - offset)
            _ = piece.initialize(fromContentsOf: joined[offset..<end])
            made.append((start + offset, piece))
            offset = end
        }
        for piece in pieces[first...lastTouched] { piece.bytes.deallocate() }
        // An empty piece stays only when it is the whole text.
        if made.count == 1, made[0].bytes.isEmpty, pieces.count > 1 {
            made[0].bytes.deallocate()
            made = []
        }
        pieces.replaceSubrange(first...lastTouched, with: made)
        let growth = replacement.count - range.count
        count += growth
        for index in (first + made.count)..<pieces.count { pieces[index].start += growth }
        if pieces.isEmpty { pieces = [(0, UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0))] }
        publish()
    }

    /// The whole text in one array; each piece is released once copied, and the text left empty.
    func joined() -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for piece in pieces {
            result += piece.bytes
            piece.bytes.deallocate()
        }
        pieces = [(0, UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 0))]
        count = 0
        publish()
        return result
    }
}

/// A ``PieceText`` as a walk reads it: the pieces' places, held without counting references, so that a
/// walk copies it for nothing.
struct PieceView: WalkableText {
    struct Piece {
        var start: Int
        var bytes: UnsafeBufferPointer<UInt8>
    }

    let pieces: UnsafeBufferPointer<Piece>
    let count: Int
    /// The piece the last lookup found, kept by the ``PieceText``.
    let lastFound: UnsafeMutablePointer<Int>

    /// The piece that holds `offset` (the last piece for the end of the text).
    @inline(__always)
    func piece(holding offset: Int) -> Int {
        let last = lastFound.pointee
        let cached = pieces[last]
        if cached.start <= offset, offset &- cached.start < cached.bytes.count { return last }
        var low = 0, high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        lastFound.pointee = low
        return low
    }

    subscript(_ offset: Int) -> UInt8 {
        let piece = pieces[piece(holding: offset)]
        return piece.bytes[offset - piece.start]
    }

    @inline(__always)
    func run(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        guard offset < count, let base = pieces[piece(holding: offset)].bytes.baseAddress else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        let piece = pieces[lastFound.pointee]
        // Within the piece, as `piece(holding:)` found: no slice to check again.
        return UnsafeBufferPointer(start: base + (offset - piece.start), count: piece.bytes.count - (offset - piece.start))
    }

    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let first = run(from: range.lowerBound)
        if first.count >= range.count { return body(UnsafeBufferPointer(rebasing: first[..<range.count])) }
        return copy(range).withUnsafeBufferPointer(body)
    }

    func copy(_ range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let run = run(from: offset)
            let taken = min(run.count, range.upperBound - offset)
            result += run[..<taken]
            offset += taken
        }
        return result
    }
}
