import Foundation
import Keel
@testable import KeelFuzzChecks
import KeelTestSupport
import Testing

/// The fuzz targets' checks, run over their seeds, every input a fuzzer run has found wrong (committed under
/// `Fuzz/Regressions/TARGET`) and the whole JSONTestSuite, so that CI replays each past failure.
@Suite struct FuzzCheckTests {
    static let checks: [(name: String, run: @Sendable ([UInt8]) throws(FuzzFailure) -> Void)] = [
        ("FuzzParser", ParserCheck.run), ("FuzzRoundTrip", RoundTripCheck.run), ("FuzzPointer", PointerCheck.run),
        ("FuzzCodable", CodableCheck.run), ("FuzzDifferential", DifferentialCheck.run), ("FuzzModels", ModelCheck.run),
        ("FuzzIncremental", IncrementalCheck.run), ("FuzzCommented", CommentedCheck.run), ("FuzzQuery", QueryCheck.run),
        ("FuzzPartialDecoder", PartialDecoderCheck.run),
    ]

    static func files(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    static func inputs(for target: String) -> [URL] {
        let fuzz = SharedFixtures.repositoryRoot.appendingPathComponent("Fuzz")
        return files(in: fuzz.appendingPathComponent("Seeds/\(target)"))
            + files(in: fuzz.appendingPathComponent("Regressions/\(target)"))
    }

    @Test(arguments: checks.map(\.name))
    func savedInputsPass(_ target: String) throws {
        let check = try #require(Self.checks.first { $0.name == target }).run
        // The seeds and saved regressions are in the repository; the JSONTestSuite joins them when it is
        // beside it.
        var inputs = Self.inputs(for: target)
        #expect(!inputs.isEmpty, "no seed or saved regression for \(target)")
        if let suite = SharedFixtures.jsonTestSuite { inputs += Self.files(in: suite) }
        for url in inputs {
            let bytes = try SharedFixtures.bytes(of: url)
            #expect(throws: Never.self, "\(url.lastPathComponent)") { try check(bytes) }
        }
    }

    /// The seeds are what they claim to be: the Codable seed decodes completely, the differential seeds
    /// cover success and failure, and the pointer seeds find their values.
    @Test func seedsReachTheInterestingPaths() throws {
        let codable = try SharedFixtures.bytes(of: Self.inputs(for: "FuzzCodable")[0])
        var expected = EveryKindOfField()
        expected.owners = [EveryKindOfField.Owner(firstName: "Bo", homeURL: nil, tags: [])]
        #expect(try KeelDecoder().decode(EveryKindOfField.self, from: codable) == expected)

        let outcomes = try Self.inputs(for: "FuzzDifferential").map {
            Account.decodeInEveryWay(try JSONDocument(parsing: SharedFixtures.bytes(of: $0)).root).throwing != nil
        }
        #expect(outcomes.contains(true) && outcomes.contains(false))

        // The model seed decodes every property (the repeated "id" takes its last value), the shapes seed
        // each kind of case.
        let order = try FuzzedOrder.decode(parsing: SharedFixtures.bytes(of: Self.inputs(for: "FuzzModels")[0]))
        #expect(order == FuzzedOrder(id: 8, name: "Ada", retries: 2, note: .null, tags: ["a", "b"], last4: "4242", count: 42,
                                     shape: .circle(radius: 2.5, label: "ré")))
        let shapes = try JSONDocument(parsing: SharedFixtures.bytes(of: Self.inputs(for: "FuzzModels")[1])).root.elements
        #expect(try shapes.prefix(2).map { try FuzzedShape.decode($0) } == [.other("hexagon"), .dot])
        #expect(try FuzzedOrder.decode(shapes[2]).shape == .dot)
    }
}
