/// Where a value sits in a document: the keys and indices from the root down to it.
///
/// A path prints readably (`$.people[2].age`, with unusual keys quoted: `$["first name"]`) and renders as
/// a JSON Pointer (RFC 6901) with ``pointer`` (`/people/2/age`). Build one from literals:
///
/// ```swift
/// let path: JSONPath = ["people", 2, "age"]
/// path.pointer        // "/people/2/age"
/// print(path)         // $.people[2].age
/// ```
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path: an object key or an array index.
    public enum Component: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
        ExpressibleByIntegerLiteral
    {
        /// An object member, by key.
        case key(String)
        /// An array element, by zero-based index.
        case index(Int)

        /// A key from a string literal.
        public init(stringLiteral value: String) { self = .key(value) }
        /// An index from an integer literal.
        public init(integerLiteral value: Int) { self = .index(value) }

        /// `.name`, `["odd key"]` or `[3]`.
        public var description: String {
            switch self {
            case .index(let index):
                return "[\(index)]"
            case .key(let key):
                return Component.isIdentifier(key) ? ".\(key)" : "[\(key.debugDescription)]"
            }
        }

        private static func isIdentifier(_ key: String) -> Bool {
            guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
                return false
            }
            return key.unicodeScalars.allSatisfy {
                $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
            }
        }
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// The root: no steps.
    public static let root = JSONPath([])

    /// A path of the given steps.
    public init(_ components: [Component]) { self.components = components }

    /// A path from literals: `["people", 0, "name"]`.
    public init(arrayLiteral elements: Component...) { self.components = elements }

    /// This path followed by one more step.
    public func appending(_ component: Component) -> JSONPath {
        var copy = self
        copy.components.append(component)
        return copy
    }

    /// This path followed by all of `other`'s steps.
    public func appending(_ other: JSONPath) -> JSONPath {
        var copy = self
        copy.components += other.components
        return copy
    }

    /// The path as a JSON Pointer (RFC 6901): `""` for the root, `/people/2/age` otherwise, with `~`
    /// written `~0` and `/` written `~1` inside keys.
    public var pointer: String {
        components.map { component in
            switch component {
            case .index(let index):
                return "/\(index)"
            case .key(let key):
                return "/" + JSONPointerSyntax.escape(key)
            }
        }.joined()
    }

    /// `$` followed by each step: `$.people[2].age`.
    public var description: String { "$" + components.map(\.description).joined() }
}

extension String {
    /// Replaces every occurrence of a single character, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
