import Keel

/// `JSONPartialDecoder` against `JSONIncrementalParser` on arbitrary bytes, under three policies: fed in
/// chunks whose sizes the input picks (a byte at a time for a short input), the decoder's snapshot after each
/// chunk is the parser's snapshot value, an error comes from the same chunk and is the same error, and the end
/// (the value, or the error for a document cut short) agrees.
public enum PartialDecoderCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let step = Int(bytes.first ?? 0) % 13 + 2
        // A snapshot after every byte of a short input, about a hundred of a longer one.
        let chunkings = bytes.count <= 256 ? [[1], [step, 1, 3 * step]] : [[bytes.count / 97 + 1, step]]
        for options in FuzzPolicies.arriving {
            for sizes in chunkings {
                if let problem = partialDecoderDisagreement(bytes, chunks: sizes, options: options) {
                    throw FuzzFailure("in chunks of \(sizes): \(problem)")
                }
            }
        }
    }
}

/// What differs between `JSONPartialDecoder` (read as `JSON`) and `JSONIncrementalParser` fed the same
/// chunks, or `nil`: after each chunk the decoder's snapshot must be the parser's snapshot value, an error
/// must come from the same chunk and be the same (kind, offset, line, column, message), and the end (the
/// value, or the error for a document cut short) must agree.
public func partialDecoderDisagreement(_ bytes: [UInt8], chunks sizes: [Int], options: JSONParsingOptions = JSONParsingOptions()) -> String? {
    let decoder = JSONPartialDecoder(JSON.self, options: options)
    var parser = JSONIncrementalParser(options: options)
    var start = 0
    var turn = 0
    while start < bytes.count {
        let end = min(bytes.count, start + max(1, sizes[turn % sizes.count]))
        turn += 1
        let chunk = bytes[start..<end]
        start = end
        let expected = Result { () throws(JSONSyntaxError) in
            try parser.feed(chunk)
            return parser.snapshot().value
        }
        let found = Result { () throws(JSONSyntaxError) -> JSON? in
            try decoder.feed(chunk)
            return try decoder.snapshot()
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
