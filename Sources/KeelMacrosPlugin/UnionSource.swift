// The Swift source `@JSONModel` writes for an enum with associated values: a discriminated union, read and
// written in one of three layouts, with each case's tag worked out at compile time and an optional case for
// tags it does not know.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Where a union's tag and payload go, as `@JSONModel(layout:)` gives it.
enum UnionLayout: Equatable {
    /// `{"circle": {"radius": 2}}`: one member, named by the tag (how Swift's own `Codable` writes enums).
    case external
    /// `{"type": "circle", "radius": 2}`: the tag member beside the payload's members.
    case inline(tag: String)
    /// `{"type": "circle", "payload": {"radius": 2}}`.
    case adjacent(tag: String, content: String)

    var tagKey: String? {
        switch self {
        case .external: return nil
        case .inline(let tag), .adjacent(let tag, _): return tag
        }
    }

    var contentKey: String? {
        if case .adjacent(_, let content) = self { return content }
        return nil
    }
}

/// One case of the union as the macro sees it.
struct UnionCase {
    /// The case's name as Swift code writes it.
    let name: String
    let tag: String
    /// The associated values: none; one without a label (the whole payload); or members of the payload
    /// object, named by their labels (or `_0`, `_1`, … as Swift's `Codable` names unlabeled ones).
    let payload: Payload
    let isFallback: Bool
    let node: Syntax
    /// The type of a single value, as written (for the schema).
    var singleType: String? = nil
    /// The raw value written after `=`, in an enum with raw values.
    var rawValue: ExprSyntax? = nil

    enum Payload {
        case none
        case single
        case members([ModelProperty], labels: [String?])
    }

    /// The labels of the associated values (`nil` for none).
    var labels: [String?] {
        switch payload {
        case .none: return []
        case .single: return [nil]
        case .members(_, let labels): return labels
        }
    }

    /// The pattern that matches this case and binds its values as `value0`, `value1`, …; values for which
    /// `binds` is false are matched with `_`, so that generated code that leaves one out does not warn of an
    /// unused binding in the user's build.
    func bindingPattern(binding binds: (Int) -> Bool = { _ in true }) -> String {
        let bindings = (0..<valueCount).map { binds($0) ? "let value\($0)" : "_" }
        return ".\(name)" + (bindings.isEmpty ? "" : "(" + bindings.joined(separator: ", ") + ")")
    }

    var valueCount: Int {
        switch payload {
        case .none: return 0
        case .single: return 1
        case .members(let values, _): return values.count
        }
    }
}

struct UnionSource {
    let typeName: String
    let access: String
    let layout: UnionLayout
    let cases: [UnionCase]
    let isGeneric: Bool

    private var known: [UnionCase] { cases.filter { !$0.isFallback } }
    private var fallback: UnionCase? { cases.first(where: \.isFallback) }

    var members: String {
        [tables, initializer, decodeFunction, "\(access)static var _mayRecordNestedErrors: Bool { true }", encodeFunction, writeFunction]
            .joined(separator: "\n\n")
    }

    private var tables: String {
        let tags = "[" + known.map(\.tag.literal).joined(separator: ", ") + "]"
        let names = "[" + cases.map { unionCase -> String in
            guard case .members(let values, _) = unionCase.payload else { return "JSONMemberNames([])" }
            return "JSONMemberNames([" + values.map(\.path[0].literal).joined(separator: ", ") + "])"
        }.joined(separator: ", ") + "]"
        let binding = isGeneric ? "static var" : "static let"
        let (open, close) = isGeneric ? ("{ ", " }") : ("= ", "")
        return """
            /// The tags of `\(typeName)`'s cases, in declaration order.
            \(binding) jsonTags: [String] \(open)\(tags)\(close)

            /// For each case, the members its payload object holds.
            \(binding) jsonCaseMembers: [JSONMemberNames] \(open)\(names)\(close)
            """
    }

