/// The text of the whole document a model is decoded from, as LastMile's `ResponseData`: a model that keeps
/// the response it came from (to log it, cache it or hand it on) declares a member of this type.
///
/// Decoding one anywhere gives the document's bytes, whatever the value there; in the collecting style it
/// always succeeds, even where the key is missing or `null`, as LastMile's did:
///
/// ```swift
/// struct Page: CollectingJSONDecodable {
///     let items: [Item]
///     let raw: JSONResponseData
///     init?(from decoder: CollectingDecoder) {
///         guard let items = decoder["items"].decode([Item].self),
///               let raw = decoder["raw"].decode(JSONResponseData.self) else { return nil }
///         (self.items, self.raw) = (items, raw)
///     }
/// }
/// ```
///
/// The bytes are the document's UTF-8 text (``JSONDocument/bytes``): the input as given, or its UTF-8 form when
/// it was read from UTF-16 or UTF-32.
public struct JSONResponseData: JSONDecodable, Sendable, Hashable {
    /// The document's text.
    public let bytes: [UInt8]

    /// Response data of the given bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The text of the document `value` belongs to.
    public init(documentOf value: JSONView) { bytes = value.storage.bytes }

    /// The text of the document `value` belongs to; never fails.
    public static func decode(_ value: JSONView, in context: JSONDecodingContext) -> JSONResponseData {
        JSONResponseData(documentOf: value)
    }
}

/// LastMile's name for ``JSONResponseData``.
public typealias ResponseData = JSONResponseData
