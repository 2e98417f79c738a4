// `@JSONModel`: one extension that makes a struct `JSONDecodable` and `JSONEncodable`, with the decoder and
// the encoder written out for its properties.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

public struct JSONModelMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.notAStruct))
            return []
        }
        let keys = keyCase(of: node)
        let properties = ModelProperty.properties(of: structure, keys: keys, in: context)
        guard !diagnoseRepeatedNames(properties, in: context) else { return [] }
        let source = ModelSource(
            typeName: structure.name.text, access: accessModifier(of: structure), properties: properties,
            isGeneric: structure.genericParameterClause != nil)
        let conformances = protocols.isEmpty ? "JSONDecodable, JSONEncodable" : protocols.map(\.trimmedDescription).joined(separator: ", ")
        let decl: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
            \(raw: source.members)
            }
            """
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// The `keys:` argument, `.asWritten` when absent.
    private static func keyCase(of node: AttributeSyntax) -> KeyCase {
        guard let arguments = node.arguments?.as(LabeledExprListSyntax.self),
            let argument = arguments.first(where: { $0.label?.text == "keys" }),
            let member = argument.expression.as(MemberAccessExprSyntax.self)
        else { return .asWritten }
        return KeyCase(rawValue: member.declName.baseName.text) ?? .asWritten
    }

    /// `public` or `package` when the struct is, so that the conformance's members are as visible as it.
    private static func accessModifier(of structure: StructDeclSyntax) -> String {
        for modifier in structure.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// Reports properties that would read the same member (or one a path runs through); whether any do.
    private static func diagnoseRepeatedNames(_ properties: [ModelProperty], in context: some MacroExpansionContext) -> Bool {
        var owners: [[String]: String] = [:]
        var found = false
        for property in properties {
            if let other = owners[property.path] ?? properties.first(where: {
                $0.name != property.name && ($0.path.starts(with: property.path) || property.path.starts(with: $0.path))
                    && $0.path.count != property.path.count
            })?.name {
                context.diagnose(Diagnostic(
                    node: property.node,
                    message: ModelDiagnostic.repeatedMemberName(property.path.joined(separator: "."), property: property.name, other: other)))
                found = true
            }
            owners[property.path] = property.name
        }
        return found
    }
}
