import Foundation
@testable import Keel
import Testing

/// Streams read from asynchronous sequences of bytes and of chunks: the same records, errors and positions
/// as from memory, whatever the chunks, in every format; decoding; and a source's error ending the stream.
@Suite struct AsyncJSONStreamTests {
    typealias Outcome = JSONLinesTests.Outcome

    /// What the asynchronous stream gives, in the form `JSONLinesTests` compares.
    static func outcomes<Source>(_ stream: AsyncJSONStream<Source>) async throws -> [Outcome] {
        var results: [Result<JSONStream.Record, JSONRecordError>] = []
        for try await result in stream { results.append(result) }
        return JSONLinesTests.outcomes(results)
    }

    /// `bytes` as an asynchronous sequence of chunks of `size` bytes.
    static func chunks(of bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            for start in stride(from: 0, to: bytes.count, by: size) {
                continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            continuation.finish()
        }
    }

    @Test(arguments: StreamFormatTests.samples.map(\.0))
    func everyChunkSizeReadsAsFromMemory(format: JSONStream.Format) async throws {
        let text = try #require(StreamFormatTests.samples.first { $0.0 == format }).1
        let bytes = Array(text.utf8)
        let expected = JSONLinesTests.outcomes(JSONStream(bytes, format: format))
        for size in 1...(bytes.count + 1) {
            #expect(try await Self.outcomes(AsyncJSONStream(Self.chunks(of: bytes, size: size), format: format)) == expected,
                    "chunks of \(size)")
        }
        // Byte by byte, and with empty chunks between.
        let single = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        #expect(try await Self.outcomes(AsyncJSONStream(single, format: format)) == expected)
        let withEmpty = AsyncStream<[UInt8]> { continuation in
            for byte in bytes { continuation.yield([]); continuation.yield([byte]) }
            continuation.finish()
        }
        #expect(try await Self.outcomes(AsyncJSONStream(withEmpty, format: format)) == expected)
    }

    @Test func recordsDecodeAsTheyArrive() async throws {
        let text = "[{\"id\": 1, \"name\": \"start\"}, {\"id\": \"2\", \"name\": \"typo\"}, {\"id\": 3, \"name\": \"end\"}]"
        // An `AsyncStream` is read once, so each pass has its own.
        func stream() -> AsyncJSONStream<AsyncStream<[UInt8]>> {
            AsyncJSONStream(Self.chunks(of: Array(text.utf8), size: 5), format: .array)
        }
        var native: [Result<JSONLinesTests.Event, JSONRecordError>] = []
        for try await event in stream().decoded(as: JSONLinesTests.Event.self) { native.append(event) }
        var bridged: [Result<JSONLinesTests.Event, JSONRecordError>] = []
        for try await event in stream().decoded(as: JSONLinesTests.Event.self, using: KeelDecoder()) { bridged.append(event) }
        for results in [native, bridged] {
            #expect(results.count == 3)
            #expect(try results[0].get() == JSONLinesTests.Event(id: 1, name: "start"))
            #expect(try results[2].get() == JSONLinesTests.Event(id: 3, name: "end"))
            guard case .failure(let typo) = results[1], case .decoding = typo.reason else {
                Issue.record("element 2 should fail to decode: \(results[1])")
                continue
            }
            #expect(typo.position.record == 2 && typo.line == 1 && typo.column == 37, "\(typo)")
        }
    }

    struct SourceFailed: Error {}

    @Test func aSourceErrorEndsTheStreamWithThatError() async throws {
        let failing = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array("{\"a\":1}\n{\"a\":".utf8))
            continuation.finish(throwing: SourceFailed())
        }
        var records = 0
        await #expect(throws: SourceFailed.self) {
            for try await record in AsyncJSONStream(failing) {
                _ = try record.get()
                records += 1
            }
        }
        #expect(records == 1)
    }

    @Test func aLongStreamNeedsOnlyItsLargestRecord() async throws {
        // 20,000 records in chunks of 4 KiB, with a limit far below the stream's size: every record reads.
        var options = JSONStream.Options()
        options.maximumRecordSize = 1024
        let line = Array("{\"id\":12345,\"tags\":[\"a\",\"b\"],\"text\":\"\(String(repeating: "x", count: 60))\"}\n".utf8)
        let source = AsyncStream<[UInt8]> { continuation in
            var pending: [UInt8] = []
            for _ in 0..<20_000 {
                pending += line
                if pending.count >= 4096 {
                    continuation.yield(pending)
                    pending = []
                }
            }
            continuation.yield(pending)
            continuation.finish()
        }
        var count = 0
        for try await record in AsyncJSONStream(source, options: options) {
            #expect(try record.get().root["id"].int.get() == 12345)
            count += 1
        }
        #expect(count == 20_000)
    }
}
