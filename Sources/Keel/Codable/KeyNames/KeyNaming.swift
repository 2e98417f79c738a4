// Converting member names between Swift's camel case and JSON's snake case, with the same results as
// Foundation's JSONEncoder and JSONDecoder, so that a model's input and output do not change when it
// switches to Keel. The rules are written once, in KeelKeyNaming, which the macro plug-in shares.
import KeelKeyNaming

enum KeyNaming {
    /// `oneTwoThree` → `one_two_three`, as `JSONEncoder`'s `convertToSnakeCase` (`URLKey` → `u_rl_key`).
    static func snakeCase(_ name: String) -> String { CaseConversion.foundationSnakeCase(name) }

    /// `one_two_three` → `oneTwoThree`, as `JSONDecoder`'s `convertFromSnakeCase`.
    static func camelCase(fromSnakeCase name: String) -> String { CaseConversion.foundationCamelCase(fromSnakeCase: name) }
}
