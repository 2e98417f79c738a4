import Keel
import Testing

/// JSON Patch (RFC 6902): every example of the RFC's appendix A, and patches that must fail cleanly.
@Suite struct JSONPatchTests {
    /// Applies `patch` to `document` (both JSON text) and returns the result or the error.
    func apply(_ patch: String, to document: String) throws -> Result<JSON, JSONEditError> {
        var value = try JSON(parsing: document)
        do {
            try value.apply(JSONPatch(JSON(parsing: patch)))
            return .success(value)
        } catch let error as JSONEditError {
            return .failure(error)
        }
    }

    func expectResult(_ patch: String, _ document: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try apply(patch, to: document)
        #expect(result == .success(try JSON(parsing: expected)), sourceLocation: sourceLocation)
    }

    func expectFailure(_ patch: String, _ document: String, _ kind: JSONEditError.Kind, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONEditError? {
        let result = try apply(patch, to: document)
        guard case .failure(let error) = result else {
            Issue.record("expected \(kind), got \(result)", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        return error
    }

    @Test func rfcAppendixA() throws {
        // A.1 to A.10, A.14, A.16: the successful examples.
        try expectResult(#"[{"op": "add", "path": "/baz", "value": "qux"}]"#, #"{"foo": "bar"}"#, #"{"baz": "qux", "foo": "bar"}"#)
        try expectResult(#"[{"op": "add", "path": "/foo/1", "value": "qux"}]"#, #"{"foo": ["bar", "baz"]}"#, #"{"foo": ["bar", "qux", "baz"]}"#)
        try expectResult(#"[{"op": "remove", "path": "/baz"}]"#, #"{"baz": "qux", "foo": "bar"}"#, #"{"foo": "bar"}"#)
        try expectResult(#"[{"op": "remove", "path": "/foo/1"}]"#, #"{"foo": ["bar", "qux", "baz"]}"#, #"{"foo": ["bar", "baz"]}"#)
        try expectResult(#"[{"op": "replace", "path": "/baz", "value": "boo"}]"#, #"{"baz": "qux", "foo": "bar"}"#, #"{"baz": "boo", "foo": "bar"}"#)
        try expectResult(#"[{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]"#,
                         #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#,
                         #"{"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}"#)
        try expectResult(#"[{"op": "move", "from": "/foo/1", "path": "/foo/3"}]"#,
                         #"{"foo": ["all", "grass", "cows", "eat"]}"#, #"{"foo": ["all", "cows", "eat", "grass"]}"#)
        try expectResult(#"[{"op": "test", "path": "/baz", "value": "qux"}, {"op": "test", "path": "/foo/1", "value": 2}]"#,
                         #"{"baz": "qux", "foo": ["a", 2, "c"]}"#, #"{"baz": "qux", "foo": ["a", 2, "c"]}"#)
        try expectResult(#"[{"op": "add", "path": "/child", "value": {"grandchild": {}}}]"#, #"{"foo": "bar"}"#,
                         #"{"foo": "bar", "child": {"grandchild": {}}}"#)
        try expectResult(#"[{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]"#, #"{"foo": "bar"}"#, #"{"foo": "bar", "baz": "qux"}"#)
        try expectResult(#"[{"op": "test", "path": "/~01", "value": 10}]"#, #"{"/": 9, "~1": 10}"#, #"{"/": 9, "~1": 10}"#)
        try expectResult(#"[{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]"#, #"{"foo": ["bar"]}"#,
                         #"{"foo": ["bar", ["abc", "def"]]}"#)
        // A.9, A.12, A.13, A.15: the failing ones.
        _ = try expectFailure(#"[{"op": "test", "path": "/baz", "value": "bar"}]"#, #"{"baz": "qux"}"#, .testFailed)
        _ = try expectFailure(#"[{"op": "add", "path": "/baz/bat", "value": "qux"}]"#, #"{"foo": "bar"}"#, .missingTarget)
        _ = try expectFailure(#"[{"op": "add", "path": "/baz", "value": "qux", "op": "remove"}]"#, #"{"foo": "bar"}"#, .missingTarget)
        _ = try expectFailure(#"[{"op": "test", "path": "/~01", "value": "10"}]"#, #"{"/": 9, "~1": 10}"#, .testFailed)
    }

    @Test func testComparesByValue() throws {
        // Objects in any member order, numbers by value (1 and 1.0), arrays in order.
        try expectResult(#"[{"op": "test", "path": "", "value": {"b": [1.0, 2], "a": null}}]"#, #"{"a": null, "b": [1, 2e0]}"#,
                         #"{"a": null, "b": [1, 2]}"#)
        _ = try expectFailure(#"[{"op": "test", "path": "/b", "value": [2, 1]}]"#, #"{"b": [1, 2]}"#, .testFailed)
    }

    @Test func aFailedPatchChangesNothing() throws {
        var document = try JSON(parsing: #"{"a": 1, "b": [1, 2]}"#)
        let before = document
        let patch = try JSONPatch(JSON(parsing: #"""
            [{"op": "replace", "path": "/a", "value": 2}, {"op": "remove", "path": "/b/0"}, {"op": "remove", "path": "/nope"}]
            """#))
        #expect(throws: JSONEditError.self) { try document.apply(patch) }
        #expect(document == before)
        do {
            try document.apply(patch)
        } catch {
            #expect(error.operation?.index == 2)
            #expect(error.operation?.name == "remove")
            #expect(error.description == #"Patch operation 2 (remove) failed at /nope: expected a member named "nope", found an object with keys "a", "b"."#)
        }
    }

    @Test func malformedPatchesNameTheOperation() throws {
        func readError(_ text: String) throws -> JSONEditError? {
            do {
                _ = try JSONPatch(JSON(parsing: text))
                return nil
            } catch let error as JSONEditError {
                return error
            }
        }
        #expect(try readError(#"{"op": "add"}"#)?.kind == .invalidPatch)
        #expect(try readError(#"[{"op": "frobnicate", "path": ""}]"#)?.description
                == #"Patch operation 0 (frobnicate) failed at /0: expected one of add, remove, replace, move, copy, test, found "frobnicate"."#)
        #expect(try readError(#"[{"op": "remove", "path": "/a"}, {"op": "add", "path": "/a"}]"#)?.operation?.index == 1)
        #expect(try readError(#"[{"path": "/a"}]"#)?.kind == .invalidPatch)
        #expect(try readError(#"[{"op": "add", "path": 1, "value": 1}]"#)?.kind == .invalidPatch)
        #expect(try readError(#"[{"op": "copy", "path": "/a", "value": 1}]"#)?.kind == .invalidPatch)
        #expect(try readError(#"[{"op": "add", "path": "a", "value": 1}]"#)?.kind == .invalidPointer)
        #expect(try readError(#"[{"op": "add", "path": "/a~2", "value": 1}]"#)?.kind == .invalidPointer)
        // A null value is a value.
        #expect(try readError(#"[{"op": "add", "path": "/a", "value": null}]"#) == nil)
    }

    @Test func badTargets() throws {
        _ = try expectFailure(#"[{"op": "remove", "path": ""}]"#, "[1]", .invalidTarget)
        _ = try expectFailure(#"[{"op": "move", "from": "/a", "path": "/a/b"}]"#, #"{"a": {}}"#, .invalidTarget)
        _ = try expectFailure(#"[{"op": "add", "path": "/5", "value": 1}]"#, "[1]", .missingTarget)
        _ = try expectFailure(#"[{"op": "add", "path": "/01", "value": 1}]"#, "[1, 2]", .invalidIndex)
        _ = try expectFailure(#"[{"op": "remove", "path": "/-"}]"#, "[1]", .invalidIndex)
        _ = try expectFailure(#"[{"op": "replace", "path": "/x", "value": 1}]"#, "{}", .missingTarget)
        _ = try expectFailure(#"[{"op": "add", "path": "/a/b", "value": 1}]"#, #"{"a": 1}"#, .notAContainer)
        _ = try expectFailure(#"[{"op": "copy", "from": "/x", "path": "/y"}]"#, "{}", .missingTarget)
        // Whole-document operations.
        try expectResult(#"[{"op": "replace", "path": "", "value": [1]}]"#, "{}", "[1]")
        try expectResult(#"[{"op": "copy", "from": "/a", "path": "/b"}, {"op": "move", "from": "/a", "path": "/a"}]"#,
                         #"{"a": [1]}"#, #"{"a": [1], "b": [1]}"#)
    }
}
