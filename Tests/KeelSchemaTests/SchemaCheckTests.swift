import Keel
@testable import KeelSchema
import Testing

/// The quick check (``SchemaChecker``) against the evaluator on the cases where its shortcuts could go
/// wrong: keys with escapes, the orders of members it guesses, numbers outside `Int64`, `1` and `1.0` in
/// `uniqueItems`, `propertyNames` schemas the evaluator must run on a key, references followed through,
/// and the evaluation depth. The official suite compares the two on every one of its cases as well.
@Suite struct SchemaCheckTests {
    /// The check's verdict, which must be the evaluator's and the expected one.
    func verdicts(_ schemaText: String, _ instances: [(String, Bool)], options: JSONSchemaOptions = JSONSchemaOptions(),
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let schema = try JSONSchema(parsing: schemaText, options: options)
        #expect(schema.checkProgram != nil, "no program for \(schemaText)", sourceLocation: sourceLocation)
        for (text, expected) in instances {
            let document = try JSONDocument(parsing: text)
            let checked = schema.quickCheck(document.root)
            let evaluated = schema.evaluatorVerdict(document.root)
            #expect(checked == expected, "the check on \(text)", sourceLocation: sourceLocation)
            #expect(evaluated == expected, "the evaluator on \(text)", sourceLocation: sourceLocation)
            #expect(schema.validate(document.root).isValid == expected, "validate on \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func membersAreFoundWhateverTheirOrderAndSpelling() throws {
        // More than eight names, so the table hashes; objects in changing orders, so guesses miss.
        let names = (0..<12).map { "member_\($0)" }
        let properties = names.map { #""\#($0)": {"type": "integer", "minimum": 0}"# }.joined(separator: ", ")
        let schema = #"{"type": "object", "required": ["member_3", "é"], "properties": {\#(properties), "é": {"const": 1}}, "additionalProperties": false}"#
        let inOrder = names.map { #""\#($0)": 1"# }.joined(separator: ", ")
        let reversed = names.reversed().map { #""\#($0)": 1"# }.joined(separator: ", ")
        try verdicts(schema, [
            (#"[{\#(inOrder), "é": 1}]"#, false),  // not an object
            (#"{\#(inOrder), "é": 1}"#, true),
            (#"{\#(reversed), "é": 1}"#, true),
            (#"{"member_3": 1, "\u00e9": 1}"#, true),  // the key written with an escape
            (#"{"member\u005f3": 1, "é": 1}"#, true),
            (#"{"member_3": 1, "é": 2}"#, false),
            (#"{"member_3": -1, "é": 1}"#, false),
            (#"{"member_3": 1}"#, false),  // a required name missing
            (#"{"member_3": 1, "é": 1, "member_12": 1}"#, false),  // not listed
            (#"{"member_3": 1, "member_3": 2, "é": 1}"#, true),  // a repeated key counts once
        ])
    }

    @Test func numbersOutsideSmallIntegersGoToExactComparison() throws {
        try verdicts(#"{"minimum": 5, "maximum": 9223372036854775807, "multipleOf": 5}"#, [
            ("5", true), ("4", false), ("10", true), ("11", false),
            ("5.0", true), ("1e1", true), ("12.5", false),
            ("9223372036854775805", true),  // 19 digits: past the in-place parse, decided exactly
            ("9223372036854775808", false),
            ("92233720368547758050", false),
        ])
        try verdicts(#"{"type": "integer"}"#, [("1", true), ("1.0", true), ("1.5", false), ("1e400", true), ("\"1\"", false)])
        try verdicts(#"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer"}"#, [("1", true), ("1.0", false)])
    }

    @Test func uniqueItemsComparesValuesNotSpellings() throws {
        try verdicts(#"{"uniqueItems": true}"#, [
            ("[1, 2, 3]", true), ("[1, 2, 1]", false), ("[1, 1.0]", false), ("[\"a\", \"b\"]", true),
            ("[\"a\", \"\\u0061\"]", false), ("[1, \"1\"]", true), ("[{\"a\": 1}, {\"a\": 1}]", false),
            ("[" + (0..<40).map(String.init).joined(separator: ",") + "]", true),
            ("[" + (0..<40).map(String.init).joined(separator: ",") + ",0]", false),
        ])
    }

    @Test func propertyNamesRunOnEachKey() throws {
        try verdicts(#"{"propertyNames": {"pattern": "^[a-z]+$", "maxLength": 3}}"#, [
            (#"{"abc": 1, "de": [1]}"#, true), (#"{"abcd": 1}"#, false), (#"{"a1": 1}"#, false), ("{}", true), ("[1]", true),
        ])
        // `const` and `enum` of other values run in the evaluator, on the key as a string.
        try verdicts(#"{"propertyNames": {"not": {"const": "forbidden"}}}"#, [
            (#"{"allowed": 1}"#, true), (#"{"forbidden": 1}"#, false), (#"{"forbid\u0064en": 1}"#, false),
        ])
        try verdicts(#"{"propertyNames": {"enum": ["a", 1]}}"#, [(#"{"a": 1}"#, true), (#"{"b": 1}"#, false)])
    }

    @Test func referencesAndApplicators() throws {
        let schema = ##"""
            {"$defs": {"id": {"type": "integer", "minimum": 1}, "alias": {"$ref": "#/$defs/id"},
                       "tree": {"type": "object", "properties": {"children": {"items": {"$ref": "#/$defs/tree"}}}}},
             "properties": {"id": {"$ref": "#/$defs/alias"}, "tree": {"$ref": "#/$defs/tree"},
                            "pick": {"oneOf": [{"type": "string"}, {"minLength": 2}]},
                            "either": {"anyOf": [{"type": "null"}, {"minimum": 3}]},
                            "when": {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "number"}}},
             "patternProperties": {"^x-": {"type": "boolean"}},
             "additionalProperties": {"type": "string"}}
            """##
        try verdicts(schema, [
            (#"{"id": 1, "tree": {"children": [{"children": []}]}}"#, true),
            (#"{"id": 0}"#, false),
            (#"{"tree": {"children": [{"children": [1]}]}}"#, false),
            (#"{"pick": 1}"#, true), (#"{"pick": "ab"}"#, false), (#"{"pick": "a"}"#, true),
            (#"{"either": null}"#, true), (#"{"either": 2}"#, false),
            (#"{"when": "ab"}"#, true), (#"{"when": "a"}"#, false), (#"{"when": 1}"#, true), (#"{"when": true}"#, false),
            (#"{"x-flag": true, "other": "text"}"#, true), (#"{"x-flag": 1}"#, false), (#"{"other": 1}"#, false),
        ])
    }

    @Test func theDepthLimitIsCountedAsTheEvaluatorCountsIt() throws {
        var options = JSONSchemaOptions()
        options.maximumEvaluationDepth = 20
        let schema = ##"{"$defs": {"node": {"$ref": "#/$defs/list"}, "list": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "$ref": "#/$defs/node"}"##
        for depth in 1...16 {
            let document = try JSONDocument(parsing: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
            let compiled = try JSONSchema(parsing: schema, options: options)
            #expect(compiled.isValid(document.root) == compiled.evaluatorVerdict(document.root), "at depth \(depth)")
        }
        let deep = try JSONDocument(parsing: String(repeating: "[", count: 30) + String(repeating: "]", count: 30))
        let compiled = try JSONSchema(parsing: schema, options: options)
        #expect(!compiled.isValid(deep.root))
        #expect(compiled.validate(deep.root).failures.first?.message.contains("nests more than") == true)
    }

    @Test func dynamicReferencesLeaveTheEvaluatorAlone() throws {
        let schema = try JSONSchema(parsing: ##"{"$dynamicAnchor": "meta", "items": {"$dynamicRef": "#meta"}}"##)
        #expect(schema.checkProgram == nil)
        #expect(schema.isValid(try JSONDocument(parsing: "[[1]]").root))
    }
}
