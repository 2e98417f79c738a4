// Validating a stream on several threads. The calling thread splits the stream into records (fast: `memchr`
// and a copy) and packs them into batches of about 1 MiB; a few batches at a time are validated on up to
// `Options.threads` threads, and their errors are reported in stream order before the next batches are read.
// Memory stays bounded: two batches per thread, besides the reader's own buffers.

import Dispatch

extension JSONStream.Options {
    /// The processors the system has online (1 where it cannot tell).
    static var processorCount: Int { SystemLibrary.processorCount }
}

/// Records packed together for one thread to validate or decode: their bytes end to end, and where each one is.
struct RecordBatch {
    enum Entry {
        case record(JSONRecordPosition, Range<Int>)
        /// A record that failed before validation (too large), or a read failure, kept in its place.
        case failed(JSONRecordError)
    }

    var bytes: [UInt8] = []
    var entries: [Entry] = []

    static let targetSize = 1 << 20

    /// What `make` makes of each record's position and bytes, in order; a record that failed before
    /// (too large, unreadable) keeps its error.
    func map<R: ResultOrError>(_ make: (JSONRecordPosition, UnsafeRawBufferPointer) -> R) -> [R] {
        var results: [R] = []
        results.reserveCapacity(entries.count)
        bytes.withUnsafeBytes { buffer in
            for entry in entries {
                switch entry {
                case .failed(let error): results.append(R(error: error))
                case .record(let position, let range): results.append(make(position, UnsafeRawBufferPointer(rebasing: buffer[range])))
                }
            }
        }
        return results
    }
}

/// What gathering one record into a batch gave.
enum Gathered: ResultOrError {
    case added
    case failed(JSONRecordError)
    init(error: JSONRecordError) { self = .failed(error) }
}

extension JSONStream {
    /// ``validate(reporting:)`` on `threads` threads (more than one).
    func validateConcurrently(threads: Int, reporting report: (JSONRecordError) -> Void) -> Summary {
        let cursor = makeCursor()
        let parsing = options.recordParsing
        var summary = Summary()
        var finished = false
        while !finished {
            let checked = RecordBatch.mapConcurrently(from: cursor, threads: threads, batchSize: options.batchSize) {
                RecordCheck(checking: $1, at: $0, options: parsing)
            }
            finished = checked.atEnd
            for case .invalid(let error) in checked.results {
                summary.errors += 1
                report(error)
            }
        }
        summary.records = cursor.recordCount
        summary.blankLines = cursor.blankLineCount
        return summary
    }
}

extension RecordBatch {
    /// Reads up to two batches per thread from `cursor` and makes something of each of their records with
    /// `make` on up to `threads` threads (thread `t` takes batches `t`, `t + threads`, ...). Returns what was
    /// made in stream order, and whether the stream has ended.
    static func mapConcurrently<R: ResultOrError & Sendable>(
        from cursor: RecordCursor, threads: Int, batchSize: Int,
        _ make: @escaping @Sendable (JSONRecordPosition, UnsafeRawBufferPointer) -> R
    ) -> (results: [R], atEnd: Bool) {
        var batches: [RecordBatch] = []
        var atEnd = false
        while batches.count < threads * 2, !atEnd {
            let gathered = gather(from: cursor, upTo: batchSize)
            if !gathered.batch.entries.isEmpty { batches.append(gathered.batch) }
            atEnd = gathered.atEnd
        }
        let slots = UnsafeMutableBufferPointer<[R]>.allocate(capacity: batches.count)
        slots.initialize(repeating: [])
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        // Each thread writes only its own batches' slots, and all are read after every thread has finished.
        nonisolated(unsafe) let shared = slots
        let gathered = batches
        DispatchQueue.concurrentPerform(iterations: Swift.min(threads, gathered.count)) { thread in
            for index in stride(from: thread, to: gathered.count, by: threads) {
                shared[index] = gathered[index].map(make)
            }
        }
        return (slots.flatMap { $0 }, atEnd)
    }
}
