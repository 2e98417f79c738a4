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
    }
}
