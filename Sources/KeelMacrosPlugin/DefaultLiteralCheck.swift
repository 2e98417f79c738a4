// Catching a `@JSONDefault` literal of the wrong kind at the property, before the compiler meets it inside
// the generated code (where its error would point at the expansion). Only literals against the standard
// scalar types are judged; anything else is left to the type checker.
import SwiftDiagnostics
import SwiftSyntax

enum DefaultLiteralCheck {
    /// The diagnostic for `value` as the default of a property of `type`, or `nil` when it may fit.
    static func diagnostic(for value: ExprSyntax, type: TypeSyntax, property: String) -> Diagnostic? {
        let base = type.wrappedIfOptional ?? type
        guard let kind = StandardScalar(base.trimmedDescription), let literal = LiteralKind(value) else { return nil }
        if literal == .nil {
            guard !type.isOptional else { return nil }
        } else if kind.accepts(literal) {
            return nil
        }
        let message = ModelDiagnostic.defaultOfWrongType(literal.description, property: property, type: type.trimmedDescription)
        // A number or a Boolean written in quotes: offer it without them.
        if literal == .string, let text = value.as(StringLiteralExprSyntax.self)?.representedLiteralValue, kind.reads(text) {
            let replacement = ExprSyntax(stringLiteral: text).with(\.leadingTrivia, value.leadingTrivia)
                .with(\.trailingTrivia, value.trailingTrivia)
            return Diagnostic(node: value, message: message, fixIt: FixIt(
                message: ModelFixIt(message: "use \(text) without quotes"),
                changes: [.replace(oldNode: Syntax(value), newNode: Syntax(replacement))]))
        }
        return Diagnostic(node: value, message: message)
    }

    fileprivate enum LiteralKind: CustomStringConvertible {
        case integer, floatingPoint, string, boolean, `nil`, array, dictionary

        init?(_ expression: ExprSyntax) {
            var expression = expression
            if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
                expression = prefix.expression
                guard expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) else { return nil }
            }
            if expression.is(IntegerLiteralExprSyntax.self) { self = .integer }
            else if expression.is(FloatLiteralExprSyntax.self) { self = .floatingPoint }
            else if expression.is(StringLiteralExprSyntax.self) { self = .string }
            else if expression.is(BooleanLiteralExprSyntax.self) { self = .boolean }
            else if expression.is(NilLiteralExprSyntax.self) { self = .nil }
            else if expression.is(ArrayExprSyntax.self) { self = .array }
            else if expression.is(DictionaryExprSyntax.self) { self = .dictionary }
            else { return nil }
        }

        var description: String {
            switch self {
            case .integer: return "an integer"
            case .floatingPoint: return "a floating-point number"
            case .string: return "a string"
            case .boolean: return "a Boolean"
            case .nil: return "nil"
            case .array: return "an array"
            case .dictionary: return "a dictionary"
            }
        }
    }
}

/// What literals each standard type takes.
extension StandardScalar {
    fileprivate func accepts(_ literal: DefaultLiteralCheck.LiteralKind) -> Bool {
        switch (self, literal) {
        case (.integer, .integer), (.floatingPoint, .integer), (.floatingPoint, .floatingPoint),
             (.string, .string), (.bool, .boolean):
            return true
        default:
            return false
        }
    }

    /// Whether `text` is a literal of this type once unquoted.
    fileprivate func reads(_ text: String) -> Bool {
        switch self {
        case .integer: return Int64(text) != nil || UInt64(text) != nil
        case .floatingPoint: return Double(text) != nil && text.allSatisfy { $0.isNumber || "+-.eE".contains($0) }
        case .bool: return text == "true" || text == "false"
        case .string: return false
        }
    }
}
