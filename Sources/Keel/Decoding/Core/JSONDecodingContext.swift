/// The state of one decoding run: strict or collecting, and in collecting mode every error met.
///
/// In **strict** mode (the default) the first error ends decoding. In **collecting** mode, decoders record an
/// error and go on where they can: an array drops an element that fails and keeps the rest, an optional whose
/// value has the wrong type becomes `nil`. The caller gets the partial value and ``errors``, in document order.
///
/// ```swift
/// let context = JSONDecodingContext(mode: .collecting)
/// let people = try [Person].decode(document.root, in: context)   // the good ones
/// context.errors                                                   // why the others were dropped
/// ```
///
/// A context belongs to one decoding run on one thread; make a new one for each run.
public final class JSONDecodingContext {
    /// How decoding reacts to an error.
    public enum Mode: Sendable, Hashable {
        /// Stop at the first error.
        case strict
        /// Record errors and salvage what can be salvaged.
        case collecting
    }

    /// The mode of this run.
    public let mode: Mode
    /// The errors and warnings recorded so far, each with the frames open when it was met.
    @exclusivity(unchecked) private(set) var log = CollectingLog<RecordedError>()
    /// Frames that describe the types being decoded, outermost first, for messages in the collecting style.
    @exclusivity(unchecked) var frames: [DecodingFrame] = []

    /// A context for one decoding run.
    public init(mode: Mode = .strict) {
        self.mode = mode
        reused = nil
    }

    /// Values already decoded from `document`, which decoding takes instead of decoding them again (a
    /// document still arriving decodes its finished parts as they finish). Strict, as those decodings were.
    init(reusing decodes: ReusedDecodes, from document: DocumentStorage) {
        mode = .strict
        reused = (decodes, ObjectIdentifier(document))
    }

    /// Values decoded earlier, and the document they were decoded from.
    @usableFromInline let reused: (decodes: ReusedDecodes, document: ObjectIdentifier)?

    /// The values decoded earlier from `document` that this run may take, if any.
    @inlinable
    func reusedDecodes(of document: DocumentStorage) -> ReusedDecodes? {
        guard let reused, reused.document == ObjectIdentifier(document) else { return nil }
        return reused.decodes
    }

    /// The strict context every strict decoding shares. A strict context records nothing and keeps no frames
    /// (``record(_:)`` ignores errors in strict mode, and frames are kept only when collecting), so it is never
    /// changed after it is made, and sharing it across threads is safe.
    nonisolated(unsafe) public static let strict = JSONDecodingContext(mode: .strict)

    /// Whether errors are recorded and decoding goes on.
    public var isCollecting: Bool { mode == .collecting }

    /// Every error recorded, in document order.
    public var errors: [JSONDecodingError] { inDocumentOrder(log.errors.map(\.error), byteOffset: \.byteOffset) }

    /// What decoding accepted but reported in collecting mode, in document order: an unknown raw value that
    /// an open enum decoded as its fallback (see ``UnknownCaseRepresentable``). Strict mode keeps none.
    public var warnings: [JSONDecodingError] { inDocumentOrder(log.warnings.map(\.error), byteOffset: \.byteOffset) }

    /// Records a warning in collecting mode; in strict mode it does nothing.
    public func warn(_ warning: JSONDecodingError) {
        guard isCollecting else { return }
        log.warn(RecordedError(error: warning, trail: frames))
    }

    /// How many errors have been recorded so far (cheaper than ``errors``).
    public var errorCount: Int { log.errors.count }

    /// Records `error` in collecting mode; in strict mode it does nothing (strict decoders throw instead).
    public func record(_ error: JSONDecodingError) {
        guard isCollecting else { return }
        log.record(RecordedError(error: error, trail: frames))
    }

    /// Opens the frame of an array's element at `position`, of type `type`, for messages.
    @usableFromInline
    func openElementFrame(at position: Int, type: Any.Type) {
        frames.append(DecodingFrame(component: .index(position), type: type))
    }

    /// Opens the frame of an object's member `key`, of type `type`, for messages (a `[String: T]`).
    @usableFromInline
    func openMemberFrame(key: String, type: Any.Type) {
        frames.append(DecodingFrame(component: .key(key), type: type))
    }

    /// Closes the innermost frame.
    @usableFromInline
    func closeFrame() { frames.removeLast() }

    /// Runs `body` under the frame of the member `key`, of type `type`, when collecting, so that the errors
    /// recorded inside name the member in their trails (a `@JSONModel`'s property, as the collecting style's
    /// own steps do); otherwise just runs it.
    @inlinable
    func underMemberFrame<Result>(_ key: String, type: Any.Type, _ body: () throws(JSONDecodingError) -> Result)
        throws(JSONDecodingError) -> Result
    {
        guard isCollecting else { return try body() }
        openMemberFrame(key: key, type: type)
        defer { closeFrame() }
        return try body()
    }
}

/// An error or warning the collecting style recorded, with the frames open when it was met (its trail).
struct RecordedError {
    var error: JSONDecodingError
    var trail: [DecodingFrame]
}

/// One level of what is being decoded: the step that led there, the type decoded, and a record's id. Names
/// and ids are rendered only when an error is reported, never on the way.
struct DecodingFrame {
    var component: JSONPath.Component?
    var type: Any.Type?
    var idKey: String?
    var idValue: JSONView?

    init(component: JSONPath.Component?, type: Any.Type?) {
        self.component = component
        self.type = type
    }

    /// `Person`, `[Person]`, or empty for a step with no type of its own.
    var typeName: String { type.map(swiftTypeName) ?? "" }

    /// `person_id=8675309`, or `nil` when the record has no id.
    var idText: String? {
        guard let idKey, let idValue else { return nil }
        return "\(idKey)=\(idValue.excerpt(maximumLength: 40))"
    }
}

/// A type's name as Swift code writes it: `[Person]` rather than `Array<Person>`, `Int?` rather than
/// `Optional<Int>`, `[String: Int]` rather than `Dictionary<String, Int>`.
func swiftTypeName(_ type: Any.Type) -> String {
    sugared(String(describing: type))
}

private func sugared(_ name: String) -> String {
    func inner(_ prefix: String) -> String? {
        guard name.hasPrefix(prefix + "<"), name.hasSuffix(">") else { return nil }
        return String(name.dropFirst(prefix.count + 1).dropLast())
    }
    if let element = inner("Array") { return "[\(sugared(element))]" }
    if let wrapped = inner("Optional") { return "\(sugared(wrapped))?" }
    if let pair = inner("Dictionary"), let comma = pair.firstIndex(of: ",") {
        let key = String(pair[..<comma])
        let value = String(pair[pair.index(after: comma)...]).trimmingLeadingSpaces()
        return "[\(sugared(key)): \(sugared(value))]"
    }
    return name
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
