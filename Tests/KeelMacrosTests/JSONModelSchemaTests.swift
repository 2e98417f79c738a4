// The JSON Schemas `@JSONModel` types describe: what they say for each option, that they are valid 2020-12
// schemas, that Keel's validator accepts exactly the documents the generated decoder accepts (looser where the
// docs say so, never stricter), and the structured-output subset.
import Foundation
import Keel
import KeelMacros
import KeelSchema
import Testing

/// A tree node that holds its own type through an array: a `$ref` back to the root.
@JSONModel struct Outline { let title: String; var children: [Outline] = [] }

/// A raw-value enum, closed and open.
@JSONModel enum Size: String { case small, large = "LARGE" }
@JSONModel enum Level: Int { case low = 1, middle, high }
@JSONModel enum OpenSize: String { case small; @JSONUnknown case other }

/// A record of everything the structured-output subset can say.
@JSONModel(keys: .snakeCase)
struct Reply {
    /// The answer, in one sentence.
    let answer: String
    var confidence: Double?
    let sources: [Source]
    let size: Size
}
@JSONModel struct Source { let url: String; var quote: JSONField<String> }

/// Compares decoder and validator on a model's seeds and every mutation of them.
struct Agreement: CustomTestStringConvertible {
    let name: String
    let seeds: [String]
    /// Each document tried (the seeds and their variants) and whether the decoder reads it.
    let verdicts: [(text: String, decoded: Bool)]
    let schema: JSON
    /// Whether the schema may accept more than the decoder (a coercion, a coder, an alternative name, a date's text).
    let looser: Bool

    var testDescription: String { name }

    init<T: JSONDecodable & JSONSchemaDescribing>(_ type: T.Type, looser: Bool = false, _ seeds: String...) {
        name = "\(T.self)"
        self.seeds = seeds
        schema = T.jsonSchema()
        self.looser = looser
        verdicts = Self.documents(from: seeds).map { text in
            let view = try? JSONDocument(parsing: text).root
            return (text, view.map { (try? T.decode($0, in: .strict)) != nil } ?? false)
        }
    }

