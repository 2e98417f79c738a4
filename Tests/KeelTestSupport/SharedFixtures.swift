import Foundation

/// Where the workspace's shared test material lives: `../shared` beside the repository, or the folders
/// named by `KEEL_JSON_TEST_SUITE` and `KEEL_CORPUS`.
///
/// Tests that need this material are skipped, with a message saying what is missing, when it is not there,
/// so that `swift test` is green in a clone on its own. CI sets `KEEL_REQUIRE_FIXTURES=1`, and then a missing
/// fixture is a failure (`FixturePresenceTests`) instead of a quiet skip.
public enum SharedFixtures {
    /// Whether this run must have every fixture and tool the skippable tests use (CI sets
    /// `KEEL_REQUIRE_FIXTURES=1`).
    public static let required = ProcessInfo.processInfo.environment["KEEL_REQUIRE_FIXTURES"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// The repository's root folder (found from this file's path).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `test_parsing` of the JSONTestSuite, or `nil` when it is not there.
    public static let jsonTestSuite: URL? = {
        let environment = ProcessInfo.processInfo.environment["KEEL_JSON_TEST_SUITE"]
        let candidates = [
            environment.map { URL(fileURLWithPath: $0) },
            environment.map { URL(fileURLWithPath: $0).appendingPathComponent("test_parsing") },
            repositoryRoot.appendingPathComponent("../shared/JSONTestSuite/test_parsing"),
        ].compactMap { $0 }
        return candidates.first { isDirectory($0) && containsJSON($0) }?.standardizedFileURL
    }()

    /// The benchmark corpus folder, or `nil` when it is not there.
    public static let corpus: URL? = {
        let environment = ProcessInfo.processInfo.environment["KEEL_CORPUS"]
        let candidates = [environment.map { URL(fileURLWithPath: $0) },
                          repositoryRoot.appendingPathComponent("../shared/corpus")].compactMap { $0 }
        return candidates.first { isDirectory($0) && containsJSON($0) }?.standardizedFileURL
    }()

    /// The JSONPath compliance suite's `cts.json` (RFC 9535), or `nil` when it is not there.
    public static let jsonPathComplianceSuite: URL? = {
        let environment = ProcessInfo.processInfo.environment["KEEL_JSONPATH_CTS"]
        let candidates = [environment.map { URL(fileURLWithPath: $0) },
                          repositoryRoot.appendingPathComponent("../shared/jsonpath-compliance-test-suite/cts.json")].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }?.standardizedFileURL
    }()

    /// The official JSON Schema Test Suite's root (with `tests/` and `remotes/`), or `nil` when it is not there.
    public static let jsonSchemaTestSuite: URL? = {
        let environment = ProcessInfo.processInfo.environment["KEEL_JSON_SCHEMA_TEST_SUITE"]
        let candidates = [environment.map { URL(fileURLWithPath: $0) },
                          repositoryRoot.appendingPathComponent("../shared/JSON-Schema-Test-Suite")].compactMap { $0 }
        return candidates.first { isDirectory($0.appendingPathComponent("tests")) && isDirectory($0.appendingPathComponent("remotes")) }?
            .standardizedFileURL
    }()

    /// The names of the `.json` files in `folder` whose names start with `prefix`, sorted.
    public static func files(in folder: URL?, prefix: String = "") -> [String] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of a file.
    public static func bytes(of url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    private static func containsJSON(_ url: URL) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.contains { $0.hasSuffix(".json") } ?? false
    }
}
