import Keel

/// JSON Pointer evaluation: the input's first line is a pointer, the rest a document. The document view and
/// the tree find the same value or fail with the same error, and a found value's own path leads back to it.
public enum PointerCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        let pointer = String(decoding: bytes[..<newline], as: UTF8.self)
        let text = Array(bytes[min(newline + 1, bytes.endIndex)...])
        guard let document = try? JSONDocument(parsing: text) else { return }
        let tree = JSON(document.root)

        let inDocument = document.root[pointer: pointer]
        let inTree = tree[pointer: pointer]
        switch (inDocument.result, inTree.result) {
        case let (.success(view), .success(value)):
            try require(JSON(view) == value, "the view and the tree found different values at \(pointer)")
            try require(inDocument.path == inTree.path, "different paths for \(pointer)")
            let again = document.root[pointer: view.path.pointer]
            try require(again.value?.byteOffset == view.byteOffset, "\(view.path.pointer) does not lead back from \(pointer)")
            try require(document.root[path: view.path].value?.byteOffset == view.byteOffset, "the path does not lead back")
        case let (.failure(a), .failure(b)):
            // Only the document knows where in the text the failing value is; its excerpt quotes the source text.
            try require((a.kind, a.path, a.expected) == (b.kind, b.path, b.expected),
                        "different errors for \(pointer): \(a) and \(b)")
            try require(b.byteOffset == nil, "a tree error with a byte offset")
            try require(!a.description.isEmpty, "an empty error description")
        default:
            throw FuzzFailure("one of the view and the tree found \(pointer), the other did not")
        }
        try checkTextEdits(document, tree: tree, pointer: pointer)
    }

    /// Edits of the document's text at the pointer (found by walking the text) give what the same edits of
    /// the tree give, value for value and error for error; so does merging the value found there as a patch.
    static func checkTextEdits(_ document: JSONDocument, tree: JSON, pointer: String) throws(FuzzFailure) {
        var options = JSONParsingOptions()
        options.maximumDepth = Int.max
        options.maximumNumberLength = Int.max
        func outcome(_ edit: () throws(JSONEditError) -> [UInt8]) throws(FuzzFailure) -> Result<JSON, JSONEditError> {
            let bytes: [UInt8]
            do {
                bytes = try edit()
            } catch {
                return .failure(error)
            }
            guard let value = try? JSON(parsing: bytes, options: options) else {
                throw FuzzFailure("an edit at \(pointer) wrote text that does not parse")
            }
            return .success(value)
        }
        func treeOutcome(_ edit: (inout JSON) throws(JSONEditError) -> Void) -> Result<JSON, JSONEditError> {
            var copy = tree
            do {
                try edit(&copy)
                return .success(copy)
            } catch {
                return .failure(error)
            }
        }
        let value: JSON = ["k": [1, "two"]]
        try require(try outcome { () throws(JSONEditError) in try document.text(setting: value, at: pointer) }
                    == treeOutcome { tree throws(JSONEditError) in try tree.set(value, at: pointer) }, "set at \(pointer)")
        try require(try outcome { () throws(JSONEditError) in try document.text(inserting: 5, at: pointer) }
                    == treeOutcome { tree throws(JSONEditError) in try tree.insert(5, at: pointer) }, "insert at \(pointer)")
        try require(try outcome { () throws(JSONEditError) in try document.text(removingValueAt: pointer) }
                    == treeOutcome { tree throws(JSONEditError) in _ = try tree.remove(at: pointer) }, "remove at \(pointer)")
        if let patch = tree[pointer: pointer].value {
            try require(try outcome { () throws(JSONEditError) in try document.text(merging: patch) }
                        == treeOutcome { tree throws(JSONEditError) in try tree.merge(patch: patch) }, "merge of \(pointer)")
        }
    }
}
