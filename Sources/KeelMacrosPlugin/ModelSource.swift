// The Swift source `@JSONModel` writes for a struct: a table of member names, an initializer that reads
// every member in one pass over the object, `decode(_:in:)`, `toJSON()`, and `write(to:)` that writes the
// same text without building the JSON value.

struct ModelSource {
    let typeName: String
    /// `public `, `package ` or nothing.
    let access: String
    let properties: [ModelProperty]
    /// Generic types cannot have stored static properties, so their table is made on each use.
    let isGeneric: Bool

    /// The first step of each property's path, and its alternative names, each once, in order: the table's slots.
    var memberNames: [String] {
        var names: [String] = []
        for property in properties where !property.isFlattened {
            for name in [property.path[0]] + property.aliases where !names.contains(name) { names.append(name) }
        }
        return names
    }

    var members: String {
        [table, initializer, decodeFunction, nestedErrors, encodeFunction, writeFunction, partialMembers].joined(separator: "\n\n")
    }

    private var table: String {
        let names = "[" + memberNames.map(\.literal).joined(separator: ", ") + "]"
        let comment = "/// The members `\(typeName)` reads, matched with an object's keys in one pass."
        return isGeneric
            ? "\(comment)\nstatic var jsonMemberNames: JSONMemberNames { JSONMemberNames(\(names)) }"
            : "\(comment)\nstatic let jsonMemberNames = JSONMemberNames(\(names))"
    }

    /// Every member is read into a local first and the properties are assigned after the last read: assigned
    /// as each read returned, a failed read had to undo a partly made value, and the compiler then built the
    /// model in a temporary and copied it out (retaining each string and array in it once more). The view and
    /// the context are borrowed: an initializer takes its arguments owned by default, which cost each decoded
    /// object a retain and a release of the document and of the context (a tenth of decoding citm_catalog,
    /// whose objects are small). A union's initializer passes its view on, so it keeps the default.
    private var initializer: String {
        let slots = memberNames
        let reads = properties.map { property -> String in
            "let \(property.localName) = try Self._propertyValue(\\Self.\(property.name), "
                + property.readExpression(slot: property.slotExpression(in: slots)) + ")"
        }
        let assignments = properties.map { "self.\($0.name) = \($0.localName)" }
        let find = "try json.members(Self.jsonMemberNames, expecting: \"an object (\(typeName))\")"
        return """
            /// Reads a `\(typeName)` from an object: each property from its member.
            \(access)init(json: borrowing JSONView, in context: borrowing JSONDecodingContext = .strict) throws(JSONDecodingError) {
            \(properties.isEmpty ? "_ = \(find)" : "let members = \(find)")
            \((reads + assignments).joined(separator: "\n"))
            }
            """
    }

    private var decodeFunction: String { Self.decodeFunction(access: access) }

    /// Each property with the member it reads, for snapshots of a document still arriving. A property read
    /// with an option (a date format, a default, a coder, ...) is read, once finished, by the same expression
    /// as in the initializer, from an object holding its member alone.
    private var partialMembers: String {
        let slots = memberNames
        let entries = properties.map { property -> String in
            let finished = "{ json, context throws(JSONDecodingError) in\n"
            if property.isFlattened {
                return "JSONPartialMember(flattened: \\Self.\(property.name)) \(finished)"
                    + "try Self._propertyValue(\\Self.\(property.name), json.decodeFlattened(in: context))\n}"
            }
            let path = "[" + property.path.map(\.literal).joined(separator: ", ") + "]"
            let aliases = property.aliases.isEmpty ? "" : ", aliases: [" + property.aliases.map(\.literal).joined(separator: ", ") + "]"
            let head = "JSONPartialMember(\\Self.\(property.name), path: \(path)\(aliases))"
            switch property.reading {
            case .required, .optional:
                return head
            default:
                return head + " \(finished)let members = try json.members(Self.jsonMemberNames, expecting: \"an object (\(typeName))\")\n"
                    + "return try Self._propertyValue(\\Self.\(property.name), \(property.readExpression(slot: property.slotExpression(in: slots))))\n}"
            }
        }
        return """
            /// What has arrived so far of a `\(typeName)` value: each property optional.
            \(access)typealias Partial = JSONPartial<Self>

            /// Each property with the member it reads, for typed snapshots of a document still arriving.
            \(access)static var jsonPartialMembers: [JSONPartialMember<Self>] {
            [\(entries.joined(separator: ",\n"))]
            }
            """
    }

    /// `JSONDecodable`'s requirement, which both a struct's and an enum's extensions forward to `init(json:in:)`.
    static func decodeFunction(access: String) -> String {
        """
        \(access)static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
        try Self(json: value, in: context)
        }
        """
    }

    /// Whether decoding may record errors of its own in collecting mode: when any property's type may.
    private var nestedErrors: String {
        let terms = properties.map(\.mayRecordNestedErrors)
        let body = terms.isEmpty ? "false" : terms.joined(separator: " || ")
        return "\(access)static var _mayRecordNestedErrors: Bool { \(body) }"
    }

    private var encodeFunction: String {
        let statements = properties.map { $0.writeStatement(of: "self.\($0.name)") }.joined(separator: "\n")
        return """
            /// The properties as a JSON object, each under its member name.
            \(access)func toJSON() -> JSON {
            var object = JSONObject()
            \(statements)
            return .object(object)
            }
            """
    }

