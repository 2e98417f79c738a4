// Defaults through `Codable`: a helper for `init(from:)` that works with any decoder and, with KeelDecoder,
// reports a default that replaced an invalid value as a warning in collecting mode.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension KeyedDecodingContainer {
    /// Decodes the member `key` as `T`, or gives `defaultValue` when `conditions` say so (by default only
    /// when the member is missing; see ``DefaultConditions``).
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     let container = try decoder.container(keyedBy: CodingKeys.self)
    ///     retries = try container.decode(Int.self, forKey: .retries, default: 3)
    ///     limit = try container.decode(Int.self, forKey: .limit, default: 50, when: .always)
    /// }
    /// ```
    public func decode<T: Decodable>(
        _ type: T.Type, forKey key: Key, default defaultValue: @autoclosure () -> T,
        when conditions: DefaultConditions = .missing
    ) throws -> T {
        if !contains(key), conditions.contains(.missing) { return defaultValue() }
        if conditions.contains(.null), contains(key), try decodeNil(forKey: key) { return defaultValue() }
        do {
            return try decode(T.self, forKey: key)
        } catch let error as DecodingError where conditions.contains(.invalid) && contains(key) {
            keelDecoder(forKey: key)?.warnReplacedByDefault(error)
            return defaultValue()
        }
    }
}

extension ModelDecoder {
    /// Reports, in collecting mode, that a default took the place of the value being decoded, which failed
    /// with `error`.
    func warnReplacedByDefault(_ error: DecodingError) {
        session.warn(DecodingError(
            (error.jsonDecodingError ?? .custom(error.context?.debugDescription ?? "\(error)", at: session.view(at: index)))
                .noting(.defaultUsed),
            type: Any.self, codingPath: path.keys))
    }
}
#endif
