import Foundation
import Keel
import KeelModeling
import KeelTestSupport

/// The model files in `Generated/`, each written by `keel model` from samples: the corpus documents, the
/// repository's example and the samples in `Samples/`. The tests regenerate each one and decode every sample
/// with the compiled types.
struct ModelFixture: Sendable, CustomStringConvertible {
    /// The generated file's name in `Generated/`.
    let generated: String
    /// The samples' file, or `nil` when it is shared material that is not there.
    let sample: URL?
    let rootName: String?
    let keepsNulls: Bool
    /// The schema the file was written from (`keel model --schema`), when it was not inferred from the sample.
    var schema: URL? = nil

    var description: String { generated }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static let all: [ModelFixture] = [
        ModelFixture(generated: "Twitter.swift", sample: SharedFixtures.corpus?.appendingPathComponent("twitter.json"), rootName: nil, keepsNulls: false),
        ModelFixture(generated: "CitmCatalog.swift", sample: SharedFixtures.corpus?.appendingPathComponent("citm_catalog.json"), rootName: nil, keepsNulls: false),
        ModelFixture(generated: "Canada.swift", sample: SharedFixtures.corpus?.appendingPathComponent("canada.json"), rootName: nil, keepsNulls: false),
        ModelFixture(generated: "People.swift", sample: SharedFixtures.repositoryRoot.appendingPathComponent("Examples/people.json"), rootName: nil, keepsNulls: false),
        ModelFixture(generated: "Activity.swift", sample: folder.appendingPathComponent("Samples/activity.jsonl"), rootName: "Activity", keepsNulls: false),
        ModelFixture(generated: "Order.swift", sample: folder.appendingPathComponent("Samples/orders.json"), rootName: nil, keepsNulls: false),
        ModelFixture(generated: "Preferences.swift", sample: folder.appendingPathComponent("Samples/preferences.json"), rootName: nil, keepsNulls: true),
        ModelFixture(generated: "Checkout.swift", sample: folder.appendingPathComponent("Samples/checkout.json"), rootName: nil, keepsNulls: false,
                     schema: folder.appendingPathComponent("Samples/checkout.schema.json")),
    ]

    /// The samples, read as `keel model` reads a file: JSON Lines by their extension, each record a sample;
    /// otherwise one document, whose top-level array's elements are the samples.
    func samples() throws -> (samples: [JSONView], topLevelArray: Bool) {
        guard let sample else { return ([], false) }
        let bytes = try SharedFixtures.bytes(of: sample)
        if sample.pathExtension == "jsonl" {
            let lines = bytes.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }
            return (try lines.map { try JSONDocument(parsing: Array($0)).root }, false)
        }
        let root = try JSONDocument(parsing: bytes).root
        return root.kind == .array ? (root.elements, true) : ([root], false)
    }

    /// The text `keel model` prints for the samples.
    func regenerated() throws -> String {
        if let schema {
            let root = try JSONDocument(parsing: try SharedFixtures.bytes(of: schema)).root
            var options = SwiftModelSource.Options()
            options.header = ["Models for the schema \(schema.lastPathComponent), written by `keel model --schema`."]
            return SwiftModelSource(ModelSet(schema: root, rootName: root.member("title")?.stringValue ?? ""), options: options).text
        }
        let (samples, topLevelArray) = try samples()
        let stem = sample?.deletingPathExtension().lastPathComponent ?? ""
        var inference = ModelInference(rootName: rootName ?? ModelInference.typeName(for: stem, singular: topLevelArray))
        inference.add(contentsOf: samples)
        var options = SwiftModelSource.Options()
        options.keepsNulls = keepsNulls
        let count = samples.count == 1 ? "1 sample" : "\(samples.count) samples"
        options.header = ["Models for \(sample?.lastPathComponent ?? ""), inferred by `keel model` from \(count)."]
        return SwiftModelSource(inference.models(), options: options).text
    }

    /// The checked-in text.
    func checkedIn() throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent("Generated/\(generated)"), encoding: .utf8)
    }
}
