import Keel
import Testing

/// Setting, inserting and removing by JSON Pointer, and JSON Merge Patch (RFC 7386).
@Suite struct PointerEditingTests {
    @Test func setInsertAndRemove() throws {
        var value: JSON = ["server": ["port": 80, "hosts": ["a", "b"]]]
        try value.set(8080, at: "/server/port")
        try value.set("c", at: "/server/hosts/-")
        try value.set("A", at: "/server/hosts/0")
        try value.insert("first", at: "/server/hosts/0")
        try value.set(true, at: "/server/tls")
        #expect(value == ["server": ["port": 8080, "hosts": ["first", "A", "b", "c"], "tls": true]])
        #expect(try value.remove(at: "/server/hosts/1") == "A")
        #expect(try value.remove(at: "/server/port") == 8080)
        #expect(value == ["server": ["hosts": ["first", "b", "c"], "tls": true]])
        try value.set(["x": 1], at: "")
        #expect(value == ["x": 1])
    }

    @Test func theSubscriptSetsAndRemoves() {
        var config: JSON = ["server": ["port": 80]]
        config[valueAt: "/server/port"] = 8080
        config[valueAt: "/server/host"] = "example.com"
        #expect(config[valueAt: "/server/port"] == 8080)
        config[valueAt: "/server/port"] = nil
        #expect(config == ["server": ["host": "example.com"]])
        // What cannot be set changes nothing.
        config[valueAt: "/missing/deeper"] = 1
        #expect(config == ["server": ["host": "example.com"]])
    }

    @Test func errorsNameThePlaceAndChangeNothing() {
        var value: JSON = ["a": [1, 2], "s": "text"]
        let before = value
        #expect(throws: JSONEditError(kind: .missingTarget, pointer: "/b", expected: #"a member named "b""#,
                                      found: #"an object with keys "a", "s""#)) { try value.set(1, at: "/b/c") }
        #expect(throws: JSONEditError(kind: .missingTarget, pointer: "/a/5", expected: "an index from 0 to 2, or -",
                                      found: "index 5")) { try value.set(1, at: "/a/5") }
        #expect(throws: JSONEditError(kind: .notAContainer, pointer: "/s/x", expected: "an object or an array on the way",
                                      found: #"a string: "text""#)) { try value.set(1, at: "/s/x") }
        #expect(throws: JSONEditError.self) { try value.set(1, at: "no-slash") }
        #expect(throws: JSONEditError.self) { try value.remove(at: "") }
        #expect(value == before)
        #expect("\(JSONEditError(kind: .missingTarget, pointer: "/b", expected: "x", found: "y"))" == "Cannot edit at /b: expected x, found y.")
    }

    @Test func editsDeepValuesWithoutCopyingOrRecursing() throws {
        let depth = 100_000
        var options = JSONParsingOptions()
        options.maximumDepth = depth + 1
        var value = try JSON(parsing: String(repeating: "[", count: depth) + String(repeating: "]", count: depth), options: options)
        let pointer = String(repeating: "/0", count: depth - 1)
        try value.set("deep", at: pointer + "/-")
        #expect(value[pointer: pointer + "/0"].string == .success("deep"))
        #expect(try value.remove(at: pointer + "/0") == "deep")
    }

    @Test func editingACopyLeavesTheOriginal() throws {
        let original: JSON = ["a": ["b": [1, 2]]]
        var copy = original
        try copy.set(3, at: "/a/b/-")
        #expect(original == ["a": ["b": [1, 2]]])
        #expect(copy == ["a": ["b": [1, 2, 3]]])
    }

    /// RFC 7386, appendix A: every example.
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, "null", "null"),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func mergePatchExamples(_ target: String, _ patch: String, _ expected: String) throws {
        var value = try JSON(parsing: target)
        try value.merge(patch: JSON(parsing: patch))
        #expect(value == (try JSON(parsing: expected)))
    }

    @Test func mergePatchKeepsMemberOrderAndRoundTrips() throws {
        var user: JSON = ["name": "Ada", "email": "ada@example.com", "tags": ["a"]]
        let target: JSON = ["name": "Ada", "tags": ["b"], "address": ["city": "London"]]
        let patch = JSON.mergePatch(from: user, to: target)
        #expect(patch == ["email": nil, "tags": ["b"], "address": ["city": "London"]])
        try user.merge(patch: patch)
        #expect(user == target)
        #expect(user.description == #"{"name":"Ada","tags":["b"],"address":{"city":"London"}}"#)
    }

    /// A key a merge patch repeats means what its last occurrence says, as a lookup reads it, whether the patch
    /// is merged into a tree or turned into a JSON Patch for a document's text.
    @Test(arguments: [
        (#"{}"#, #"{"a":1,"a":null}"#, #"{}"#),
        (#"{"a":0}"#, #"{"a":null,"a":2}"#, #"{"a":2}"#),
        (#"{}"#, #"{"a":{"x":1},"a":{"y":2}}"#, #"{"a":{"y":2}}"#),
        (#"{"a":{"x":1}}"#, #"{"a":{"y":2,"y":null}}"#, #"{"a":{"x":1}}"#),
        (#"[1]"#, #"{"a":{"b":null,"c":1,"c":{"d":null}}}"#, #"{"a":{"c":{}}}"#),
    ])
    func aRepeatedKeyInAMergePatchMeansItsLast(_ target: String, _ patch: String, _ expected: String) throws {
        let original = try JSON(parsing: target)
        let mergePatch = try JSON(parsing: patch)
        var merged = original
        try merged.merge(patch: mergePatch)
        #expect(merged == (try JSON(parsing: expected)))
        let document = try JSONDocument(parsing: target)
        let text = try document.text(applying: JSONPatch(merging: mergePatch, into: original))
        #expect(try JSON(parsing: text) == (try JSON(parsing: expected)))
    }

    /// Nesting deeper than any thread's stack allows recursion: the diff and the translation walk with
    /// their own stacks.
    @Test func mergePatchesOfDeepValuesNeedNoStack() throws {
        var old: JSON = 1
        var new: JSON = 2
        var patch: JSON = ["leaf": nil, "keep": 3]
        for _ in 0..<20_000 {
            old = ["a": old]
            new = ["a": new]
            patch = ["a": patch]
        }
        let diff = JSON.mergePatch(from: old, to: new)
        #expect(diff == new)
        let operations = JSONPatch(merging: patch, into: old)
        #expect(operations.operations.count == 1)
        var applied = old
        try applied.apply(operations)
        #expect(applied[valueAt: "/a/a/a"] != nil)
    }
}
