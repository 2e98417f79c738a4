// Discriminated unions through `Codable`, for `init(from:)`: the same tag table as `JSONTaggedUnion`, with any
// decoder. With KeelDecoder an unknown tag's error says where the tag is, and a fallback is a warning in
// collecting mode.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension Decoder {
    /// Decodes a union from a tagged object: reads the string member `tagKey`, then calls the case for that
    /// tag with a decoder for the payload (this decoder when `contentKey` is `nil`, so the payload's members
    /// sit beside the tag, otherwise one for the member `contentKey`).
    ///
    /// ```swift
    /// enum Event: Decodable {
    ///     case push(PushPayload), fork(ForkPayload), other(String)
    ///     init(from decoder: any Decoder) throws {
    ///         self = try decoder.decodeTaggedUnion(contentKey: "payload", cases: [
    ///             "PushEvent": { .push(try PushPayload(from: $0)) },
    ///             "ForkEvent": { .fork(try ForkPayload(from: $0)) },
    ///         ], unknown: { tag, _ in .other(tag) })
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: `keyNotFound` for a missing tag or content member, `typeMismatch` for a tag that is not a
    ///   string, `dataCorrupted` naming the known tags for an unknown tag without `unknown`, and the payload's
    ///   own errors.
    public func decodeTaggedUnion<Union>(
        tagKey: String = "type", contentKey: String? = nil, cases: [String: (any Decoder) throws -> Union],
        unknown: ((_ tag: String, _ payload: any Decoder) throws -> Union)? = nil
    ) throws -> Union {
        let container = try self.container(keyedBy: UnionKey.self)
        let tagMember = UnionKey(stringValue: tagKey)
        let tag = try container.decode(String.self, forKey: tagMember)
        var payload: any Decoder = self
        if let contentKey {
            let contentMember = UnionKey(stringValue: contentKey)
            if !container.contains(contentMember) { _ = try container.decodeNil(forKey: contentMember) }  // keyNotFound
            payload = try container.superDecoder(forKey: contentMember)
        }
        if let make = cases[tag] { return try make(payload) }

        let expected = "one of the tags " + cases.keys.sorted().map(\.debugDescription).joined(separator: ", ")
        let tagDecoder = container.keelDecoder(forKey: tagMember)
        let located = tagDecoder.map { decoder in
            JSONDecodingError(kind: .unknownRawValue, expected: expected, found: tag.debugDescription,
                              at: decoder.session.view(at: decoder.index))
        }
        if let unknown {
            if let tagDecoder, let located {
                tagDecoder.session.warn(DecodingError(located.noting(.fallbackUsed), type: Union.self, codingPath: tagDecoder.path.keys))
            }
            return try unknown(tag, payload)
        }
        if let tagDecoder, let located {
            throw DecodingError(located, type: Union.self, codingPath: tagDecoder.path.keys)
        }
        throw DecodingError.dataCorruptedError(forKey: tagMember, in: container,
                                               debugDescription: "Unknown tag \(tag.debugDescription); expected \(expected)")
    }
}

/// A member name chosen at run time.
private struct UnionKey: CodingKey {
    let stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}
#endif
