// A stored property of a `@JSONModel` struct as the macro sees it: its name, options, and how the generated
// code reads and writes it. The generated code never names a property's type (Swift infers it from the
// assignment), so a type annotation is needed only where an option depends on the type.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

struct ModelProperty {
    /// How the generated decoder reads the member.
    enum Reading {
        case required
        case optional
        case withDefault(ExprSyntax, conditions: ExprSyntax?)
        case field
        case date(format: ExprSyntax, optional: Bool, asDate: Bool)
        case lossyArray
        case lossyDictionary
        case coercing
        case coded(coder: ExprSyntax, optional: Bool)
        case flattened
    }

    /// The property's name as Swift code writes it (backticks kept).
    let name: String
    /// The member's path: one name, or the steps into nested objects.
    let path: [String]
    /// Other names the member may have (`@JSONKey("title", or: "name")`), tried after the first, in order.
    var aliases: [String] = []
    let reading: Reading
    /// Where diagnostics about the property point.
    let node: Syntax
    /// The property's doc comment, for its schema's `description`.
    var documentation: String? = nil
    /// The type as written, for an enum case's value (whose type the schema names); `nil` for a property,
    /// reached through its key path instead.
    var typeText: String? = nil
}

/// The options of one property, as its attributes give them.
struct PropertyOptions {
    var path: [String]?
    var aliases: [String] = []
    var defaultValue: ExprSyntax?
    var defaultConditions: ExprSyntax?
    var isLossy = false
    var isCoercing = false
    var isIgnored = false
    var isFlattened = false
    var dateFormat: ExprSyntax?
    var coder: ExprSyntax?
    /// The attribute of each option, for diagnostics.
    var attributes: [String: AttributeSyntax] = [:]

    /// No options: what an enum case's associated value has.
    init() {}

    init(_ attributes: AttributeListSyntax, diagnose: (Diagnostic) -> Void) {
        for element in attributes {
            guard case .attribute(let attribute) = element,
                let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
            else { continue }
            let arguments = attribute.arguments?.as(LabeledExprListSyntax.self).map(Array.init) ?? []
            switch name {
            case "JSONKey":
                var names: [String] = []
                var alternatives: [String] = []
                for argument in arguments {
                    guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                        let text = literal.representedLiteralValue
                    else {
                        diagnose(Diagnostic(node: argument.expression, message: ModelDiagnostic.emptyMemberName))
                        continue
                    }
                    // Every name from the `or:` label on is an alternative.
                    if argument.label?.text == "or" || !alternatives.isEmpty {
                        alternatives.append(text)
                    } else {
                        names.append(text)
                    }
                }
                if !alternatives.isEmpty, names.count > 1 {
                    diagnose(Diagnostic(node: Syntax(attribute), message: ModelDiagnostic.aliasesNeedOneName))
                }
                path = names
                aliases = alternatives
            case "JSONDefault":
                defaultValue = arguments.first?.expression
                defaultConditions = arguments.first { $0.label?.text == "when" }?.expression
            case "JSONLossy": isLossy = true
            case "JSONCoercing": isCoercing = true
            case "JSONIgnored": isIgnored = true
            case "JSONFlattened": isFlattened = true
            case "JSONDate": dateFormat = arguments.first?.expression
            case "JSONCoded": coder = arguments.first?.expression
            default: continue
            }
            self.attributes[name] = attribute
        }
    }
}

