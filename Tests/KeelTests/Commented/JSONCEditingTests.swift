import Keel
import Testing

/// Edits of a JSONC document keep every comment, except those a deleted member owns: the comment lines
/// directly above it and the comments after it on its line.
@Suite struct JSONCEditingTests {
    static let settings = """
        // Editor settings
        {
          // Controls the font size in pixels.
          "editor.fontSize": 14,
          "editor.tabSize": 2, // spaces per tab

          /* Files */
          "files.exclude": {
            "**/.git": true,
            "**/node_modules": true, // big
          },
          // Last one: no trailing comma.
          "telemetry": false
        }

        """

    func document(_ text: String = settings) throws -> JSONDocument {
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        return try JSONDocument(parsing: text, options: options)
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func settingAValueKeepsEveryComment() throws {
        let edited = text(try document().text(setting: 16, at: "/editor.fontSize"))
        #expect(edited == Self.settings.replacingOccurrences("\"editor.fontSize\": 14", "\"editor.fontSize\": 16"))
        let nested = text(try document().text(setting: false, at: "/files.exclude/**~1node_modules"))
        #expect(nested == Self.settings.replacingOccurrences("\"**/node_modules\": true", "\"**/node_modules\": false"))
    }

    @Test func deletingAMemberTakesItsOwnComments() throws {
        let withoutFontSize = text(try document().text(removingValueAt: "/editor.fontSize"))
        #expect(withoutFontSize == Self.settings.replacingOccurrences(
            "  // Controls the font size in pixels.\n  \"editor.fontSize\": 14,\n", ""))
        let withoutTabSize = text(try document().text(removingValueAt: "/editor.tabSize"))
        #expect(withoutTabSize == Self.settings.replacingOccurrences("  \"editor.tabSize\": 2, // spaces per tab\n", ""))
    }

    @Test func aCommentAfterABlankLineStaysWithTheSection() throws {
        // "/* Files */" is directly above "files.exclude", so it goes with it; the blank line above it stays.
        let edited = text(try document().text(removingValueAt: "/files.exclude"))
        #expect(edited.contains("// spaces per tab\n\n  // Last one"))
        #expect(!edited.contains("Files"))
        #expect(edited.contains("// Editor settings"))
    }

    @Test func deletingTheLastMemberMovesTheEndOfTheList() throws {
        // The member before it loses its comma (the object had no trailing comma); its own comment stays.
        let edited = text(try document().text(removingValueAt: "/telemetry"))
        #expect(edited.contains("    \"**/node_modules\": true, // big\n  }\n}\n"))
        #expect(!edited.contains("Last one"))
        // In an object with a trailing comma, the comma before it becomes the trailing one.
        let inner = text(try document().text(removingValueAt: "/files.exclude/**~1node_modules"))
        #expect(inner.contains("\"**/.git\": true,\n  },"))
        #expect(!inner.contains("big"))
    }

    @Test func addingAMemberAfterTheLastGoesBelowItsComment() throws {
        let doc = try document("{\n  \"a\": 1, // one\n  \"b\": 2 // two\n}\n")
        #expect(text(try doc.text(setting: 3, at: "/c")) == "{\n  \"a\": 1, // one\n  \"b\": 2, // two\n  \"c\": 3\n}\n")
        let trailing = try document("[\n  1, // one\n  2, // two\n]")
        #expect(text(try trailing.text(inserting: 3, at: "/-")) == "[\n  1, // one\n  2, // two\n  3,\n]")
    }

    @Test func insertingBeforeAnElementGoesAboveItsComments() throws {
        let doc = try document("[\n  // first\n  1,\n  // second\n  2\n]")
        #expect(text(try doc.text(inserting: 0, at: "/0")) == "[\n  0,\n  // first\n  1,\n  // second\n  2\n]")
        #expect(text(try doc.text(inserting: 9, at: "/1")) == "[\n  // first\n  1,\n  9,\n  // second\n  2\n]")
    }

    @Test func windowsLineBreaksAreKept() throws {
        let doc = try document("{\r\n  // a\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n")
        #expect(text(try doc.text(removingValueAt: "/a")) == "{\r\n  \"b\": 2\r\n}\r\n")
        #expect(text(try doc.text(setting: 3, at: "/c")) == "{\r\n  // a\r\n  \"a\": 1,\r\n  \"b\": 2,\r\n  \"c\": 3\r\n}\r\n")
    }

    @Test func withinALineOnlyTheMemberAndOneCommaGo() throws {
        let doc = try document("[1, /* keep */ 2, 3]")
        #expect(text(try doc.text(removingValueAt: "/1")) == "[1, /* keep */ 3]")
        #expect(text(try doc.text(removingValueAt: "/2")) == "[1, /* keep */ 2]")
        #expect(text(try doc.text(setting: 5, at: "/-")) == "[1, /* keep */ 2, 3, 5]")
    }

    @Test func aPatchKeepsCommentsAcrossItsOperations() throws {
        let patch = try JSONPatch(JSON(parsing: """
            [{"op": "replace", "path": "/editor.tabSize", "value": 4},
             {"op": "add", "path": "/editor.wordWrap", "value": "on"},
             {"op": "remove", "path": "/telemetry"},
             {"op": "move", "from": "/editor.fontSize", "path": "/fontSize"}]
            """))
        let edited = text(try document().text(applying: patch))
        #expect(edited.contains("// Editor settings"))
        #expect(edited.contains("\"editor.tabSize\": 4, // spaces per tab"))
        #expect(edited.contains("/* Files */"))
        #expect(edited.contains("// big"))
        #expect(!edited.contains("Controls the font size"))
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        #expect(try JSON(parsing: edited, options: options) == [
            "editor.tabSize": 4, "files.exclude": ["**/.git": true, "**/node_modules": true],
            "editor.wordWrap": "on", "fontSize": 14])
    }

    @Test func theEditedTextIsStillJSONC() throws {
        // Every single deletion and addition of the settings file reads back as the tree edit says.
        let doc = try document()
        let tree = JSON(doc.root)
        var options = JSONParsingOptions()
        options.syntax = .jsonc
        for pointer in ["/editor.fontSize", "/editor.tabSize", "/files.exclude", "/files.exclude/**~1.git",
                        "/files.exclude/**~1node_modules", "/telemetry"] {
            var expected = tree
            try expected.remove(at: pointer)
            let edited = try doc.text(removingValueAt: pointer)
            #expect(try JSON(parsing: edited, options: options) == expected, "\(pointer)")
            #expect(text(edited).contains("// Editor settings"))
        }
    }
}
