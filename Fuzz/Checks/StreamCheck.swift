import Keel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Arbitrary bytes read as a stream in every format: reading from memory and in small chunks from a
/// descriptor gives the same records and errors at the same places, validation counts what iteration finds,
/// JSON Lines records are exactly the lines that parse, and a document that parses reads back whole as
/// concatenated documents (one record) and, when it is an array, as its elements.
public enum StreamCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        // Only small inputs: on a large pretty-printed one every line is an error, and making thousands of
        // located errors per run would cut the target's speed severalfold.
        guard bytes.count <= 4096 else { return }
        // One thread: the unit tests compare threads; here, handing each small input to a thread pool would
        // cost more than the checks.
        var options = JSONStream.Options()
        options.threads = 1
        // Chunks of a few bytes, so that records, characters and escapes are cut; reading through a pipe costs
        // a system call per chunk, so only inputs of up to 1 KiB are read that way.
        options.chunkSize = 1 + bytes.count % 13
        for format in JSONStream.Format.allCases {
            let fromMemory = outcomes(JSONStream(bytes, format: format, options: options))
            let summary = JSONStream(bytes, format: format, options: options).validate()
            try require(summary.errors == fromMemory.filter { $0.isError }.count,
                        "\(format): validation counted \(summary), iteration found \(fromMemory)")
            if bytes.count <= 1024, let chunked = try outcomesThroughPipe(bytes, format: format, options: options) {
                try require(chunked == fromMemory, "\(format): chunks of \(options.chunkSize) read \(chunked), memory \(fromMemory)")
            }
        }
        try checkLines(bytes, options: options)
        try checkWholeDocument(bytes, options: options)
    }

    /// A record's outcome, in a form easy to compare.
    struct Outcome: Equatable, CustomStringConvertible {
        var record: Int
        var location: JSONSourceLocation
        var isError: Bool
        var description: String { "\(isError ? "error" : "record") \(record) at \(location)" }
    }

    static func outcomes(_ stream: JSONStream) -> [Outcome] {
        stream.map { result in
            switch result {
            case .success(let record): Outcome(record: record.position.record, location: record.position.start, isError: false)
            case .failure(let error): Outcome(record: error.position.record, location: error.location, isError: true)
            }
        }
    }

    /// The outcomes read through a pipe (the input fits in its buffer); `nil` if no pipe can be had.
    static func outcomesThroughPipe(_ bytes: [UInt8], format: JSONStream.Format, options: JSONStream.Options) throws(FuzzFailure) -> [Outcome]? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        guard written == bytes.count else { return nil }
        return outcomes(JSONStream(fileDescriptor: ends[0], format: format, options: options))
    }

    /// JSON Lines: each line that is not blank is one record, valid exactly when the line parses on its own
    /// (with a byte order mark rejected: only the stream may start with one).
    static func checkLines(_ bytes: [UInt8], options: JSONStream.Options) throws(FuzzFailure) {
        var rules = JSONParsingOptions()
        rules.byteOrderMark = .reject
        // A byte order mark that starts the stream is skipped; a part of one is an error of its own.
        var expected: [Bool] = []
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var matched = 0
        while matched < 3, matched < bytes.count, bytes[matched] == mark[matched] { matched += 1 }
        if matched > 0, matched < 3 { expected.append(false) }
        for line in bytes[matched...].split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            expected.append((try? JSONDocument(parsing: Array(line), options: rules)) != nil)
        }
        let read = JSONLines(bytes, options: options).map { (try? $0.get()) != nil }
        try require(read == expected, "JSON Lines read \(read), the lines parse as \(expected)")
    }

    /// A document that parses is one record when read as concatenated documents, and an array's elements
    /// are its records.
    static func checkWholeDocument(_ bytes: [UInt8], options: JSONStream.Options) throws(FuzzFailure) {
        guard let document = try? JSONDocument(parsing: bytes), let tree = try? JSON(parsing: bytes) else { return }
        let concatenated = JSONStream(bytes, format: .concatenated, options: options).map { try? JSON($0.get().root) }
        try require(concatenated == [tree], "a valid document read as concatenated documents gave \(concatenated)")
        guard case .array(let elements) = tree else { return }
        let read = JSONStream(bytes, format: .array, options: options).map { try? JSON($0.get().root) }
        try require(read == elements.map { $0 }, "a valid array read element by element gave \(read), not its \(document.root.count) elements")
    }
}
