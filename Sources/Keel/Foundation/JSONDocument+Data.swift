// Parsing Foundation's Data. The core does not depend on Foundation; this extension exists only where it
// is available, and prefers the smaller FoundationEssentials.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONDocument {
    /// Parses the bytes of `data`; the document keeps one copy of them.
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not one JSON value.
    public init(parsing data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try JSONDocument(parsing: buffer, options: options) }
        }
        self = try result.get()
    }
}

extension JSON {
    /// Parses the bytes of `data` into a `JSON` tree.
    ///
    /// - Throws: ``JSONSyntaxError`` when the bytes are not one JSON value.
    public init(parsing data: Data, options: JSONParsingOptions = JSONParsingOptions()) throws(JSONSyntaxError) {
        self.init(try JSONDocument(parsing: data, options: options).root)
    }
}
#endif
