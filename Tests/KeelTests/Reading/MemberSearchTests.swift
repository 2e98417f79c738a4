@testable import Keel
import Testing
import KeelTestSupport

/// Member lookup by key (`JSONView.member(_:)`, behind every style's `forKey:` readers and the Codable bridge):
/// a probe of an object's key table must give what a search from the end gives, the last of repeated keys,
/// whatever the order of lookups, the size of the object, escaped keys, lookups in other objects in between
/// (which replace the document's few tables), or the thread that asks.
@Suite struct MemberSearchTests {
    /// An object of eight or more members read in document order, as models read, with a key repeated at the
    /// end: the first occurrence must not be taken for the member.
    @Test func theLastOfRepeatedKeysWinsInMembersReadInOrder() throws {
        let keys = (0..<12).map { "key\($0)" }
        let members = keys.enumerated().map { "\"\($1)\": \($0)" } + ["\"key3\": 99", "\"key0\": 98"]
        let document = try JSONDocument(parsing: "{" + members.joined(separator: ", ") + "}")
        for _ in 0..<2 {
            let found = keys.map { document.root.member($0).flatMap(Self.id) }
            #expect(found == [98, 1, 2, 99, 4, 5, 6, 7, 8, 9, 10, 11])
        }
    }

    /// Members read in document order, in reverse, at random, and missing keys, interleaved with reads of
    /// objects nested in the same document.
    @Test func lookupsAgreeWithTheLastOccurrenceOnGeneratedObjects() throws {
        var random = SplitMix64(seed: 0x5EA2C4)
        for round in 0..<300 {
            var nextID = 0
            let outer = GeneratedObject(random: &random, nextID: &nextID, nested: true)
            let document = try JSONDocument(parsing: outer.text)
            let inner: [(object: GeneratedObject, view: JSONView)] = outer.nestedObjects.compactMap { child, key in
                document.root.member(key).map { (child, $0) }
            }
            for pass in 0..<4 {
                var order = outer.askedKeys
                switch pass {
                case 0: break
                case 1: order.reverse()
                default: order.shuffle(using: &random)
                }
                for key in order {
                    let found = document.root.member(key).flatMap(Self.id)
                    #expect(found == outer.expectedID(for: key), "round \(round), pass \(pass), key \(key.debugDescription)")
                    // A lookup in a nested object in between, so that hints of two objects meet.
                    if let nested = inner.randomElement(using: &random),
                       let innerKey = nested.object.askedKeys.randomElement(using: &random) {
                        let innerFound = nested.view.member(innerKey).flatMap(Self.id)
                        #expect(innerFound == nested.object.expectedID(for: innerKey), "round \(round), nested key \(innerKey)")
                    }
                }
            }
        }
    }

    /// Objects read in turn, more of them than a document keeps tables for, so that each lookup may find its
    /// object's table replaced and fill it again.
    @Test func objectsReadInTurnKeepFindingTheirMembers() throws {
        let objects = (0..<10).map { n in
            (0..<(8 + n * 6)).map { "\"\(GeneratedObject.name($0))\": \($0 * 100 + n)" }.joined(separator: ",")
        }
        let document = try JSONDocument(parsing: "[" + objects.map { "{\($0)}" }.joined(separator: ",") + "]")
        for round in 0..<3 {
            for member in 0..<62 {
                for n in 0..<10 where member < 8 + n * 6 {
                    let found = document.root.element(at: n)?.member(GeneratedObject.name(member)).flatMap(Self.id)
                    #expect(found == member * 100 + n, "round \(round), object \(n), member \(member)")
                }
            }
        }
    }

    /// One thread owns a document's key tables (the first to search it); the others search from the end. All
    /// must find the same members.
    @Test func threadsReadingOneDocumentFindTheirMembers() async throws {
        var random = SplitMix64(seed: 77)
        var nextID = 0
        let objects = (0..<6).map { _ in GeneratedObject(random: &random, nextID: &nextID, nested: false) }
        let text = "[" + objects.map(\.text).joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var random = SplitMix64(seed: UInt64(task))
                    var failures = 0
                    for _ in 0..<2_000 {
                        let position = Int.random(in: 0..<objects.count, using: &random)
                        guard let key = objects[position].askedKeys.randomElement(using: &random) else { continue }
                        let found = document.root.element(at: position)?.member(key).flatMap(MemberSearchTests.id)
                        if found != objects[position].expectedID(for: key) { failures += 1 }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    /// A value's id: the number itself, or an object's first member.
    static func id(_ value: JSONView) -> Int? {
        let scalar = value.kind == .object ? value.members.first?.value : value
        return scalar.flatMap { Int(String($0.sourceText)) }
    }
}

/// An object with generated keys (often repeated, sometimes escaped) whose every value has a distinct id:
/// an integer, or a nested object whose first member is the id.
private struct GeneratedObject {
    var text = ""
    /// Each member's unescaped key and its value's id, in document order.
    var members: [(key: String, id: Int)] = []
    var nestedObjects: [(GeneratedObject, keyInParent: String)] = []
    /// The object's keys and some that it does not have.
    var askedKeys: [String] = []

    /// An object of generated members; with `leadingID`, its first member is `"id"` with that value, so that
    /// the object as a value has that id.
    init(random: inout SplitMix64, nextID: inout Int, nested: Bool, leadingID: Int? = nil) {
        // Sizes around the thresholds: below eight members, up to the 64 of a key index, and past it.
        let count = [Int.random(in: 0...7, using: &random), Int.random(in: 8...64, using: &random),
                     Int.random(in: 60...80, using: &random)].randomElement(using: &random)!
        // A small pool of names gives repeated keys; a large one mostly distinct keys.
        let poolSize = Bool.random(using: &random) ? max(1, count / 2) : count * 4 + 1
        let pool = (0..<poolSize).map { Self.name($0) }
        let escapes = Int.random(in: 0..<5, using: &random) == 0
        var parts: [String] = []
        if let leadingID {
            members.append(("id", leadingID))
            parts.append("\"id\":\(leadingID)")
        }
        for _ in 0..<count {
            let key = pool.randomElement(using: &random)!
            let id = nextID
            nextID += 1
            var value = "\(id)"
            if nested, Int.random(in: 0..<6, using: &random) == 0 {
                let child = GeneratedObject(random: &random, nextID: &nextID, nested: false, leadingID: id)
                value = child.text
                nestedObjects.append((child, key))
            }
            members.append((key, id))
            parts.append(Self.quoted(key, escaping: escapes && Bool.random(using: &random)) + ":" + value)
        }
        text = "{" + parts.joined(separator: ",") + "}"
        askedKeys = Array(Set(members.map(\.key))).sorted() + ["absent", "", Self.name(poolSize), "key"]
        // Only the nested objects that are the last member of their name are what a lookup of it finds.
        nestedObjects = nestedObjects.filter { child, key in expectedID(for: key) == child.members.first?.id }
    }

    /// The id the last member named `key` has, or `nil`.
    func expectedID(for key: String) -> Int? { members.last { $0.key == key }?.id }

    /// Names that share prefixes and lengths, as real models' keys do.
    static func name(_ n: Int) -> String { ["key", "key_count", "k", "followers_count", "friends_count"][n % 5] + "\(n / 5)" }

    static func quoted(_ key: String, escaping: Bool) -> String {
        guard escaping, let first = key.unicodeScalars.first else { return "\"\(key)\"" }
        let hex = String(first.value, radix: 16)
        return "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + key.dropFirst() + "\""
    }
}
