// Lines and columns of far-apart offsets without counting from the start each time.
//
// `JSONSourceLocation(byteOffset:in:)` counts lines and columns from the start of the input, O(offset). That is
// right for the one syntax error of a parse, but a collecting decoder may report an error for every element of
// a large array, and each error's line and column then cost a pass over everything before it: quadratic in
// the document. The index records the line and column at every `stride`-th byte, in one pass made the first
// time a location past the first stride is asked for; a location then costs at most `stride` steps.

/// Lines and columns through a document's checkpoints, built on first use (thread-safe).
enum SourcePositionIndex {
    /// Bytes between checkpoints: a location costs at most this many steps once the checkpoints exist.
    static let stride = 4096

    /// The location of `offset` in `bytes`, the same as `JSONSourceLocation(byteOffset:in:)` gives.
    static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
                         caches: Locked<DocumentCaches>) -> JSONSourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        guard offset >= Self.stride else { return JSONSourceLocation(byteOffset: offset, in: bytes) }
        let checkpoints = caches.withLock { caches in
            if let known = caches.checkpoints { return known }
            let built = self.checkpoints(of: bytes)
            caches.checkpoints = built
            return built
        }
        let nearest = offset / Self.stride
        var position = checkpoints[nearest - 1]
        for index in nearest * Self.stride..<offset { position.advance(over: bytes[index]) }
        return JSONSourceLocation(byteOffset: offset, line: position.line, column: position.column)
    }

    /// One pass over `bytes`, carrying line and column along from the first checkpoint (computed the long
    /// way, which also applies the rule for a byte-order mark on line 1).
    private static func checkpoints(of bytes: UnsafeBufferPointer<UInt8>) -> [TextPosition] {
        var position = JSONSourceLocation.position(before: stride, in: bytes)
        var result = [position]
        result.reserveCapacity(bytes.count / stride)
        for index in stride..<bytes.count {
            position.advance(over: bytes[index])
            if (index + 1) % stride == 0 { result.append(position) }
        }
        return result
    }
}
