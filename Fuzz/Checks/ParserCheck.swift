@_spi(Testing) import Keel

/// The parser on arbitrary bytes: it returns a document or a syntax error that points inside the input, under
/// every policy, and validation agrees with it, as does the scanner without its vector loops; the policies
/// relate as documented; and every value of an accepted document can be read.
public enum ParserCheck {
    public static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let accepted = try parse(bytes, JSONParsingOptions())

        var strictKeys = JSONParsingOptions()
        strictKeys.duplicateKeys = .reject
        strictKeys.byteOrderMark = .reject
        var lenient = JSONParsingOptions()
        lenient.loneSurrogates = .replace
        var small = JSONParsingOptions()
        small.maximumDepth = 4
        small.maximumStringLength = 8
        small.maximumNumberLength = 8
        small.maximumDocumentSize = 256

        // A stricter policy accepts only what the default accepts; a more lenient one accepts all of it.
        let strictAccepted = try parse(bytes, strictKeys)
        try require(!strictAccepted || accepted, "accepted with duplicate keys rejected but not by default")
        let lenientAccepted = try parse(bytes, lenient)
        try require(!accepted || lenientAccepted, "accepted by default but not with lone surrogates replaced")
        let smallAccepted = try parse(bytes, small)
        try require(!smallAccepted || accepted, "accepted under small limits but not by default")

        try StreamCheck.run(bytes)

        // The tree parser and the document agree.
        let tree = try? JSON(parsing: bytes)
        try require((tree != nil) == accepted, "JSON(parsing:) and JSONDocument disagree on acceptance")
        if let tree, let document = try? JSONDocument(parsing: bytes) {
            try require(JSON(document.root) == tree, "the tree differs from the document it came from")
            try readEveryValue(document.root)
        }
    }

    /// Parses under `options`; a failure must be a syntax error that makes sense for this input, and
    /// validation (which records no tape) and the scanner without vector loops must give the very same outcome.
    static func parse(_ bytes: [UInt8], _ options: JSONParsingOptions) throws(FuzzFailure) -> Bool {
        var validationError: JSONSyntaxError?
        do { try JSONDocument.validate(bytes, options: options) } catch { validationError = error }
        var parseError: JSONSyntaxError?
        var document: JSONDocument?
        do { document = try JSONDocument(parsing: bytes, options: options) } catch { parseError = error }
        try require(validationError == parseError, "validation gave \(String(describing: validationError)), parsing \(String(describing: parseError))")
        var wordAtATime = options
        wordAtATime.usesVectorInstructions = false
        var wordAtATimeError: JSONSyntaxError?
        var wordAtATimeDocument: JSONDocument?
        do { wordAtATimeDocument = try JSONDocument(parsing: bytes, options: wordAtATime) } catch { wordAtATimeError = error }
        try require(wordAtATimeError == parseError, "without vector loops \(String(describing: wordAtATimeError)), with \(String(describing: parseError))")
        if let document, let wordAtATimeDocument {
            try require(JSON(document.root) == JSON(wordAtATimeDocument.root), "the vector loops changed a value")
        }
        guard let error = parseError else { return true }
        try require((0...bytes.count).contains(error.byteOffset), "error offset \(error.byteOffset) outside the input")
        try require(error.line >= 1 && error.column >= 1, "error line or column below 1: \(error)")
        try require(error.column <= error.byteOffset + 1, "column \(error.column) beyond byte \(error.byteOffset)")
        let limitKinds: [JSONSyntaxError.Kind] = [.nestingTooDeep, .documentTooLarge, .stringTooLong, .numberTooLong]
        try require((error.limit != nil) == limitKinds.contains(error.kind), "limit given for kind \(error.kind)")
        try require(!error.description.isEmpty, "an empty description")
        return false
    }

    /// Reads every value of the document without recursion: kinds, counts, members by key, scalars.
    static func readEveryValue(_ root: JSONView) throws(FuzzFailure) {
        var pending = [root]
        _ = root.location
        while let view = pending.popLast() {
            _ = view.sourceText
            switch view.kind {
            case .array:
                let elements = view.elements
                try require(elements.count == view.count, "an array's count differs from its elements")
                try require(view.element(at: elements.count) == nil, "an element past the end")
                pending.append(contentsOf: elements)
            case .object:
                let members = view.members
                try require(members.count == view.count, "an object's count differs from its members")
                // A lookup finds the last member with its key, whether the keys are asked in document order
                // (as models read) or backwards, through an object's key table or not.
                var last: [String: Int] = [:]
                for (key, value) in members { last[key] = value.byteOffset }
                for (key, value) in members {
                    try require(view.member(key)?.byteOffset == last[key], "member \(key) found at the wrong place")
                    pending.append(value)
                }
                for (key, _) in members.reversed() {
                    try require(view.member(key)?.byteOffset == last[key], "member \(key) found at the wrong place, asked backwards")
                }
            case .string:
                guard let string = view.stringValue else { throw FuzzFailure("a string without a value") }
                // A string is made marked ASCII exactly when it is: marked wrongly, the standard library
                // would take non-ASCII text for ASCII.
                if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                    let isASCII = string.utf8.allSatisfy { $0 < 0x80 }
                    try require(string.utf8Span.isKnownASCII == isASCII, "isKnownASCII is \(!isASCII) for \(string.debugDescription)")
                }
            case .number:
                guard let number = view.numberValue else { throw FuzzFailure("a number without a value") }
                _ = number.double
                _ = number.exactly(Int64.self)
                _ = number.exactly(UInt8.self)
                try require(JSONNumber(literal: number.text) == number, "a number's text does not read back: \(number.text)")
            case .bool:
                try require(view.boolValue != nil, "a boolean without a value")
            case .null:
                try require(view.isNullValue, "null is not null")
            }
        }
    }
}
