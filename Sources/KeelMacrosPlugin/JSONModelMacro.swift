// `@JSONModel`: one extension that makes a struct or an enum `JSONDecodable` and `JSONEncodable`, with the
// decoder and the encoder written out for its properties or cases.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

public struct JSONModelMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let keys = keyCase(of: node, label: "keys")
        let members: String
        var conformances = ["JSONDecodable", "JSONEncodable", "JSONSchemaDescribing"]
        let documentation = declaration.leadingTrivia.documentation
        if let structure = declaration.as(StructDeclSyntax.self) {
            conformances += ["JSONPartialDecodable", "JSONPartialModel"]
            let properties = ModelProperty.properties(of: structure, keys: keys, in: context)
            guard !diagnoseRepeatedNames(properties, in: context) else { return [] }
            let access = accessModifier(of: structure.modifiers)
            let isGeneric = structure.genericParameterClause != nil
            members = ModelSource(typeName: structure.name.text, access: access, properties: properties, isGeneric: isGeneric).members
                + "\n\n" + SchemaSource(typeName: structure.name.text, access: access, isGeneric: isGeneric, documentation: documentation)
                .structure(properties)
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            // Shown once finished: its own partial form.
            conformances.append("JSONPartialDecodable")
            guard let cases = UnionCase.cases(of: enumeration, keys: keys, tags: keyCase(of: node, label: "tags"), in: context) else {
                return []
            }
            let access = accessModifier(of: enumeration.modifiers)
            let schema = SchemaSource(typeName: enumeration.name.text, access: access,
                                      isGeneric: enumeration.genericParameterClause != nil, documentation: documentation)
            if hasRawValue(enumeration) {
                // The raw value is the JSON; Keel's conformances for raw-value enums do the work.
                let fallback = cases.first(where: \.isFallback).map {
                    conformances.append("UnknownCaseRepresentable")
                    return "/// The case a raw value that names no case decodes as.\n"
                        + "\(access)static var unknownCase: Self { .\($0.name) }\n\n"
                } ?? ""
                let rawType = enumeration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription ?? ""
                members = fallback + schema.rawValues(cases, rawType: rawType)
            } else {
                guard let layout = layout(of: node, in: context) else { return [] }
                members = UnionSource(
                    typeName: enumeration.name.text, access: access, layout: layout,
                    cases: cases, isGeneric: enumeration.genericParameterClause != nil
                ).members + "\n\n" + schema.union(cases, layout: layout)
            }
        } else {
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.notAStruct))
            return []
        }
        var extensionMembers = members
        if isCodableRequested(node) {
            conformances += ["Decodable", "Encodable"]
            // A raw-value enum gets Swift's own `Codable` for raw values (with `UnknownCaseRepresentable`'s
            // fallback); the others read and write themselves through any coder.
            if !(declaration.as(EnumDeclSyntax.self).map(hasRawValue) ?? false) {
                conformances.append("JSONCodable")
                let access = accessModifier(of: declaration.modifiers)
                extensionMembers += """


                    /// Reads the value through any `Decoder` with its own decoder, so that it reads the same everywhere.
                    \(access)init(from decoder: any Decoder) throws {
                    self = try Self.decode(from: decoder)
                    }

                    /// Writes the value through any `Encoder` as its JSON (`KeelEncoder` calls `write(to:)` instead).
                    \(access)func encode(to encoder: any Encoder) throws {
                    try toJSON().encode(to: encoder)
                    }
                    """
            }
        }
        // `protocols` lists the conformances the type lacks (empty when the caller does not say).
        let wanted = protocols.isEmpty ? conformances : conformances.filter { name in protocols.contains { $0.trimmedDescription == name } }
        let decl: DeclSyntax = """
            extension \(type.trimmed)\(raw: wanted.isEmpty ? "" : ": " + wanted.joined(separator: ", ")) {
            \(raw: extensionMembers)
            }
            """
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// Whether the attribute says `codable: true`.
    private static func isCodableRequested(_ node: AttributeSyntax) -> Bool {
        guard let arguments = node.arguments?.as(LabeledExprListSyntax.self),
            let argument = arguments.first(where: { $0.label?.text == "codable" })
        else { return false }
        return argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true)
    }

    /// Whether an enum declares a raw type (`enum Status: String`), which then is its JSON.
    private static func hasRawValue(_ enumeration: EnumDeclSyntax) -> Bool {
        guard let first = enumeration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else { return false }
        return StandardScalar(first) != nil
    }

    /// The `layout:` argument: `.external` when absent.
    private static func layout(of node: AttributeSyntax, in context: some MacroExpansionContext) -> UnionLayout? {
        guard let arguments = node.arguments?.as(LabeledExprListSyntax.self),
            let argument = arguments.first(where: { $0.label?.text == "layout" })
        else { return .external }
        if let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "external" {
            return .external
        }
        guard let call = argument.expression.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else {
            context.diagnose(Diagnostic(node: argument.expression, message: ModelDiagnostic.layoutNeedsLiterals))
            return nil
        }
        let texts = call.arguments.map { $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
        guard texts.allSatisfy({ $0 != nil }) else {
            context.diagnose(Diagnostic(node: argument.expression, message: ModelDiagnostic.layoutNeedsLiterals))
            return nil
        }
        switch (name, texts.compactMap { $0 }) {
        case ("inline", let keys) where keys.count == 1: return .inline(tag: keys[0])
        case ("adjacent", let keys) where keys.count == 2: return .adjacent(tag: keys[0], content: keys[1])
        default:
            context.diagnose(Diagnostic(node: argument.expression, message: ModelDiagnostic.layoutNeedsLiterals))
            return nil
        }
    }

    /// The `keys:` or `tags:` argument, `.asWritten` when absent.
    private static func keyCase(of node: AttributeSyntax, label: String) -> KeyCase {
        guard let arguments = node.arguments?.as(LabeledExprListSyntax.self),
            let argument = arguments.first(where: { $0.label?.text == label }),
            let member = argument.expression.as(MemberAccessExprSyntax.self)
        else { return .asWritten }
        return KeyCase(rawValue: member.declName.baseName.text) ?? .asWritten
    }

    /// `public` or `package` when the type is, so that the conformance's members are as visible as it.
    private static func accessModifier(of modifiers: DeclModifierListSyntax) -> String {
        for modifier in modifiers {
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
