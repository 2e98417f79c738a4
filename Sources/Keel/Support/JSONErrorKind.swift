// What the kinds of Keel's errors share, written once: each kind is a small code with a name, compared by its
// code, and matched against a thrown error with `~=`, so that `catch JSONSyntaxError.nestingTooDeep` works for
// every error type alike. The underscored members are the skeleton's parts, public only because the
// conformances are; they are not meant to be used outside Keel.

/// The kind of one of Keel's error types (`JSONSyntaxError.Kind`, `JSONDecodingError.Kind`, ...): named,
/// compared with `==`, and matched against errors with `~=`. New kinds may be added; do not switch over them
/// exhaustively.
public protocol JSONErrorKind: Sendable, Hashable, CustomStringConvertible {
    /// The error type whose kinds these are.
    associatedtype KindedError: Error
    /// The kind's code (Keel's own bookkeeping).
    var _code: UInt8 { get }
    /// The kinds' names, by code (Keel's own bookkeeping).
    static var _names: [String] { get }
    /// The kind of `error` (Keel's own bookkeeping).
    static func _kind(of error: KindedError) -> Self
}

extension JSONErrorKind {
    /// The kind's name, such as `unexpectedCharacter` or `missingKey`.
    public var description: String { Self._names[Int(_code)] }

    /// Matches an error against a kind, so that `catch JSONDecodingError.missingKey` works.
    public static func ~= (kind: Self, error: any Error) -> Bool {
        guard let error = error as? KindedError else { return false }
        return _kind(of: error) == kind
    }

    /// Matches an error of the kind's own type against a kind (for `catch` clauses under typed throws).
    public static func ~= (kind: Self, error: KindedError) -> Bool {
        _kind(of: error) == kind
    }
}