extension ModelProperty {
    /// The stored properties of `declaration` that the model reads, with diagnostics for those it cannot.
    static func properties(
        of declaration: some DeclGroupSyntax, keys: KeyCase, in context: some MacroExpansionContext
    ) -> [ModelProperty] {
        var properties: [ModelProperty] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic, !variable.isLazy else { continue }
            let options = PropertyOptions(variable.attributes) { context.diagnose($0) }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (position, binding) in bindings.enumerated() {
                guard binding.isStored, let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = identifier.identifier.text
                let bareName = identifier.identifier.identifier?.name ?? name
                // `let a, b: Int`: the annotation of a later binding applies to the earlier ones.
                let annotation = bindings[position...].lazy.compactMap(\.typeAnnotation).first?.type
                if options.isIgnored {
                    if binding.initializer == nil, !(annotation?.isOptional ?? false) {
                        context.diagnose(Diagnostic(node: Syntax(binding), message: ModelDiagnostic.ignoredNeedsValue(bareName)))
                    }
                    continue
                }
                if isLet, binding.initializer != nil {
                    context.diagnose(Diagnostic(
                        node: Syntax(variable.bindingSpecifier), message: ModelDiagnostic.immutableWithValue(bareName),
                        fixIt: FixIt(message: ModelFixIt(message: "make it 'var'"), changes: [
                            .replace(oldNode: Syntax(variable.bindingSpecifier),
                                     newNode: Syntax(TokenSyntax.keyword(.var, trailingTrivia: .space))),
                        ])))
                    continue
                }
                guard let reading = reading(of: annotation, options: options, initializer: binding.initializer?.value,
                                            name: bareName, node: Syntax(binding), context: context)
                else { continue }
                let path = options.path ?? [keys.memberName(for: bareName)]
                properties.append(ModelProperty(name: name, path: path, aliases: path.count == 1 ? options.aliases : [],
                                                reading: reading, node: Syntax(binding),
                                                documentation: variable.leadingTrivia.documentation))
            }
        }
        return properties
    }

    /// How a property of `type` (`nil` when not written) with `options` is read; `nil`, after a diagnostic,
    /// when the options do not fit.
    static func reading(
        of type: TypeSyntax?, options: PropertyOptions, initializer: ExprSyntax?, name: String, node: Syntax,
        context: some MacroExpansionContext
    ) -> Reading? {
        // At most one of these; a flattened property takes none of them, nor a key or a default.
        let singleOptions = ["JSONLossy", "JSONCoercing", "JSONDate", "JSONCoded"]
        let exclusive = ((options.isFlattened ? ["JSONFlattened", "JSONKey", "JSONDefault"] : []) + singleOptions)
            .filter { options.attributes[$0] != nil }
        if exclusive.count > 1, let second = options.attributes[exclusive[1]] {
            context.diagnose(Diagnostic(node: second, message: ModelDiagnostic.conflictingOptions(exclusive[0], exclusive[1])))
            return nil
        }
        guard let type else {
            // Without a type, only a value to start from says what the property is; the options that depend
            // on the type cannot be checked.
            if exclusive.isEmpty, let value = options.defaultValue ?? initializer {
                return .withDefault(value, conditions: options.defaultConditions)
            }
            context.diagnose(Diagnostic(node: node, message: ModelDiagnostic.needsTypeAnnotation(name)))
            return nil
        }
        if options.isFlattened { return .flattened }
        if let coder = options.coder {
            return .coded(coder: coder, optional: type.isOptional)
        }
        if let format = options.dateFormat {
            let base = type.wrappedIfOptional ?? type
            let baseName = base.trimmedDescription
            guard ["Date", "Foundation.Date", "JSONTimestamp", "Keel.JSONTimestamp"].contains(baseName) else {
                context.diagnose(Diagnostic(node: options.attributes["JSONDate"]!, message: ModelDiagnostic.dateNeedsDateType(type.trimmedDescription)))
                return nil
            }
            return .date(format: format, optional: type.isOptional, asDate: baseName.hasSuffix("Date"))
        }
        if options.isLossy {
            if type.arrayElement != nil { return .lossyArray }
            if type.stringKeyedDictionaryValue != nil { return .lossyDictionary }
            context.diagnose(Diagnostic(node: options.attributes["JSONLossy"]!, message: ModelDiagnostic.lossyNeedsCollection(type.trimmedDescription)))
            return nil
        }
        if options.isCoercing {
            let scalars = ["Int", "Int64", "UInt64", "Double", "Bool", "String"]
            guard scalars.contains(type.trimmedDescription) else {
                context.diagnose(Diagnostic(node: options.attributes["JSONCoercing"]!, message: ModelDiagnostic.coercingNeedsScalar(type.trimmedDescription)))
                return nil
            }
            return .coercing
        }
        if let value = options.defaultValue,
           let diagnostic = DefaultLiteralCheck.diagnostic(for: value, type: type, property: name) {
            context.diagnose(diagnostic)
            return nil
        }
        if let value = options.defaultValue ?? initializer {
            return .withDefault(value, conditions: options.defaultConditions)
        }
        if type.jsonFieldValue != nil { return .field }
        if type.isOptional { return .optional }
        return .required
    }
}

