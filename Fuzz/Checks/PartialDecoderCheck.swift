import Keel
import KeelTestSupport

/// `JSONPartialDecoder` against `JSONIncrementalParser` on arbitrary bytes, under three policies: fed in
/// chunks whose sizes the input picks (a byte at a time for a short input), the decoder's snapshot is the
/// parser's snapshot value, an error comes from the same chunk and is the same error, and the end (the value,
/// or the error for a document cut short) agrees.
public enum PartialDecoderCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let step = Int(bytes.first ?? 0) % 13 + 2
        // A short input is compared after every chunk (down to every byte). A longer one is fed in about two
        // hundred chunks and compared after about sixteen of them: each comparison builds and walks the whole
        // value so far, so comparing after every chunk of a 64 KB input took longer than libFuzzer's timeout.
        let short = bytes.count <= 256
        let chunkings = short ? [[1], [step, 1, 3 * step]] : [[bytes.count / 97 + 1, step]]
        let every = short ? 1 : 12
        for options in FuzzPolicies.arriving {
            for sizes in chunkings {
                if let problem = partialDecoderDisagreement(bytes, chunks: sizes, comparingEvery: every, options: options) {
                    throw FuzzFailure("in chunks of \(sizes): \(problem)")
                }
            }
        }
        // Typed: what the snapshots decoded is taken by the decodings around it, and must change nothing.
        let sizes = chunkings[chunkings.count - 1]
        for problem in [
            typedPartialDisagreement([[String: [Int?]]].self, bytes, chunks: sizes, snapshotEvery: every),
            typedPartialDisagreement([FuzzedOrder].self, bytes, chunks: sizes, snapshotEvery: every),
            typedPartialDisagreement([String: [FuzzedShape]].self, bytes, chunks: sizes, snapshotEvery: every),
        ] {
            if let problem { throw FuzzFailure("typed, in chunks of \(sizes): \(problem)") }
        }
    }
}

extension FuzzedOrder: JSONPartialDecodable {}
extension FuzzedShape: JSONPartialDecodable {}

/// What differs between `T` decoded whole from `bytes` and a `JSONPartialDecoder` of `T` fed them in
/// chunks of `sizes` with a snapshot after every `every`-th, then finished (it takes what the snapshots
/// decoded), or `nil`: the same value, or the same error.
public func typedPartialDisagreement<T: JSONPartialDecodable & Equatable>(
    _ type: T.Type, _ bytes: [UInt8], chunks sizes: [Int], snapshotEvery every: Int = 1
) -> String? {
    let whole = Result { () throws -> T in try T.decode(parsing: bytes) }
    let decoder = JSONPartialDecoder(T.self)
    for (chunk, turn) in ChunkCuts(count: bytes.count, sizes: sizes) {
        // A syntax error ends the feeding: `finish()` throws it again.
        guard (try? decoder.feed(bytes[chunk])) != nil else { break }
        if turn % max(1, every) == 0 {
            do { _ = try decoder.snapshot() } catch { break }
        }
    }
    let arrived = Result { () throws -> T in try decoder.finish() }
    switch (whole, arrived) {
    case (.success(let expected), .success(let found)):
        return expected == found ? nil : "\(T.self): finished as \(found), a whole decode gives \(expected)"
    case (.failure(let expected as JSONSyntaxError), .failure(let found as JSONSyntaxError)):
        return sameSyntaxErrorPlace(expected, found) ? nil : "\(T.self): finish threw \(found), a whole decode \(expected)"
    case (.failure(let expected), .failure(let found)):
        return "\(expected)" == "\(found)" ? nil : "\(T.self): finish threw \(found), a whole decode \(expected)"
    case (.success(let expected), .failure(let found)):
        return "\(T.self): finish threw \(found), a whole decode gives \(expected)"
    case (.failure(let expected), .success(let found)):
        return "\(T.self): finished as \(found), a whole decode threw \(expected)"
    }
}

/// What differs between `JSONPartialDecoder` (read as `JSON`) and `JSONIncrementalParser` fed the same
/// chunks, or `nil`: after every `every`-th chunk (and the last) the decoder's snapshot must be the parser's
/// snapshot value, an error must come from the same chunk and be the same (kind, offset, line, column,
/// message), and the end (the value, or the error for a document cut short) must agree.
public func partialDecoderDisagreement(
    _ bytes: [UInt8], chunks sizes: [Int], comparingEvery every: Int = 1, options: JSONParsingOptions = JSONParsingOptions()
) -> String? {
    let decoder = JSONPartialDecoder(JSON.self, options: options)
    var parser = JSONIncrementalParser(options: options)
    for (range, turn) in ChunkCuts(count: bytes.count, sizes: sizes) {
        let chunk = bytes[range]
        let end = range.upperBound
        let fed = Result { () throws(JSONSyntaxError) in try parser.feed(chunk) }
        // The decoder scans when asked for a snapshot, so one is taken whenever the parser has thrown.
        let parserThrew = if case .failure = fed { true } else { false }
        let compares = parserThrew || turn % max(1, every) == 0 || end == bytes.count
        let expected = fed.map { compares ? parser.snapshot().value : nil }
        let found = Result { () throws(JSONSyntaxError) -> JSON? in
            try decoder.feed(chunk)
            return compares ? try decoder.snapshot() : nil
        }
        switch (expected, found) {
        case (.success(let value), .success(let shown)):
            if value != shown { return "at \(end) bytes: shows \(String(describing: shown)), the parser \(String(describing: value))" }
        case (.failure(let error), .failure(let thrown)):
            return sameError(error, thrown).map { "at \(end) bytes: \($0)" }
        case (.failure(let error), .success):
            return "at \(end) bytes: no error, the parser threw \(error)"
        case (.success, .failure(let thrown)):
            return "at \(end) bytes: threw \(thrown), the parser did not"
        }
    }
    let expected = Result { () throws(JSONSyntaxError) in try parser.finish() }
    let found = Result { () throws -> JSON in try decoder.finish() }
    switch (expected, found) {
    case (.success(let value), .success(let whole)):
        if value != whole { return "finished as \(whole), the parser as \(value)" }
        if !decoder.isComplete { return "finished but not complete" }
    case (.failure(let error), .failure(let thrown)):
        guard let thrown = thrown as? JSONSyntaxError else { return "finish threw \(thrown)" }
        return sameError(error, thrown).map { "at the end: \($0)" }
    case (.failure(let error), .success):
        return "finished, the parser threw \(error)"
    case (.success, .failure(let thrown)):
        return "finish threw \(thrown), the parser did not"
    }
    return nil
}

private func sameError(_ expected: JSONSyntaxError, _ found: JSONSyntaxError) -> String? {
    guard expected.kind == found.kind, expected.byteOffset == found.byteOffset, expected.line == found.line,
          expected.column == found.column, expected.description == found.description
    else { return "threw \(found), the parser \(expected)" }
    return nil
}
