// Every message the macros give, with its identity and severity in one place.
import SwiftDiagnostics
import SwiftSyntax

enum ModelDiagnostic: DiagnosticMessage {
    case notAStruct
    case optionNeedsStoredProperty(String)
    case needsTypeAnnotation(String)
    case immutableWithValue(String)
    case ignoredNeedsValue(String)
    case lossyNeedsCollection(String)
    case dateNeedsDateType(String)
    case coercingNeedsScalar(String)
    case repeatedMemberName(String, property: String, other: String)
    case conflictingOptions(String, String)
    case emptyMemberName
    case aliasesNeedOneName
    case fallbackShape(String)
    case optionNeedsCase(String)
    case twoFallbacks(String)
    case repeatedTag(String, case: String, other: String)
    case layoutNeedsLiterals
    case defaultOfWrongType(String, property: String, type: String)

    var message: String {
        switch self {
        case .notAStruct:
            return "@JSONModel applies to a struct or an enum"
        case .optionNeedsStoredProperty(let name):
            return "@\(name) applies to a stored instance property of a @JSONModel struct"
        case .needsTypeAnnotation(let property):
            return "'\(property)' needs a type annotation for @JSONModel to read it"
        case .immutableWithValue(let property):
            return "'\(property)' is a 'let' with an initial value, so it cannot be decoded; make it 'var' to use the value as a default, or mark it @JSONIgnored"
        case .ignoredNeedsValue(let property):
            return "@JSONIgnored property '\(property)' needs an initial value or an optional type"
        case .lossyNeedsCollection(let type):
            return "@JSONLossy applies to an array or a dictionary with String keys, not '\(type)'"
        case .dateNeedsDateType(let type):
            return "@JSONDate applies to Date or JSONTimestamp (optional or not), not '\(type)'"
        case .coercingNeedsScalar(let type):
            return "@JSONCoercing applies to a non-optional Int, Int64, UInt64, Double, Bool or String, not '\(type)'"
        case .repeatedMemberName(let name, let property, let other):
            return "'\(property)' and '\(other)' both read the member \"\(name)\""
        case .conflictingOptions(let first, let second):
            return "@\(first) and @\(second) cannot be used together"
        case .emptyMemberName:
            return "a member name must be a string literal"
        case .aliasesNeedOneName:
            return "alternative names ('or:') apply to a single member name, not to a path"
        case .optionNeedsCase(let name):
            return name == "JSONTag" || name == "JSONUnknown"
                ? "@\(name) applies to a case of a @JSONModel enum"
                : "@\(name) applies to a stored instance property of a @JSONModel struct, not to an enum case"
        case .fallbackShape(let name):
            return "@JSONUnknown case '\(name)' takes at most two values: the tag, then the payload"
        case .twoFallbacks(let other):
            return "only one case can be @JSONUnknown; '\(other)' is already"
        case .repeatedTag(let tag, let name, let other):
            return "cases '\(name)' and '\(other)' both have the tag \"\(tag)\""
        case .layoutNeedsLiterals:
            return "the layout's member names must be string literals"
        case .defaultOfWrongType(let literal, let property, let type):
            return "the default of '\(property)' is \(literal), but its type is '\(type)'"
        }
    }

    /// The case's name (`repeatedTag`), without its values.
    var diagnosticID: MessageID {
        MessageID(domain: "KeelMacros", id: String(String(describing: self).prefix { $0 != "(" }))
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .immutableWithValue: return .warning
        default: return .error
        }
    }
}

/// A fix-it's label.
struct ModelFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "KeelMacros", id: message) }
}
