/// What a collecting run produced: the value, when its root could be built, and every error and warning met on
/// the way, each list in document order.
///
/// Every collecting entry point returns one. The collecting style (``CollectingJSONDecoder``) reports
/// ``CollectedError``s, which print in the LastMile library's format; the Codable bridge
/// (`KeelDecoder.decodeCollecting`) reports the `DecodingError`s that `Codable` code expects, with Keel's error,
/// line and column, underneath each.
///
/// ```swift
/// let result = CollectingJSONDecoder().decode([Person].self, from: bytes)
/// result.value      // the people that decoded
/// result.errors     // why the others did not
/// ```
public struct Collected<Value, Failure: Error> {
    /// The decoded value, or `nil` when the root itself could not be built.
    public let value: Value?
    /// Every error, in document order (errors that know no place in the text come last, in the order met).
    public let errors: [Failure]
    /// What was accepted but is worth knowing, in document order: an unknown raw value that an open enum decoded
    /// as its fallback (``UnknownCaseRepresentable``, ``OpenEnum``), a default that replaced an invalid value,
    /// a value read by lossless coercion.
    public let warnings: [Failure]

    /// Whether the value was built and no error was met (warnings do not count).
    public var isComplete: Bool { value != nil && errors.isEmpty }

    package init(value: Value?, errors: [Failure], warnings: [Failure] = []) {
        self.value = value
        self.errors = errors
        self.warnings = warnings
    }
}

extension Collected: Sendable where Value: Sendable, Failure: Sendable {}
