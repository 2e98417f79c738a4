import Keel
import KeelTestSupport

/// The incremental parser against the one-shot parser on arbitrary bytes: fed whole, a byte at a time and in
/// chunks of several sizes, it accepts exactly what ``JSONDocument`` accepts, with equal values, and rejects
/// the rest with the same error (kind, offset, line, column and message); and a snapshot at each cut of an
/// accepted document agrees with the whole.
public enum IncrementalCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        for options in FuzzPolicies.arriving {
            let oneShot = Result { () throws(JSONSyntaxError) in JSON(try JSONDocument(parsing: bytes, options: options).root) }
            let step = Int(bytes.first ?? 0) % 13 + 2
            for sizes in [[bytes.count], [1], [step, 1, 3 * step]] {
                let incremental = Result { () throws(JSONSyntaxError) -> JSON in
                    var parser = JSONIncrementalParser(options: options)
                    for (chunk, _) in ChunkCuts(count: bytes.count, sizes: sizes) { try parser.feed(bytes[chunk]) }
                    return try parser.finish()
                }
                switch (oneShot, incremental) {
                case (.success(let a), .success(let b)):
                    try require(a == b, "values differ in chunks of \(sizes)")
                case (.failure(let a), .failure(let b)):
                    try require(sameSyntaxErrorPlace(a, b), "errors differ in chunks of \(sizes): \(a) and \(b)")
                case (.success, .failure(let b)):
                    throw FuzzFailure("only the incremental parser fails, in chunks of \(sizes): \(b)")
                case (.failure(let a), .success):
                    throw FuzzFailure("only the one-shot parser fails, in chunks of \(sizes): \(a)")
                }
            }
            // Snapshots at cuts: every byte of a short document, a few of a long one.
            guard case .success(let whole) = oneShot else { continue }
            var parser = JSONIncrementalParser(options: options)
            let stride = max(1, bytes.count / 256)
            var fed = 0
            while fed < bytes.count {
                let end = min(bytes.count, fed + stride)
                do { try parser.feed(bytes[fed..<end]) } catch { throw FuzzFailure("fed again, the document fails: \(error)") }
                fed = end
                if let problem = inconsistency(of: parser.snapshot(), with: whole) {
                    throw FuzzFailure("cut after byte \(fed): \(problem)")
                }
            }
        }
    }
}

/// Checks a snapshot against the document it is a prefix of: every value off the open path equals the
/// document's, and every value on it is a beginning of the document's (fewer members, each key the same,
/// a string's text a prefix). Returns what is wrong, or `nil`.
public func inconsistency(of snapshot: JSONSnapshot, with full: JSON) -> String? {
    if snapshot.isComplete {
        return snapshot.value == full && snapshot.openPath == nil ? nil : "a complete snapshot differs from the document"
    }
    guard let openPath = snapshot.openPath else { return "an incomplete snapshot without an open path" }
    guard let value = snapshot.value else { return nil }
    return inconsistency(of: value, with: full, open: openPath.components[...], at: .root)
}

private func inconsistency(of value: JSON, with full: JSON, open: ArraySlice<JSONPath.Component>?, at path: JSONPath) -> String? {
    guard let open else { return value == full ? nil : "\(path): a finished value differs: \(value) is not \(full)" }
    switch (value, full) {
    case (.object(let object), .object(let whole)):
        guard object.count <= whole.count else { return "\(path): more members than the document" }
        for (index, member) in object.enumerated() {
            guard member.key == whole[index].key else { return "\(path): key \(member.key) is not \(whole[index].key)" }
            let isOpen = index == object.count - 1 && open.first == .key(member.key)
            if let problem = inconsistency(of: member.value, with: whole[index].value, open: isOpen ? open.dropFirst() : nil,
                                           at: path.appending(.key(member.key))) {
                return problem
            }
        }
        return nil
    case (.array(let array), .array(let whole)):
        guard array.count <= whole.count else { return "\(path): more elements than the document" }
        for (index, element) in array.enumerated() {
            let isOpen = index == array.count - 1 && open.first == .index(index)
            if let problem = inconsistency(of: element, with: whole[index], open: isOpen ? open.dropFirst() : nil,
                                           at: path.appending(.index(index))) {
                return problem
            }
        }
        return nil
    case (.string(let text), .string(let whole)):
        guard open.isEmpty else { return "\(path): the open path goes on past a string" }
        return Array(whole.utf8).starts(with: Array(text.utf8)) ? nil : "\(path): \(text.debugDescription) does not begin \(whole.debugDescription)"
    case (.number, _), (.bool, _), (.null, _):
        // Never open: the open path names a later member with the same key, still absent.
        return value == full ? nil : "\(path): a finished value differs: \(value) is not \(full)"
    default:
        return "\(path): an open \(value.kind) where the document has \(full.kind)"
    }
}

/// Whether the one-shot parser's error `oneShot` and the incremental parser's `incremental` are the same error
/// at the same place (kind, offset, line, column, what was expected). What was found may be named differently: a
/// character cut by a chunk is named by its first byte. Text in another encoding counts as the same whatever
/// the incremental parser reports, since it meets the encoding a byte at a time.
func sameSyntaxErrorPlace(_ oneShot: JSONSyntaxError, _ incremental: JSONSyntaxError) -> Bool {
    oneShot.kind == .unsupportedEncoding
        || (oneShot.kind == incremental.kind && oneShot.byteOffset == incremental.byteOffset && oneShot.line == incremental.line
            && oneShot.column == incremental.column && oneShot.expected == incremental.expected)
}
