/// Why a JSONPath query (RFC 9535) was refused, and where: the column in the query (counted in Unicode
/// scalars from 1) and what was expected there.
///
/// Both syntax errors and ill-typed function calls (`length(@.*)`, `match(@.a, 1) == true`) are found when the
/// query is compiled, never while it runs.
///
/// ```swift
/// do { _ = try JSONPathQuery("$.store[?@.price <]") } catch {
///     print(error)   // Invalid JSONPath at column 19: expected a literal, a query ('@' or '$') or a function, found ']'.
/// }
/// ```
public struct JSONPathSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The query as given.
    public let query: String
    /// The column of the offending character, counted in Unicode scalars from 1 (one past the end when the
    /// query ended too soon).
    public let column: Int
    /// What was wrong: `expected a member name after '.', found '1'`.
    public let reason: String

    public init(query: String, column: Int, reason: String) {
        self.query = query
        self.column = column
        self.reason = reason
    }

    public var description: String { "Invalid JSONPath at column \(column): \(reason)." }
}
