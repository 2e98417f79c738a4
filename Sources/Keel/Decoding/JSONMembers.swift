// Reading a model's members in one pass over an object: each key is matched with the model's names once,
// instead of each property searching the object for its key (which costs about n²/2 key visits for an
// object of n members read in order). A later member with the same key overwrites an earlier one, so the
// last of repeated keys wins, as it does everywhere else in Keel.

/// The members of one object that a ``JSONMemberNames`` table names, found in one pass.
///
/// Valid only inside the closure of ``JSONView/withMembers(_:expecting:_:)``, which owns its storage.
public struct JSONMembers {
    /// The object read.
    public let object: JSONView
    @usableFromInline let names: JSONMemberNames
    /// For each slot, the tape index of its member's value, or -1 when the object has none.
    @usableFromInline let values: UnsafeMutableBufferPointer<Int>

    /// The member in `slot`: its key, and its value when the object has it.
    @inlinable public subscript(slot: Int) -> JSONMember {
        let index = values[slot]
        return JSONMember(object: object, key: names.names[slot],
                          value: index < 0 ? nil : JSONView(storage: object.storage, index: index))
    }
}

extension JSONView {
    /// Calls `body` with this object's members that `names` lists, found in one pass over the object.
    ///
    /// - Throws: a type mismatch (expecting `expected`) when this is not an object, or what `body` throws.
    public func withMembers<Result>(
        _ names: JSONMemberNames, expecting expected: @autoclosure () -> String = "an object",
        _ body: (JSONMembers) throws(JSONDecodingError) -> Result
    ) throws(JSONDecodingError) -> Result {
        guard kind == .object else { throw .typeMismatch(expected(), at: self) }
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: names.count) {
            (values) throws(JSONDecodingError) -> Result in
            values.initialize(repeating: -1)
            findMembers(names, into: values)
            return try body(JSONMembers(object: self, names: names, values: values))
        }
    }

    /// Records in `values` where each named member's value is; the last of repeated keys wins.
    private func findMembers(_ names: JSONMemberNames, into values: UnsafeMutableBufferPointer<Int>) {
        storage.withReader { reader in
            let tape = reader.tape
            guard let input = reader.bytes.baseAddress else { return }
            var scratch: [UInt8] = []
            var key = index + 1
            for _ in 0..<tape[index].count {
                let entry = tape[key]
                let slot: Int?
                if entry.flags.contains(.hasEscapes) {
                    slot = reader.withKeyBytes(at: key, scratch: &scratch) { names.slot(of: $0) }
                } else {
                    slot = names.slot(of: UnsafeRawBufferPointer(start: input + entry.offset + 1, count: entry.length))
                }
                if let slot { values[slot] = key + 1 }
                key = TapeReader.indexAfter(key + 1, in: tape)
            }
        }
    }
}
