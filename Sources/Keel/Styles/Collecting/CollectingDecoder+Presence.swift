// Telling an explicit `null` from a missing member, which `--> T?.self` folds together (both give `nil`):
// a PATCH-like payload where `null` means "clear it" and absence means "leave it".

extension CollectingDecoder {
    /// Whether the value here is an explicit `null` (`false` when it is missing or anything else).
    ///
    /// ```swift
    /// let nickname = decoder["nickname"] --> String?.self
    /// let clearsNickname = decoder["nickname"].isJSONNull
    /// ```
    public var isJSONNull: Bool {
        if case .value(let value) = target { return value.isNullValue }
        return false
    }

    /// Whether there is a value here at all, `null` included (`false` when a key or index on the way is
    /// missing, or a step meets a value that cannot be subscripted that way).
    public var isPresent: Bool {
        if case .value = target { return true }
        return false
    }
}
