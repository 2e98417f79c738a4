import Keel

/// JSON with comments on arbitrary bytes, read as JSONC and as JSON5: each accepts everything strict JSON
/// accepts (JSON5 also everything JSONC accepts, but for line comments that JSON5 ends at U+2028 or U+2029),
/// with equal values, and otherwise fails inside the input
/// naming the syntax; an accepted document formats (pretty and compact) to text that reads back to the same
/// value with as many comments, formatting again changes nothing, the text written from its value reads back
/// to the same value (strict JSON, or JSON5 when it holds NaN or an infinity), and deleting or adding a member
/// or element keeps the text in its syntax with the value the tree edit gives.
public enum CommentedCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let strict = (try? JSONDocument(parsing: bytes)).map { JSON($0.root) }
        let jsonc = try check(bytes, syntax: .jsonc, sameAs: strict)
        // JSON5 ends a line comment at U+2028 and U+2029 too, where JSONC reads on to a line feed.
        let separators = bytes.indices.contains { bytes[$0] == 0xE2 && $0 + 2 < bytes.count && bytes[$0 + 1] == 0x80
            && (bytes[$0 + 2] == 0xA8 || bytes[$0 + 2] == 0xA9) }
        _ = try check(bytes, syntax: .json5, sameAs: separators ? strict : jsonc ?? strict)
    }

    /// Checks `bytes` read in `syntax`, which must accept them with value `subset` when a narrower syntax
    /// did; returns the value read, if any.
    private static func check(_ bytes: [UInt8], syntax: JSONParsingOptions.Syntax, sameAs subset: JSON?) throws(FuzzFailure) -> JSON? {
        var options = JSONParsingOptions()
        options.syntax = syntax
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: options)
        } catch {
            try require(subset == nil, "text a narrower syntax accepts rejected as \(syntax): \(error)")
            try require(error.syntax == syntax && error.byteOffset <= bytes.count && error.line >= 1 && error.column >= 1,
                        "an error outside the input or not naming \(syntax): \(error)")
            try require(error.description.contains(" in \(syntax)"), "the message does not name \(syntax): \(error)")
            return nil
        }
        let tree = JSON(document.root)
        if let subset { try require(subset == tree, "\(syntax) reads text of a narrower syntax as another value") }
        try require(document.bytes == bytes, "the document does not keep the text as written")

        for layout in [JSONWritingOptions.Layout.pretty(indent: 2), .compact] {
            let formatted = document.formattedText(layout: layout)
            guard let again = try? JSONDocument(parsing: formatted, options: options) else {
                throw FuzzFailure("formatted \(layout) text is not \(syntax): \(String(decoding: formatted, as: UTF8.self))")
            }
            try require(JSON(again.root) == tree, "formatting \(layout) changed the value")
            try require(again.hasComments == document.hasComments, "formatting \(layout) lost the comments")
            try require(again.formattedText(layout: layout) == formatted, "formatting \(layout) is not a fixed point")
        }

        // The value written: strict JSON unless it holds a number only JSON5 can, then JSON5 (the round trip
        // parse → write JSON5 → parse).
        let writable = (try? document.root.checkWritableAsJSON()) != nil
        try require(writable == ((try? tree.jsonBytes()) != nil), "checkWritableAsJSON disagrees with the tree writer")
        if writable {
            let plain = document.root.jsonBytes()
            try require((try? JSON(parsing: plain)) == tree, "the strict text written from \(syntax) reads back as another value")
        } else {
            var writing = JSONWritingOptions()
            writing.writesJSON5NonFiniteNumbers = true
            let written = try? tree.jsonBytes(options: writing)
            try require(written.flatMap { try? JSON(parsing: $0, options: options) } == tree,
                        "the JSON5 text written from the value reads back as another value")
        }

        // One edit of each kind on the top-level container, checked against the same edit on the tree.
        guard tree.kind == .array || tree.kind == .object else { return tree }
        let first = tree.kind == .array ? "/0" : "/" + escaped(document.root.members.first?.key ?? "")
        let edits: [(String, (JSONDocument) throws(JSONEditError) -> [UInt8], (inout JSON) throws(JSONEditError) -> Void)] = [
            ("remove \(first)", { doc throws(JSONEditError) in try doc.text(removingValueAt: first) },
             { value throws(JSONEditError) in try value.remove(at: first) }),
            ("add at the end", { doc throws(JSONEditError) in try doc.text(setting: 7, at: tree.kind == .array ? "/-" : "/added") },
             { value throws(JSONEditError) in try value.set(7, at: tree.kind == .array ? "/-" : "/added") }),
            ("insert first", { doc throws(JSONEditError) in try doc.text(inserting: 8, at: tree.kind == .array ? "/0" : "/inserted") },
             { value throws(JSONEditError) in try value.insert(8, at: tree.kind == .array ? "/0" : "/inserted") }),
        ]
        for (name, editText, editTree) in edits {
            var expected = tree
            guard (try? editTree(&expected)) != nil else { continue }
            guard let text = try? editText(document) else { throw FuzzFailure("\(name): the text edit failed where the tree edit did not") }
            guard let edited = try? JSON(parsing: text, options: options) else {
                throw FuzzFailure("\(name): the edited text is not \(syntax): \(String(decoding: text, as: UTF8.self))")
            }
            try require(edited == expected, "\(name): the edited text holds another value")
            // An addition keeps every comment (the edit falls back to writing the tree, without them, only when
            // splicing went wrong).
            if !name.hasPrefix("remove"), document.hasComments {
                let reread = try? JSONDocument(parsing: text, options: options)
                try require(reread?.hasComments == true, "\(name): the comments were lost")
            }
        }
        return tree
    }

    private static func escaped(_ key: String) -> String {
        var result = ""
        for character in key {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }
}
