// Replacing how a standard type decodes, for the decodings inside one scope: the Decodable library let its users
// swap `Bool.decoder` for one that takes "true" and "false", or `Array.decoder` for one that wraps a single value;
// there the swap was a global, seen by every thread. Here it is a task-local value, so it holds only for the
// closure given to `apply` (and the tasks it starts) or for one `KeelDecoder`, and two threads can decode the
// same types differently at once.

public import KeelVectorScan

/// Replacements for how standard types decode, in force for the decodings run inside ``apply(_:)`` or by a
/// ``KeelDecoder`` configured with them.
///
/// ```swift
/// var overrides = JSONDecodingOverrides()
/// overrides.replace(Bool.self) { json in
///     switch json.stringValue {
///     case "true": return true
///     case "false": return false
///     default: return try Bool.decode(json, in: .strict)   // the usual reading, with its usual error
///     }
/// }
/// overrides.wrapsSingleValuesInArrays = true           // "tags": "a" reads as ["a"]
/// let settings = try overrides.apply { try Settings.decode(document.root) }
/// ```
///
/// A replacement applies wherever Keel decodes that type: in every style (`=>`, `<|`, getters, collecting,
/// `@JSONModel`), for members, elements and optionals, and through the `Codable` bridge for `Bool`, `String`
/// and the number types. Inside a replacement, the type's own decoding is the usual one, so a replacement can
/// fall back to it. An error a replacement throws is reported at the value's path, as a model's own errors are.
///
/// Replacements are looked up only while a scope is open anywhere in the process; outside one, decoding pays
/// a single load.
public struct JSONDecodingOverrides: Sendable {
    /// The replacements, by the type they replace.
    var replacements: [ObjectIdentifier: @Sendable (JSONView) throws -> Any] = [:]

    /// Whether an array (or set) decodes a value that is not an array as an array of that one element, as the
    /// Decodable library's array decoder could be made to. `null` is still `null`, not `[null]`.
    public var wrapsSingleValuesInArrays = false

    /// No replacements.
    public init() {}

    /// Whether nothing is replaced.
    public var isEmpty: Bool { replacements.isEmpty && !wrapsSingleValuesInArrays }

    /// Decodes every `T` with `decode` instead of `T`'s own decoding: a standard scalar (`Bool`, `String`,
    /// an integer or floating-point type), or a whole collection type such as `[Int]` or `[String: Date]`.
    public mutating func replace<T: JSONDecodable>(_ type: T.Type, with decode: @escaping @Sendable (JSONView) throws -> T) {
        let erased: @Sendable (JSONView) throws -> Any = decode
        replacements[ObjectIdentifier(T.self)] = erased
    }

    /// Runs `body` with these replacements in force for every decoding it does on this task, then restores
    /// what was in force before. Scopes nest; an inner one replaces the outer one for its duration.
    public func apply<Result>(_ body: () throws -> Result) rethrows -> Result {
        keel_override_scopes_add(1)
        defer { keel_override_scopes_add(-1) }
        return try Self.$current.withValue(self, operation: body)
    }

    /// Runs asynchronous `body` with these replacements in force, as ``apply(_:)`` does; tasks it starts
    /// inherit them.
    public func apply<Result>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result) async rethrows -> Result {
        keel_override_scopes_add(1)
        defer { keel_override_scopes_add(-1) }
        return try await Self.$current.withValue(self, operation: body, isolation: isolation)
    }

    /// What is in force on this task.
    @TaskLocal static var current: JSONDecodingOverrides?
}

extension JSONDecodingOverrides {
    /// Whether a scope is open anywhere in the process: a single load, so the fast paths can afford it.
    @inlinable @inline(__always) static var anyScopeOpen: Bool { keel_override_scopes_open() != 0 }

    /// `value` decoded by the replacement for `T` in force on this task, or `nil` when there is none. The
    /// replacement runs with itself taken out, so that it can decode `T` the usual way.
    @usableFromInline
    static func replaced<T>(_ type: T.Type, _ value: JSONView) throws(JSONDecodingError) -> T? {
        let key = ObjectIdentifier(T.self)
        guard let overrides = current, let replacement = overrides.replacements[key] else { return nil }
        var others = overrides
        others.replacements[key] = nil
        do {
            return try $current.withValue(others) { try replacement(value) } as? T
        } catch {
            throw JSONDecodingError(thrownByModel: error, at: value)
        }
    }

    /// Whether the overrides in force on this task wrap single values in arrays.
    @usableFromInline static var wrapsSingleValues: Bool { current?.wrapsSingleValuesInArrays ?? false }
}
