@testable import Keel
import Testing

/// The gathering of chunks between scans: bytes come out whole and in order, however they were cut, and a
/// decoder counts them before any scan has read them.
@Suite struct PendingBytesTests {
    @Test func chunksComeOutInOrderAcrossGrowthAndReuse() {
        var pending = PendingBytes()
        var bytes: [UInt8] = [7]
        var expected: [UInt8] = [7]
        var generator = SystemRandomNumberGenerator()
        // Past the first block's 1,024 bytes several times, moved out now and then, so that the block is
        // grown and then reused.
        for round in 0..<300 {
            let chunk = (0..<Int.random(in: 0...97, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(chunk.withUnsafeBufferPointer { pending.append($0) })
            expected += chunk
            if round % 37 == 36 { pending.move(to: &bytes) }
        }
        pending.move(to: &bytes)
        #expect(pending.count == 0)
        #expect(bytes == expected)
        pending.move(to: &bytes)
        #expect(bytes == expected)
    }

    /// Chunks of many sizes, empty ones and ones longer than the gathering's first block included, with
    /// snapshots between them taking what was gathered: the text keeps every byte in order.
    @Test func shortAndLongChunksMixedKeepTheirOrder() throws {
        let items = (0..<400).map { #"{"n": \#($0), "s": "item \#($0) \u00e9", "f": [true, null, -\#($0).5e1]}"# }
        let bytes = Array(("[" + items.joined(separator: ", ") + "]").utf8)
        var generator = SystemRandomNumberGenerator()
        let decoder = JSONPartialDecoder(JSON.self)
        var start = 0
        var shown = 0
        while start < bytes.count {
            let size = [0, 1, 5, 31, 32, 33, 64, 1_500].randomElement(using: &generator) ?? 1
            let end = min(bytes.count, start + size)
            try decoder.feed(bytes[start..<end])
            start = end
            #expect(decoder.byteCount == start)
            if Int.random(in: 0..<4, using: &generator) == 0, case .array(let elements)?? = try decoder.snapshot() {
                // Elements only ever add up (a snapshot shows the finished ones and the open one so far).
                #expect(elements.count >= shown)
                shown = max(shown, elements.count - 1)
            }
        }
        #expect(try decoder.finish() == JSON(parsing: bytes))
    }

    @Test func aDecoderCountsBytesNoScanHasRead() throws {
        let decoder = JSONPartialDecoder([Int].self)
        for piece in ["[1", "0, 2", "", "0, 3"] { try decoder.feed(piece) }
        #expect(decoder.byteCount == 10)
        #expect(try decoder.snapshot() == [10, 20])
        try decoder.feed(Array("0]".utf8))
        #expect(decoder.byteCount == 12)
        #expect(try decoder.finish() == [10, 20, 30])
    }

    @Test func theSizeLimitHoldsAtTheChunkThatPassesIt() throws {
        var options = JSONParsingOptions()
        options.maximumDocumentSize = 8
        let decoder = JSONPartialDecoder([Int].self, options: options)
        try decoder.feed("[1, 2")
        try decoder.feed(", 3")
        let error = #expect(throws: JSONSyntaxError.self) { try decoder.feed(", 4]") }
        #expect(error?.kind == .documentTooLarge)
        #expect(throws: JSONSyntaxError.self) { try decoder.snapshot() }
    }
}
