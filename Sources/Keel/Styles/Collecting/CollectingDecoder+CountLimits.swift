// Arrays and dictionaries decoded with a cap on how many elements are kept, so that a record with a huge
// list (a feed, a log) costs bounded work and memory; what is left out is reported, not silently dropped.

extension CollectingDecoder {
    /// The array here as `[T]`, keeping at most `maximumCount` elements that decode. Elements that fail are
    /// left out and reported as in any array; elements past the limit are not decoded, and one
    /// ``JSONDecodingError/Kind/tooManyElements`` error says how many were left out. The record still
    /// succeeds. A missing, `null` or non-array value is a required value's failure (`nil`).
    ///
    /// ```swift
    /// let recent = decoder["comments"].decodeArray(of: Comment.self, maximumCount: 100)
    /// ```
    public func decodeArray<T: JSONDecodable>(of type: T.Type, maximumCount: Int) -> [T]? {
        guard let array = requiredContainer(.array, expected: "an array of \(T.self)", type: [T].self) else { return nil }
        openFrame(type: [T].self)
        defer { closeFrame() }
        let limit = max(maximumCount, 0)
        var kept: [T] = []
        for (position, element) in array.elements.enumerated() {
            if kept.count == limit {
                context.record(.tooMany(array.count - position, past: maximumCount, in: array))
                break
            }
            if let value = decodeRecordingFailure(T.self, element, step: .index(position)) { kept.append(value) }
        }
        return kept
    }

    /// The object here as `[String: T]`, keeping at most `maximumCount` members that decode (the first ones
    /// in document order; a repeated key keeps its last value among those). As
    /// ``decodeArray(of:maximumCount:)``, the rest is reported as one ``JSONDecodingError/Kind/tooManyElements``
    /// error.
    public func decodeDictionary<T: JSONDecodable>(of type: T.Type, maximumCount: Int) -> [String: T]? {
        guard let object = requiredContainer(.object, expected: "an object of \(T.self)", type: [String: T].self) else {
            return nil
        }
        openFrame(type: [String: T].self)
        defer { closeFrame() }
        let limit = max(maximumCount, 0)
        var kept: [String: T] = [:]
        for (position, (key, member)) in object.members.enumerated() {
            if kept.count == limit {
                context.record(.tooMany(object.count - position, past: maximumCount, in: object))
                break
            }
            if let value = decodeRecordingFailure(T.self, member, step: .key(key)) { kept[key] = value }
        }
        return kept
    }

    /// The array or object here, or `nil` after failing the record with why there is none (missing, `null`,
    /// or of another kind).
    private func requiredContainer(_ kind: JSONKind, expected: String, type: Any.Type) -> JSONView? {
        var error: JSONDecodingError?
        guard let container = value(optional: false, expected: type, error: &error) else {
            if let error { fail(error, type: type) }
            return nil
        }
        guard container.kind == kind else {
            fail(.typeMismatch(expected, at: container), type: type)
            return nil
        }
        return container
    }

    /// One element or member, its failure recorded under its own frame; `nil` when it failed.
    private func decodeRecordingFailure<T: JSONDecodable>(_ type: T.Type, _ value: JSONView, step: JSONPath.Component) -> T? {
        let before = context.errorCount
        let collecting = context.isCollecting
        if collecting { context.frames.append(DecodingFrame(component: step, type: T.self)) }
        defer { if collecting { context.closeFrame() } }
        do {
            return try T.decode(value, in: context)
        } catch {
            context.recordUnlessReported(error, since: before)
            return nil
        }
    }
}

extension JSONDecodingError {
    /// `leftOut` elements of `container` not decoded past a limit of `limit`.
    static func tooMany(_ leftOut: Int, past limit: Int, in container: JSONView) -> JSONDecodingError {
        let unit = container.kind == .array ? "element" : "member"
        return JSONDecodingError(kind: .tooManyElements, expected: "at most \(limit) \(unit)\(limit == 1 ? "" : "s")",
                                 found: "\(container.count) \(unit)s; \(leftOut) left out", at: container)
    }
}
