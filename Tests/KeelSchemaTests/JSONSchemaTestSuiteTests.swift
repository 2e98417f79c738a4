import Foundation
import Keel
@testable import KeelSchema
import KeelTestSupport
import Testing

/// The official JSON Schema Test Suite, remotes included: every required test of draft-04, draft-06,
/// draft-07, 2019-09 and 2020-12, and the optional ones (formats asserted for the format folder). Each schema
/// is compiled once and each instance validated both ways (`isValid`, which stops at the first failure, and
/// `validate`, which looks for all), which must agree with each other and with the suite; the two ways
/// validation can reach a verdict (the quick check over the tape, and the evaluator that reports failures)
/// are also asked separately, and each must agree with the suite on its own.
@Suite(.enabled(if: SharedFixtures.jsonSchemaTestSuite != nil, "JSON-Schema-Test-Suite not found beside the repository"))
struct JSONSchemaTestSuiteTests {
    static let dialects: [(folder: String, dialect: JSONSchemaDialect)] = [
        ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7),
        ("draft2019-09", .draft2019_09), ("draft2020-12", .draft2020_12),
    ]

    /// Optional tests Keel does not pass, each with the reason. Required tests have no such list.
    static let knownOptionalFailures: [String: String] = [:]

    /// Every remote the suite's references reach, by its `http://localhost:1234/` URI.
    static let registry: JSONSchemaRegistry = {
        var registry = JSONSchemaRegistry()
        guard let root = SharedFixtures.jsonSchemaTestSuite?.appendingPathComponent("remotes"),
              let files = FileManager.default.enumerator(atPath: root.path) else { return registry }
        for case let file as String in files where file.hasSuffix(".json") {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { continue }
            try? registry.add(text: text, as: "http://localhost:1234/" + file)
        }
        return registry
    }()

    struct Outcome {
        var passed = 0
        /// How many of the passed tests the quick check decided itself (the rest had no program).
        var checked = 0
        var failures: [String] = []
    }

    /// Runs one suite file; each failure names the file, the group and the test.
    static func run(_ file: URL, dialect: JSONSchemaDialect, assertsFormats: Bool) throws -> Outcome {
        var outcome = Outcome()
        let groups = try JSON(parsing: String(contentsOf: file, encoding: .utf8))
        guard case .array(let list) = groups else { return outcome }
        let name = file.deletingPathExtension().lastPathComponent
        for group in list {
            guard case .object(let object) = group, case .array(let tests)? = object["tests"],
                  case .string(let description)? = object["description"], let schemaJSON = object["schema"] else { continue }
            var options = JSONSchemaOptions(defaultDialect: dialect, assertsFormats: assertsFormats)
            options.baseURI = "http://localhost:1234/suite.json"
            let schema: JSONSchema
            do {
                schema = try JSONSchema(schemaJSON, registry: registry, options: options)
            } catch {
                outcome.failures += tests.map { _ in "\(name): \(description): does not compile: \(error)" }
                continue
            }
            for test in tests {
                guard case .object(let fields) = test, case .string(let testName)? = fields["description"],
                      let data = fields["data"], case .bool(let expected)? = fields["valid"] else {
                    outcome.failures.append("\(name): \(description): a test the runner cannot read")
                    continue
                }
                let document = try JSONDocument(parsing: data.description)
                let quick = schema.isValid(document.root)
                let full = schema.validate(document.root)
                let checked = schema.quickCheck(document.root)
                let evaluated = schema.evaluatorVerdict(document.root)
                if quick == expected && full.isValid == expected && evaluated == expected && (checked ?? expected) == expected {
                    outcome.passed += 1
                    if checked != nil { outcome.checked += 1 }
                } else {
                    let label = "\(name): \(description): \(testName)"
                    outcome.failures.append("\(label): expected \(expected ? "valid" : "invalid"), isValid said \(quick), validate said \(full.isValid), the check said \(checked.map(String.init) ?? "nothing"), the evaluator said \(evaluated) \(full.failures.prefix(2).map(\.description))")
                }
            }
        }
        return outcome
    }

    static func files(_ dialect: String, _ subfolder: String) -> [URL] {
        guard let folder = SharedFixtures.jsonSchemaTestSuite?.appendingPathComponent("tests/\(dialect)/\(subfolder)") else { return [] }
        return SharedFixtures.files(in: folder).map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: dialects.map(\.folder))
    func everyRequiredTestPasses(_ folder: String) throws {
        let dialect = try #require(Self.dialects.first { $0.folder == folder }?.dialect)
        var total = Outcome()
        for file in Self.files(folder, "") {
            let outcome = try Self.run(file, dialect: dialect, assertsFormats: false)
            total.passed += outcome.passed
            total.checked += outcome.checked
            total.failures += outcome.failures
        }
        #expect(total.passed > 600, "only \(total.passed) tests ran for \(folder)")
        // Only schemas with a dynamic reference (2019-09 and later) go without the check.
        #expect(total.checked * 10 > total.passed * 8, "the quick check decided only \(total.checked) of \(total.passed)")
        print("JSON Schema Test Suite, \(folder), required: \(total.passed) passed (\(total.checked) decided by the quick check), \(total.failures.count) failed")
        #expect(total.failures.isEmpty, "\(folder): \(total.failures.count) failed, \(total.passed) passed:\n\(total.failures.joined(separator: "\n"))")
    }

    @Test(arguments: dialects.map(\.folder))
    func theOptionalTestsPassWithFormatsAsserted(_ folder: String) throws {
        let dialect = try #require(Self.dialects.first { $0.folder == folder }?.dialect)
        var total = Outcome()
        for (subfolder, asserts) in [("optional", false), ("optional/format", true)] {
            for file in Self.files(folder, subfolder) {
                let outcome = try Self.run(file, dialect: dialect, assertsFormats: asserts)
                total.passed += outcome.passed
                total.failures += outcome.failures.filter { failure in
                    !Self.knownOptionalFailures.keys.contains { failure.hasPrefix($0) }
                }
            }
        }
        #expect(total.passed > 300, "only \(total.passed) optional tests ran for \(folder)")
        print("JSON Schema Test Suite, \(folder), optional: \(total.passed) passed, \(total.failures.count) failed")
        #expect(total.failures.isEmpty, "\(folder): \(total.failures.count) failed, \(total.passed) passed:\n\(total.failures.joined(separator: "\n"))")
    }
}
