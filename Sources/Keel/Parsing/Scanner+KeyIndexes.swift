// Building the key index of a large object as the scanner closes it, and checking the duplicate-key policy
// on the same pass (see `ObjectKeyIndex`).

extension Scanner {
    /// After an object closes: builds its key index when it is large, and enforces the duplicate-key policy.
    mutating func indexKeysIfNeeded(ofObjectAt index: Int, count: Int) throws(JSONSyntaxError) {
        let rejectDuplicates = options.duplicateKeys == .reject
        guard count > ObjectKeyIndex.threshold || (rejectDuplicates && count > 1) else { return }
        let tape = UnsafePointer(tapeBase)
        let reader = TapeReader(bytes: bytes, tape: tape)
        if count > ObjectKeyIndex.threshold {
            let built = ObjectKeyIndex.build(forObjectAt: index, reader: reader)
            if let repeated = built.firstRepeat, rejectDuplicates { throw duplicateKeyError(at: repeated, reader: reader) }
            keyIndexes[index] = built.index
            tapeBase[index].header |= UInt64(TapeEntry.Flags.hasKeyIndex.rawValue) << 8
        } else {
            // Few members: compare each key with the ones before it.
            var keys: [Int] = []
            keys.reserveCapacity(count)
            var next = index + 1
            for _ in 0..<count {
                keys.append(next)
                next = TapeReader.indexAfter(next + 1, in: tape)
            }
            var scratch: [UInt8] = []
            var other: [UInt8] = []
            for (position, key) in keys.enumerated() {
                let duplicate = reader.withKeyBytes(at: key, scratch: &scratch) { bytes in
                    keys[..<position].contains { reader.keyEquals(at: $0, bytes, scratch: &other) }
                }
                if duplicate { throw duplicateKeyError(at: key, reader: reader) }
            }
        }
    }

    private func duplicateKeyError(at key: Int, reader: TapeReader) -> JSONSyntaxError {
        error(.duplicateKey, at: tapeBase[key].offset, expected: "each key once per object",
              found: reader.string(at: key).debugDescription)
    }
}
