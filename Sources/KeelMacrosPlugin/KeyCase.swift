// Member names from property names, worked out at compile time (`@JSONModel(keys: .snakeCase)`), by the rules
// in KeelKeyNaming, which the library shares.
import KeelKeyNaming

enum KeyCase: String {
    case asWritten, snakeCase, foundationSnakeCase, screamingSnakeCase, kebabCase, pascalCase

    /// The member name for a property named `name`.
    func memberName(for name: String) -> String {
        switch self {
        case .asWritten: return name
        case .snakeCase: return CaseConversion.readableSnakeCase(name)
        case .foundationSnakeCase: return CaseConversion.foundationSnakeCase(name)
        case .screamingSnakeCase: return CaseConversion.readableWords(of: name).map { $0.uppercased() }.joined(separator: "_")
        case .kebabCase: return CaseConversion.readableWords(of: name).joined(separator: "-")
        case .pascalCase:
            guard let first = name.first else { return name }
            return first.uppercased() + name.dropFirst()
        }
    }
}
