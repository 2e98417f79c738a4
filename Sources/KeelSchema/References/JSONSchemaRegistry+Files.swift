#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif
import Keel

#if canImport(FoundationEssentials) || canImport(Foundation)
extension JSONSchemaRegistry {
    /// Adds the schema in a file, named by its `$id` when it has one and always by its `file://` URL (so
    /// that relative references between schema files resolve).
    public mutating func add(contentsOf file: URL) throws(JSONSchemaError) {
        let text: String
        do {
            text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        } catch {
            throw JSONSchemaError(kind: .unresolvableReference, schemaLocation: file.absoluteString,
                                  message: "the schema file cannot be read: \(error)")
        }
        let schema: JSON
        do { schema = try JSON(parsing: text) } catch {
            throw JSONSchemaError(kind: .syntax, schemaLocation: file.absoluteString, message: "the schema is not JSON: \(error)")
        }
        try add(schema, as: file.absoluteString)
        if case .object(let object) = schema, case .string? = object["$id"] ?? object["id"] { try add(schema) }
    }

    /// Adds every `.json` file in a folder and its subfolders (see ``add(contentsOf:)``), in name order, and
    /// returns how many were added.
    @discardableResult
    public mutating func addSchemas(inFolder folder: URL) throws(JSONSchemaError) -> Int {
        var added = 0
        var pending = [folder]
        while let current = pending.popLast() {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: current.path).sorted() } catch {
                throw JSONSchemaError(kind: .unresolvableReference, schemaLocation: current.absoluteString,
                                      message: "the schema folder cannot be read: \(error)")
            }
            for name in names where !name.hasPrefix(".") {
                let url = current.appendingPathComponent(name)
                let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    pending.append(url)
                } else if name.hasSuffix(".json") {
                    try add(contentsOf: url)
                    added += 1
                }
            }
        }
        return added
    }
}
#endif
