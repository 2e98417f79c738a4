// Collecting-style decoding of Foundation's `Data` (and any other contiguous bytes), as `KeelDecoder` takes
// them; present only where Foundation is.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
extension CollectingJSONDecoder {
    /// Parses and decodes the UTF-8 JSON text in `bytes` (`Data`, for one), as ``KeelDecoder`` takes them.
    public func decode<T: JSONDecodable, Bytes: ContiguousBytes>(_ type: T.Type, from bytes: Bytes) -> Collected<T, CollectedError> {
        decode(T.self) { () throws(JSONSyntaxError) in try JSONDocument.parsing(bytes, options: options) }
    }

    /// Parses and decodes `data`, under the LastMile library's labels: `decode(data: data, to: Person.self)`.
    public func decode<T: JSONDecodable>(data: Data, to type: T.Type) -> Collected<T, CollectedError> {
        decode(T.self, from: data)
    }
}
#endif