// MARK: Reading declarations

extension VariableDeclSyntax {
    var isStatic: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) } }
    var isLazy: Bool { modifiers.contains { $0.name.tokenKind == .keyword(.lazy) } }
}

extension PatternBindingSyntax {
    /// Whether the binding stores a value: no accessors, or only observers.
    var isStored: Bool {
        guard let accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter: return false
        case .accessors(let accessors):
            return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }
}

extension TypeSyntax {
    /// `T?`, `T!` or `Optional<T>`.
    var isOptional: Bool { wrappedIfOptional != nil }

    /// The `T` of `T?`, `T!` or `Optional<T>`.
    var wrappedIfOptional: TypeSyntax? {
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let unwrapped = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
        return genericArgument(of: ["Optional", "Swift.Optional"], count: 1, at: 0)
    }

    /// The element of `[T]` or `Array<T>`.
    var arrayElement: TypeSyntax? {
        if let array = self.as(ArrayTypeSyntax.self) { return array.element }
        return genericArgument(of: ["Array", "Swift.Array"], count: 1, at: 0)
    }

    /// The value of `[String: V]` or `Dictionary<String, V>`.
    var stringKeyedDictionaryValue: TypeSyntax? {
        if let dictionary = self.as(DictionaryTypeSyntax.self) {
            return ["String", "Swift.String"].contains(dictionary.key.trimmedDescription) ? dictionary.value : nil
        }
        guard let key = genericArgument(of: ["Dictionary", "Swift.Dictionary"], count: 2, at: 0),
            ["String", "Swift.String"].contains(key.trimmedDescription)
        else { return nil }
        return genericArgument(of: ["Dictionary", "Swift.Dictionary"], count: 2, at: 1)
    }

    /// The `V` of `JSONField<V>`.
    var jsonFieldValue: TypeSyntax? { genericArgument(of: ["JSONField", "Keel.JSONField"], count: 1, at: 0) }

    /// The generic argument at `position` of a type named one of `names` with `count` arguments.
    private func genericArgument(of names: [String], count: Int, at position: Int) -> TypeSyntax? {
        let base: String
        let clause: GenericArgumentClauseSyntax?
        if let identifier = self.as(IdentifierTypeSyntax.self) {
            (base, clause) = (identifier.name.text, identifier.genericArgumentClause)
        } else if let member = self.as(MemberTypeSyntax.self) {
            (base, clause) = (member.baseType.trimmedDescription + "." + member.name.text, member.genericArgumentClause)
        } else {
            return nil
        }
        guard names.contains(base), let arguments = clause?.arguments, arguments.count == count else { return nil }
        guard case .type(let argument) = arguments[arguments.index(arguments.startIndex, offsetBy: position)].argument else {
            return nil
        }
        return argument
    }
}

extension Trivia {
    /// The text of the `///` and `/** */` comments in this trivia, their markers and one space after them
    /// removed; `nil` when there are none.
    var documentation: String? {
        var lines: [String] = []
        for piece in pieces {
            switch piece {
            case .docLineComment(let text):
                var line = Substring(text.dropFirst(3))
                if line.first == " " { line = line.dropFirst() }
                lines.append(String(line))
            case .docBlockComment(let text):
                let body = text.dropFirst(3).dropLast(2)
                lines += body.split(separator: "\n", omittingEmptySubsequences: false).map {
                    String($0.drop { $0 == " " || $0 == "*" })
                }
            default: continue
            }
        }
        let text = lines.joined(separator: "\n").trimmingSpaces
        return text.isEmpty ? nil : text
    }
}

extension String {
    /// The text without spaces and line breaks at either end.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
