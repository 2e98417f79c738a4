import Keel
import KeelKeyNaming

/// Swift source declaring a ``ModelSet``'s types as `@JSONModel` structs and enums: what `keel model` prints.
///
/// The text imports `Keel` and `KeelMacros`, declares each type `Sendable` and `Hashable`, and compiles in the
/// Swift 6 language mode. Member names come from `keys: .snakeCase` when that spells more of them than
/// writing the properties' names as they are, and from `@JSONKey` where neither does. The same model set
/// always gives the same text.
public struct SwiftModelSource: Sendable {
    /// Choices in how the types are written.
    public struct Options: Sendable, Hashable {
        /// Whether a member seen as `null` is a `JSONField`, which keeps absent and `null` apart and writes
        /// `null` back, rather than an optional, which reads both as `nil` and writes neither.
        public var keepsNulls = false
        /// Whether the types and their properties are `public`.
        public var isPublic = false
        /// Comment lines written first, each after `// `.
        public var header: [String] = []

        public init() {}
    }

    /// The source text, ending with a newline.
    public let text: String

    public init(_ models: ModelSet, options: Options = Options()) {
        var writer = SourceWriter(models: models, options: options)
        text = writer.write()
    }
}

/// Writes the declarations one after another into one string.
private struct SourceWriter {
    let models: ModelSet
    let options: Options
    private var lines: [String] = []

    typealias Options = SwiftModelSource.Options

    init(models: ModelSet, options: Options) {
        self.models = models
        self.options = options
    }

    private var access: String { options.isPublic ? "public " : "" }

    /// Variant payloads with no members are written as cases without a value, and not declared.
    private var emptyPayloads: Set<String> {
        var names: Set<String> = []
        for declaration in models.declarations {
            guard case .union(_, let variants) = declaration.kind else { continue }
            for variant in variants {
                if case .structure(let members)? = models.declaration(named: variant.payload)?.kind, members.isEmpty {
                    names.insert(variant.payload)
                }
            }
        }
        return names
    }

    mutating func write() -> String {
        lines += options.header.map { $0.isEmpty ? "//" : "// " + $0 }
        lines += ["import Keel", "import KeelMacros"]
        if case .named = models.root {} else {
            lines += ["", "\(access)typealias \(models.rootName) = \(typeText(models.root))"]
        }
        let skipped = emptyPayloads
        for declaration in models.declarations where !skipped.contains(declaration.name) {
            lines.append("")
            writeComments(documentation: declaration.documentation, notes: declaration.notes, indent: "")
            switch declaration.kind {
            case .structure(let members): writeStructure(declaration.name, members)
            case .union(let tagKey, let variants): writeUnion(declaration.name, tagKey: tagKey, variants, emptyPayloads: skipped)
            case .enumeration(let cases): writeEnumeration(declaration.name, cases)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func writeStructure(_ name: String, _ members: [ModelMember]) {
        let keys = KeyStyle.best(for: members)
        lines.append(keys == .asWritten ? "@JSONModel" : "@JSONModel(keys: .snakeCase)")
        lines.append("\(access)struct \(name): Sendable, Hashable {")
        for member in members {
            var attributes: [String] = []
            if keys.memberName(for: member.propertyName) != member.key {
                attributes.append("@JSONKey(\(SwiftLiteral.string(member.key)))")
            }
            var type = member.type
            let usesField = options.keepsNulls && member.isNullable
            if case .date(let format) = type {
                if usesField { type = .string } else { attributes.append("@JSONDate(\(SwiftLiteral.dateFormat(format)))") }
            }
            var written = typeText(type)
            if usesField {
                written = "JSONField<\(written)>"
            } else if !member.isRequired || member.isNullable {
                written += "?"
            }
            writeComments(documentation: member.documentation, notes: member.notes, indent: "    ")
            let prefix = attributes.map { $0 + " " }.joined()
            lines.append("    \(prefix)\(access)let \(member.propertyName): \(written)")
        }
        lines.append("}")
    }

    private mutating func writeUnion(_ name: String, tagKey: String, _ variants: [ModelVariant], emptyPayloads: Set<String>) {
        lines.append("@JSONModel(layout: .inline(tag: \(SwiftLiteral.string(tagKey))))")
        lines.append("\(access)enum \(name): Sendable, Hashable {")
        for variant in variants {
            let tag = variant.caseName == variant.tag ? "" : "@JSONTag(\(SwiftLiteral.string(variant.tag))) "
            let payload = emptyPayloads.contains(variant.payload) ? "" : "(\(variant.payload))"
            lines.append("    \(tag)case \(variant.caseName)\(payload)")
        }
        let taken = Set(variants.map(\.caseName))
        let unknown = ["other", "unknown", "unknownVariant"].first { !taken.contains($0) } ?? "otherVariant"
        lines.append("    /// A tag no sample had, with the whole object.")
        lines.append("    @JSONUnknown case \(unknown)(String, JSON)")
        lines.append("}")
    }

    private mutating func writeEnumeration(_ name: String, _ cases: [ModelEnumCase]) {
        lines.append("@JSONModel")
        lines.append("\(access)enum \(name): String, Sendable, Hashable {")
        for item in cases {
            lines.append("    case \(item.caseName)" + (item.caseName == item.value ? "" : " = \(SwiftLiteral.string(item.value))"))
        }
        lines.append("}")
    }

    /// A doc comment from `documentation`, then a plain comment line per note.
    private mutating func writeComments(documentation: String?, notes: [String], indent: String) {
        if let documentation {
            let text = documentation.replacingControlCharacters(keepingNewlines: true).split(separator: "\n", omittingEmptySubsequences: false)
            lines += text.map { line in
                let trimmed = line.reversed().drop { $0 == " " }.reversed()
                return trimmed.isEmpty ? indent + "///" : indent + "/// " + String(trimmed)
            }
        }
        lines += notes.map { indent + "// " + $0.replacingControlCharacters(keepingNewlines: false) }
    }

    private func typeText(_ type: ModelType) -> String {
        switch type {
        case .bool: return "Bool"
        case .integer: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .date: return "JSONTimestamp"
        case .json: return "JSON"
        case .array(let element): return "[\(typeText(element))]"
        case .dictionary(let value): return "[String: \(typeText(value))]"
        case .optional(let wrapped): return "\(typeText(wrapped))?"
        case .named(let name): return name
        }
    }
}

/// The two ways a struct's member names are spelled in the output: as the properties are named, or converted
/// to snake case by `@JSONModel(keys: .snakeCase)`.
private enum KeyStyle {
    case asWritten, snakeCase

    func memberName(for property: String) -> String {
        switch self {
        case .asWritten: return property
        case .snakeCase: return CaseConversion.readableSnakeCase(property)
        }
    }

    /// The style that leaves fewer members needing `@JSONKey`; as written when they tie.
    static func best(for members: [ModelMember]) -> KeyStyle {
        func misses(_ style: KeyStyle) -> Int { members.filter { style.memberName(for: $0.propertyName) != $0.key }.count }
        return misses(.snakeCase) < misses(.asWritten) ? .snakeCase : .asWritten
    }
}

extension String {
    /// The text with each control character a space (line breaks kept as `\n` when asked), so that it cannot
    /// end a comment's line early or hide in it.
    fileprivate func replacingControlCharacters(keepingNewlines: Bool) -> String {
        var result = ""
        var afterReturn = false
        for scalar in unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            if scalar == "\n" && afterReturn { continue }
            if scalar == "\n" || scalar == "\r" {
                result += keepingNewlines ? "\n" : " "
            } else if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator {
                result += " "
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
