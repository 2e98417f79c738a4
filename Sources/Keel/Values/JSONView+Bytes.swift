// Byte-level reads for the package's own modules (the schema validator): members and elements visited in
// place, keys and strings as their unescaped UTF-8, with no `String` and no array made per visit; and the
// tape itself, through `TapeWindow` (SPI), for the schema check's loops.

extension JSONView {
    /// Calls `body` with each member's key (unescaped UTF-8, valid only during the call) and value, in order.
    package func forEachMemberKey(_ body: (_ key: UnsafeRawBufferPointer, _ value: JSONView) -> Void) {
        let entry = self.entry
        guard entry.kind == .object else { return }
        storage.withReader { reader in
            var scratch: [UInt8] = []
            var key = index + 1
            for _ in 0..<entry.count {
                let value = JSONView(storage: storage, index: key + 1)
                reader.withKeyBytes(at: key, scratch: &scratch) { body($0, value) }
                key = TapeReader.indexAfter(key + 1, in: reader.tape)
            }
        }
    }

    /// Calls `body` with each element and its position, in order.
    package func forEachElement(_ body: (_ position: Int, _ element: JSONView) -> Void) {
        let entry = self.entry
        guard entry.kind == .array else { return }
        let tape = storage.tape.base
        var child = index + 1
        for position in 0..<entry.count {
            body(position, JSONView(storage: storage, index: child))
            child = TapeReader.indexAfter(child, in: tape)
        }
    }

    /// Calls `body` with the string's unescaped UTF-8 and whether it is all ASCII; `nil` for another kind.
    package func withStringBytes<Result>(_ body: (_ bytes: UnsafeRawBufferPointer, _ isASCII: Bool) -> Result) -> Result? {
        let entry = self.entry
        guard entry.kind == .string else { return nil }
        return storage.withReader { reader in
            var scratch: [UInt8] = []
            let isASCII = entry.flags.contains(.isASCII) && !entry.flags.contains(.hasEscapes)
            return reader.withKeyBytes(at: index, scratch: &scratch) { body($0, isASCII) }
        }
    }

    /// Whether the view is a number whose literal has neither a fraction nor an exponent.
    package var isPlainIntegerLiteral: Bool { entry.kind == .number && entry.flags.contains(.isInteger) }
}

extension JSONView {
    /// For a view of a member's value, that member's key; `nil` for any other view.
    package var keyOfMember: String? {
        guard index > 0 else { return nil }
        let key = storage.tape.base[index - 1]
        guard key.kind == .string, key.flags.contains(.isKey) else { return nil }
        return storage.withReader { $0.string(at: index - 1) }
    }
}

extension JSONView {
    /// The view's position in its document's tape: a cheap name for it while the document is alive.
    package var tapeIndex: Int { index }

    /// Another value of the same document, by its tape position.
    package func view(atTapeIndex position: Int) -> JSONView { JSONView(storage: storage, index: position) }
}

extension JSONView {
    /// The number as an `Int64` when it is an integer literal that fits, without making a ``JSONNumber``.
    package var plainInt64: Int64? {
        guard isPlainIntegerLiteral, case .success(let value)? = integer(as: Int64.self) else { return nil }
        return value
    }
}

extension JSONView {
    /// Calls `body` with a window on the document's tape and this value's index in it; `nil` for a document
    /// with no text (a view always belongs to a parsed document, so that does not happen in practice).
    @_spi(Tape) public func withTapeWindow<Result>(_ body: (TapeWindow, _ index: Int) throws -> Result) rethrows -> Result? {
        try storage.bytes.withUnsafeBufferPointer { bytes in
            guard let text = bytes.baseAddress else { return nil }
            return try body(TapeWindow(entries: storage.tape.base, text: text), index)
        }
    }
}
