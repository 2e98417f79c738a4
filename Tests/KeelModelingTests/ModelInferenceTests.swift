// What inference finds in samples: presence, kinds, dates, shared and distinct shapes, dictionaries, unions,
// names, loops, and inputs built to hurt it.
import Keel
import KeelModeling
import Testing

@Suite struct ModelInferenceTests {
    /// The model set for samples given as JSON texts.
    static func models(_ texts: [String], rootName: String = "Root", options: ModelInference.Options = .init()) throws -> ModelSet {
        var inference = ModelInference(rootName: rootName, options: options)
        for text in texts { inference.add(try JSONDocument(parsing: text).root) }
        return inference.models()
    }

    static func members(of name: String, in models: ModelSet) -> [String: ModelMember] {
        guard case .structure(let members)? = models.declaration(named: name)?.kind else { return [:] }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0) })
    }

    @Test func membersAreRequiredOptionalOrNullableAsTheSamplesShow() throws {
        let models = try Self.models([#"{"a": 1, "b": null, "c": "x"}"#, #"{"a": 2, "b": 3}"#])
        let members = Self.members(of: "Root", in: models)
        #expect(members["a"] == ModelMember(key: "a", propertyName: "a", type: .integer, isRequired: true, isNullable: false, occurrences: 2))
        #expect(members["b"] == ModelMember(key: "b", propertyName: "b", type: .integer, isRequired: true, isNullable: true, occurrences: 2))
        #expect(members["c"] == ModelMember(key: "c", propertyName: "c", type: .string, isRequired: false, isNullable: false, occurrences: 1))
        #expect(models.root == .named("Root"))
        #expect(models.samples == 2)
    }

    @Test func numbersStayIntegersUntilOneIsNot() throws {
        let models = try Self.models([#"{"i": 1, "f": 1, "e": 2, "big": 1, "mixed": 1, "none": null}"#,
                                      #"{"i": -7, "f": 2.5, "e": 1e3, "big": 9223372036854775808, "mixed": "1", "none": null}"#])
        let members = Self.members(of: "Root", in: models)
        #expect(members["i"]?.type == .integer)
        #expect(members["f"]?.type == .double)
        #expect(members["e"]?.type == .double, "an exponent is not an integer's text")
        #expect(members["big"]?.type == .double, "2^63 does not fit in Int")
        #expect(members["mixed"]?.type == .json)
        #expect(members["none"]?.type == .json)
        #expect(members["none"]?.isNullable == true)
    }

    @Test func datesAreRecognisedOnlyWhenTheyWriteBackExactly() throws {
        let models = try Self.models([
            #"{"at": "2026-03-01T12:30:00Z", "day": "2026-03-01", "tweeted": "Sun Aug 31 00:29:15 +0000 2014", "offset": "2026-03-01T12:30:00+01:00", "text": "2026 was a year", "list": ["2026-03-01T12:30:00Z"]}"#,
            #"{"at": "2026-03-02T00:00:00.5Z", "day": "2026-12-31", "tweeted": "Mon Sep 01 10:00:00 +0000 2014", "offset": "2026-03-01T12:30:00Z", "text": "x", "list": []}"#,
        ])
        let members = Self.members(of: "Root", in: models)
        #expect(members["at"]?.type == .date(.rfc3339))
        #expect(members["day"]?.type == .date(.pattern("yyyy-MM-dd")))
        #expect(members["tweeted"]?.type == .date(.pattern("EEE MMM dd HH:mm:ss Z yyyy")))
        #expect(members["offset"]?.type == .string, "an offset other than Z would be written back in UTC")
        #expect(members["text"]?.type == .string)
        #expect(members["list"]?.type == .array(.string), "an element cannot carry a date format")
        var options = ModelInference.Options()
        options.recognizesDates = false
        #expect(Self.members(of: "Root", in: try Self.models([#"{"at": "2026-03-01T12:30:00Z"}"#], options: options))["at"]?.type == .string)
    }

    @Test func objectsUnderOneKeyWithMuchTheSameMembersAreOneType() throws {
        let models = try Self.models([
            #"{"id": 7, "post": {"author": {"id": 1, "name": "a"}}, "reply": {"author": {"id": 2, "name": "b", "bio": "x"}}}"#,
        ])
        #expect(Self.members(of: "Post", in: models)["author"]?.type == .named("Author"))
        #expect(Self.members(of: "Reply", in: models)["author"]?.type == .named("Author"))
        #expect(Self.members(of: "Author", in: models)["bio"]?.isRequired == false)
        #expect(models.declarations.map(\.name) == ["Root", "Post", "Reply", "Author"])
    }

    @Test func objectsOfOneNameButAnotherShapeGetTheirParentsName() throws {
        let models = try Self.models([
            #"{"status": {"entities": {"hashtags": [], "urls": []}}, "user": {"id": 1, "entities": {"description": "x"}}}"#,
        ])
        #expect(Self.members(of: "Status", in: models)["entities"]?.type == .named("Entities"))
        #expect(Self.members(of: "User", in: models)["entities"]?.type == .named("UserEntities"))
    }

    @Test func arrayElementsAreNamedInTheSingular() throws {
        let models = try Self.models([#"{"statuses": [{"id": 1}], "categories": [{"id": 1}], "people": [{"id": 1}], "media": [{"id": 1}], "matrix": [[{"id": 1}]]}"#])
        let members = Self.members(of: "Root", in: models)
        #expect(members["statuses"]?.type == .array(.named("Status")))
        #expect(members["categories"]?.type == .array(.named("Category")))
        #expect(members["people"]?.type == .array(.named("Person")))
        #expect(members["media"]?.type == .array(.named("Media")))
        #expect(members["matrix"]?.type == .array(.array(.named("Matrix"))))
    }

    @Test func objectsKeyedByDataAreDictionaries() throws {
        let models = try Self.models([#"{"events": {"138586341": {"id": 1}, "138586345": {"id": 2, "logo": "x"}}, "names": {"1": "a", "2": null}, "empty": {}, "settings": {"theme": "dark"}}"#])
        let members = Self.members(of: "Root", in: models)
        #expect(members["events"]?.type == .dictionary(.named("Event")))
        #expect(members["names"]?.type == .dictionary(.optional(.string)))
        #expect(members["empty"]?.type == .dictionary(.json))
        #expect(members["settings"]?.type == .named("Settings"))
        #expect(Self.members(of: "Event", in: models)["logo"]?.isRequired == false)
        let many = "{" + (0..<300).map { "\"key\($0)\": \($0)" }.joined(separator: ",") + "}"
        #expect(Self.members(of: "Root", in: try Self.models(["{\"wide\": \(many)}"]))["wide"]?.type == .dictionary(.integer),
                "more keys than a struct would have")
    }

    @Test func aRecordOfObjectsOfOneShapeSharesATypeNamedAfterIt() throws {
        let models = try Self.models([#"{"sizes": {"small": {"w": 1, "h": 2}, "large": {"w": 3, "h": 4}}, "id": 1, "a": {"n": 1}, "b": {"n": 2}}"#])
        let sizes = Self.members(of: "Sizes", in: models)
        #expect(sizes["small"]?.type == .named("Size"))
        #expect(sizes["large"]?.type == .named("Size"))
        // `a` and `b` are alike, but beside other members: each keeps its own name.
        let root = Self.members(of: "Root", in: models)
        #expect(root["a"]?.type == .named("A"))
        #expect(root["b"]?.type == .named("B"))
    }

    @Test func taggedObjectsOfDifferentShapesAreAUnion() throws {
        let models = try Self.models([#"{"shapes": [{"type": "circle", "radius": 2}, {"type": "square", "side": 3}, {"type": "circle", "radius": 1.5}, {"type": "dot"}]}"#])
        #expect(Self.members(of: "Root", in: models)["shapes"]?.type == .array(.named("Shape")))
        guard case .union(let tagKey, let variants)? = models.declaration(named: "Shape")?.kind else {
            Issue.record("no union")
            return
        }
        #expect(tagKey == "type")
        #expect(variants.map(\.tag) == ["circle", "square", "dot"])
        #expect(variants.map(\.payload) == ["Circle", "Square", "Dot"])
        #expect(Self.members(of: "Circle", in: models)["radius"]?.type == .double)
        #expect(Self.members(of: "Circle", in: models)["type"] == nil, "the tag is the enum's")
        var options = ModelInference.Options()
        options.recognizesUnions = false
        #expect(Self.members(of: "Shape", in: try Self.models([#"{"shapes": [{"type": "circle", "radius": 2}, {"type": "square", "side": 3}]}"#], options: options))["radius"]?.isRequired == false)
    }

    @Test func aTagThatDoesNotTellShapesApartIsAMember() throws {
        // One shape, whatever the tag says; and a tag some objects lack.
        let same = try Self.models([#"{"items": [{"type": "a", "x": 1}, {"type": "b", "x": 2}]}"#])
        #expect(Self.members(of: "Item", in: same)["type"]?.type == .string)
        let missing = try Self.models([#"{"items": [{"type": "a", "x": 1}, {"y": 2}]}"#])
        #expect(Self.members(of: "Item", in: missing)["type"]?.isRequired == false)
        // A member of another name must account for the shapes: `lang` varies, but not with the shape.
        let language = try Self.models([#"{"posts": [{"lang": "en", "text": "a"}, {"lang": "ja", "text": "b", "geo": 1}, {"lang": "en", "text": "c", "geo": 2}, {"lang": "ja", "text": "d"}]}"#])
        #expect(Self.members(of: "Post", in: language)["lang"]?.type == .string)
    }

    @Test func samplesOfDifferentShapesAtTheRootCanBeAUnion() throws {
        let models = try Self.models([#"{"kind": "push", "commits": 3}"#, #"{"kind": "fork", "forkee": "x"}"#], rootName: "Event")
        #expect(models.root == .named("Event"))
        guard case .union(let tagKey, _)? = models.declaration(named: "Event")?.kind else {
            Issue.record("no union")
            return
        }
        #expect(tagKey == "kind")
    }

    @Test func rootsThatAreNotObjectsAreTypesToo() throws {
        #expect(try Self.models(["[1, 2]", "[3]"], rootName: "Series").root == .array(.integer))
        #expect(try Self.models(["[{\"id\": 1}]"], rootName: "Users").root == .array(.named("User")))
        let elements = try Self.models(["[{\"id\": 1}]"], rootName: "Data")
        #expect(elements.root == .array(.named("DataModelElement")), "a reserved name takes a suffix, and elements another")
        #expect(try Self.models(["\"x\"", "null"], rootName: "Name").root == .string)
        // An object keyed by data at the root: the root is the dictionary, its values another type.
        let keyed = try Self.models([#"{"2018": {"name": "a"}, "2019": {"name": "b"}}"#], rootName: "Projects")
        #expect(keyed.root == .dictionary(.named("Project")))
        let unchanged = try Self.models([#"{"2018": {"name": "a"}}"#], rootName: "Gsoc")
        #expect(unchanged.root == .dictionary(.named("GsocEntry")))
        #expect(SwiftModelSource(unchanged).text.contains("typealias Gsoc = [String: GsocEntry]\n\n@JSONModel\nstruct GsocEntry"))
        #expect(try Self.models([], rootName: "Nothing").root == .json)
    }

    @Test func propertyNamesAreSwiftIdentifiers() throws {
        let models = try Self.models([#"{"screen_name": 1, "default": 1, "3d": 1, "": 1, "Content-Type": 1, "a_b": 1, "aB": 1, "self": 1, "idStr": 1, "ÄÖ": 1}"#])
        guard case .structure(let members)? = models.declaration(named: "Root")?.kind else {
            Issue.record("no struct")
            return
        }
        #expect(members.map(\.propertyName) == ["screenName", "defaultValue", "_3d", "value", "contentType", "aB", "aB2", "selfValue", "idStr", "value2"])
    }

    @Test func typeNamesAreSwiftIdentifiers() {
        #expect(ModelInference.typeName(for: "search_metadata") == "SearchMetadata")
        #expect(ModelInference.typeName(for: "statuses", singular: true) == "Status")
        #expect(ModelInference.typeName(for: "user_mentions", singular: true) == "UserMention")
        #expect(ModelInference.typeName(for: "addresses", singular: true) == "Address")
        #expect(ModelInference.typeName(for: "boxes", singular: true) == "Box")
        #expect(ModelInference.typeName(for: "analysis", singular: true) == "Analysis")
        #expect(ModelInference.typeName(for: "error") == "ErrorModel")
        #expect(ModelInference.typeName(for: "2fa") == "Model2fa")
        #expect(ModelInference.typeName(for: "--") == "Value")
    }

    @Test func typesThatWouldHoldThemselvesAreCutWithJSON() throws {
        // `struct Next { let next: Next? }` does not compile; through an array it does.
        let models = try Self.models([#"{"next": {"next": {"next": null}}, "tree": {"children": [{"children": []}]}}"#])
        let next = Self.members(of: "Next", in: models)["next"]
        #expect(next?.type == .json)
        #expect(next?.isNullable == true)
        #expect(Self.members(of: "Tree", in: models)["children"]?.type == .array(.named("Child")))
    }

    @Test func deepAndWideInputsEndWithinLimits() throws {
        var options = JSONParsingOptions()
        options.maximumDepth = 200_000
        let depth = 100_000
        let arrays = try JSONDocument(parsing: String(repeating: "[", count: depth) + String(repeating: "]", count: depth), options: options)
        var inference = ModelInference(rootName: "Deep")
        inference.add(arrays.root)
        var type = inference.models().root
        var levels = 0
        while case .array(let element) = type {
            levels += 1
            type = element
        }
        #expect(levels <= 70, "arrays deeper than a model needs are JSON")
        let objects = try JSONDocument(parsing: String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth), options: options)
        inference = ModelInference(rootName: "Deep")
        inference.add(objects.root)
        let models = inference.models()
        #expect(models.declarations.count <= 2)
        #expect(!SwiftModelSource(models).text.isEmpty)
        let distinct = try JSONDocument(parsing: (0..<2_000).map { "{\"k\($0)\":" }.joined() + "1" + String(repeating: "}", count: 2_000),
                                        options: options)
        inference = ModelInference(rootName: "Deep")
        inference.add(distinct.root)
        #expect(inference.models().declarations.count == 2_000)
    }

    @Test func theSameSamplesGiveTheSameText() throws {
        let texts = [#"{"b": {"x": 1}, "a": [{"t": "p", "q": 1}, {"t": "r", "s": 2}], "c": {"1": 2}}"#, #"{"a": [], "b": {"x": 2.5, "y": null}}"#]
        let first = SwiftModelSource(try Self.models(texts)).text
        for _ in 0..<5 { #expect(SwiftModelSource(try Self.models(texts)).text == first) }
    }
}