    static let all: [Agreement] = [
        Agreement(Plain.self, #"{"value": 1}"#),
        Agreement(Optional.self, #"{"value": 1}"#, #"{}"#),
        Agreement(InitialValue.self, #"{"value": 1}"#),
        Agreement(Defaulted.self, #"{"value": 1}"#),
        Agreement(DefaultedForNull.self, #"{"value": 1}"#),
        Agreement(DefaultedAlways.self, #"{"value": 1}"#),
        Agreement(Field.self, #"{"value": 1}"#, #"{"value": null}"#),
        Agreement(Lossy.self, #"{"value": [1, "x"]}"#),
        Agreement(LossyDictionary.self, #"{"value": {"a": 1, "b": "x"}}"#),
        Agreement(Coercing.self, looser: true, #"{"value": "42"}"#),
        Agreement(Dated.self, #"{"value": 1700000000000}"#),
        Agreement(MaybeDated.self, looser: true, #"{"value": "2024-03-01T12:30:00Z"}"#),
        Agreement(PatternDated.self, looser: true, #"{"value": "Sun Aug 31 00:29:15 +0000 2014"}"#),
        Agreement(Aliased.self, looser: true, #"{"title": "a", "count": 1}"#, #"{"name": "b", "n": 2}"#),
        Agreement(Theme.self, looser: true, ##"{"accent": "#ff0000", "border": "#00ff00"}"##),
        Agreement(FlatEvent.self, #"{"id": "e1", "at": 5, "type": "click", "x": 1, "y": 2, "source": "web"}"#,
                  #"{"id": "e2", "at": 6, "type": "key", "code": "K"}"#),
        Agreement(Generic<Int>.self, #"{"value": 1}"#),
        Agreement(AccountHead.self, #"{"account_id": 1, "display_name": "A", "nickname": "n"}"#),
        Agreement(AwkwardNames.self, #"{"default": "d", "class": 2, "x": 1, "_x": 10, "members": 5}"#),
        Agreement(ReadableKeys.self, #"{"url_value": "u", "id": 1, "user_id": 2}"#),
        Agreement(TrailCatalog.self, #"{"name": "n", "venues": [{"name": "v", "seats": 3}], "areas": {"a": 1}, "owner": {"name": "o", "seats": 1, "note": "x"}}"#),
        Agreement(Located.self, #"{"id": 1, "geo": {"lat": 1.5, "lon": 2, "precision": {"meters": 3}}, "name": "x"}"#),
        Agreement(Scattered.self, #"{"a": {"x": 1, "y": 2}, "b": 3}"#, #"{"b": 3}"#),
        Agreement(MaybeNested.self, #"{"a": {"x": 1, "y": "s"}, "at": 5, "marker": 1}"#),
        Agreement(InlineUnion.self, #"{"kind": "point"}"#, #"{"kind": "sized", "width": 2, "lat": 1}"#, #"{"kind": "wrapped", "z": 1}"#,
                  #"{"kind": "mystery", "q": 1}"#),
        Agreement(AdjacentUnion.self, #"{"t": "point"}"#, #"{"t": "sized", "c": {"width": 2, "name": "n"}}"#, #"{"t": "wrapped", "c": 1}"#,
                  #"{"t": "other", "c": 5}"#),
        Agreement(ExternalUnion.self, #"{"point": {}}"#, #"{"sized": {"width": 2}}"#, #"{"wrapped": 1}"#, #"{"pair": {"_0": 1, "_1": 2}}"#),
        Agreement(Payment.self, #"{"type": "card", "last4": "4242"}"#, #"{"type": "cash"}"#, #"{"type": "voucher"}"#),
        Agreement(Size.self, #""small""#, #""LARGE""#),
        Agreement(Level.self, "1", "3"),
        Agreement(OpenSize.self, #""small""#, #""huge""#),
        Agreement(Outline.self, #"{"title": "a", "children": [{"title": "b"}, {"title": "c", "children": [{"title": "d"}]}]}"#),
        Agreement(Account.self, looser: true, fullAccount),
        Agreement(Shop.Order.self, looser: true, #"{"items": [{"sku": "a"}], "status": "open", "placed": {"day": 2}}"#),
        Agreement(Order.self, looser: true, #"{"order_id": 7, "tags": ["a"], "lines": [{"sku": "x", "quantity": 1}], "placed_at": "2024-03-01T12:30:00Z"}"#),
        Agreement(Shape.self, #"{"type": "circle", "radius": 2}"#, #"{"type": "rounded_rectangle", "width": 3, "label": "l"}"#,
                  #"{"type": "pt"}"#, #"{"type": "polygon", "sides": 5}"#, #"{"type": "hexagon"}"#),
        Agreement(Event.self, #"{"type": "PushEvent", "payload": {"ref": "main"}}"#,
                  #"{"type": "ForkEvent", "payload": {"forkee": "x", "stars": 3}}"#, #"{"type": "Other", "payload": 1}"#),
        Agreement(Command.self, #"{"move": {"x": 1, "y": 2}}"#, #"{"stop": {}}"#, #"{"say": "hi"}"#, #"{"pair": {"_0": 1, "_1": 2}}"#),
        Agreement(Plan.self, #""free""#, #""enterprise""#),
        Agreement(Reply.self, #"{"answer": "yes", "confidence": 0.5, "sources": [{"url": "u", "quote": null}], "size": "small"}"#),
    ]

    /// The seed texts and every document one change away from each: a member removed, set to `null` or to a
    /// value of each kind; an element removed or added; a member added; the whole value of another kind.
    private static func documents(from seeds: [String]) -> [String] {
        var texts: [String] = []
        let replacements: [JSON] = [.null, 0, 1.5, -3, "x", "", true, [], [:], ["x": 1]]
        for seed in seeds {
            texts.append(seed)
            guard let root = try? JSON(JSONDocument(parsing: seed).root) else { continue }
            for replacement in replacements { texts.append(replacement.description) }
            for variant in variants(of: root, replacements: replacements) { texts.append(variant.description) }
        }
        return texts
    }

    private static func variants(of json: JSON, replacements: [JSON]) -> [JSON] {
        var found: [JSON] = []
        switch json {
        case .object(let object):
            found.append(.object(JSONObject(members: object.map { ($0.key, $0.value) } + [("zz_extra", 1)])))
            for (position, member) in object.enumerated() {
                var without = Array(object.map { ($0.key, $0.value) })
                without.remove(at: position)
                found.append(.object(JSONObject(members: without)))
                for value in replacements + variants(of: member.value, replacements: replacements) {
                    var changed = Array(object.map { ($0.key, $0.value) })
                    changed[position].1 = value
                    found.append(.object(JSONObject(members: changed)))
                }
            }
        case .array(let array):
            let elements = Array(array)
            if !elements.isEmpty { found.append(.array(JSONArray(elements.dropFirst()))) }
            found.append(.array(JSONArray(elements + ["x"])))
            for (position, element) in elements.enumerated() {
                for value in variants(of: element, replacements: replacements) {
                    var changed = elements
                    changed[position] = value
                    found.append(.array(JSONArray(changed)))
                }
            }
        default: break
        }
        return found
    }
}

@Suite struct JSONModelSchemaTests {
    @Test(arguments: Agreement.all)
    func theSchemaAcceptsWhatTheDecoderAccepts(_ agreement: Agreement) throws {
        let schema = try JSONSchema(agreement.schema)
        var checked = 0
        for (text, decoded) in agreement.verdicts {
            let valid = schema.isValid(try JSONDocument(parsing: text).root)
            if agreement.looser {
                #expect(!decoded || valid, "the decoder reads \(text), which the schema rejects")
            } else {
                #expect(decoded == valid, "\(text): decoder \(decoded), schema \(valid)\n\(agreement.schema)")
            }
            checked += 1
        }
        #expect(checked >= agreement.seeds.count)
    }

    @Test(arguments: Agreement.all)
    func everySchemaIsAValidDraft2020Schema(_ agreement: Agreement) throws {
        let metaSchema = try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/schema"])
        let result = metaSchema.validate(agreement.schema)
        #expect(result.isValid, "\(result.failures)")
        #expect(member(agreement.schema, "$schema") == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func aStructsSchemaSaysWhatEachOptionReads() throws {
        let expected = try JSON(JSONDocument(parsing: """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {
               "account_id": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807},
               "display_name": {"type": "string"},
               "nickname": {"type": ["string", "null"]},
               "retries": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807, "default": 3},
               "payment": {"type": ["object", "null"], "properties": {"card": {"type": ["object", "null"], "properties": {"last4": {"type": ["string", "null"]}}}}},
               "tags": {"type": "array"},
               "limit": true,
               "note": {"type": ["string", "null"]},
               "count": {"anyOf": [{"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}, {"type": "string"}]},
               "created_at": {"type": "string", "format": "date-time"}},
             "required": ["account_id", "display_name", "tags", "count", "created_at"]}
            """).root)
        #expect(Account.jsonSchema() == expected, "\(Account.jsonSchema())")
    }

    @Test func namedTypesAreDefinedOnceAndRecursionRefersToTheRoot() throws {
        let outline = Outline.jsonSchema()
        #expect(member(outline, "properties", "children") == ["type": "array", "items": ["$ref": "#"], "default": []])
        #expect(member(outline, "$defs") == nil)
        let reply = Reply.jsonSchema()
        #expect(member(reply, "description") == "A record of everything the structured-output subset can say.")
        #expect(member(reply, "properties", "answer", "description") == "The answer, in one sentence.")
        #expect(member(reply, "properties", "sources", "items") == ["$ref": "#/$defs/Source"])
        #expect(member(reply, "$defs", "Size") == ["description": "A raw-value enum, closed and open.", "type": "string", "enum": ["small", "LARGE"]])
        #expect(member(Level.jsonSchema(), "enum") == [1, 2, 3])
        #expect(member(OpenSize.jsonSchema(), "enum") == nil)
    }

    @Test func theStructuredOutputSubsetListsEveryMemberAndClosesEveryObject() throws {
        let schema = try Reply.structuredOutputSchema()
        let expected = try JSON(JSONDocument(parsing: """
            {"description": "A record of everything the structured-output subset can say.", "type": "object", "properties": {
               "answer": {"type": "string", "description": "The answer, in one sentence."},
               "confidence": {"type": ["number", "null"]},
               "sources": {"type": "array", "items": {"$ref": "#/$defs/Source"}},
               "size": {"$ref": "#/$defs/Size"}},
             "required": ["answer", "confidence", "sources", "size"], "additionalProperties": false,
             "$defs": {
               "Source": {"type": "object", "properties": {"url": {"type": "string"}, "quote": {"type": ["string", "null"]}},
                          "required": ["url", "quote"], "additionalProperties": false},
               "Size": {"description": "A raw-value enum, closed and open.", "type": "string", "enum": ["small", "LARGE"]}}}
            """).root)
        #expect(schema == expected, "\(schema)")
    }

    @Test func whatTheSubsetCannotSayIsAnError() {
        #expect(throws: JSONSchemaExportError.self) { try TrailCatalog.structuredOutputSchema() }
        do {
            _ = try TrailCatalog.structuredOutputSchema()
        } catch {
            #expect(error.problems == ["a dictionary in TrailCatalog"])
        }
        #expect(throws: JSONSchemaExportError.self) { try Size.structuredOutputSchema() }
        #expect(throws: JSONSchemaExportError.self) { try InlineUnion.structuredOutputSchema() }
    }
}

/// The value at a path of member names in `json`, or `nil`.
private func member(_ json: JSON, _ path: String...) -> JSON? {
    var current = json
    for key in path {
        guard case .object(let object) = current, let next = object[key] else { return nil }
        current = next
    }
    return current
}