    private var initializer: String {
        var lines: [String] = []
        switch layout {
        case .external:
            lines.append("let (tag, payload) = try json.soleMember(expecting: \"an object with one member, named by a case of \(typeName)\")")
            lines.append("let tagValue = payload")
        case .inline(let tagKey), .adjacent(let tagKey, _):
            lines.append("let tagValue = try json.requiredMember(\(tagKey.literal))")
            lines.append("let tag = try String.decode(tagValue, in: context)")
        }
        lines.append("switch tag {")
        for (position, unionCase) in cases.enumerated() where !unionCase.isFallback {
            lines.append("case \(unionCase.tag.literal):")
            lines.append(contentsOf: read(unionCase, at: position))
        }
        lines.append("default:")
        if let fallback {
            lines.append("try tagValue.reportUnknownTag(knownTags: Self.jsonTags, hasFallback: true, in: context)")
            let values = ["tag", "try \(fallbackPayload).decode(in: context)"].prefix(fallback.valueCount)
            let arguments = zip(fallback.labels, values).map { label, value in (label.map { "\($0): " } ?? "") + value }
            lines.append("self = .\(fallback.name)" + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")"))
        } else {
            lines.append("throw tagValue.unknownTagError(knownTags: Self.jsonTags)")
        }
        lines.append("}")
        return """
            /// Reads a `\(typeName)`: the case its tag names, with that case's payload.
            \(access)init(json: JSONView, in context: JSONDecodingContext = .strict) throws(JSONDecodingError) {
            \(lines.joined(separator: "\n"))
            }
            """
    }

    /// The value a case's payload is read from.
    private var payloadValue: String {
        switch layout {
        case .external: return "payload"
        case .inline: return "json"
        case .adjacent(_, let content): return "json.requiredMember(\(content.literal))"
        }
    }

    /// What a fallback's payload is read from: for an adjacent layout, the content member when present.
    private var fallbackPayload: String {
        switch layout {
        case .external: return "payload"
        case .inline: return "json"
        case .adjacent(_, let content): return "(json.member(\(content.literal)) ?? json)"
        }
    }

    private func read(_ unionCase: UnionCase, at position: Int) -> [String] {
        switch unionCase.payload {
        case .none:
            return ["self = .\(unionCase.name)"]
        case .single:
            return ["self = .\(unionCase.name)(try \(payloadValue).decode(in: context))"]
        case .members(let values, let labels):
            let expected = "an object (\(typeName).\(unionCase.name))"
            let arguments = zip(values, labels).enumerated().map { slot, pair in
                (pair.1.map { "\($0): " } ?? "") + "try " + pair.0.readExpression(slot: String(slot))
            }
            return [
                "let members = try \(payloadValue).members(Self.jsonCaseMembers[\(position)], expecting: \(expected.literal))",
                "self = .\(unionCase.name)(\(arguments.joined(separator: ", ")))",
            ]
        }
    }

    private var decodeFunction: String { ModelSource.decodeFunction(access: access) }

    private var encodeFunction: String {
        let keys = "tagKey: " + (layout.tagKey?.literal ?? "nil") + ", contentKey: " + (layout.contentKey?.literal ?? "nil")
        let branches = cases.map { unionCase -> String in
            let pattern = unionCase.bindingPattern()
            let tag = unionCase.isFallback && unionCase.valueCount > 0 ? "value0" : unionCase.tag.literal
            switch unionCase.payload {
            case .none:
                return "case \(pattern): return .unionCase(\(tag), payload: nil, \(keys))"
            case .single where unionCase.isFallback:
                return "case \(pattern): return .unionCase(\(tag), payload: nil, \(keys))"
            case .single:
                return "case \(pattern): return .unionCase(\(tag), payload: value0.toJSON(), \(keys))"
            case .members where unionCase.isFallback:
                let payload = unionCase.valueCount == 2 ? "value1.toJSON()" : "nil"
                return "case \(pattern): return .unionCase(\(tag), payload: \(payload), \(keys))"
            case .members(let values, _):
                let statements = values.enumerated().map { $1.writeStatement(of: "value\($0)") }
                return """
                    case \(pattern):
                    var object = JSONObject()
                    \(statements.joined(separator: "\n"))
                    return .unionCase(\(tag), payload: .object(object), \(keys))
                    """
            }
        }
        return """
            /// The case as JSON: its tag, and its payload.
            \(access)func toJSON() -> JSON {
            switch self {
            \(branches.joined(separator: "\n"))
            }
            }
            """
    }
}

extension UnionSource {
    private var writeFunction: String {
        let branches = cases.map { unionCase -> String in
            guard let body = writeStatements(for: unionCase) else {
                return "case .\(unionCase.name):\ntry writer.json(toJSON())"
            }
            return "case \(unionCase.bindingPattern(binding: { isWritten(value: $0, of: unionCase) })):\n" + body.joined(separator: "\n")
        }
        return """
            /// Writes the text of `toJSON()` straight to `writer`.
            \(access)func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
            switch self {
            \(branches.joined(separator: "\n"))
            }
            }
            """
    }

    /// Whether `write(to:)` writes the case's value at `index`: spread beside an inline tag, a member named
    /// like the tag is left out, as `toJSON()` does.
    private func isWritten(value index: Int, of unionCase: UnionCase) -> Bool {
        guard case .members(let values, _) = unionCase.payload, layout.contentKey == nil else { return true }
        return values[index].path[0] != layout.tagKey
    }

