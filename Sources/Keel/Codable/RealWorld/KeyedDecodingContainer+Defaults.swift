// Defaults through `Codable`: a helper for `init(from:)` that works with any decoder and, with KeelDecoder,
// reports a default that replaced an invalid value as a warning in collecting mode.
#if canImport(FoundationEssentials) || canImport(Foundation)
public import KeelVectorScan

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
    @inlinable @inline(__always)
    public func decode<T: Decodable>(
        _ type: T.Type, forKey key: Key, default defaultValue: @autoclosure () -> T,
        when conditions: DefaultConditions = .missing
    ) throws -> T {
        // One call through the container, as `decodeIfPresent(_:forKey:) ?? value` makes: each call through
        // the standard library's box costs more than the lookup it makes. Keel's container is asked to throw a
        // failure rather than salvage it (what a failure means here depends on `conditions`), and to say
        // whether it found the member missing or null. Inlinable, so that `T?` is a concrete type in the
        // caller: in generic code it is a runtime metadata lookup on every call, which cost more than the rest.
        DefaultedMemberRead.request()
        let present: T?
        do {
            present = try presentValue(T.self, forKey: key)
        } catch {
            DefaultedMemberRead.withdraw()
            guard let error = error as? DecodingError, conditions.contains(.invalid) else { throw error }
            warnReplacedByDefault(error, forKey: key)
            return defaultValue()
        }
        let absence = DefaultedMemberRead.takeAnswer()
        if let present { return present }
        // Missing or null; another decoder does not say which, and is asked.
        let isMissing = switch absence {
        case .missing: true
        case .null: false
        case .unknown: !contains(key)
        }
        if isMissing {
            if conditions.contains(.missing) { return defaultValue() }
            return try decode(T.self, forKey: key)
        }
        if conditions.contains(.null) { return defaultValue() }
        do {
            return try decode(T.self, forKey: key)
        } catch let error as DecodingError where conditions.contains(.invalid) {
            warnReplacedByDefault(error, forKey: key)
            return defaultValue()
        }
    }

    /// `decodeIfPresent(_:forKey:)` through the container's own overload when `T` is a standard scalar, as a
    /// caller naming the type gets: the generic method reaches the same read only after a type dispatch. In a
    /// specialized caller each comparison is a constant and only the one call is left.
    @inlinable
    func presentValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if T.self == String.self { return unsafeBitCast(try decodeIfPresent(String.self, forKey: key), to: T?.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeIfPresent(Int.self, forKey: key), to: T?.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeIfPresent(Double.self, forKey: key), to: T?.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeIfPresent(Bool.self, forKey: key), to: T?.self) }
        if T.self == Int64.self { return unsafeBitCast(try decodeIfPresent(Int64.self, forKey: key), to: T?.self) }
        if T.self == Float.self { return unsafeBitCast(try decodeIfPresent(Float.self, forKey: key), to: T?.self) }
        if T.self == UInt64.self { return unsafeBitCast(try decodeIfPresent(UInt64.self, forKey: key), to: T?.self) }
        if T.self == UInt.self { return unsafeBitCast(try decodeIfPresent(UInt.self, forKey: key), to: T?.self) }
        if T.self == Int32.self { return unsafeBitCast(try decodeIfPresent(Int32.self, forKey: key), to: T?.self) }
        if T.self == UInt32.self { return unsafeBitCast(try decodeIfPresent(UInt32.self, forKey: key), to: T?.self) }
        if T.self == Int16.self { return unsafeBitCast(try decodeIfPresent(Int16.self, forKey: key), to: T?.self) }
        if T.self == UInt16.self { return unsafeBitCast(try decodeIfPresent(UInt16.self, forKey: key), to: T?.self) }
        if T.self == Int8.self { return unsafeBitCast(try decodeIfPresent(Int8.self, forKey: key), to: T?.self) }
        if T.self == UInt8.self { return unsafeBitCast(try decodeIfPresent(UInt8.self, forKey: key), to: T?.self) }
        return try decodeIfPresent(T.self, forKey: key)
    }
}

/// The message `decode(_:forKey:default:)` and the bridge's keyed container pass beside the standard
/// library's box, which carries nothing but the type and the key (see KeelDefaultedRead.h). The helper asks
/// that the next `decodeIfPresent` on this thread throw a failure instead of salvaging it in collecting mode,
/// and say why it found nothing; the container takes the request first thing, so that no value decoded inside
/// the member sees a request meant for the member.
@usableFromInline
enum DefaultedMemberRead {
    /// Why `decodeIfPresent` gave `nil`, when the container said.
    @usableFromInline
    enum Absence { case missing, null, unknown }

    @usableFromInline static let requested: CInt = 1
    @usableFromInline static let answeredMissing: CInt = 2
    @usableFromInline static let answeredNull: CInt = 3

    @inlinable @inline(__always) static func request() { keel_defaulted_read_set(requested) }
    @inlinable @inline(__always) static func withdraw() { keel_defaulted_read_set(0) }

    /// The container's answer, clearing it: `.unknown` when no Keel container took the request.
    @inlinable @inline(__always) static func takeAnswer() -> Absence {
        switch keel_defaulted_read_take() {
        case answeredMissing: return .missing
        case answeredNull: return .null
        default: return .unknown
        }
    }

    /// Whether the request was made, clearing it (the container's side).
    @inline(__always) static func takeRequest() -> Bool { keel_defaulted_read_take() == requested }

    /// Answers a request taken by ``takeRequest()``: the member was missing, or null.
    @inline(__always) static func answer(missing: Bool) { keel_defaulted_read_set(missing ? answeredMissing : answeredNull) }
}

extension KeyedDecodingContainer {
    /// With Keel's decoder in collecting mode, reports that a default took the place of the member `key`,
    /// which failed with `error`; with any other decoder, nothing.
    @usableFromInline
    func warnReplacedByDefault(_ error: DecodingError, forKey key: Key) {
        keelDecoder(forKey: key)?.warnReplacedByDefault(error)
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
