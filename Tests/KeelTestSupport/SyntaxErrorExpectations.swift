import Keel
import Testing

/// Parses `text` and expects it to fail with exactly this kind, line, column and message.
public func expectSyntaxError(
    _ text: String,
    _ kind: JSONSyntaxError.Kind,
    line: Int, column: Int,
    _ message: String,
    options: JSONParsingOptions = JSONParsingOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let document = try JSONDocument(parsing: text, options: options)
        Issue.record("Expected \(kind), but parsed \(JSON(document.root))", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        #expect(error.line == line, "line", sourceLocation: sourceLocation)
        #expect(error.column == column, "column", sourceLocation: sourceLocation)
        #expect(error.description == message, sourceLocation: sourceLocation)
    }
}

/// The error parsing `bytes` throws, or `nil` when they parse.
public func syntaxError(_ bytes: [UInt8], options: JSONParsingOptions = JSONParsingOptions()) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument(parsing: bytes, options: options)
        return nil
    } catch {
        return error
    }
}
