// The decoding error for a value nested more deeply than the thread's stack allows (see `StackGuard`).

extension JSONDecodingError {
    /// Decoding `value` would take more stack than the thread has left.
    static func nestingTooDeep(at value: JSONView) -> JSONDecodingError {
        JSONDecodingError(kind: .nestingTooDeep, expected: "a value nested less deeply than this thread's stack allows",
                          found: value.kindAndExcerpt, at: value)
    }

    /// Throws ``Kind/nestingTooDeep`` unless the thread has stack enough to decode `value`, one level deeper.
    @usableFromInline
    static func checkStack(for value: JSONView) throws(JSONDecodingError) {
        if !StackGuard.hasRoom() { throw nestingTooDeep(at: value) }
    }
}
