import Foundation
import KeelTestSupport
import Testing

/// `keel model`, run as a user runs it: the text it prints is the checked-in models the modeling tests compile
/// and decode with (`Tests/KeelModelingTests/Generated`).
@Suite struct ModelCommandTests {
    static let generated = SharedFixtures.repositoryRoot.appendingPathComponent("Tests/KeelModelingTests/Generated")

    static func checkedIn(_ name: String) throws -> String {
        try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func printsTheModelsTheModelingTestsCompile() throws {
        let samples = "Tests/KeelModelingTests/Samples"
        for (arguments, file) in [
            (["model", "Examples/people.json"], "People.swift"),
            (["model", "\(samples)/orders.json"], "Order.swift"),
            (["model", "--name", "Activity", "\(samples)/activity.jsonl"], "Activity.swift"),
            (["model", "--keep-nulls", "\(samples)/preferences.json"], "Preferences.swift"),
            (["model", "--schema", "\(samples)/checkout.schema.json"], "Checkout.swift"),
        ] {
            let run = try Keel.run(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.error == "")
            #expect(run.output == (try Self.checkedIn(file)), "\(arguments)")
        }
        guard let corpus = SharedFixtures.corpus else { return }  // FixturePresenceTests fails for this in CI
        let run = try Keel.run(["model", corpus.appendingPathComponent("twitter.json").path])
        #expect(run.output == (try Self.checkedIn("Twitter.swift")))
    }

    @Test func standardInputRecordsAndSeveralFilesAreSamplesOfOneType() throws {
        let stdin = try Keel.run(["model"], input: #"{"id": 1, "note": "x"}"#)
        #expect(stdin.status == 0)
        #expect(stdin.output.hasPrefix("// Models for <stdin>, inferred by `keel model` from 1 sample.\nimport Keel\nimport KeelMacros\n\n@JSONModel\nstruct Root: Sendable, Hashable {\n"))
        let records = try Keel.run(["model", "--lines", "--name", "event_log", "-"], input: "{\"id\": 1}\n{\"id\": 2.5, \"at\": null}\n")
        #expect(records.output.contains("from 2 samples."))
        #expect(records.output.contains("struct EventLog: Sendable, Hashable {\n    let id: Double\n    let at: JSON?\n}\n"))
        try FaultCommandTests.inFolder { folder in
            try Data(#"{"id": 1, "tags": ["a"]}"#.utf8).write(to: folder.appendingPathComponent("user one.json"))
            try Data(#"{"id": 2, "name": "b"}"#.utf8).write(to: folder.appendingPathComponent("two.json"))
            let both = try Keel.shell("\"$KEEL\" model 'user one.json' two.json", in: folder)
            #expect(both.status == 0)
            #expect(both.output.contains("// Models for 2 files, inferred by `keel model` from 2 samples."))
            #expect(both.output.contains("struct UserOne: Sendable, Hashable {\n    let id: Int\n    let tags: [String]?\n    let name: String?\n}\n"))
        }
    }

    @Test func publicTypesOnRequest() throws {
        let run = try Keel.run(["model", "--public", "--name", "Point"], input: #"{"x": 1, "y": 2}"#)
        #expect(run.output.contains("public struct Point: Sendable, Hashable {\n    public let x: Int\n    public let y: Int\n}\n"))
    }

    @Test func invalidSamplesPrintNothing() throws {
        try FaultCommandTests.inFolder { folder in
            try Data(#"{"id": 1}"#.utf8).write(to: folder.appendingPathComponent("good.json"))
            try Data("{\"id\": 1,\n \"x\": }".utf8).write(to: folder.appendingPathComponent("bad.json"))
            let run = try Keel.shell("\"$KEEL\" model good.json bad.json", in: folder)
            #expect(run.status == 1)
            #expect(run.output == "", "a model of some of the samples is not what was asked for")
            #expect(run.error.hasPrefix("bad.json:2:7: "))
            let missing = try Keel.shell("\"$KEEL\" model nope.json", in: folder)
            #expect(missing.status == 2)
            #expect(missing.output == "")
        }
        let badName = try Keel.run(["model", "--name", "--", "-"], input: "{}")
        #expect(badName.status == 64)
        let both = try Keel.run(["model", "--schema", "Examples/people.schema.json", "Examples/people.json"])
        #expect(both.status == 64)
        #expect(both.error.contains("Give samples or --schema, not both."))
        let badSchema = try Keel.run(["model", "--schema", "Examples/invalid.json"])
        #expect(badSchema.status == 1)
        #expect(badSchema.output == "")
    }
}
