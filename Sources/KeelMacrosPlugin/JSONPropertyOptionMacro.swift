// The property attributes (`@JSONKey`, `@JSONDefault`, ...) are read by `@JSONModel`; on their own they
// expand to nothing. What they may be attached to is checked here, where the diagnostic points at them.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

public struct JSONPropertyOptionMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), !variable.isStatic else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.optionNeedsStoredProperty(node.attributeName.trimmedDescription)))
            return []
        }
        return []
    }
}
