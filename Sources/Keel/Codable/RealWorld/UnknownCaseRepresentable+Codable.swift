// Open enums through `Codable`: the same fallbacks with KeelDecoder (which reports each one as a warning in
// collecting mode) and with any other decoder.
#if canImport(FoundationEssentials) || canImport(Foundation)
extension UnknownCaseRepresentable where Self: Decodable, RawValue: Decodable {
    /// The case whose raw value the decoder holds, or ``UnknownCaseRepresentable/unknownCase``.
    static func decodeOpenly(from decoder: any Decoder) throws -> Self {
        let raw = try decoder.singleValueContainer().decode(RawValue.self)
        if let decoded = Self(rawValue: raw) { return decoded }
        (decoder as? ModelDecoder)?.warnUnknownRawValue(of: Self.self, decodedAs: "\(unknownCase)")
        return unknownCase
    }
}

// One initializer per raw type the standard library gives raw-value enums `Codable` for, so that these are
// more specific than its own and win.
extension UnknownCaseRepresentable where Self: Decodable, RawValue == String {
    /// The case whose raw value the decoder holds, or ``UnknownCaseRepresentable/unknownCase``.
    public init(from decoder: any Decoder) throws { self = try Self.decodeOpenly(from: decoder) }
}

extension UnknownCaseRepresentable where Self: Decodable, RawValue == Int {
    /// The case whose raw value the decoder holds, or ``UnknownCaseRepresentable/unknownCase``.
    public init(from decoder: any Decoder) throws { self = try Self.decodeOpenly(from: decoder) }
}

extension OpenEnum: Decodable where Known.RawValue: Decodable {
    /// The case the raw value names, or `.unknown` (a warning in ``KeelDecoder``'s collecting mode).
    public init(from decoder: any Decoder) throws {
        self = OpenEnum(rawValue: try decoder.singleValueContainer().decode(Known.RawValue.self))
        if case .unknown = self { (decoder as? ModelDecoder)?.warnUnknownRawValue(of: Known.self, decodedAs: "unknown") }
    }
}

extension OpenEnum: Encodable where Known.RawValue: Encodable {
    /// The raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension ModelDecoder {
    /// Reports, in collecting mode, that the value being decoded named no case of `type`.
    func warnUnknownRawValue(of type: Any.Type, decodedAs fallback: String) {
        session.warn(DecodingError(.unknownRawValue(of: type, at: session.view(at: index), decodedAs: fallback),
                                   type: type, codingPath: path.keys))
    }
}
#endif
