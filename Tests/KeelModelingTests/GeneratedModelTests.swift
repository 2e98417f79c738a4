// The models `keel model` wrote for the corpus and the samples, compiled into this target: each file is what
// inference writes today, and its types decode every sample and write it back as the same JSON.
import Foundation
import Keel
import KeelMacros
import KeelModeling
import KeelSchema
import KeelTestSupport
import Testing

@Suite struct GeneratedModelTests {
    @Test(arguments: ModelFixture.all)
    func checkedInModelsAreWhatInferenceWrites(_ fixture: ModelFixture) throws {
        guard fixture.sample != nil else { return }  // the corpus is not beside the repository (FixturePresenceTests)
        #expect(try fixture.regenerated() == fixture.checkedIn(),
                "regenerate with: keel model \(fixture.sample?.lastPathComponent ?? "") > Tests/KeelModelingTests/Generated/\(fixture.generated)")
    }

    @Test(arguments: ModelFixture.all)
    func generatedTypesReadEverySampleBack(_ fixture: ModelFixture) throws {
        guard fixture.sample != nil else { return }  // the corpus is not beside the repository (FixturePresenceTests)
        let samples = try fixture.samples().samples
        #expect(!samples.isEmpty)
        func read<T: JSONDecodable & JSONEncodable & JSONSchemaDescribing>(_ type: T.Type) throws -> ([JSON], JSON) {
            (try samples.map { try T.decode($0, in: .strict).toJSON() }, T.jsonSchema())
        }
        let written: [JSON]
        let schema: JSON
        switch fixture.generated {
        case "Twitter.swift": (written, schema) = try read(Twitter.self)
        case "CitmCatalog.swift": (written, schema) = try read(CitmCatalog.self)
        case "Canada.swift": (written, schema) = try read(Canada.self)
        case "People.swift": (written, schema) = try read(People.self)
        case "Activity.swift": (written, schema) = try read(Activity.self)
        case "Order.swift": (written, schema) = try read(Order.self)
        case "Preferences.swift": (written, schema) = try read(Preferences.self)
        case "Checkout.swift": (written, schema) = try read(Checkout.self)
        default:
            Issue.record("no decoding for \(fixture.generated)")
            return
        }
        // The generated types' own schemas (models → schema) accept the samples they were inferred from.
        let validator = try JSONSchema(schema)
        for sample in samples { #expect(validator.isValid(sample), "\(validator.validate(sample).failures.prefix(3))") }
        for (sample, json) in zip(samples, written) {
            // An optional writes neither null nor absence, so without `--keep-nulls` a null member comes back
            // absent; with it, everything comes back. Numbers compare by value (`2.50` and `2.5` are one).
            let expected = fixture.keepsNulls ? JSON(sample) : Self.withoutNullMembers(JSON(sample))
            #expect(json == expected, "\(fixture.generated): \(json.description.prefix(300))")
        }
    }

    @Test func nullsComeBackOnlyWithFields() throws {
        // The same preferences read as plain optionals lose their null members when written back: the
        // reason `--keep-nulls` exists.
        let sample = try JSONDocument(parsing: #"{"id": "files", "width": 240, "collapsed": false, "title": null}"#).root
        let panel = try Panel.decode(sample, in: .strict)
        #expect(panel.title == .null)
        #expect(panel.toJSON() == JSON(sample))
        let person = try Person.decode(try JSONDocument(parsing: #"{"name": "Al", "age": 3, "spouse": false}"#).root, in: .strict)
        #expect(person == Person(name: "Al", age: 3, spouse: false))
    }

    static func withoutNullMembers(_ json: JSON) -> JSON {
        switch json {
        case .array(let array): return .array(JSONArray(array.map(withoutNullMembers)))
        case .object(let object):
            return .object(JSONObject(members: object.compactMap { member in
                member.value == .null ? nil : (member.key, withoutNullMembers(member.value))
            }))
        default: return json
        }
    }
}
