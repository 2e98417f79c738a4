// Discriminated unions: an object whose tag member (`"type": "PushEvent"`) says which case it is, with the
// case's payload inline (the object's other members) or under a content member (`"payload"`). A table maps
// tags to payload types; a tag the table lacks is an error naming the tag, its place and the known tags,
// unless the table has a fallback (a warning in collecting mode, like an open enum's).

/// How to decode a union from a tagged object, in every style. Build it once (a `static let`) and share it.
///
/// ```swift
/// enum Event { case push(PushPayload), fork(ForkPayload), other(String) }
///
/// static let events = JSONTaggedUnion<Event>(tagKey: "type", contentKey: "payload")
///     .case("PushEvent", PushPayload.self, Event.push)
///     .case("ForkEvent", ForkPayload.self, Event.fork)
///     .unknown { tag, _ in .other(tag) }
///
/// let event = try events.decode(json)
/// ```
public struct JSONTaggedUnion<Union>: Sendable {
    /// The member that names the case.
    public let tagKey: String
    /// The member that holds the payload, or `nil` when the payload is the tagged object itself.
    public let contentKey: String?
    /// Payload decoders by tag. (Untyped throws: a stored closure with typed throws crashes Swift 6.3.1's
    /// compiler; every closure here throws only `JSONDecodingError`.)
    private var decoders: [String: @Sendable (JSONView, JSONDecodingContext) throws -> Union] = [:]
    private var tags: [String] = []
    private var fallback: (@Sendable (String, JSONView) -> Union)?

    /// A table with no cases yet; add them with ``case(_:_:_:)``.
    public init(tagKey: String = "type", contentKey: String? = nil) {
        self.tagKey = tagKey
        self.contentKey = contentKey
    }

    /// The table with one more case: `tag` decodes its payload as `Payload` and makes the union with `make`.
    public func `case`<Payload: JSONDecodable & SendableMetatype>(_ tag: String, _ payload: Payload.Type, _ make: @escaping @Sendable (Payload) -> Union) -> Self {
        var table = self
        if table.decoders[tag] == nil { table.tags.append(tag) }
        table.decoders[tag] = { value, context in make(try Payload.decode(value, in: context)) }
        return table
    }

    /// The table with a fallback for tags it does not know, given the tag and the payload's value.
    public func unknown(_ make: @escaping @Sendable (_ tag: String, _ payload: JSONView) -> Union) -> Self {
        var table = self
        table.fallback = make
        return table
    }

    /// The tags the table knows, in the order they were added.
    public var knownTags: [String] { tags }

    /// Decodes the union from a tagged object.
    ///
    /// - Throws: a missing-key error when the tag (or the content member) is missing, a type mismatch when
    ///   the tag is not a string, an ``JSONDecodingError/Kind/unknownRawValue`` error naming the known tags
    ///   for an unknown tag without a fallback, and the payload's own errors.
    public func decode(_ value: JSONView, in context: JSONDecodingContext = .strict) throws(JSONDecodingError) -> Union {
        let tagValue = try value.requiredMember(tagKey)
        let tag = try String.decode(tagValue, in: context)
        let payload = try contentKey.map { key throws(JSONDecodingError) in try value.requiredMember(key) } ?? value
        if let decode = decoders[tag] {
            do {
                return try decode(payload, context)
            } catch let error as JSONDecodingError {
                throw error
            } catch {
                throw .custom("\(error)", at: payload)
            }
        }
        let unknownTag = tagValue.unknownTagError(knownTags: tags)
        guard let fallback else { throw unknownTag }
        context.warn(unknownTag.noting(.fallbackUsed))
        return fallback(tag, payload)
    }
}
