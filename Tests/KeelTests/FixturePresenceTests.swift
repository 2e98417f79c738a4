import KeelTestSupport
import Testing

/// When a run asks for every fixture (CI sets `KEEL_REQUIRE_FIXTURES=1`), each one the skippable tests use is
/// there: a missing suite fails the run instead of skipping its tests quietly.
@Suite(.enabled(if: SharedFixtures.required, "KEEL_REQUIRE_FIXTURES not set: a missing fixture only skips its tests"))
struct FixturePresenceTests {
    @Test func theJSONTestSuiteIsThere() {
        #expect(SharedFixtures.jsonTestSuite != nil, "../shared/JSONTestSuite/test_parsing (or KEEL_JSON_TEST_SUITE) not found")
    }

    @Test func theCorpusIsThere() {
        #expect(SharedFixtures.corpus != nil, "../shared/corpus (or KEEL_CORPUS) not found")
    }

    @Test func theJSONPathComplianceSuiteIsThere() {
        #expect(SharedFixtures.jsonPathComplianceSuite != nil, "../shared/jsonpath-compliance-test-suite/cts.json (or KEEL_JSONPATH_CTS) not found")
    }

    @Test func theJSONSchemaTestSuiteIsThere() {
        #expect(SharedFixtures.jsonSchemaTestSuite != nil, "../shared/JSON-Schema-Test-Suite (or KEEL_JSON_SCHEMA_TEST_SUITE) not found")
    }

    @Test func valgrindIsThereForTheGrowthChecks() {
        #expect(CountedWork.valgrind != nil, "valgrind not installed")
        #expect(CountedWork.workloads != nil, "the KeelWorkloads executable was not built beside the tests")
    }
}