    private var writeFunction: String {
        let writing = MemberWriting(items: properties.map { ($0, "self.\($0.name)") })
        let body = writing.statements.map { ["writer.beginObject()"] + $0 + ["writer.endObject()"] }
            ?? ["try writer.json(toJSON())"]
        return """
            /// Writes the text of `toJSON()` straight to `writer`.
            \(access)func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
            \(body.joined(separator: "\n"))
            }
            """
    }
}

extension ModelProperty {
    /// The expression that reads this property from the member in `slot` of `members` (a `JSONMembers`).
    /// The commonest readings of a member (not a path) call `JSONMembers` directly, which spares making a
    /// `JSONMember` per property; the others read the `JSONMember`.
    /// Whether the property reads the enclosing object itself (`@JSONFlattened`).
    var isFlattened: Bool {
        if case .flattened = reading { return true }
        return false
    }

    /// The local the generated initializer reads this property into: its name without backticks, after `_`.
    var localName: String { "_" + name.filter { $0 != "`" } }

    /// The slot this property reads: its name's, or with alternative names, the first of theirs the object has
    /// (`members.firstPresent(0, members.firstPresent(3, 4))`).
    func slotExpression(in slots: [String]) -> String {
        let numbers = ([path[0]] + aliases).compactMap { slots.firstIndex(of: $0) }.map(String.init)
        guard var expression = numbers.last else { return "0" }
        for number in numbers.dropLast().reversed() { expression = "members.firstPresent(\(number), \(expression))" }
        return expression
    }

    func readExpression(slot: String) -> String {
        if isFlattened { return "json.decodeFlattened(in: context)" }
        if path.count == 1 {
            switch reading {
            case .required: return "members.decode(\(slot), in: context)"
            case .optional: return "members.decodeIfPresent(\(slot), in: context)"
            default: break
            }
        }
        var member = "members[\(slot)]"
        if path.count > 1 {
            member += ".member(atPath: [" + path.dropFirst().map(\.literal).joined(separator: ", ") + "])"
        }
        return readExpression(of: member)
    }

    /// The expression that reads this property from `member`, a `JSONMember`.
    private func readExpression(of member: String) -> String {
        if case .date(let format, let optional, asDate: true) = reading {
            let read = optional ? "decodeDateIfPresent" : "decodeDate"
            let timestamp = "\(member).\(read)(format: \(format.trimmedDescription), in: context)"
            return optional ? "\(timestamp).map { Date($0) }" : "Date(\(timestamp))"
        }
        return member + "." + readCall
    }

    /// The call on a `JSONMember` that reads this property.
    private var readCall: String {
        switch reading {
        case .required: return "decode(in: context)"
        case .optional: return "decodeIfPresent(in: context)"
        case .withDefault(let value, let conditions):
            let when = conditions.map { ", when: \($0.trimmedDescription)" } ?? ""
            return "decode(default: \(value.trimmedDescription)\(when), in: context)"
        case .field: return "decodeField(in: context)"
        case .date(let format, let optional, _):
            return (optional ? "decodeDateIfPresent" : "decodeDate") + "(format: \(format.trimmedDescription), in: context)"
        case .lossyArray: return "decodeLossyArray(in: context)"
        case .lossyDictionary: return "decodeLossyDictionary(in: context)"
        case .coercing: return "decodeCoercing(in: context)"
        case .coded(let coder, let optional):
            return (optional ? "decodeIfPresent" : "decode") + "(with: \(coder.trimmedDescription), in: context)"
        case .flattened: return "decode(in: context)"
        }
    }

    /// The term of `_mayRecordNestedErrors` for this property. The property's type is reached through a
    /// key path, so that the generated code never names it (it may be a type nested beside the model).
    var mayRecordNestedErrors: String {
        switch reading {
        case .lossyArray, .lossyDictionary: return "true"
        case .date, .coercing, .coded: return "false"
        case .required, .optional, .withDefault, .field, .flattened: return "_propertyMayRecordNestedErrors(\\Self.\(name))"
        }
    }

    /// The statements that add this property, whose value `value` reads, to `object` in `toJSON()`.
    func writeStatement(of value: String) -> String {
        func add(_ json: String) -> String {
            path.count == 1
                ? "object.append(key: \(path[0].literal), value: \(json))"
                : "object.setValue(\(json), atPath: [" + path.map(\.literal).joined(separator: ", ") + "])"
        }
        switch reading {
        case .date(let format, let optional, let asDate):
            let timestamp = asDate ? "JSONTimestamp(value)" : "value"
            let written = add("\(timestamp).toJSON(format: \(format.trimmedDescription))")
            return optional ? "if let value = \(value) { \(written) }" : "do { let value = \(value); \(written) }"
        case .field:
            return "if let value = \(value).presentJSON { \(add("value")) }"
        case .flattened:
            return "object.appendFlattened(\(value).toJSON())"
        case .coded(let coder, let optional):
            let written = add("JSON(value, coder: \(coder.trimmedDescription))")
            return optional ? "if let value = \(value) { \(written) }" : "do { let value = \(value); \(written) }"
        case .optional:
            return "if let value = \(value) { \(add("value.toJSON()")) }"
        default:
            return add("\(value).toJSON()")
        }
    }
}

extension String {
    /// The string as a Swift string literal.
    var literal: String {
        var text = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
