@testable import Keel
import Testing
import KeelTestSupport

/// Strict JSON edited by walking its text (no tape, no tree): every result and every error must be the tree
/// method's, on random documents with every layout, repeated keys and escaped keys.
@Suite struct EditableTextTests {
    /// A random value with random whitespace; keys are drawn from a few (so that they repeat), some escaped.
    static func randomText(_ random: inout SplitMix64, depth: Int = 0) -> String {
        func space() -> String { ["", "", " ", "\n  ", "\t", " \r\n"][Int(random.next() % 6)] }
        let keys = [#""a""#, #""b""#, #""\u0061""#, #""c~d""#, #""e/f""#, #""""#, #""\n""#]
        let choice = depth > 3 ? Int(random.next() % 4) : Int(random.next() % 7)
        switch choice {
        case 0: return ["1", "-2.50", "1e3", "0"][Int(random.next() % 4)]
        case 1: return [#""x""#, #""\u00e9t\u00e9""#, "true", "null"][Int(random.next() % 4)]
        case 2, 3: return "[]"
        case 4:
            let count = Int(random.next() % 5)
            let elements = (0..<count).map { _ in space() + randomText(&random, depth: depth + 1) + space() }
            return "[" + elements.joined(separator: ",") + (count == 0 ? space() : "") + "]"
        default:
            let count = Int(random.next() % 5)
            let members = (0..<count).map { _ in
                space() + keys[Int(random.next() % UInt64(keys.count))] + space() + ":" + space()
                    + randomText(&random, depth: depth + 1) + space()
            }
            return "{" + members.joined(separator: ",") + (count == 0 ? space() : "") + "}"
        }
    }

    static let pointers = ["", "/a", "/b", "/c~0d", "/e~1f", "/", "/~1", "/0", "/1", "/-", "/4", "/01", "/x",
                           "/a/0", "/a/a", "/a/-", "/a/b/0", "/b/1", "/0/a", "/1/0/a", "/a/0/b", "/\n", "bad"]
    static let values: [JSON] = [7, "s", ["a": [1]], [], nil, [1, ["b": 2]]]

    /// The text edit's outcome: the new value, or the error.
    func outcome(_ edit: () throws(JSONEditError) -> [UInt8]) -> Result<JSON, JSONEditError> {
        do {
            let bytes = try edit()
            return .success(try JSON(parsing: bytes))
        } catch let error as JSONEditError {
            return .failure(error)
        } catch {
            Issue.record("the edited text does not parse: \(error)")
            return .failure(JSONEditError(kind: .invalidPatch, pointer: "?", expected: "", found: ""))
        }
    }

    func treeOutcome(_ tree: JSON, _ edit: (inout JSON) throws(JSONEditError) -> Void) -> Result<JSON, JSONEditError> {
        var tree = tree
        do {
            try edit(&tree)
            return .success(tree)
        } catch {
            return .failure(error)
        }
    }

    @Test func singleEditsAgreeWithTheTree() throws {
        var random = SplitMix64(seed: 42)
        var compared = 0
        for _ in 0..<300 {
            let text = Self.randomText(&random)
            let editable = EditableText(trusted: Array(text.utf8))
            let tree = try JSON(parsing: text)
            // Cut in pieces of one to four bytes, or whole.
            let pieceSize = [1, 2, 3, 4, 1 << 20][compared % 5]
            for pointer in Self.pointers {
                for value in Self.values {
                    #expect(outcome { () throws(JSONEditError) in try editable.applying(.set(value), at: pointer, pieceSize: pieceSize).bytes }
                            == treeOutcome(tree) { tree throws(JSONEditError) in try tree.set(value, at: pointer) },
                            "set \(pointer) in \(text)")
                    #expect(outcome { () throws(JSONEditError) in try editable.applying(.insert(value), at: pointer, pieceSize: pieceSize).bytes }
                            == treeOutcome(tree) { tree throws(JSONEditError) in try tree.insert(value, at: pointer) },
                            "insert \(pointer) in \(text)")
                }
                #expect(outcome { () throws(JSONEditError) in try editable.applying(.remove, at: pointer, pieceSize: pieceSize).bytes }
                        == treeOutcome(tree) { tree throws(JSONEditError) in _ = try tree.remove(at: pointer) },
                        "remove \(pointer) in \(text)")
                compared += 1
            }
        }
        #expect(compared == 300 * Self.pointers.count)
    }

    @Test func patchesAgreeWithTheTree() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<400 {
            let text = Self.randomText(&random)
            let editable = EditableText(trusted: Array(text.utf8))
            let tree = try JSON(parsing: text)
            func pointer() -> String { Self.pointers[Int(random.next() % UInt64(Self.pointers.count))] }
            func value() -> JSON { Self.values[Int(random.next() % UInt64(Self.values.count))] }
            var operations: [JSONPatch.Operation] = []
            for _ in 0..<Int(random.next() % 4 + 1) {
                switch random.next() % 6 {
                case 0: operations.append(.add(path: pointer(), value: value()))
                case 1: operations.append(.remove(path: pointer()))
                case 2: operations.append(.replace(path: pointer(), value: value()))
                case 3: operations.append(.move(from: pointer(), path: pointer()))
                case 4: operations.append(.copy(from: pointer(), path: pointer()))
                default: operations.append(.test(path: pointer(), value: tree[pointer: pointer()].value ?? value()))
                }
            }
            let patch = JSONPatch(operations)
            #expect(outcome { () throws(JSONEditError) in try editable.applying(patch).bytes }
                    == treeOutcome(tree) { tree throws(JSONEditError) in try tree.apply(patch) },
                    "\(patch.json) on \(text)")
        }
    }

    @Test func mergePatchesAgreeWithTheTree() throws {
        var random = SplitMix64(seed: 3)
        for _ in 0..<600 {
            let text = Self.randomText(&random)
            let patchText = Self.randomText(&random)
            let editable = EditableText(trusted: Array(text.utf8))
            let patch = try JSON(parsing: patchText)
            let merged = outcome { () throws(JSONEditError) in try editable.merging(patch).bytes }
            #expect(merged == treeOutcome(try JSON(parsing: text)) { tree throws(JSONEditError) in try tree.merge(patch: patch) },
                    "\(patchText) into \(text)")
        }
    }

    /// A merge checked for syntax alone (as text too large for the tree check is) must still be the tree's
    /// merge, and keep every byte it does not change.
    @Test func largeMergesAreSplicedInOnePass() throws {
        let members = (0..<4_000).map { "\n  \"k\($0)\": {\"v\": \($0), \"s\": \"xxxxxxxxxx\"}" }
        let text = "{" + members.joined(separator: ",") + "\n}\n"
        var patch = JSONObject()
        for index in stride(from: 0, to: 4_000, by: 7) {
            switch index % 3 {
            case 0: patch["k\(index)"] = ["v": -1, "s": nil, "new": true]
            case 1: patch["k\(index)"] = .null
            default: patch["k\(index)"] = "replaced"
            }
        }
        patch["added"] = ["x": [1, 2], "y": nil]
        patch["k3999"] = .null  // the last member: its comma goes with it
        let merged = try EditableText(trusted: Array(text.utf8)).merging(.object(patch), treeCheckLimit: 0)
        var expected = try JSON(parsing: text)
        try expected.merge(patch: .object(patch))
        #expect(try JSON(parsing: merged.bytes) == expected)
        let result = String(decoding: merged.bytes, as: UTF8.self)
        #expect(result.hasPrefix("{\n  \"k0\": {\"v\": -1,\"new\": true},\n  \"k1\": {\"v\": 1, \"s\": \"xxxxxxxxxx\"},"))
        #expect(result.hasSuffix(",\n  \"k3996\": {\"v\": 3996, \"s\": \"xxxxxxxxxx\"},\n  \"k3998\": {\"v\": 3998, \"s\": \"xxxxxxxxxx\"},\n  \"added\": {\"x\":[1,2]}\n}\n"))
        #expect(result.contains("\n  \"k6\": {\"v\": 6, \"s\": \"xxxxxxxxxx\"},\n  \"k8\"") && !result.contains("\"k7\""))
    }

    /// An edit finds its target by skipping, so text of a million small values is edited without a tape.
    @Test func editsOfLargeArraysKeepTheirLayout() throws {
        let text = "[" + Array(repeating: "{}", count: 1_000_000).joined(separator: ",") + "]"
        let editable = EditableText(trusted: Array(text.utf8))
        let removed = try editable.applying(.remove, at: "/0").bytes
        #expect(removed.count == text.utf8.count - 3)
        #expect(removed.prefix(4).elementsEqual("[{},".utf8))
        let set = try editable.applying(.set(1), at: "/999999").bytes
        #expect(set.suffix(4).elementsEqual("},1]".utf8))
        #expect(throws: JSONEditError.self) { try editable.applying(.remove, at: "/1000000") }
        // An element near the start is found without walking the rest of the array; the end needs it all.
        editable.bytes.withUnsafeBufferPointer { buffer in
            let walk = TextWalk(bytes: buffer)
            let near = walk.neighbourhood(in: walk.rootStart, last: "1")
            #expect(!near.isComplete && near.position == 1 && near.children.count == 3)
            let end = walk.neighbourhood(in: walk.rootStart, last: "-")
            #expect(end.isComplete && end.position == nil && end.children.count == 1_000_000)
        }
    }

    /// A document whose containers are large enough to be remembered (by a memory that remembers every
    /// container of two or more children, an array's every other element).
    static func wideText(_ random: inout SplitMix64, depth: Int = 0) -> String {
        let count = depth > 1 ? Int(random.next() % 4) : Int(random.next() % 12)
        func space() -> String { ["", " ", "\n  "][Int(random.next() % 3)] }
        if depth > 2 || random.next() % 3 == 0 { return ["1", #""x""#, "null", "[]", "{}"][Int(random.next() % 5)] }
        if random.next() % 2 == 0 {
            let elements = (0..<count).map { _ in space() + wideText(&random, depth: depth + 1) }
            return "[" + elements.joined(separator: ",") + "]"
        }
        let keys = [#""a""#, #""b""#, #""c""#, #""\u0061""#, #""d""#, #""e""#]
        let members = (0..<count).map { _ in
            space() + keys[Int(random.next() % UInt64(keys.count))] + ":" + wideText(&random, depth: depth + 1)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// `operations` applied to `text` with a memory of its large containers, after checking that the result
    /// is the tree's.
    static func appliedWithMemory(_ operations: [JSONPatch.Operation], to text: String) throws -> (EditableText, WalkMemory) {
        let patch = JSONPatch(operations)
        let memory = WalkMemory(textSize: text.utf8.count)
        let edited = try EditableText(trusted: Array(text.utf8)).applying(patch, memory: memory)
        var expected = try JSON(parsing: text)
        try expected.apply(patch)
        #expect(try JSON(parsing: edited.bytes) == expected)
        return (edited, memory)
    }

    /// Long patches, each operation walking from what the memory kept of the walks before it (after every
    /// kind of splice before, inside and after the containers it remembers), must give the tree's result.
    @Test func longPatchesWithAMemoryAgreeWithTheTree() throws {
        var random = SplitMix64(seed: 11)
        var remembered = 0
        for round in 0..<300 {
            let text = Self.wideText(&random)
            let tree = try JSON(parsing: text)
            // Pointers into what the document has, and a few past it.
            var pointers: [String] = []
            func collect(_ value: JSON, _ path: String) {
                pointers.append(path)
                switch value {
                case .array(let elements):
                    for index in 0...elements.count { collect(index < elements.count ? elements[index] : 0, path + "/\(index)") }
                    pointers.append(path + "/-")
                case .object(let members):
                    for (key, member) in members { collect(member, path + "/" + key) }
                    pointers.append(path + "/new")
                default: break
                }
            }
            collect(tree, "")
            func pointer() -> String { pointers[Int(random.next() % UInt64(pointers.count))] }
            func value() -> JSON { Self.values[Int(random.next() % UInt64(Self.values.count))] }
            var operations: [JSONPatch.Operation] = []
            for _ in 0..<Int(random.next() % 12 + 1) {
                switch random.next() % 8 {
                case 0, 1: operations.append(.add(path: pointer(), value: value()))
                case 2, 3: operations.append(.remove(path: pointer()))
                case 4: operations.append(.replace(path: pointer(), value: value()))
                case 5: operations.append(.move(from: pointer(), path: pointer()))
                case 6: operations.append(.copy(from: pointer(), path: pointer()))
                default: operations.append(.test(path: pointer(), value: tree[pointer: pointer()].value ?? value()))
                }
            }
            let patch = JSONPatch(operations)
            let memory = WalkMemory(textSize: 0, minimumChildren: 2, arrayStride: 1 + round % 3)
            let editable = EditableText(trusted: Array(text.utf8))
            // Operations that all succeed are the ones that exercise the memory: keep only those.
            var succeeding: [JSONPatch.Operation] = []
            var expected = tree
            for operation in operations {
                var copy = expected
                guard (try? copy.apply(operation)) != nil else { continue }
                expected = copy
                succeeding.append(operation)
            }
            let result = outcome { () throws(JSONEditError) in
                try editable.applying(JSONPatch(succeeding), memory: memory, pieceSize: 1 + round % 9).bytes
            }
            #expect(result == .success(expected), "\(JSONPatch(succeeding).json) on \(text)")
            #expect(!memory.fellBack, "\(JSONPatch(succeeding).json) on \(text)")
            #expect(outcome { () throws(JSONEditError) in
                try editable.applying(patch, memory: WalkMemory(textSize: 0, minimumChildren: 2, arrayStride: 2), pieceSize: 5).bytes
            } == treeOutcome(tree) { tree throws(JSONEditError) in try tree.apply(patch) }, "\(patch.json) on \(text)")
            if memory.marksUsed > 0 { remembered += 1 }
        }
        #expect(remembered > 100, "\(remembered) of 300 patches used the memory")
    }

    /// A patch of many operations near the end of a large array walks the array about once, not once per
    /// operation, and edits it in place.
    @Test func patchesWalkALargeArrayAboutOnce() throws {
        let count = 100_000
        let text = "[" + (0..<count).map { "{\"i\":\($0)}" }.joined(separator: ",") + "]"
        let operations: [JSONPatch.Operation] = (0..<200).flatMap { index -> [JSONPatch.Operation] in
            [.remove(path: "/\(count - 2 - 2 * index)"), .replace(path: "/\(count - 400 + index)/i", value: -1),
             .add(path: "/-", value: ["added": .number(JSONNumber(index))])]
        }
        let (edited, memory) = try Self.appliedWithMemory(operations, to: text)
        // Each operation walks from the remembered element nearest its target (at most 64 before it) and
        // its check walks there again: without the memory, each walk would pass ~100,000 elements.
        #expect(memory.childrenWalked < 2 * count + operations.count * 4 * 66, "walked \(memory.childrenWalked)")
        #expect(!memory.fellBack)
        // Spliced, not rewritten: the layout of what stays is kept.
        #expect(edited.bytes.starts(with: Array(#"[{"i":0},{"i":1},"#.utf8)))
    }

    /// Members of a large object are found among the remembered keys, repeated and escaped keys included.
    @Test func patchesFindMembersOfALargeObjectByMemory() throws {
        let count = 5_000
        let members = (0..<count).map { "\"k\($0)\": \($0)" } + [#""k7": "again""#, #""\u006b8": "escaped""#]
        let text = "{" + members.joined(separator: ", ") + "}"
        var operations: [JSONPatch.Operation] = []
        for index in stride(from: 0, to: count, by: 10) {
            operations.append(.replace(path: "/k\(index)", value: "r"))
            operations.append(.remove(path: "/k\(index + 1)"))
            operations.append(.add(path: "/n\(index)", value: .number(JSONNumber(index))))
            operations.append(.test(path: "/k\(index + 2)", value: .number(JSONNumber(index + 2))))
        }
        operations += [.remove(path: "/k7"), .test(path: "/k7", value: 7), .remove(path: "/k8"), .test(path: "/k8", value: 8)]
        let (edited, memory) = try Self.appliedWithMemory(operations, to: text)
        #expect(memory.childrenWalked < 3 * count, "walked \(memory.childrenWalked)")
        #expect(!memory.fellBack)
        #expect(edited.bytes.starts(with: Array(#"{"k0": "r", "k2": 2, "#.utf8)))
    }

    /// An array of a few large elements is remembered by its bytes (a mark every 4 KiB), and steps through
    /// its elements start at their marks: edits inside them, and of the array itself, stay the tree's.
    @Test func patchesThroughLargeElementsAgreeWithTheTree() throws {
        let padding = String(repeating: "x", count: 5_000)
        let elements = (0..<40).map { index in
            "{\"pad\": \"\(padding)\", \"a\": [" + (0..<70).map { "\(index * 100 + $0)" }.joined(separator: ", ") + "]}"
        }
        let text = "[\n  " + elements.joined(separator: ",\n  ") + "\n]\n"
        var random = SplitMix64(seed: 5)
        var operations: [JSONPatch.Operation] = []
        var expected = try JSON(parsing: text)
        while operations.count < 300 {
            guard case .array(let all) = expected else { break }
            let count = all.count
            let element = Int(random.next() % UInt64(max(count, 1)))
            let inner = Int(random.next() % 60)
            let candidate: JSONPatch.Operation = switch random.next() % 6 {
            case 0: .remove(path: "/\(element)")
            case 1: .add(path: "/\(element)", value: ["pad": "short", "a": [1, 2, 3]])
            case 2: .move(from: "/\(element)/a/\(inner)", path: "/\(element)/a/0")
            default: .replace(path: "/\(element)/a/\(inner)", value: "r")
            }
            var copy = expected
            guard (try? copy.apply(candidate)) != nil else { continue }
            expected = copy
            operations.append(candidate)
        }
        let memory = WalkMemory(textSize: text.utf8.count)
        let edited = try EditableText(trusted: Array(text.utf8)).applying(JSONPatch(operations), memory: memory)
        #expect(try JSON(parsing: edited.bytes) == expected)
        #expect(!memory.fellBack)
        #expect(memory.marksUsed > 300)
        #expect(edited.bytes.starts(with: Array("[\n  {".utf8)))
    }
}
