import Keel

/// Parse, write, parse again: an accepted document written in every layout reads back as the same value,
/// a document view's text reads back as its tree, and writing is a fixed point after one round.
public enum RoundTripCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        guard let document = try? JSONDocument(parsing: bytes) else { return }
        let tree = JSON(document.root)

        var sorted = JSONWritingOptions()
        sorted.sortsKeys = true
        var escaped = JSONWritingOptions.pretty(indent: 1)
        escaped.escapesNonASCII = true
        escaped.escapesSlashes = true
        for options in [JSONWritingOptions(), .pretty(), sorted, escaped] {
            let written: [UInt8]
            do { written = try tree.jsonBytes(options: options) } catch {
                throw FuzzFailure("a parsed value could not be written: \(error)")
            }
            guard let again = try? JSON(parsing: written) else {
                throw FuzzFailure("written text does not parse: \(String(decoding: written, as: UTF8.self))")
            }
            try require(again == tree, "the value changed on the way round with \(options)")
            let rewritten = try? again.jsonBytes(options: options)
            try require(rewritten == written, "writing is not a fixed point with \(options)")
        }

        // A view copies strings and numbers as they were spelled, so its text may differ from the tree's
        // (`"\u005C"` against `"\\"`), never its value.
        let fromView = document.root.jsonBytes()
        try require((try? JSON(parsing: fromView)) == tree, "the view's text reads back as another value")
        let compact = try? tree.jsonBytes()
        try require(tree.description == compact.map { String(decoding: $0, as: UTF8.self) }, "description differs from compact text")
    }
}
