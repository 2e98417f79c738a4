// Models read from JSON Schemas: every draft's way of saying a type, what becomes JSON with a note, and every
// schema of the official test suite and the meta-schemas read without a failure or a dangling name.
import Foundation
import Keel
import KeelModeling
import KeelTestSupport
import Testing

@Suite struct SchemaModelTests {
    static func models(_ text: String, rootName: String = "Root") throws -> ModelSet {
        ModelSet(schema: try JSONDocument(parsing: text).root, rootName: rootName)
    }

    static func members(of name: String, in models: ModelSet) -> [String: ModelMember] {
        guard case .structure(let members)? = models.declaration(named: name)?.kind else { return [:] }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0) })
    }

    @Test func draftFourDefinitionsNullablesAndAllOf() throws {
        let models = try Self.models("""
            {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "required": ["user", "base"],
             "properties": {
               "user": {"$ref": "#/definitions/user"},
               "maybe": {"type": ["object", "null"], "properties": {"x": {"type": "integer"}}},
               "either": {"anyOf": [{"type": "string"}, {"type": "null"}]},
               "base": {"allOf": [{"$ref": "#/definitions/user"}, {"properties": {"admin": {"type": "boolean"}}, "required": ["admin"]}]}
             },
             "definitions": {"user": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}}}}
            """)
        let root = Self.members(of: "Root", in: models)
        #expect(root["user"]?.type == .named("User"))
        #expect(root["user"]?.isRequired == true)
        #expect(root["maybe"]?.type == .named("Maybe"))
        #expect(root["maybe"]?.isNullable == true)
        #expect(root["either"]?.type == .string)
        #expect(root["either"]?.isNullable == true)
        #expect(root["base"]?.type == .named("Base"))
        let base = Self.members(of: "Base", in: models)
        #expect(base.keys.sorted() == ["admin", "id", "name"])
        #expect(base["admin"]?.isRequired == true && base["id"]?.isRequired == true && base["name"]?.isRequired == false)
    }

    @Test func enumsAndTaggedUnions() throws {
        let models = try Self.models("""
            {"type": "object", "properties": {
               "level": {"enum": ["low", "high", null]},
               "code": {"enum": [1, 2, 3]},
               "shape": {"oneOf": [
                 {"type": "object", "properties": {"kind": {"enum": ["circle"]}, "r": {"type": "number"}}, "required": ["kind", "r"]},
                 {"type": "object", "properties": {"kind": {"const": "square"}, "side": {"type": "number"}}}
               ]},
               "loose": {"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "string"}}}]}
             }}
            """)
        let root = Self.members(of: "Root", in: models)
        #expect(root["level"]?.type == .named("Level"))
        #expect(root["level"]?.isNullable == true)
        #expect(models.declaration(named: "Level")?.kind == .enumeration([ModelEnumCase(value: "low", caseName: "low"), ModelEnumCase(value: "high", caseName: "high")]))
        #expect(root["code"]?.type == .integer)
        #expect(root["code"]?.notes == ["One of 1, 2, 3."])
        guard case .union(let tagKey, let variants)? = models.declaration(named: "Shape")?.kind else {
            Issue.record("no union")
            return
        }
        #expect(tagKey == "kind")
        #expect(variants.map(\.tag) == ["circle", "square"])
        #expect(Self.members(of: "Circle", in: models)["kind"] == nil)
        #expect(Self.members(of: "Circle", in: models)["r"]?.isRequired == true)
        #expect(root["loose"]?.type == .json)
        #expect(root["loose"]?.notes == ["One of 2 schemas (`oneOf`), typed JSON."])
    }

    @Test func whatAModelCannotHoldIsNoted() throws {
        let models = try Self.models("""
            {"type": "object", "additionalProperties": false, "properties": {
               "nothing": false, "anything": true,
               "remote": {"$ref": "other.json#/x"},
               "pair": {"type": "array", "prefixItems": [{"type": "string"}]},
               "mixed": {"type": ["string", "number"]},
               "name": {"type": "string", "minLength": 1, "pattern": "^a", "format": "email"},
               "patterned": {"type": "object", "patternProperties": {"^x": {"type": "string"}}}
             }}
            """)
        #expect(models.declaration(named: "Root")?.notes == ["Not checked when decoding: no other members (additionalProperties false)."])
        let root = Self.members(of: "Root", in: models)
        #expect(root["nothing"]?.notes == ["The schema accepts no value."])
        #expect(root["anything"]?.type == .json)
        #expect(root["anything"]?.notes == [])
        #expect(root["remote"]?.notes == ["Refers to other.json#/x, which is not in this document: typed JSON."])
        #expect(root["pair"]?.type == .array(.json))
        #expect(root["mixed"]?.notes == ["One of the types string, number, typed JSON."])
        #expect(root["name"]?.notes == [#"Not checked when decoding: minLength 1; pattern "^a"; format email."#])
        #expect(root["patterned"]?.type == .dictionary(.json))
        let text = SwiftModelSource(models).text
        #expect(text.contains("    // Refers to other.json#/x, which is not in this document: typed JSON.\n    let remote: JSON?\n"))
    }

    @Test func referencesThatLoopEnd() throws {
        let tree = try Self.models(##"{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}, "parent": {"$ref": "#"}}}"##, rootName: "Node")
        #expect(Self.members(of: "Node", in: tree)["children"]?.type == .array(.named("Node")))
        #expect(Self.members(of: "Node", in: tree)["parent"]?.type == .json, "a struct cannot hold itself")
        let loop = try Self.models(##"{"type": "object", "properties": {"a": {"$ref": "#/$defs/b"}}, "$defs": {"b": {"$ref": "#/$defs/c"}, "c": {"$ref": "#/$defs/b"}}}"##)
        #expect(Self.members(of: "Root", in: loop)["a"]?.type == .json)
        let depth = 20_000
        var options = JSONParsingOptions()
        options.maximumDepth = 100_000
        let deep = String(repeating: #"{"type": "array", "items": "#, count: depth) + "{}" + String(repeating: "}", count: depth)
        let models = ModelSet(schema: try JSONDocument(parsing: deep, options: options).root, rootName: "Deep")
        #expect(!SwiftModelSource(models).text.isEmpty)
    }

    /// Every named type a model set uses is declared once, and each type's property and case names are unique:
    /// what the Swift source needs to compile, short of compiling it.
    static func consistencyProblems(in models: ModelSet) -> [String] {
        var problems: [String] = []
        let names = models.declarations.map(\.name)
        if Set(names).count != names.count { problems.append("repeated type names \(names)") }
        func check(_ type: ModelType) {
            switch type {
            case .named(let name) where !names.contains(name): problems.append("no declaration for \(name)")
            case .array(let inner), .dictionary(let inner), .optional(let inner): check(inner)
            default: break
            }
        }
        check(models.root)
        for declaration in models.declarations {
            switch declaration.kind {
            case .structure(let members):
                members.forEach { check($0.type) }
                if Set(members.map(\.propertyName)).count != members.count { problems.append("repeated properties in \(declaration.name)") }
            case .union(_, let variants):
                variants.forEach { check(.named($0.payload)) }
                if Set(variants.map(\.caseName)).count != variants.count { problems.append("repeated cases in \(declaration.name)") }
            case .enumeration(let cases):
                if Set(cases.map(\.caseName)).count != cases.count { problems.append("repeated cases in \(declaration.name)") }
            }
        }
        return problems
    }

    @Test func everySchemaOfTheTestSuiteAndTheMetaSchemasReads() throws {
        guard let suite = SharedFixtures.jsonSchemaTestSuite else { return }  // FixturePresenceTests fails for this in CI
        var schemas = 0
        let folders = [suite.appendingPathComponent("tests"), SharedFixtures.repositoryRoot.appendingPathComponent("../shared/json-schema-metaschemas")]
        for folder in folders {
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".json") {
                let root = try JSONDocument(parsing: try SharedFixtures.bytes(of: folder.appendingPathComponent(file))).root
                // A test file holds groups of tests, each with its schema; a meta-schema is one.
                let found = root.kind == .array ? root.elements.compactMap { $0.member("schema") } : [root]
                for schema in found {
                    let models = ModelSet(schema: schema, rootName: "Root")
                    #expect(Self.consistencyProblems(in: models) == [], "\(file)")
                    _ = SwiftModelSource(models).text
                    schemas += 1
                }
            }
        }
        #expect(schemas > 1_000)
    }

    @Test func inferredModelsAreConsistentToo() throws {
        for fixture in ModelFixture.all where fixture.schema == nil {
            var inference = ModelInference(rootName: "Root")
            inference.add(contentsOf: try fixture.samples().samples)
            #expect(Self.consistencyProblems(in: inference.models()) == [], "\(fixture)")
        }
    }
}
