// Splitting a byte stream into lines, for JSON Lines. The bytes come either from memory (one chunk: lines
// are read in place, never copied) or from a file descriptor, read in chunks into one reused buffer. A
// line that crosses chunks is gathered in a second buffer, which never grows past the record size limit:
// the rest of a longer line is skipped up to its line feed and the line reported as too large, so memory
// stays bounded by the chunk size plus the limit, however long the stream or its lines.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Where a stream's bytes come from.
enum ByteSource {
    /// Bytes already in memory.
    case bytes([UInt8])
    /// An open file descriptor, read to its end; closed when reading ends if `closes` is set.
    case descriptor(Int32, closes: Bool)
}

/// One line of a stream, as ``LineReader`` hands it out.
struct StreamLine {
    /// The line's number, from 1.
    var number: Int
    /// The offset of its first byte in the stream.
    var byteOffset: Int
    /// Its length in bytes without the line feed (and without a carriage return before it).
    var length: Int
    /// Whether it was longer than the limit, in which case its bytes are not given.
    var isTooLong: Bool
}

/// Reads a stream line by line (lines end with LF; a CR before the LF is dropped; the last line may have no
/// LF). Made once per pass over the stream; a class, so that the descriptor it may own is closed once.
final class LineReader {
    private let source: ByteSource
    private let maximumLength: Int
    /// The current chunk; for `.bytes`, the whole input.
    private var chunk: [UInt8]
    private var chunkStart = 0
    private var chunkEnd: Int
    private var atEnd: Bool
    /// The start of a line that the previous chunks did not finish.
    private var carried: [UInt8] = []
    /// How many bytes of the current line have been seen in earlier chunks (for a line past the limit,
    /// whose bytes are no longer kept).
    private var carriedLength = 0
    private var carriedTooLong = false
    /// The last byte carried, so that a CR just before a chunk's leading LF is known.
    private var carriedLastByte: UInt8 = 0
    private var nextNumber = 1
    private var nextOffset = 0
    /// Set when reading fails; the reader then reports it once and ends.
    private(set) var failure: Int32?

    /// How much a descriptor is read at a time, unless told otherwise.
    static let defaultChunkSize = 1 << 20

    init(source: ByteSource, maximumLength: Int, chunkSize: Int = LineReader.defaultChunkSize) {
        self.source = source
        self.maximumLength = maximumLength
        switch source {
        case .bytes(let bytes):
            chunk = bytes
            chunkEnd = bytes.count
            atEnd = true
        case .descriptor:
            chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
            chunkEnd = 0
            atEnd = false
        }
    }

    deinit {
        if case .descriptor(let descriptor, true) = source { close(descriptor) }
    }

    /// Calls `body` with the next line and its bytes (valid only during the call; empty for a line past the
    /// limit); `nil` at the end of the stream or after a read failure (see ``failure``).
    func next<R>(_ body: (StreamLine, UnsafeRawBufferPointer) -> R) -> R? {
        while true {
            if chunkStart < chunkEnd {
                let found = chunk.withUnsafeBytes { buffer -> Int? in
                    guard let base = buffer.baseAddress else { return nil }
                    return memchr(base + chunkStart, 0x0A, chunkEnd - chunkStart).map { base.distance(to: UnsafeRawPointer($0)) }
                }
                if let lineFeed = found {
                    let start = chunkStart
                    chunkStart = lineFeed + 1
                    return finishLine(from: start, to: lineFeed, consumed: lineFeed + 1 - start, body)
                }
                // No line feed in the rest of the chunk: keep what fits and read on.
                let rest = chunkEnd - chunkStart
                if !carriedTooLong, carriedLength + rest <= maximumLength {
                    carried.append(contentsOf: chunk[chunkStart..<chunkEnd])
                } else {
                    carriedTooLong = true
                    carried = []
                }
                carriedLength += rest
                carriedLastByte = chunk[chunkEnd - 1]
                chunkStart = chunkEnd
            }
            if atEnd || failure != nil {
                // The last line, if it has no line feed.
                guard carriedLength > 0 else { return nil }
                return finishLine(from: chunkEnd, to: chunkEnd, consumed: 0, body)
            }
            refill()
        }
    }

    /// Hands out the line made of what was carried and `chunk[start..<end]`, and moves past it.
    private func finishLine<R>(
        from start: Int, to end: Int, consumed: Int, _ body: (StreamLine, UnsafeRawBufferPointer) -> R
    ) -> R {
        let fullLength = carriedLength + end - start
        var line = StreamLine(number: nextNumber, byteOffset: nextOffset, length: fullLength,
                              isTooLong: carriedTooLong || fullLength > maximumLength)
        nextNumber += 1
        nextOffset += fullLength + (consumed > end - start ? 1 : 0)
        defer {
            carried.removeAll(keepingCapacity: carried.capacity <= LineReader.defaultChunkSize)
            carriedLength = 0
            carriedTooLong = false
        }
        if line.isTooLong {
            let lastByte = end > start ? chunk[end - 1] : carriedLastByte
            if lastByte == 0x0D { line.length -= 1 }
            return body(line, UnsafeRawBufferPointer(start: nil, count: 0))
        }
        if carriedLength == 0 {
            return chunk.withUnsafeBytes { buffer in
                var bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                if bytes.last == 0x0D {
                    bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
                    line.length -= 1
                }
                return body(line, bytes)
            }
        }
        carried.append(contentsOf: chunk[start..<end])
        if carried.last == 0x0D {
            carried.removeLast()
            line.length -= 1
        }
        return carried.withUnsafeBytes { body(line, $0) }
    }

    /// Reads the next chunk from the descriptor (retrying on `EINTR`); at the end of input sets `atEnd`.
    private func refill() {
        guard case .descriptor(let descriptor, _) = source else {
            atEnd = true
            return
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                failure = errno
            } else if count == 0 {
                atEnd = true
            }
            chunkStart = 0
            chunkEnd = max(count, 0)
            return
        }
    }
}
