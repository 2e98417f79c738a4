import Keel
import Testing

/// Reading a model's members in one pass (`JSONMembers`, what `@JSONModel` generates code for), for tables
/// small enough to keep their slots inline and for larger ones, which keep them in an array.
@Suite struct JSONMembersTests {
    /// Tables of every size around the inline capacity (16 slots).
    @Test(arguments: [0, 1, 2, 15, 16, 17, 32, 33, 70])
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

    @Test func aValueThatIsNotAnObjectIsATypeMismatch() throws {
        let names = JSONMemberNames(["a"])
        let error = #expect(throws: JSONDecodingError.self) { try JSONDocument(parsing: "[1]").root.members(names) }
        #expect(error?.kind == .typeMismatch)
    }
}
