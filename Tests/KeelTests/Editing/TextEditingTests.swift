import Keel
import Testing

/// Editing a document's text: only the edited values' bytes change, and the result always equals the same
/// edit made on a tree.
@Suite struct TextEditingTests {
    static let pretty = """
        {
          "server": {
            "port": 80,
            "hosts": [
              "a",
              "b"
            ],
            "ratio": 1.50
          },
          "debug": true
        }
        """

    func edited(_ text: String, _ edit: (JSONDocument) throws -> [UInt8]) throws -> String {
        String(decoding: try edit(JSONDocument(parsing: text)), as: UTF8.self)
    }

    @Test func setKeepsEveryOtherByte() throws {
        #expect(try edited(Self.pretty) { try $0.text(setting: 8080, at: "/server/port") }
                == Self.pretty.replacingOccurrences("\"port\": 80,", "\"port\": 8080,"))
        #expect(try edited(Self.pretty) { try $0.text(setting: ["x": 1], at: "/debug") }
                == Self.pretty.replacingOccurrences("\"debug\": true", "\"debug\": {\"x\":1}"))
        // A new member follows the layout of its neighbours.
        #expect(try edited(Self.pretty) { try $0.text(setting: "x", at: "/server/new") }
                == Self.pretty.replacingOccurrences("\"ratio\": 1.50\n", "\"ratio\": 1.50,\n    \"new\": \"x\"\n"))
        #expect(try edited(Self.pretty) { try $0.text(setting: "c", at: "/server/hosts/-") }
                == Self.pretty.replacingOccurrences("\"b\"\n", "\"b\",\n      \"c\"\n"))
        #expect(try edited(#"{"a":{},"b":[ ]}"#) { try $0.text(setting: 1, at: "/a/x") } == #"{"a":{"x": 1},"b":[ ]}"#)
        #expect(try edited(#"{"a":{},"b":[ ]}"#) { try $0.text(setting: 1, at: "/b/0") } == #"{"a":{},"b":[1 ]}"#)
        #expect(try edited("  [1]\n") { try $0.text(setting: true, at: "") } == "  true\n")
    }

    @Test func insertAndRemove() throws {
        #expect(try edited(Self.pretty) { try $0.text(inserting: "first", at: "/server/hosts/0") }
                == Self.pretty.replacingOccurrences("[\n      \"a\"", "[\n      \"first\",\n      \"a\""))
        #expect(try edited(Self.pretty) { try $0.text(removingValueAt: "/server/hosts/0") }
                == Self.pretty.replacingOccurrences("[\n      \"a\",\n      \"b\"", "[\n      \"b\""))
        #expect(try edited(Self.pretty) { try $0.text(removingValueAt: "/debug") }
                == Self.pretty.replacingOccurrences("},\n  \"debug\": true", "}"))
        #expect(try edited(Self.pretty) { try $0.text(removingValueAt: "/server/port") }
                == Self.pretty.replacingOccurrences("\"port\": 80,\n    ", ""))
        #expect(try edited(#"{"only": [1]}"#) { try $0.text(removingValueAt: "/only") } == "{}")
        // Numbers elsewhere keep their spelling.
        #expect(try edited(#"[1.50, 2e3, -0]"#) { try $0.text(removingValueAt: "/0") } == "[2e3, -0]")
    }

    @Test func patchesKeepTheRestAndFailWhole() throws {
        let patch = try JSONPatch(JSON(parsing: #"""
            [{"op": "move", "from": "/debug", "path": "/server/debug"},
             {"op": "test", "path": "/server/ratio", "value": 1.5},
             {"op": "copy", "from": "/server/port", "path": "/port"}]
            """#))
        let result = try edited(Self.pretty) { try $0.text(applying: patch) }
        #expect(result.contains("\"ratio\": 1.50,\n    \"debug\": true\n  },\n  \"port\": 80\n}"), "\(result)")
        let failing = try JSONPatch(JSON(parsing: #"[{"op": "remove", "path": "/debug"}, {"op": "test", "path": "/server/port", "value": 81}]"#))
        #expect(throws: JSONEditError.self) { try JSONDocument(parsing: Self.pretty).text(applying: failing) }
        // A merge patch, as the JSON Patch it amounts to.
        let document = try JSONDocument(parsing: Self.pretty)
        let merge = JSONPatch(merging: ["debug": nil, "server": ["port": 443, "tls": ["on": true]]], into: JSON(document.root))
        let merged = try String(decoding: document.text(applying: merge), as: UTF8.self)
        #expect(merged.contains("\"port\": 443,"))
        #expect(merged.contains("\"ratio\": 1.50,\n    \"tls\": {\"on\":true}\n  }\n}"), "\(merged)")
    }

    /// JSON Patch's `add`, `copy` and `move` to the root replace the whole document: the same value leaves the
    /// text as it is, another keeps the whitespace around the document, as `set` at the root does.
    @Test func editsAtTheRootKeepWhatTheyCan() throws {
        let text = "{\n  \"a\": [1, 2],\n  \"b\": 1.50\n}\n"
        let document = try JSONDocument(parsing: text)
        func applying(_ operations: [JSONPatch.Operation]) throws -> String {
            String(decoding: try document.text(applying: JSONPatch(operations)), as: UTF8.self)
        }
        #expect(try applying([.copy(from: "", path: "")]) == text)
        #expect(try applying([.add(path: "", value: ["a": [1, 2], "b": 1.5])]) == text)
        #expect(String(decoding: try document.text(inserting: JSON(document.root), at: ""), as: UTF8.self) == text)
        #expect(try applying([.add(path: "", value: ["c": true])]) == "{\"c\":true}\n")
        #expect(try applying([.move(from: "/a", path: "")]) == "[1,2]\n")
    }

    /// A merge patch on text changes, adds and removes members in place, in strict JSON and in JSONC alike.
    @Test func mergePatchesOnText() throws {
        let config = try JSONDocument(parsing: "{\n  \"port\": 80,\n  \"debug\": true\n}")
        #expect(try edited("{\n  \"port\": 80,\n  \"debug\": true\n}") { try $0.text(merging: ["port": 8080, "debug": .null]) }
                == "{\n  \"port\": 8080\n}")
        #expect(try config.text(merging: ["tls": ["on": true, "off": .null]]).elementsEqual(
            "{\n  \"port\": 80,\n  \"debug\": true,\n  \"tls\": {\"on\":true}\n}".utf8))
        #expect(try config.text(merging: 3).elementsEqual("3".utf8))
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        let commented = try JSONDocument(parsing: "{\n  // the port\n  \"port\": 80,\n  \"debug\": true\n}", options: options)
        #expect(String(decoding: try commented.text(merging: ["port": 8080, "debug": .null]), as: UTF8.self)
                == "{\n  // the port\n  \"port\": 8080\n}")
        let error = try #require(throws: JSONEditError.self) {
            try config.text(merging: ["port": .number(JSONNumber(Double.nan))])
        }
        #expect(error.kind == .unwritableValue)
    }

    /// Every edit of many kinds on several layouts gives text that parses to what the tree edit gives.
    @Test func textEditsAgreeWithTreeEdits() throws {
        let layouts = [
            #"{"a":[1,{"b":[true,null,"x"]},3],"c":{"d":{},"e":[]},"f":"g"}"#,
            "{\n\t\"a\" : [ 1 , {\"b\":[true , null,\"x\"]} ,3 ],\r\n \"c\":{ \"d\":{ }, \"e\":[ ] } , \"f\":\"g\" }",
        ]
        let pointers = ["", "/a", "/a/0", "/a/1", "/a/2", "/a/-", "/a/3", "/a/1/b", "/a/1/b/1", "/a/1/b/-", "/c", "/c/d",
                        "/c/d/new", "/c/e/0", "/c/e/-", "/f", "/new", "/a/9", "/c/x/y"]
        let values: [JSON] = [7, "s", ["k": [1]], [], nil]
        for layout in layouts {
            let document = try JSONDocument(parsing: layout)
            let tree = JSON(document.root)
            for pointer in pointers {
                for value in values {
                    var expectedSet = tree, expectedInsert = tree
                    let setOK = (try? expectedSet.set(value, at: pointer)) != nil
                    let insertOK = (try? expectedInsert.insert(value, at: pointer)) != nil
                    let setText = try? document.text(setting: value, at: pointer)
                    let insertText = try? document.text(inserting: value, at: pointer)
                    #expect((setText != nil) == setOK, "\(pointer)")
                    #expect((insertText != nil) == insertOK, "\(pointer)")
                    if let setText { #expect(try JSON(parsing: setText) == expectedSet, "set \(pointer)") }
                    if let insertText { #expect(try JSON(parsing: insertText) == expectedInsert, "insert \(pointer)") }
                }
                var expectedRemove = tree
                let removeOK = (try? expectedRemove.remove(at: pointer)) != nil
                let removeText = try? document.text(removingValueAt: pointer)
                #expect((removeText != nil) == removeOK, "\(pointer)")
                if let removeText { #expect(try JSON(parsing: removeText) == expectedRemove, "remove \(pointer)") }
            }
        }
    }
}

extension String {
    /// Replaces every occurrence of `target`, without Foundation.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
