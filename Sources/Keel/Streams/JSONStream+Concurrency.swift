// Validating a stream on several threads. The calling thread splits the stream into records (fast: `memchr`
// and a copy) and packs them into batches of about 1 MiB; a few batches at a time are validated on up to
// `Options.threads` threads, and their errors are reported in stream order before the next batches are read.
// Memory stays bounded: two batches per thread, besides the reader's own buffers.

import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONStream.Options {
    /// The processors the system has online (1 where it cannot tell).
    static var processorCount: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        #else
        return 1
        #endif
    }
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
        var summary = Summary()
        var finished = false
        while !finished {
            var batches: [RecordBatch] = []
            while batches.count < threads * 2, !finished {
                let (batch, atEnd) = RecordBatch.gather(from: cursor, upTo: options.batchSize)
                if !batch.entries.isEmpty { batches.append(batch) }
                finished = atEnd
            }
            let errors = validate(batches, threads: threads)
            for batchErrors in errors {
                for error in batchErrors {
                    summary.errors += 1
                    report(error)
                }
            }
        }
        summary.records = cursor.recordCount
        summary.blankLines = cursor.blankLineCount
        return summary
    }

    /// Each batch's errors, the batches validated on up to `threads` threads (thread `t` takes batches `t`,
    /// `t + threads`, ...).
    private func validate(_ batches: [RecordBatch], threads: Int) -> [[JSONRecordError]] {
        let parsing = options.parsing
        let results = UnsafeMutableBufferPointer<[JSONRecordError]>.allocate(capacity: batches.count)
        results.initialize(repeating: [])
        defer {
            results.deinitialize()
            results.deallocate()
        }
        // Each thread writes only its own batches' slots, and all are read after every thread has finished.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: Swift.min(threads, batches.count)) { thread in
            for index in stride(from: thread, to: batches.count, by: threads) {
                slots[index] = batches[index].map { RecordCheck(checking: $1, at: $0, options: parsing) }.compactMap {
                    if case .invalid(let error) = $0 { error } else { nil }
                }
            }
        }
        return Array(results)
    }
}
