// The public face of encoding `Encodable` models with Keel: shaped like Foundation's JSONEncoder, writing
// through Keel's own writer.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// Encodes any `Encodable` value as JSON text, like Foundation's `JSONEncoder`, with Keel's writer options.
///
/// ```swift
/// struct User: Codable { let id: Int; let displayName: String; let joined: Date }
///
/// var encoder = KeelEncoder(writingOptions: .pretty(indent: 2))
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(user)          // Data, as JSONEncoder returns
/// let text = try encoder.encodeToString(user)  // or [UInt8], or a JSON value to change before writing
/// ```
///
/// For the same value and the same choices, the text parses to the same JSON as Foundation's, with these
/// differences in form only: members keep the order in which the model encoded them (Foundation's order is
/// unspecified unless it sorts), and numbers are written in their shortest exact form. There is no
/// `formatted(DateFormatter)` date strategy (a `DateFormatter` is not `Sendable`); use `custom`.
///
/// `Date`, `Data`, `URL` (its `absoluteString`), `Decimal` (digit for digit), ``JSON`` and ``JSONNumber``
/// are written by the encoder itself, as Foundation does for the first four; a `JSON` value inside a model
/// keeps its keys and exact numbers whatever the key strategy.
///
/// The text is written as the model encodes itself. A model whose `encode(to:)` comes back to a container
/// after using one nested in it (or fills a `superEncoder()` after writing more members, or writes a single
/// value twice) is encoded a second time, into a tree that follows any order: its `encode(to:)` then runs
/// twice, and the text is the same.
///
/// An encoder is a `Sendable` value: share it across tasks, or copy and change it.
public struct KeelEncoder: Sendable {
    /// Layout, key order and escaping of the text. Default: compact, members in the order encoded.
    public var writingOptions: JSONWritingOptions
    /// How coding keys become member names. Default: ``KeyEncodingStrategy-swift.enum/useDefaultKeys``.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// How dates are written. Default: ``DateEncodingStrategy-swift.enum/deferredToDate``.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    /// How `Data` is written. Default: ``DataEncodingStrategy-swift.enum/base64``.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64
    /// What happens to infinities and NaN. Default: ``NonConformingFloatEncodingStrategy-swift.enum/throw``.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
    /// Values every `encode(to:)` can read from `encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// An encoder writing with `writingOptions`, and every strategy at its default.
    public init(writingOptions: JSONWritingOptions = JSONWritingOptions()) {
        self.writingOptions = writingOptions
    }

    /// `value` as a ``JSON`` value, before any text is written.
    ///
    /// - Throws: `EncodingError.invalidValue` for a value JSON cannot hold (a non-finite number under the
    ///   `throw` strategy, a NaN `Decimal`, or a top-level value that encodes nothing), with its coding path;
    ///   and any error the value's `encode(to:)` throws.
    public func encodeToJSON<T: Encodable>(_ value: T) throws -> JSON { try encodeToTree(value).json }

    /// `value` as UTF-8 JSON text in `Data`. Throws as ``encodeToJSON(_:)`` does.
    public func encode<T: Encodable>(_ value: T) throws -> Data { try encodeText(value) { Data(buffer: $0) } }

    /// `value` as UTF-8 JSON text. Throws as ``encodeToJSON(_:)`` does.
    ///
    /// A ``JSONCodable`` value (a type declared with `@JSONModel(codable: true)`, or an array, optional or
    /// string-keyed dictionary of them) is written straight by its ``JSONEncodable/write(to:)``, without a
    /// tree: the same text, as the model names its members itself.
    public func encodeToBytes<T: Encodable>(_ value: T) throws -> [UInt8] { try encodeText(value) { Array($0) } }

    /// `value` as JSON text. Throws as ``encodeToJSON(_:)`` does.
    public func encodeToString<T: Encodable>(_ value: T) throws -> String {
        try encodeText(value) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `value` and lends the text to `output`, which makes the caller's form of it with one copy.
    private func encodeText<T: Encodable, Output>(_ value: T, _ output: (UnsafeBufferPointer<UInt8>) -> Output) throws -> Output {
        if let model = value as? any JSONCodable {
            // Its `encode(to:)` writes its JSON, named and formatted by the model (no strategy applies to
            // it): write that straight.
            do {
                return try model.writeText(options: writingOptions, output)
            } catch {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: error.path.codingKeys, debugDescription: error.description))
            }
        }
        // Straight to text as the value encodes itself; through a tree only if it uses its containers in an
        // order the text cannot follow (see EncodingStream).
        let session = EncodingSession(options: self)
        let stream = EncodingStream(session: session)
        defer { stream.finish() }
        do {
            try stream.encodeTopLevel(value)
        } catch where stream.isAbandoned {
            // The tree encodes the value again and throws again if the error was the value's own.
        }
        if !stream.isAbandoned { return stream.withOutput(output) }
        let tree = try encodeToTree(value, session: session)
        var writer = EncodingTreeWriter(options: writingOptions)
        do {
            try writer.write(tree)
        } catch {
            // Only a non-finite number inside a `JSON` value the model holds can get here.
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: error.path.codingKeys, debugDescription: error.description))
        }
        return writer.withOutput(output)
    }

    private func encodeToTree<T: Encodable>(_ value: T, session: EncodingSession? = nil) throws -> EncodingSlot {
        let encoder = ModelEncoder(session: session ?? EncodingSession(options: self), path: .root)
        return try encoder.topLevelSlot(for: value)
    }

}
#endif
