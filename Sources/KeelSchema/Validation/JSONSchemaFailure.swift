import Keel

/// One way an instance breaks its schema: where in the instance, which keyword, and a sentence that names
/// what was expected and what was found.
///
/// ```swift
/// for failure in schema.validate(document.root).failures {
///     print(failure)   // line 3, column 12: expected at most 3 items, found 5 (at /tags, schema #/properties/tags/maxItems)
/// }
/// ```
public struct JSONSchemaFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failing value's place in the instance.
    public let instancePath: JSONPath
    /// The failing value's place in the text, when the instance came from text.
    public let sourceLocation: JSONSourceLocation?
    /// The keyword's path from the root schema as evaluation reached it, through any `$ref`
    /// (`#/properties/tags/$ref/maxItems`).
    public let keywordLocation: String
    /// The keyword's absolute URI in the schema resource that holds it
    /// (`https://example.com/defs.json#/$defs/tags/maxItems`).
    public let absoluteKeywordLocation: String
    /// The keyword that failed (`maxItems`).
    public let keyword: String
    /// What was expected and what was found.
    public let message: String

    public init(instancePath: JSONPath, sourceLocation: JSONSourceLocation?, keywordLocation: String,
                absoluteKeywordLocation: String, keyword: String, message: String) {
        self.instancePath = instancePath
        self.sourceLocation = sourceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.keyword = keyword
        self.message = message
    }

    /// The instance location as a JSON Pointer (`""` for the root).
    public var instancePointer: String { instancePath.pointer }

    /// `line 3, column 12: message (at /pointer, schema #/keyword/path)`.
    public var description: String {
        let place = sourceLocation.map { "line \($0.line), column \($0.column): " } ?? ""
        let pointer = instancePath.pointer.isEmpty ? "the root" : instancePath.pointer
        return "\(place)\(message) (at \(pointer), schema \(keywordLocation))"
    }
}

/// The outcome of validating one instance: valid, or every failure found.
public struct JSONSchemaValidationResult: Sendable, Hashable {
    /// Every failure, in the order the schema's keywords found them; empty when the instance is valid.
    public let failures: [JSONSchemaFailure]

    public init(failures: [JSONSchemaFailure]) { self.failures = failures }

    /// Whether the instance satisfies the schema.
    public var isValid: Bool { failures.isEmpty }

    /// The standard output formats of JSON Schema 2020-12 (section 12.4) that programs exchange.
    public enum OutputFormat: Sendable, Hashable {
        /// `{"valid": true}` or `{"valid": false}`.
        case flag
        /// `valid`, and a flat list of `errors`, each with `keywordLocation`, `absoluteKeywordLocation`,
        /// `instanceLocation` and `error`.
        case basic
    }

    /// The result in one of the standard output formats.
    public func output(_ format: OutputFormat) -> JSON {
        var result: JSONObject = ["valid": .bool(isValid)]
        if format == .basic, !isValid {
            result.append(key: "errors", value: .array(JSONArray(failures.map { failure in
                JSON.object([
                    "keywordLocation": .string(failure.keywordLocation),
                    "absoluteKeywordLocation": .string(failure.absoluteKeywordLocation),
                    "instanceLocation": .string(failure.instancePath.pointer),
                    "error": .string(failure.message),
                ])
            })))
        }
        return .object(result)
    }
}
