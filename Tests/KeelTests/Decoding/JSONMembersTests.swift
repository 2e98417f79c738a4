import Keel
import Testing

/// Reading a model's members in one pass (`JSONMembers`, what `@JSONModel` generates code for), for tables
/// small enough to keep their slots inline and for larger ones, which keep them in an array.
@Suite struct JSONMembersTests {
    /// Tables of every size around the inline capacity (32 slots; 16 before it held `Int32`s).
    @Test(arguments: [0, 1, 2, 15, 16, 17, 31, 32, 33, 70])
    func everyNamedMemberIsFoundWhateverTheTableSize(_ count: Int) throws {
        let names = JSONMemberNames((0..<count).map { "k\($0)" })
        // Members in reverse order, every third name missing, keys the table does not name in between, and
        // the first name repeated at the end (the last of repeated keys wins).
        var members = ["\"unnamed\": -1"]
        for slot in (0..<count).reversed() where slot % 3 != 2 {
            members.append("\"k\(slot)\": \(slot), \"k\(slot)x\": -2")
        }
        if count > 0 { members.append("\"k0\": 1000") }
        let object = try JSONDocument(parsing: "{" + members.joined(separator: ", ") + "}").root
        let found = try object.members(names)
        for slot in 0..<count {
            let member = found[slot]
            #expect(member.key == "k\(slot)")
            if slot % 3 == 2 {
                #expect(member.value == nil, "slot \(slot) of \(count)")
            } else {
                let value = try #require(member.value, "slot \(slot) of \(count)")
                #expect(try Int.decode(value) == (slot == 0 ? 1000 : slot), "slot \(slot) of \(count)")
            }
        }
    }

    /// What generated code calls for plain and optional properties gives what the member itself gives:
    /// values, errors (with their messages) and, when collecting, the same errors recorded.
    @Test(arguments: [JSONDecodingContext.Mode.strict, .collecting])
    func readingASlotDirectlyMatchesReadingItsMember(_ mode: JSONDecodingContext.Mode) throws {
        let object = try JSONDocument(parsing: #"{"int": 7, "text": "a", "null": null, "list": [1, "x", 3], "obj": {}}"#).root
        let names = JSONMemberNames(["int", "text", "null", "list", "obj", "absent"])
        let found = try object.members(names)
        func outcome<T>(_ read: (JSONDecodingContext) throws(JSONDecodingError) -> T) -> String {
            let context = JSONDecodingContext(mode: mode)
            let result = Result { () throws(JSONDecodingError) in try read(context) }
            return "\(result) \(context.errors.map(\.description))"
        }
        var failures = 0
        for slot in 0..<names.count {
            #expect(outcome { c throws(JSONDecodingError) in try found.decode(slot, Int.self, in: c) }
                    == outcome { c throws(JSONDecodingError) in try found[slot].decode(Int.self, in: c) })
            #expect(outcome { c throws(JSONDecodingError) in try found.decode(slot, [Int?].self, in: c) }
                    == outcome { c throws(JSONDecodingError) in try found[slot].decode([Int?].self, in: c) })
            #expect(outcome { c throws(JSONDecodingError) in try found.decodeIfPresent(slot, String.self, in: c) }
                    == outcome { c throws(JSONDecodingError) in try found[slot].decodeIfPresent(String.self, in: c) })
            #expect(outcome { c throws(JSONDecodingError) in try found.decodeIfPresent(slot, [Int].self, in: c) }
                    == outcome { c throws(JSONDecodingError) in try found[slot].decodeIfPresent([Int].self, in: c) })
            if outcome({ c throws(JSONDecodingError) in try found.decode(slot, Int.self, in: c) }).contains("failure") { failures += 1 }
        }
        // Only "int" reads as an Int: the others are errors of several kinds (type, null, missing).
        #expect(failures == names.count - 1)
        let missing = #expect(throws: JSONDecodingError.self) { try found.decode(5, Int.self) }
        #expect(missing?.kind == .missingKey)
        #expect(try found.decodeIfPresent(5, Int.self) == nil)
        #expect(try found.decodeIfPresent(2, Int.self) == nil)
    }

    @Test func aValueThatIsNotAnObjectIsATypeMismatch() throws {
        let names = JSONMemberNames(["a"])
        let error = #expect(throws: JSONDecodingError.self) { try JSONDocument(parsing: "[1]").root.members(names) }
        #expect(error?.kind == .typeMismatch)
    }
}
