import Keel

/// Why a schema could not be compiled: it is not JSON, it breaks a keyword's rules, it names a reference
/// or a dialect that cannot be found, or it passes a limit. Thrown when the schema is compiled, never while
/// an instance is validated, so a broken contract is found before the first request rather than by it.
public struct JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: Sendable, Hashable {
        /// The schema text is not JSON.
        case syntax
        /// A keyword's value breaks its rules (`"minimum": "3"`, a `pattern` that is not a regular expression).
        case invalidKeyword
        /// `$ref`, `$dynamicRef` or `$recursiveRef` names a schema that is neither in the document nor in the
        /// registry.
        case unresolvableReference
        /// `$schema` names a meta-schema that is neither built in nor in the registry.
        case unknownMetaSchema
        /// The meta-schema requires a vocabulary Keel does not implement.
        case unsupportedVocabulary
        /// The schema nests deeper, or is larger, than the compiler allows.
        case limitExceeded
    }

    /// What went wrong.
    public let kind: Kind
    /// Where: the absolute URI of the schema location (`https://example.com/order#/properties/id`).
    public let schemaLocation: String
    /// A sentence for people.
    public let message: String

    public init(kind: Kind, schemaLocation: String, message: String) {
        self.kind = kind
        self.schemaLocation = schemaLocation
        self.message = message
    }

    public var description: String { "\(message) (at \(schemaLocation))" }
}
