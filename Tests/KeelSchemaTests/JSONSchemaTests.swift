import Foundation
import Keel
import KeelSchema
import Testing

/// What the suite does not check: the failures' messages and locations, the output formats, compile-time
/// errors, exact numbers, patterns, limits against hostile schemas and instances, and sharing across threads.
@Suite struct JSONSchemaTests {
    static let order = """
        {
          "$id": "https://example.com/order",
          "type": "object",
          "required": ["id", "items"],
          "properties": {
            "id": {"type": "string", "pattern": "^[A-Z]{2}-\\\\d+$"},
            "items": {"type": "array", "maxItems": 3, "items": {"$ref": "#/$defs/item"}},
            "total": {"type": "number", "multipleOf": 0.01}
          },
          "$defs": {"item": {"type": "object", "required": ["sku"], "properties": {"quantity": {"type": "integer", "minimum": 1}}}}
        }
        """

    @Test func everyFailureNamesTheInstanceTheTextAndTheSchema() throws {
        let schema = try JSONSchema(parsing: Self.order)
        let document = try JSONDocument(parsing: """
            {"id": "ab-1",
             "items": [{"sku": "x", "quantity": 0}, {"quantity": 2}, {}, {}],
             "total": 10.005}
            """)
        let result = schema.validate(document.root)
        #expect(!result.isValid)
        #expect(!schema.isValid(document.root))
        let described = result.failures.map { "\($0.instancePointer) \($0.keywordLocation) \($0.sourceLocation.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(described == [
            #"/id #/properties/id/pattern 1:8 expected a string matching ^[A-Z]{2}-\d+$, found a string "ab-1""#,
            "/items #/properties/items/maxItems 2:11 expected at most 3 items, found 4",
            "/items/0/quantity #/properties/items/items/$ref/properties/quantity/minimum 2:37 expected a number at least 1, found 0",
            #"/items/1 #/properties/items/items/$ref/required 2:41 missing the required property "sku""#,
            #"/items/2 #/properties/items/items/$ref/required 2:58 missing the required property "sku""#,
            #"/items/3 #/properties/items/items/$ref/required 2:62 missing the required property "sku""#,
            "/total #/properties/total/multipleOf 3:11 expected a multiple of 0.01, found 10.005",
        ])
        // After a `$ref`, the absolute location is the keyword's place in the resource that holds it.
        #expect(result.failures[2].absoluteKeywordLocation == "https://example.com/order#/$defs/item/properties/quantity/minimum")
        #expect(result.failures[2].description
                    == "line 2, column 37: expected a number at least 1, found 0 (at /items/0/quantity, schema #/properties/items/items/$ref/properties/quantity/minimum)")
    }

    @Test func theStandardOutputFormats() throws {
        let schema = try JSONSchema(parsing: #"{"properties": {"a": {"type": "string"}}}"#)
        #expect(schema.validate(try JSONDocument(parsing: #"{"a": "x"}"#).root).output(.basic) == ["valid": true])
        let result = schema.validate(try JSONDocument(parsing: #"{"a": 1}"#).root)
        #expect(result.output(.flag) == ["valid": false])
        #expect(result.output(.basic) == [
            "valid": false,
            "errors": [[
                "keywordLocation": "#/properties/a/type",
                "absoluteKeywordLocation": "keel:///schema.json#/properties/a/type",
                "instanceLocation": "/a",
                "error": "expected string, found a number 1",
            ]],
        ])
    }

    @Test func valuesBuiltInSwiftValidateWithoutSourceLocations() throws {
        let schema = try JSONSchema(parsing: #"{"type": "array", "items": {"enum": [1, "two", null]}}"#)
        #expect(schema.validate([1, "two", nil, 1.0] as JSON).isValid)
        let result = schema.validate([1, "three"] as JSON)
        #expect(result.failures.map(\.instancePointer) == ["/1"])
        #expect(result.failures.first?.sourceLocation == nil)
        #expect(result.failures.first?.message == #"expected one of 1, "two", null, found a string "three""#)
    }

    @Test func compileErrorsNameTheProblemAndThePlace() {
        func error(_ text: String, registry: JSONSchemaRegistry = JSONSchemaRegistry()) -> JSONSchemaError? {
            do { _ = try JSONSchema(parsing: text, registry: registry); return nil } catch { return error }
        }
        let unresolvable = error(#"{"properties": {"a": {"$ref": "https://example.com/missing.json#/x"}}}"#)
        #expect(unresolvable?.kind == .unresolvableReference)
        #expect(unresolvable?.message.contains("https://example.com/missing.json#/x") == true)
        #expect(unresolvable?.schemaLocation == "keel:///schema.json#/properties/a")
        #expect(error(##"{"$ref": "#/$defs/nothing"}"##)?.kind == .unresolvableReference)
        #expect(error(#"{"$schema": "https://example.com/unknown-meta"}"#)?.kind == .unknownMetaSchema)
        #expect(error(#"{"minimum": "3"}"#)?.message == "minimum must be a number, not a string")
        #expect(error(#"{"pattern": "(unclosed"}"#)?.kind == .invalidKeyword)
        #expect(error(#"{"type": "integr"}"#)?.kind == .invalidKeyword)
        #expect(error(#"{"multipleOf": 0}"#)?.kind == .invalidKeyword)
        #expect(error("{")?.kind == .syntax)
        #expect(error("3")?.kind == .invalidKeyword)
    }

    @Test func referencesReachSchemasInTheRegistryByTheirIDs() throws {
        var registry = JSONSchemaRegistry()
        try registry.add(text: #"{"$id": "https://example.com/address", "type": "object", "required": ["city"]}"#)
        try registry.add(text: #"{"type": "string", "minLength": 2}"#, as: "https://example.com/code")
        let schema = try JSONSchema(parsing: #"""
            {"properties": {"address": {"$ref": "https://example.com/address"}, "code": {"$ref": "https://example.com/code"}}}
            """#, registry: registry)
        #expect(schema.isValid(try JSONDocument(parsing: #"{"address": {"city": "Oslo"}, "code": "NO"}"#).root))
        let failures = schema.validate(try JSONDocument(parsing: #"{"address": {}, "code": "N"}"#).root).failures
        #expect(failures.map(\.absoluteKeywordLocation) == ["https://example.com/address#/required", "https://example.com/code#/minLength"])
        #expect(registry.uris == ["https://example.com/address", "https://example.com/code"])
        #expect(throws: JSONSchemaError.self) {
            var empty = JSONSchemaRegistry()
            try empty.add(text: #"{"type": "string"}"#)
        }
    }

    @Test func aFolderOfSchemaFilesResolvesRelativeReferencesAndIDs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keel-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("common"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"$ref": "common/id.json"}"#.write(to: folder.appendingPathComponent("order.json"), atomically: true, encoding: .utf8)
        try #"{"$id": "https://example.com/id", "type": "string", "pattern": "^[0-9]+$"}"#
            .write(to: folder.appendingPathComponent("common/id.json"), atomically: true, encoding: .utf8)
        var registry = JSONSchemaRegistry()
        #expect(try registry.addSchemas(inFolder: folder) == 2)
        var options = JSONSchemaOptions()
        options.baseURI = folder.appendingPathComponent("order.json").absoluteString
        let byPath = try JSONSchema(parsing: #"{"$ref": "common/id.json"}"#, registry: registry, options: options)
        #expect(byPath.isValid(try JSONDocument(parsing: #""42""#).root))
        #expect(!byPath.isValid(try JSONDocument(parsing: #""x""#).root))
        let byID = try JSONSchema(parsing: #"{"$ref": "https://example.com/id"}"#, registry: registry)
        #expect(!byID.isValid(try JSONDocument(parsing: "42").root))
        #expect(throws: JSONSchemaError.self) {
            var empty = JSONSchemaRegistry()
            try empty.addSchemas(inFolder: folder.appendingPathComponent("missing"))
        }
    }

    @Test func theDialectComesFromSchemaOrTheOptions() throws {
        // Draft-04's boolean `exclusiveMaximum` against 2020-12's numeric one.
        let draft4 = try JSONSchema(parsing: ##"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 3, "exclusiveMaximum": true}"##)
        #expect(!draft4.isValid(try JSONDocument(parsing: "3").root))
        #expect(throws: JSONSchemaError.self) { try JSONSchema(parsing: #"{"maximum": 3, "exclusiveMaximum": true}"#) }
        let chosen = try JSONSchema(parsing: #"{"maximum": 3, "exclusiveMaximum": true}"#, options: JSONSchemaOptions(defaultDialect: .draft4))
        #expect(!chosen.isValid(try JSONDocument(parsing: "3").root))
        // Before 2019-09, `$ref` hides the keywords beside it.
        let draft7 = try JSONSchema(parsing: ##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"a": {}}, "$ref": "#/definitions/a", "type": "string"}"##)
        #expect(draft7.isValid(try JSONDocument(parsing: "1").root))
        let current = try JSONSchema(parsing: ##"{"$defs": {"a": {}}, "$ref": "#/$defs/a", "type": "string"}"##)
        #expect(!current.isValid(try JSONDocument(parsing: "1").root))
        // Real schemas name dialects in either scheme, and sometimes name none in particular.
        for uri in ["https://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-04/schema", "http://json-schema.org/draft/2020-12/schema"] {
            #expect(JSONSchemaDialect(metaSchemaURI: uri) != nil, "\(uri)")
        }
        let https7 = try JSONSchema(parsing: ##"{"$schema": "https://json-schema.org/draft-07/schema#", "definitions": {"a": {}}, "$ref": "#/definitions/a", "type": "string"}"##)
        #expect(https7.isValid(try JSONDocument(parsing: "1").root))
        let latest = try JSONSchema(parsing: #"{"$schema": "http://json-schema.org/schema#", "type": "string"}"#)
        #expect(!latest.isValid(try JSONDocument(parsing: "1").root))
    }

    @Test func numbersCompareExactly() throws {
        func valid(_ schema: String, _ instance: String) throws -> Bool {
            try JSONSchema(parsing: schema).isValid(JSONDocument(parsing: instance).root)
        }
        #expect(try valid(#"{"multipleOf": 0.01}"#, "0.07"))
        #expect(try valid(#"{"multipleOf": 0.1}"#, "0.3"))
        #expect(try !valid(#"{"multipleOf": 0.01}"#, "0.075"))
        #expect(try !valid(#"{"multipleOf": 0.123456789}"#, "1e308"))
        #expect(try valid(#"{"multipleOf": 1e-300}"#, "1e300"))
        #expect(try valid(#"{"multipleOf": 12345678901234567890123}"#, "24691357802469135780246"))
        #expect(try !valid(#"{"multipleOf": 12345678901234567890123}"#, "24691357802469135780247"))
        #expect(try !valid(#"{"maximum": 9007199254740992}"#, "9007199254740993"))
        #expect(try valid(#"{"minimum": 0.1}"#, "0.10000000000000001"))
        #expect(try !valid(#"{"exclusiveMinimum": 0.1}"#, "0.1"))
        #expect(try valid(#"{"type": "integer"}"#, "1.0"))
        #expect(try valid(#"{"type": "integer"}"#, "1e2"))
        #expect(try !valid(#"{"type": "integer"}"#, "1.5"))
        #expect(try valid(#"{"const": 1}"#, "1.0"))
        #expect(try valid(#"{"uniqueItems": true}"#, "[1, 1.5, \"1\"]"))
        #expect(try !valid(#"{"uniqueItems": true}"#, "[{\"a\": 1, \"b\": 2}, {\"b\": 2, \"a\": 1.0}]"))
    }

    @Test func patternsFollowECMAScript() throws {
        func matches(_ pattern: String, _ text: String) throws -> Bool {
            try JSONSchema(JSON.object(["pattern": .string(pattern)])).isValid(JSONDocument(parsing: JSON.string(text).description).root)
        }
        #expect(try matches("b", "abc"))                          // anywhere, unless anchored
        #expect(try !matches("^b", "abc"))
        #expect(try !matches("^\\d+$", "١٢٣"))                   // \d is ASCII only
        #expect(try matches("^\\w+$", "abc_123"))
        #expect(try !matches("^\\w+$", "é"))
        #expect(try matches("^\\p{L}+$", "héllo"))
        #expect(try matches("\\bcat\\b", "a cat sat"))
        #expect(try !matches("\\bcat\\b", "concatenate"))
        #expect(try matches("^[^\\s]+$", "a\u{00A0}b") == false)  // \s includes no-break space
        #expect(try matches("^\\u{1F600}$", "😀"))
        #expect(try matches("^.$", "😀"))                         // one code point, not two UTF-16 units
        #expect(try matches("^(?:ab)+?$", "abab"))
        // Lookaround and backreferences run on Swift's Regex.
        #expect(try matches("^(?=.*\\d)[a-z\\d]+$", "abc1"))
        #expect(try !matches("^(?=.*\\d)[a-z\\d]+$", "abc"))
        #expect(try matches("^(a)\\1$", "aa"))
    }

    @Test func hostileSchemasAndInstancesEndWithinLimits() throws {
        // A pattern that backtracking engines take exponential time on.
        let pattern = try JSONSchema(parsing: #"{"pattern": "^(a+)+$"}"#)
        let text = String(repeating: "a", count: 50_000) + "!"
        #expect(!pattern.isValid(try JSONDocument(parsing: JSON.string(text).description).root))

        // A schema nested deeper than the compiler allows.
        let deep = String(repeating: #"{"items":"#, count: 5_000) + "true" + String(repeating: "}", count: 5_000)
        var parsing = JSONParsingOptions()
        parsing.maximumDepth = 10_000
        let deepSchema = try JSON(parsing: deep, options: parsing)
        #expect(throws: JSONSchemaError.self) { try JSONSchema(deepSchema) }

        // References that loop without consuming the instance.
        let loop = try JSONSchema(parsing: ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##)
        let result = loop.validate(try JSONDocument(parsing: "1").root)
        #expect(!result.isValid)
        #expect(result.failures.first?.message.contains("nests more than") == true)

        // A recursive schema over nested instances: valid to a realistic depth; at the parser's limit, valid
        // or a failure that says the stack ran short (a debug build's frames are large), never a crash.
        let tree = try JSONSchema(parsing: ##"{"type": "array", "items": {"$ref": "#"}}"##)
        func nested(_ depth: Int) throws -> JSONDocument {
            try JSONDocument(parsing: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
        #expect(tree.isValid(try nested(64).root))
        let deepest = tree.validate(try nested(512).root)
        #expect(deepest.isValid || deepest.failures.first?.message.contains("stack allows") == true)

        // Numbers far apart: decided exactly, or reported, never a hang.
        let far = try JSONSchema(parsing: #"{"multipleOf": 1e-99999}"#)
        #expect(far.isValid(try JSONDocument(parsing: "1e99999").root))
        let wide = try JSONSchema(parsing: #"{"multipleOf": 1234567890123456789012345678901234567890e-999999}"#)
        let wideResult = wide.validate(try JSONDocument(parsing: "1e999999").root)
        #expect(wideResult.failures.first?.message.contains("cannot decide exactly") == true)
    }

    @Test func oneSchemaValidatesFromManyThreadsAtOnce() async throws {
        let schema = try JSONSchema(parsing: Self.order)
        let valid = try JSONDocument(parsing: #"{"id": "AB-1", "items": [{"sku": "x", "quantity": 2}], "total": 10.25}"#)
        let invalid = try JSONDocument(parsing: #"{"id": "AB-1", "items": [{"quantity": 0}]}"#)
        let counts = await withTaskGroup(of: (Bool, Int).self) { group in
            for index in 0..<64 {
                group.addTask {
                    index.isMultiple(of: 2) ? (schema.isValid(valid.root), 0) : (false, schema.validate(invalid.root).failures.count)
                }
            }
            var seen: [(Bool, Int)] = []
            for await result in group { seen.append(result) }
            return seen
        }
        #expect(counts.filter { $0.0 }.count == 32)
        #expect(counts.filter { $0.1 == 2 }.count == 32)
    }

    @Test func formatsAreAnnotationsUnlessAsserted() throws {
        let text = #"{"properties": {"when": {"format": "date-time"}, "ip": {"format": "ipv4"}, "mail": {"format": "email"}}}"#
        let instance = try JSONDocument(parsing: #"{"when": "2026-02-30T10:00:00Z", "ip": "256.1.1.1", "mail": "no-at-sign"}"#)
        #expect(try JSONSchema(parsing: text).isValid(instance.root))
        let asserted = try JSONSchema(parsing: text, options: JSONSchemaOptions(assertsFormats: true))
        #expect(asserted.validate(instance.root).failures.map(\.instancePointer) == ["/when", "/ip", "/mail"])
        #expect(asserted.isValid(try JSONDocument(parsing: #"{"when": "2024-02-29T23:59:60Z", "ip": "10.0.0.1", "mail": "a@b.example"}"#).root))
    }
}
