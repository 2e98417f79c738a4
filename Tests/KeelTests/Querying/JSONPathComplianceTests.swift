import Foundation
import Keel
import KeelTestSupport
import Testing

/// The RFC 9535 compliance suite (`jsonpath-compliance-test-suite/cts.json`): every case, through the library,
/// on a document and on a `JSON` tree. Invalid queries must be refused when compiled; valid ones must select
/// exactly the expected values with the expected normalized paths (where the suite allows several orders, any
/// one of them).
@Suite(.enabled(if: SharedFixtures.jsonPathComplianceSuite != nil, "jsonpath-compliance-test-suite not found beside the repository"))
struct JSONPathComplianceTests {
    struct Case {
        let name: String
        let selector: String
        let document: JSONView?
        let isInvalid: Bool
        /// Each acceptable result: values and normalized paths.
        let results: [(values: [JSON], paths: [String])]
    }

    static func cases() throws -> [Case] {
        let suite = try JSONDocument(parsing: SharedFixtures.bytes(of: try #require(SharedFixtures.jsonPathComplianceSuite)))
        return try suite.root["tests"].array.get().map { test in
            var results: [(values: [JSON], paths: [String])] = []
            if let values = test.member("result"), let paths = test.member("result_paths") {
                results.append((values.elements.map(JSON.init), paths.elements.compactMap(\.stringValue)))
            }
            if let many = test.member("results"), let paths = test.member("results_paths") {
                for (values, pathList) in zip(many.elements, paths.elements) {
                    results.append((values.elements.map(JSON.init), pathList.elements.compactMap(\.stringValue)))
                }
            }
            return Case(name: test.member("name")?.stringValue ?? "?", selector: test.member("selector")?.stringValue ?? "",
                        document: test.member("document"), isInvalid: test.member("invalid_selector")?.boolValue == true,
                        results: results)
        }
    }

    /// What one case got wrong, or `nil`.
    static func failure(of test: Case) -> String? {
        let query: JSONPathQuery
        do {
            query = try JSONPathQuery(test.selector)
        } catch {
            return test.isInvalid ? nil : "\(test.name): refused \(test.selector): \(error)"
        }
        if test.isInvalid { return "\(test.name): accepted the invalid \(test.selector)" }
        guard let document = test.document else { return "\(test.name): no document" }
        let nodes = query.select(in: document)
        let got = (values: nodes.map { JSON($0.value) }, paths: nodes.map(\.normalizedPath))
        guard test.results.contains(where: { $0.values == got.values && $0.paths == got.paths }) else {
            return "\(test.name): \(test.selector) gave \(got.values) at \(got.paths)"
        }
        let tree = query.select(in: JSON(document))
        guard test.results.contains(where: { $0.values == tree.map(\.value) && $0.paths == tree.map(\.path.normalizedPath) }) else {
            return "\(test.name): \(test.selector) on a tree gave \(tree.map(\.value)) at \(tree.map(\.path.normalizedPath))"
        }
        return nil
    }

    @Test func everyCasePasses() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 703)
        #expect(cases.filter(\.isInvalid).count >= 247)
        let failures = cases.compactMap(Self.failure)
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) failed:\n\(failures.prefix(40).joined(separator: "\n"))")
    }
}
