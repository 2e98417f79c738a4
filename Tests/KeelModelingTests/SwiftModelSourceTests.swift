// How a model set is written as Swift: attributes, key styles, literals, optional and field members, unions
// and the choices in `SwiftModelSource.Options`.
import Keel
import KeelModeling
import Testing

@Suite struct SwiftModelSourceTests {
    static func member(_ key: String, _ property: String, _ type: ModelType, required: Bool = true, nullable: Bool = false) -> ModelMember {
        ModelMember(key: key, propertyName: property, type: type, isRequired: required, isNullable: nullable, occurrences: 1)
    }

    static func text(_ declarations: [ModelDeclaration], root: ModelType? = nil, options: SwiftModelSource.Options = .init()) -> String {
        SwiftModelSource(ModelSet(root: root ?? .named(declarations[0].name), rootName: "Root", declarations: declarations, samples: 1),
                         options: options).text
    }

    @Test func snakeCaseIsChosenWhenItSpellsMoreMembers() {
        let snake = Self.text([ModelDeclaration(name: "Root", kind: .structure([
            Self.member("screen_name", "screenName", .string), Self.member("id_str", "idStr", .string),
            Self.member("Content-Type", "contentType", .string),
        ]), occurrences: 1)])
        #expect(snake == """
            import Keel
            import KeelMacros

            @JSONModel(keys: .snakeCase)
            struct Root: Sendable, Hashable {
                let screenName: String
                let idStr: String
                @JSONKey("Content-Type") let contentType: String
            }

            """)
        let written = Self.text([ModelDeclaration(name: "Root", kind: .structure([
            Self.member("id", "id", .integer), Self.member("first_name", "firstName", .string),
            Self.member("lastName", "lastName", .string), Self.member("URL", "url", .string),
        ]), occurrences: 1)])
        #expect(written.contains("@JSONModel\nstruct Root"))
        #expect(written.contains("    @JSONKey(\"first_name\") let firstName: String\n    let lastName: String\n    @JSONKey(\"URL\") let url: String\n"))
    }

    @Test func optionalsFieldsDatesAndNestedTypes() {
        let declaration = ModelDeclaration(name: "Root", kind: .structure([
            Self.member("a", "a", .integer, required: false), Self.member("b", "b", .string, nullable: true),
            Self.member("c", "c", .date(.rfc3339)), Self.member("d", "d", .date(.pattern("yyyy-MM-dd")), nullable: true),
            Self.member("e", "e", .array(.optional(.double))), Self.member("f", "f", .dictionary(.array(.named("Item")))),
            Self.member("g", "g", .json, required: false, nullable: true),
        ]), occurrences: 1)
        let plain = Self.text([declaration])
        #expect(plain.contains("""
                let a: Int?
                let b: String?
                @JSONDate(.rfc3339) let c: JSONTimestamp
                @JSONDate(.pattern("yyyy-MM-dd")) let d: JSONTimestamp?
                let e: [Double?]
                let f: [String: [Item]]
                let g: JSON?
            """))
        var options = SwiftModelSource.Options()
        options.keepsNulls = true
        options.isPublic = true
        options.header = ["Line one.", ""]
        let fields = Self.text([declaration], options: options)
        #expect(fields.hasPrefix("// Line one.\n//\nimport Keel\n"))
        #expect(fields.contains("public struct Root: Sendable, Hashable {"))
        #expect(fields.contains("""
                public let a: Int?
                public let b: JSONField<String>
                @JSONDate(.rfc3339) public let c: JSONTimestamp
                public let d: JSONField<String>
            """), "a field cannot carry a date format, so a nullable date stays text")
        #expect(fields.contains("public let g: JSONField<JSON>"))
    }

    @Test func keysAndTagsAreEscapedAsSwiftLiterals() {
        let text = Self.text([ModelDeclaration(name: "Root", kind: .structure([
            Self.member("say \"hi\"\\\n\t\u{1}é", "sayHi", .string),
        ]), occurrences: 1)])
        #expect(text.contains(#"@JSONKey("say \"hi\"\\\n\t\u{1}é") let sayHi: String"#))
    }

    @Test func unionsAreInlineTaggedEnumsWithAFallback() {
        let declarations = [
            ModelDeclaration(name: "Shape", kind: .union(tagKey: "kind", variants: [
                ModelVariant(tag: "circle", caseName: "circle", payload: "Circle"),
                ModelVariant(tag: "other", caseName: "other", payload: "Other"),
                ModelVariant(tag: "big-dot", caseName: "bigDot", payload: "BigDot"),
            ]), occurrences: 3),
            ModelDeclaration(name: "Circle", kind: .structure([Self.member("r", "r", .double)]), occurrences: 1),
            ModelDeclaration(name: "Other", kind: .structure([Self.member("x", "x", .double)]), occurrences: 1),
            ModelDeclaration(name: "BigDot", kind: .structure([]), occurrences: 1),
        ]
        let text = Self.text(declarations)
        #expect(text.contains("""
            @JSONModel(layout: .inline(tag: "kind"))
            enum Shape: Sendable, Hashable {
                case circle(Circle)
                case other(Other)
                @JSONTag("big-dot") case bigDot
                /// A tag no sample had, with the whole object.
                @JSONUnknown case unknown(String, JSON)
            }
            """))
        #expect(!text.contains("struct BigDot"), "a variant with no members of its own is a case without a value")
    }

    @Test func aRootThatIsNotATypeIsAnAlias() {
        let text = SwiftModelSource(ModelSet(root: .array(.named("User")), rootName: "Users", declarations: [
            ModelDeclaration(name: "User", kind: .structure([Self.member("id", "id", .integer)]), occurrences: 1),
        ], samples: 1)).text
        #expect(text.contains("import KeelMacros\n\ntypealias Users = [User]\n\n@JSONModel\nstruct User"))
    }
}
