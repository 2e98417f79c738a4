// What `@JSONModel` writes, and what it says about declarations it cannot read, checked with
// swift-macro-testing (the expected text is the test).
@testable import KeelMacrosPlugin
import SwiftDiagnostics
import MacroTesting
import Testing

@Suite(.macros([
    "JSONModel": JSONModelMacro.self, "JSONKey": JSONPropertyOptionMacro.self, "JSONDefault": JSONPropertyOptionMacro.self,
    "JSONLossy": JSONPropertyOptionMacro.self, "JSONCoercing": JSONPropertyOptionMacro.self,
    "JSONDate": JSONPropertyOptionMacro.self, "JSONIgnored": JSONPropertyOptionMacro.self,
    "JSONTag": JSONPropertyOptionMacro.self, "JSONUnknown": JSONPropertyOptionMacro.self,
]))
struct JSONModelExpansionTests {
    @Test func expandsAStruct() {
        assertMacro {
            """
            @JSONModel(keys: .snakeCase)
            public struct User {
                let userID: Int
                var nickname: String?
                var retries = 3
                @JSONKey("profile", "url") var profileURL: String
                @JSONLossy var tags: [String]
                @JSONIgnored var cache: [Int] = []
            }
            """
        } expansion: {
            #"""
            public struct User {
                let userID: Int
                var nickname: String?
                var retries = 3
                var profileURL: String
                var tags: [String]
                var cache: [Int] = []
            }

            extension User: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable, JSONPartialModel {
                /// The members `User` reads, matched with an object's keys in one pass.
                static let jsonMemberNames = JSONMemberNames(["user_id", "nickname", "retries", "profile", "tags"])

                /// Reads a `User` from an object: each property from its member.
                public init(json: borrowing JSONView, in context: borrowing JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let members = try json.members(Self.jsonMemberNames, expecting: "an object (User)")
                    let _userID = try Self._propertyValue(\Self.userID, members.decode(0, in: context))
                    let _nickname = try Self._propertyValue(\Self.nickname, members.decodeIfPresent(1, in: context))
                    let _retries = try Self._propertyValue(\Self.retries, members[2].decode(default: 3, in: context))
                    let _profileURL = try Self._propertyValue(\Self.profileURL, members[3].member(atPath: ["url"]).decode(in: context))
                    let _tags = try Self._propertyValue(\Self.tags, members[4].decodeLossyArray(in: context))
                    self.userID = _userID
                    self.nickname = _nickname
                    self.retries = _retries
                    self.profileURL = _profileURL
                    self.tags = _tags
                }

                public static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                public static var _mayRecordNestedErrors: Bool {
                    _propertyMayRecordNestedErrors(\Self.userID) || _propertyMayRecordNestedErrors(\Self.nickname) || _propertyMayRecordNestedErrors(\Self.retries) || _propertyMayRecordNestedErrors(\Self.profileURL) || true
                }

                /// The properties as a JSON object, each under its member name.
                public func toJSON() -> JSON {
                    var object = JSONObject()
                    object.append(key: "user_id", value: self.userID.toJSON())
                    if let value = self.nickname {
                        object.append(key: "nickname", value: value.toJSON())
                    }
                    object.append(key: "retries", value: self.retries.toJSON())
                    object.setValue(self.profileURL.toJSON(), atPath: ["profile", "url"])
                    object.append(key: "tags", value: self.tags.toJSON())
                    return .object(object)
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                public func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    writer.beginObject()
                    try writer.member(plainLiteral: "user_id", self.userID)
                    if let value = self.nickname {
                        try writer.member(plainLiteral: "nickname", value)
                    }
                    try writer.member(plainLiteral: "retries", self.retries)
                    writer.key(plainLiteral: "profile")
                    writer.beginObject()
                    try writer.member(plainLiteral: "url", self.profileURL)
                    writer.endObject()
                    try writer.member(plainLiteral: "tags", self.tags)
                    writer.endObject()
                }

                /// What has arrived so far of a `User` value: each property optional.
                public typealias Partial = JSONPartial<Self>

                /// Each property with the member it reads, for typed snapshots of a document still arriving.
                public static var jsonPartialMembers: [JSONPartialMember<Self>] {
                    [JSONPartialMember(\Self.userID, path: ["user_id"]),
                        JSONPartialMember(\Self.nickname, path: ["nickname"]),
                        JSONPartialMember(\Self.retries, path: ["retries"]) { json, context throws(JSONDecodingError) in
                            let members = try json.members(Self.jsonMemberNames, expecting: "an object (User)")
                            return try Self._propertyValue(\Self.retries, members[2].decode(default: 3, in: context))
                        },
                        JSONPartialMember(\Self.profileURL, path: ["profile", "url"]),
                        JSONPartialMember(\Self.tags, path: ["tags"]) { json, context throws(JSONDecodingError) in
                            let members = try json.members(Self.jsonMemberNames, expecting: "an object (User)")
                            return try Self._propertyValue(\Self.tags, members[4].decodeLossyArray(in: context))
                        }]
                }

                /// The JSON Schema of what `User` reads and writes (see `JSONSchemaDescribing`).
                public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "User") { schemas in
                        var object = JSONSchemaObject()
                        object.add(["user_id"], schema: schemas.schema(of: \Self.userID), required: true)
                        object.add(["nickname"], schema: schemas.schema(of: \Self.nickname), required: false)
                        object.add(["retries"], schema: schemas.defaulted(schemas.schema(of: \Self.retries), when: .missing), required: false, default: schemas.defaultValue(of: \Self.retries, 3))
                        object.add(["profile", "url"], schema: schemas.schema(of: \Self.profileURL), required: true)
                        object.add(["tags"], schema: schemas.lossyArraySchema(of: \Self.tags), required: true)
                        return object.schema(in: &schemas)
                    }
                }
            }
            """#
        }
    }

    @Test func onlyNamesNoOptionEscapesAreWrittenAsPlainLiterals() {
        #expect("id".nameArgument == #"plainLiteral: "id""#)
        #expect(" ~{}[]:,".nameArgument == #"plainLiteral: " ~{}[]:,""#)
        #expect("".nameArgument == #"plainLiteral: """#)
        for name in ["a/b", "é", "a\"b", "a\\b", "tab\t", "\u{7F}", "\u{1F}", "😀"] {
            #expect(name.nameArgument.hasPrefix("literal: "), "\(name)")
        }
    }

    @Test func convertsNamesAtCompileTime() {
        assertMacro {
            """
            @JSONModel(keys: .screamingSnakeCase)
            struct A { let myURLValue: Int }
            @JSONModel(keys: .kebabCase)
            struct B { let httpStatus2xx: Int }
            @JSONModel(keys: .pascalCase)
            struct C { let name: String }
            """
        } expansion: {
            #"""
            struct A { let myURLValue: Int 
            }
            struct B { let httpStatus2xx: Int 
            }
            struct C { let name: String 
            }

            extension A: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable, JSONPartialModel {
                /// The members `A` reads, matched with an object's keys in one pass.
                static let jsonMemberNames = JSONMemberNames(["MY_URL_VALUE"])

                /// Reads a `A` from an object: each property from its member.
                init(json: borrowing JSONView, in context: borrowing JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let members = try json.members(Self.jsonMemberNames, expecting: "an object (A)")
                    let _myURLValue = try Self._propertyValue(\Self.myURLValue, members.decode(0, in: context))
                    self.myURLValue = _myURLValue
                }

                static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                static var _mayRecordNestedErrors: Bool {
                    _propertyMayRecordNestedErrors(\Self.myURLValue)
                }

                /// The properties as a JSON object, each under its member name.
                func toJSON() -> JSON {
                    var object = JSONObject()
                    object.append(key: "MY_URL_VALUE", value: self.myURLValue.toJSON())
                    return .object(object)
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    writer.beginObject()
                    try writer.member(plainLiteral: "MY_URL_VALUE", self.myURLValue)
                    writer.endObject()
                }

                /// What has arrived so far of a `A` value: each property optional.
                typealias Partial = JSONPartial<Self>

                /// Each property with the member it reads, for typed snapshots of a document still arriving.
                static var jsonPartialMembers: [JSONPartialMember<Self>] {
                    [JSONPartialMember(\Self.myURLValue, path: ["MY_URL_VALUE"])]
                }

                /// The JSON Schema of what `A` reads and writes (see `JSONSchemaDescribing`).
                static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "A") { schemas in
                        var object = JSONSchemaObject()
                        object.add(["MY_URL_VALUE"], schema: schemas.schema(of: \Self.myURLValue), required: true)
                        return object.schema(in: &schemas)
                    }
                }
            }

            extension B: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable, JSONPartialModel {
                /// The members `B` reads, matched with an object's keys in one pass.
                static let jsonMemberNames = JSONMemberNames(["http-status2xx"])

                /// Reads a `B` from an object: each property from its member.
                init(json: borrowing JSONView, in context: borrowing JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let members = try json.members(Self.jsonMemberNames, expecting: "an object (B)")
                    let _httpStatus2xx = try Self._propertyValue(\Self.httpStatus2xx, members.decode(0, in: context))
                    self.httpStatus2xx = _httpStatus2xx
                }

                static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                static var _mayRecordNestedErrors: Bool {
                    _propertyMayRecordNestedErrors(\Self.httpStatus2xx)
                }

                /// The properties as a JSON object, each under its member name.
                func toJSON() -> JSON {
                    var object = JSONObject()
                    object.append(key: "http-status2xx", value: self.httpStatus2xx.toJSON())
                    return .object(object)
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    writer.beginObject()
                    try writer.member(plainLiteral: "http-status2xx", self.httpStatus2xx)
                    writer.endObject()
                }

                /// What has arrived so far of a `B` value: each property optional.
                typealias Partial = JSONPartial<Self>

                /// Each property with the member it reads, for typed snapshots of a document still arriving.
                static var jsonPartialMembers: [JSONPartialMember<Self>] {
                    [JSONPartialMember(\Self.httpStatus2xx, path: ["http-status2xx"])]
                }

                /// The JSON Schema of what `B` reads and writes (see `JSONSchemaDescribing`).
                static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "B") { schemas in
                        var object = JSONSchemaObject()
                        object.add(["http-status2xx"], schema: schemas.schema(of: \Self.httpStatus2xx), required: true)
                        return object.schema(in: &schemas)
                    }
                }
            }

            extension C: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable, JSONPartialModel {
                /// The members `C` reads, matched with an object's keys in one pass.
                static let jsonMemberNames = JSONMemberNames(["Name"])

                /// Reads a `C` from an object: each property from its member.
                init(json: borrowing JSONView, in context: borrowing JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let members = try json.members(Self.jsonMemberNames, expecting: "an object (C)")
                    let _name = try Self._propertyValue(\Self.name, members.decode(0, in: context))
                    self.name = _name
                }

                static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                static var _mayRecordNestedErrors: Bool {
                    _propertyMayRecordNestedErrors(\Self.name)
                }

                /// The properties as a JSON object, each under its member name.
                func toJSON() -> JSON {
                    var object = JSONObject()
                    object.append(key: "Name", value: self.name.toJSON())
                    return .object(object)
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    writer.beginObject()
                    try writer.member(plainLiteral: "Name", self.name)
                    writer.endObject()
                }

                /// What has arrived so far of a `C` value: each property optional.
                typealias Partial = JSONPartial<Self>

                /// Each property with the member it reads, for typed snapshots of a document still arriving.
                static var jsonPartialMembers: [JSONPartialMember<Self>] {
                    [JSONPartialMember(\Self.name, path: ["Name"])]
                }

                /// The JSON Schema of what `C` reads and writes (see `JSONSchemaDescribing`).
                static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "C") { schemas in
                        var object = JSONSchemaObject()
                        object.add(["Name"], schema: schemas.schema(of: \Self.name), required: true)
                        return object.schema(in: &schemas)
                    }
                }
            }
            """#
        }
    }

    @Test func diagnosesWhatItCannotRead() {
        assertMacro {
            """
            @JSONModel
            struct Bad {
                let fixed = 1
                @JSONLossy var unknown = makeValue()
                @JSONLossy var count: Int
                @JSONDate(.rfc3339) var when: String
                @JSONCoercing var amounts: [Int]
                @JSONIgnored var required: Int
                @JSONKey("a") var first: Int
                @JSONKey("a") var second: Int
            }
            """
        } diagnostics: {
            """
            @JSONModel
            struct Bad {
                let fixed = 1
                ┬──
                ╰─ ⚠️ 'fixed' is a 'let' with an initial value, so it cannot be decoded; make it 'var' to use the value as a default, or mark it @JSONIgnored
                   ✏️ make it 'var'
                @JSONLossy var unknown = makeValue()
                               ┬────────────────────
                               ╰─ 🛑 'unknown' needs a type annotation for @JSONModel to read it
                @JSONLossy var count: Int
                ┬─────────
                ╰─ 🛑 @JSONLossy applies to an array or a dictionary with String keys, not 'Int'
                @JSONDate(.rfc3339) var when: String
                ┬──────────────────
                ╰─ 🛑 @JSONDate applies to Date or JSONTimestamp (optional or not), not 'String'
                @JSONCoercing var amounts: [Int]
                ┬────────────
                ╰─ 🛑 @JSONCoercing applies to a non-optional Int, Int64, UInt64, Double, Bool or String, not '[Int]'
                @JSONIgnored var required: Int
                                 ┬────────────
                                 ╰─ 🛑 @JSONIgnored property 'required' needs an initial value or an optional type
                @JSONKey("a") var first: Int
                @JSONKey("a") var second: Int
                                  ┬──────────
                                  ╰─ 🛑 'second' and 'first' both read the member "a"
            }
            """
        }
    }

    @Test func alternativeNamesNeedOneMemberName() {
        assertMacro {
            """
            @JSONModel
            struct Card {
                @JSONKey("card", "last4", or: "last_four") var last4: String
            }
            """
        } diagnostics: {
            """
            @JSONModel
            struct Card {
                @JSONKey("card", "last4", or: "last_four") var last4: String
                ┬─────────────────────────────────────────
                ╰─ 🛑 alternative names ('or:') apply to a single member name, not to a path
            }
            """
        }
    }

    @Test func aFlattenedPropertyTakesNoKeyOrOtherOption() {
        assertMacro {
            """
            @JSONModel
            struct Event {
                @JSONFlattened @JSONKey("head") var header: Header
            }
            """
        } diagnostics: {
            """
            @JSONModel
            struct Event {
                @JSONFlattened @JSONKey("head") var header: Header
                               ┬───────────────
                               ╰─ 🛑 @JSONFlattened and @JSONKey cannot be used together
            }
            """
        }
    }

    @Test func diagnosesADefaultOfTheWrongKind() {
        assertMacro {
            """
            @JSONModel
            struct Settings {
                @JSONDefault("fifty") var limit: Int
                @JSONDefault(2.5) var retries: Int?
                @JSONDefault(nil) var name: String
                @JSONDefault(1) var ratio: Double
                @JSONDefault("on") var enabled: Bool
                @JSONDefault(-3) var offset: Int
                @JSONDefault([]) var title: String
                @JSONDefault(Settings.fallback) var other: Int
            }
            """
        } diagnostics: {
            """
            @JSONModel
            struct Settings {
                @JSONDefault("fifty") var limit: Int
                             ┬──────
                             ╰─ 🛑 the default of 'limit' is a string, but its type is 'Int'
                @JSONDefault(2.5) var retries: Int?
                             ┬──
                             ╰─ 🛑 the default of 'retries' is a floating-point number, but its type is 'Int?'
                @JSONDefault(nil) var name: String
                             ┬──
                             ╰─ 🛑 the default of 'name' is nil, but its type is 'String'
                @JSONDefault(1) var ratio: Double
                @JSONDefault("on") var enabled: Bool
                             ┬───
                             ╰─ 🛑 the default of 'enabled' is a string, but its type is 'Bool'
                @JSONDefault(-3) var offset: Int
                @JSONDefault([]) var title: String
                             ┬─
                             ╰─ 🛑 the default of 'title' is an array, but its type is 'String'
                @JSONDefault(Settings.fallback) var other: Int
            }
            """
        }
    }

    @Test func offersToUnquoteANumberOrABoolean() {
        assertMacro {
            """
            @JSONModel
            struct Settings {
                @JSONDefault("50") var limit: Int
                @JSONDefault("true", when: .missingOrNull) var enabled: Bool?
            }
            """
        } diagnostics: {
            """
            @JSONModel
            struct Settings {
                @JSONDefault("50") var limit: Int
                             ┬───
                             ╰─ 🛑 the default of 'limit' is a string, but its type is 'Int'
                                ✏️ use 50 without quotes
                @JSONDefault("true", when: .missingOrNull) var enabled: Bool?
                             ┬─────
                             ╰─ 🛑 the default of 'enabled' is a string, but its type is 'Bool?'
                                ✏️ use true without quotes
            }
            """
        } fixes: {
            """
            @JSONModel
            struct Settings {
                @JSONDefault(50) var limit: Int
                @JSONDefault(true, when: .missingOrNull) var enabled: Bool?
            }
            """
        } expansion: {
            #"""
            struct Settings {
                var limit: Int
                var enabled: Bool?
            }

            extension Settings: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable, JSONPartialModel {
                /// The members `Settings` reads, matched with an object's keys in one pass.
                static let jsonMemberNames = JSONMemberNames(["limit", "enabled"])

                /// Reads a `Settings` from an object: each property from its member.
                init(json: borrowing JSONView, in context: borrowing JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let members = try json.members(Self.jsonMemberNames, expecting: "an object (Settings)")
                    let _limit = try Self._propertyValue(\Self.limit, members[0].decode(default: 50, in: context))
                    let _enabled = try Self._propertyValue(\Self.enabled, members[1].decode(default: true, when: .missingOrNull, in: context))
                    self.limit = _limit
                    self.enabled = _enabled
                }

                static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                static var _mayRecordNestedErrors: Bool {
                    _propertyMayRecordNestedErrors(\Self.limit) || _propertyMayRecordNestedErrors(\Self.enabled)
                }

                /// The properties as a JSON object, each under its member name.
                func toJSON() -> JSON {
                    var object = JSONObject()
                    object.append(key: "limit", value: self.limit.toJSON())
                    object.append(key: "enabled", value: self.enabled.toJSON())
                    return .object(object)
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    writer.beginObject()
                    try writer.member(plainLiteral: "limit", self.limit)
                    try writer.member(plainLiteral: "enabled", self.enabled)
                    writer.endObject()
                }

                /// What has arrived so far of a `Settings` value: each property optional.
                typealias Partial = JSONPartial<Self>

                /// Each property with the member it reads, for typed snapshots of a document still arriving.
                static var jsonPartialMembers: [JSONPartialMember<Self>] {
                    [JSONPartialMember(\Self.limit, path: ["limit"]) { json, context throws(JSONDecodingError) in
                            let members = try json.members(Self.jsonMemberNames, expecting: "an object (Settings)")
                            return try Self._propertyValue(\Self.limit, members[0].decode(default: 50, in: context))
                        },
                        JSONPartialMember(\Self.enabled, path: ["enabled"]) { json, context throws(JSONDecodingError) in
                            let members = try json.members(Self.jsonMemberNames, expecting: "an object (Settings)")
                            return try Self._propertyValue(\Self.enabled, members[1].decode(default: true, when: .missingOrNull, in: context))
                        }]
                }

                /// The JSON Schema of what `Settings` reads and writes (see `JSONSchemaDescribing`).
                static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "Settings") { schemas in
                        var object = JSONSchemaObject()
                        object.add(["limit"], schema: schemas.defaulted(schemas.schema(of: \Self.limit), when: .missing), required: false, default: schemas.defaultValue(of: \Self.limit, 50))
                        object.add(["enabled"], schema: schemas.defaulted(schemas.schema(of: \Self.enabled), when: .missingOrNull), required: false, default: schemas.defaultValue(of: \Self.enabled, true))
                        return object.schema(in: &schemas)
                    }
                }
            }
            """#
        }
    }

    /// Each diagnostic's identity is its case's name, whatever values it carries.
    @Test func diagnosticsAreIdentifiedByTheirCase() {
        let id = { (name: String) in MessageID(domain: "KeelMacros", id: name) }
        #expect(ModelDiagnostic.notAStruct.diagnosticID == id("notAStruct"))
        #expect(ModelDiagnostic.repeatedTag("a", case: "b", other: "c").diagnosticID == id("repeatedTag"))
        #expect(ModelDiagnostic.defaultOfWrongType("a string", property: "p", type: "Int").diagnosticID == id("defaultOfWrongType"))
    }

    @Test func appliesOnlyToStructs() {
        assertMacro {
            """
            @JSONModel
            class Model { var a: Int = 0 }
            """
        } diagnostics: {
            """
            @JSONModel
            ┬─────────
            ╰─ 🛑 @JSONModel applies to a struct or an enum
            class Model { var a: Int = 0 }
            """
        }
    }

    @Test func expandsAUnion() {
        assertMacro {
            """
            @JSONModel(tags: .snakeCase, layout: .inline(tag: "kind"))
            enum Shape {
                case circle(radius: Double)
                @JSONTag("box") case square(Side)
                case dot
                @JSONUnknown case other(String)
            }
            """
        } expansion: {
            """
            enum Shape {
                case circle(radius: Double)
                case square(Side)
                case dot
                case other(String)
            }

            extension Shape: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable {
                /// The tags of `Shape`'s cases, in declaration order.
                static let jsonTags: [String] = ["circle", "box", "dot"]

                /// For each case, the members its payload object holds.
                static let jsonCaseMembers: [JSONMemberNames] = [JSONMemberNames(["radius"]), JSONMemberNames([]), JSONMemberNames([]), JSONMemberNames([])]

                /// Reads a `Shape`: the case its tag names, with that case's payload.
                init(json: JSONView, in context: JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let tagValue = try json.requiredMember("kind")
                    let tag = try String.decode(tagValue, in: context)
                    switch tag {
                    case "circle":
                        let members = try json.members(Self.jsonCaseMembers[0], expecting: "an object (Shape.circle)")
                        self = .circle(radius: try members.decode(0, in: context))
                    case "box":
                        self = .square(try json.decode(in: context))
                    case "dot":
                        self = .dot
                    default:
                        try tagValue.reportUnknownTag(knownTags: Self.jsonTags, hasFallback: true, in: context)
                        self = .other(tag)
                    }
                }

                static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                static var _mayRecordNestedErrors: Bool {
                    true
                }

                /// The case as JSON: its tag, and its payload.
                func toJSON() -> JSON {
                    switch self {
                    case .circle(let value0):
                        var object = JSONObject()
                        object.append(key: "radius", value: value0.toJSON())
                        return .unionCase("circle", payload: .object(object), tagKey: "kind", contentKey: nil)
                    case .square(let value0):
                        return .unionCase("box", payload: value0.toJSON(), tagKey: "kind", contentKey: nil)
                    case .dot:
                        return .unionCase("dot", payload: nil, tagKey: "kind", contentKey: nil)
                    case .other(let value0):
                        return .unionCase(value0, payload: nil, tagKey: "kind", contentKey: nil)
                    }
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    switch self {
                    case .circle(let value0):
                        writer.beginObject()
                        try writer.member(plainLiteral: "kind", "circle")
                        try writer.member(plainLiteral: "radius", value0)
                        writer.endObject()
                    case .square:
                        try writer.json(toJSON())
                    case .dot:
                        writer.beginObject()
                        try writer.member(plainLiteral: "kind", "dot")
                        writer.endObject()
                    case .other:
                        try writer.json(toJSON())
                    }
                }

                /// The JSON Schema of what `Shape` reads and writes (see `JSONSchemaDescribing`).
                static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "Shape") { schemas in
                        var union = JSONSchemaUnion(layout: .inline(tag: "kind"))
                        var case0 = JSONSchemaObject()
                        case0.add(["radius"], schema: schemas.schema(of: (Double).self), required: true)
                        union.add(tag: "circle", payload: .members(case0))
                        union.add(tag: "box", payload: .value(schemas.schema(of: (Side).self)))
                        union.add(tag: "dot", payload: .none)
                        union.addFallback()
                        return union.schema(in: &schemas)
                    }
                }
            }
            """
        }
    }

    /// A payload member named like the inline tag is left out of the written object (the tag wins, as in
    /// `toJSON()`), and its value is matched with `_`: a binding left unused warned in every user's build.
    @Test func leavesOutAMemberNamedLikeTheTag() {
        assertMacro {
            """
            @JSONModel(layout: .inline(tag: "kind"))
            enum Labelled {
                case sized(width: Double, kind: String)
            }
            """
        } expansion: {
            """
            enum Labelled {
                case sized(width: Double, kind: String)
            }

            extension Labelled: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable {
                /// The tags of `Labelled`'s cases, in declaration order.
                static let jsonTags: [String] = ["sized"]

                /// For each case, the members its payload object holds.
                static let jsonCaseMembers: [JSONMemberNames] = [JSONMemberNames(["width", "kind"])]

                /// Reads a `Labelled`: the case its tag names, with that case's payload.
                init(json: JSONView, in context: JSONDecodingContext = .strict) throws(JSONDecodingError) {
                    let tagValue = try json.requiredMember("kind")
                    let tag = try String.decode(tagValue, in: context)
                    switch tag {
                    case "sized":
                        let members = try json.members(Self.jsonCaseMembers[0], expecting: "an object (Labelled.sized)")
                        self = .sized(width: try members.decode(0, in: context), kind: try members.decode(1, in: context))
                    default:
                        throw tagValue.unknownTagError(knownTags: Self.jsonTags)
                    }
                }

                static func decode(_ value: JSONView, in context: JSONDecodingContext) throws(JSONDecodingError) -> Self {
                    try Self(json: value, in: context)
                }

                static var _mayRecordNestedErrors: Bool {
                    true
                }

                /// The case as JSON: its tag, and its payload.
                func toJSON() -> JSON {
                    switch self {
                    case .sized(let value0, let value1):
                        var object = JSONObject()
                        object.append(key: "width", value: value0.toJSON())
                        object.append(key: "kind", value: value1.toJSON())
                        return .unionCase("sized", payload: .object(object), tagKey: "kind", contentKey: nil)
                    }
                }

                /// Writes the text of `toJSON()` straight to `writer`.
                func write(to writer: inout JSONTextWriter) throws(JSONWritingError) {
                    switch self {
                    case .sized(let value0, _):
                        writer.beginObject()
                        try writer.member(plainLiteral: "kind", "sized")
                        try writer.member(plainLiteral: "width", value0)
                        writer.endObject()
                    }
                }

                /// The JSON Schema of what `Labelled` reads and writes (see `JSONSchemaDescribing`).
                static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "Labelled") { schemas in
                        var union = JSONSchemaUnion(layout: .inline(tag: "kind"))
                        var case0 = JSONSchemaObject()
                        case0.add(["width"], schema: schemas.schema(of: (Double).self), required: true)
                        union.add(tag: "sized", payload: .members(case0))
                        return union.schema(in: &schemas)
                    }
                }
            }
            """
        }
    }

    @Test func expandsARawValueEnumWithAFallback() {
        assertMacro {
            """
            @JSONModel
            public enum Plan: String {
                case free, pro
                @JSONUnknown case unknown
            }
            """
        } expansion: {
            """
            public enum Plan: String {
                case free, pro
                case unknown
            }

            extension Plan: JSONDecodable, JSONEncodable, JSONSchemaDescribing, JSONPartialDecodable, UnknownCaseRepresentable {
                /// The case a raw value that names no case decodes as.
                public static var unknownCase: Self {
                    .unknown
                }

                /// The JSON Schema of what `Plan` reads and writes (see `JSONSchemaDescribing`).
                public static func jsonSchema(in schemas: inout JSONSchemaBuilder) -> JSON {
                    schemas.definition(of: Self.self, named: "Plan") { schemas in
                        return schemas.enumeration(["free", "pro"], type: "string", open: true)
                    }
                }
            }
            """
        }
    }

    @Test func diagnosesUnionsItCannotRead() {
        assertMacro {
            """
            @JSONModel(layout: .adjacent(tag: "type", content: contentName))
            enum A { case a }
            @JSONModel
            enum B {
                case first
                @JSONTag("first") case second(Int)
                @JSONUnknown case other(String, JSON, Int)
                @JSONUnknown case another
            }
            struct C {
                @JSONTag("c") var c: Int
                @JSONLossy case d
            }
            """
        } diagnostics: {
            """
            @JSONModel(layout: .adjacent(tag: "type", content: contentName))
                               ┬───────────────────────────────────────────
                               ╰─ 🛑 the layout's member names must be string literals
            enum A { case a }
            @JSONModel
            enum B {
                case first
                @JSONTag("first") case second(Int)
                                       ┬──────────
                                       ╰─ 🛑 cases 'second' and 'first' both have the tag "first"
                @JSONUnknown case other(String, JSON, Int)
                                  ┬───────────────────────
                                  ╰─ 🛑 @JSONUnknown case 'other' takes at most two values: the tag, then the payload
                @JSONUnknown case another
                                  ┬──────
                                  ╰─ 🛑 only one case can be @JSONUnknown; 'other' is already
            }
            struct C {
                @JSONTag("c") var c: Int
                ┬────────────
                ╰─ 🛑 @JSONTag applies to a case of a @JSONModel enum
                @JSONLossy case d
                ┬─────────
                ╰─ 🛑 @JSONLossy applies to a stored instance property of a @JSONModel struct, not to an enum case
            }
            """
        }
    }
}
