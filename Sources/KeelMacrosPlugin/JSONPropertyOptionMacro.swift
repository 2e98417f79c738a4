// The property and case attributes (`@JSONKey`, `@JSONDefault`, `@JSONTag`, ...) are read by `@JSONModel`;
// on their own they expand to nothing. What they may be attached to is checked here, where the diagnostic
// points at them.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

public struct JSONPropertyOptionMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let name = node.attributeName.trimmedDescription
        let isCaseOption = name == "JSONTag" || name == "JSONUnknown"
        let fits = isCaseOption
            ? declaration.is(EnumCaseDeclSyntax.self)
            : declaration.as(VariableDeclSyntax.self).map { !$0.isStatic } ?? false
        if !fits {
            let message = declaration.is(EnumCaseDeclSyntax.self) || isCaseOption
                ? ModelDiagnostic.optionNeedsCase(name) : ModelDiagnostic.optionNeedsStoredProperty(name)
            context.diagnose(Diagnostic(node: node, message: message))
        }
        return []
    }
}
