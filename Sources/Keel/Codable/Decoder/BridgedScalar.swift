// The values the bridge reads itself, off the tape, without a decoder: strings, booleans and numbers. Each
// read answers the value or nil; only when it is nil is the core's conversion asked why, so the fast path
// makes no error, no path and no view.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
protocol BridgedScalar: Decodable, JSONDecodable {
    /// The value at `index`, or `nil` when it is not a value of this type.
    static func bridged(at index: Int, in session: DecodingSession) -> Self?
}

extension BridgedScalar {
    /// Through the core conversion, for the types that are rare in models.
    static func bridged(at index: Int, in session: DecodingSession) -> Self? {
        try? Self.decode(session.view(at: index), in: .strict)
    }
}

extension DecodingSession {
    /// A scalar at `index`, or the error that says why not.
    @inline(__always)
    func scalar<T: BridgedScalar>(_ type: T.Type, at index: Int, path: () -> CodingPathNode) throws -> T {
        if _slowPath(JSONDecodingOverrides.anyScopeOpen) { return try overridden(T.self, at: index, path: path()) }
        if let value = T.bridged(at: index, in: self) { return value }
        return try unbridged(T.self, at: index, path: path())
    }

    /// A scalar at `index` while decoding overrides may be in force: the replacement for `T` when there is one,
    /// otherwise the usual reading.
    @inline(never)
    func overridden<T: BridgedScalar>(_ type: T.Type, at index: Int, path: CodingPathNode) throws -> T {
        do {
            if let replaced = try JSONDecodingOverrides.replaced(T.self, view(at: index)) { return replaced }
        } catch {
            throw self.error(error, type: T.self, path: path)
        }
        if let value = T.bridged(at: index, in: self) { return value }
        return try unbridged(T.self, at: index, path: path)
    }

    /// A scalar at `index` that did not read as a `T`: under lossless coercion, the `T` it stands for (a warning
    /// in collecting mode); otherwise the error that says why not. Out of line, so that the fast path stays
    /// as small as it was.
    @inline(never)
    func unbridged<T: BridgedScalar>(_ type: T.Type, at index: Int, path: CodingPathNode) throws -> T {
        if options.coercion == .lossless, let coercible = T.self as? any LosslessJSONCoercible.Type,
           let value = coercible.coerced(from: view(at: index)) as? T {
            warn(DecodingError(.coerced(view(at: index), to: T.self, as: "\(value)"), type: T.self, codingPath: path.keys))
            return value
        }
        throw failure(T.self, at: index, path: path)
    }
}

extension String: BridgedScalar {
    static func bridged(at index: Int, in session: DecodingSession) -> String? {
        guard session.kind(at: index) == .string else { return nil }
        return session.reader.string(at: index)
    }
}

extension Bool: BridgedScalar {
    static func bridged(at index: Int, in session: DecodingSession) -> Bool? {
        switch session.kind(at: index) {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }
}

extension FixedWidthInteger where Self: BridgedScalar {
    /// The exact integer: `1.0` and `1e2` decode, `1.5` and numbers out of range do not.
    static func bridged(at index: Int, in session: DecodingSession) -> Self? {
        let entry = session.reader.tape[index]
        guard entry.kind == .number else { return nil }
        guard !entry.flags.contains(.isNonFinite) else { return nil }
        let text = session.reader.numberText(at: index)
        guard case .success(let value) = NumberText.integer(text, isPlainInteger: entry.flags.contains(.isInteger), as: Self.self)
        else { return nil }
        return value
    }
}

extension Int: BridgedScalar {}
extension Int8: BridgedScalar {}
extension Int16: BridgedScalar {}
extension Int32: BridgedScalar {}
extension Int64: BridgedScalar {}
extension UInt: BridgedScalar {}
extension UInt8: BridgedScalar {}
extension UInt16: BridgedScalar {}
extension UInt32: BridgedScalar {}
extension UInt64: BridgedScalar {}

extension Double: BridgedScalar {
    /// The correctly rounded double; beyond `Double`'s range is an error. Under the
    /// `convertFromString` strategy, its three strings too.
    static func bridged(at index: Int, in session: DecodingSession) -> Double? {
        let entry = session.reader.tape[index]
        if entry.kind == .number {
            if _slowPath(entry.flags.contains(.isNonFinite)) { return NumberText.nonFinite(session.reader.numberText(at: index)) }
            let value = NumberText.double(session.reader.numberText(at: index))
            return value.isFinite ? value : nil
        }
        return session.nonConformingFloat(at: index)
    }
}

extension Float: BridgedScalar {
    static func bridged(at index: Int, in session: DecodingSession) -> Float? {
        let entry = session.reader.tape[index]
        if entry.kind == .number {
            if _slowPath(entry.flags.contains(.isNonFinite)) { return Float(NumberText.nonFinite(session.reader.numberText(at: index))) }
            let value = NumberText.float(session.reader.numberText(at: index))
            return value.isFinite ? value : nil
        }
        return session.nonConformingFloat(at: index).map(Float.init)
    }
}

extension URL: BridgedScalar {}
extension Decimal: BridgedScalar {}

extension DecodingSession {
    /// The infinity or NaN a string stands for under the `convertFromString` strategy, or `nil`.
    func nonConformingFloat(at index: Int) -> Double? {
        guard case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatDecodingStrategy,
            kind(at: index) == .string
        else { return nil }
        switch reader.string(at: index) {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }
}
#endif