    /// The statements that write `unionCase` as `toJSON()` does, or `nil` where it is left to `toJSON()`:
    /// the fallback case (its tag is a value) and a single payload spread beside an inline tag (only a
    /// written object shows whether it can be).
    private func writeStatements(for unionCase: UnionCase) -> [String]? {
        guard !unionCase.isFallback else { return nil }
        let tag = unionCase.tag.literal
        // The payload's statements, as members of the object that holds them.
        let payload: [String]?
        switch unionCase.payload {
        case .none: payload = nil
        case .single:
            guard layout.contentKey != nil || layout.tagKey == nil else { return nil }
            payload = nil
        case .members(let values, _):
            let items = values.indices.filter { isWritten(value: $0, of: unionCase) }.map { (values[$0], "value\($0)") }
            guard let statements = MemberWriting(items: items).statements else { return nil }
            payload = statements
        }
        let object = { (members: [String]) in ["writer.beginObject()"] + members + ["writer.endObject()"] }
        switch layout {
        case .external:
            if case .single = unionCase.payload { return object(["try writer.member(\(unionCase.tag.nameArgument), value0)"]) }
            return object(["writer.key(\(unionCase.tag.nameArgument))"] + object(payload ?? []))
        case .inline(let tagKey):
            return object(["try writer.member(\(tagKey.nameArgument), \(tag))"] + (payload ?? []))
        case .adjacent(let tagKey, let contentKey):
            let tagMember = "try writer.member(\(tagKey.nameArgument), \(tag))"
            switch unionCase.payload {
            case .none: return object([tagMember])
            case .single: return object([tagMember, "try writer.member(\(contentKey.nameArgument), value0)"])
            case .members: return object([tagMember, "writer.key(\(contentKey.nameArgument))"] + object(payload ?? []))
            }
        }
    }
}

extension UnionCase {
    /// The cases of `declaration`, with diagnostics for those the macro cannot read.
    static func cases(
        of declaration: EnumDeclSyntax, keys: KeyCase, tags: KeyCase, in context: some MacroExpansionContext
    ) -> [UnionCase]? {
        var cases: [UnionCase] = []
        var valid = true
        for member in declaration.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            var explicitTag: String?
            var isFallback = false
            for element in caseDecl.attributes {
                guard case .attribute(let attribute) = element,
                    let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
                else { continue }
                if name == "JSONUnknown" { isFallback = true }
                if name == "JSONTag" {
                    let literal = attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.as(StringLiteralExprSyntax.self)
                    guard let text = literal?.representedLiteralValue else {
                        context.diagnose(Diagnostic(node: attribute, message: ModelDiagnostic.emptyMemberName))
                        valid = false
                        continue
                    }
                    explicitTag = text
                }
            }
            for element in caseDecl.elements {
                let name = element.name.text
                let bareName = element.name.identifier?.name ?? name
                let parameters = Array(element.parameterClause?.parameters ?? [])
                let payload: Payload
                if parameters.isEmpty {
                    payload = .none
                } else if parameters.count == 1, parameters[0].firstName == nil || parameters[0].firstName?.text == "_" {
                    payload = .single
                } else {
                    var values: [ModelProperty] = []
                    var labels: [String?] = []
                    for (position, parameter) in parameters.enumerated() {
                        let label = parameter.firstName.flatMap { $0.text == "_" ? nil : $0.text }
                        let bareLabel = parameter.firstName?.identifier?.name ?? label
                        let memberName = bareLabel.map { keys.memberName(for: $0) } ?? "_\(position)"
                        guard let reading = ModelProperty.reading(
                            of: parameter.type, options: PropertyOptions(), initializer: parameter.defaultValue?.value,
                            name: label ?? "_\(position)", node: Syntax(parameter), context: context)
                        else {
                            valid = false
                            continue
                        }
                        values.append(ModelProperty(name: label ?? "_\(position)", path: [memberName], reading: reading,
                                                    node: Syntax(parameter), typeText: parameter.type.trimmedDescription))
                        labels.append(label)
                    }
                    payload = .members(values, labels: labels)
                }
                let unionCase = UnionCase(name: name, tag: explicitTag ?? tags.memberName(for: bareName), payload: payload,
                                          isFallback: isFallback, node: Syntax(element),
                                          singleType: parameters.count == 1 ? parameters[0].type.trimmedDescription : nil,
                                          rawValue: element.rawValue?.value)
                if isFallback, unionCase.valueCount > 2 {
                    context.diagnose(Diagnostic(node: element, message: ModelDiagnostic.fallbackShape(bareName)))
                    valid = false
                }
                cases.append(unionCase)
            }
        }
        let fallbacks = cases.filter(\.isFallback)
        if fallbacks.count > 1 {
            context.diagnose(Diagnostic(node: fallbacks[1].node, message: ModelDiagnostic.twoFallbacks(fallbacks[0].name)))
            valid = false
        }
        var owners: [String: String] = [:]
        for unionCase in cases where !unionCase.isFallback {
            if let other = owners[unionCase.tag] {
                context.diagnose(Diagnostic(node: unionCase.node, message: ModelDiagnostic.repeatedTag(unionCase.tag, case: unionCase.name, other: other)))
                valid = false
            }
            owners[unionCase.tag] = unionCase.name
        }
        return valid ? cases : nil
    }
}

