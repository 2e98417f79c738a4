import KeelTestSupport
import Testing

/// `keel stats`, run as a user runs it.
@Suite struct StatsCommandTests {
    @Test func describesADocument() throws {
        let run = try Keel.run(["stats", "Examples/people.json"])
        #expect(run.status == 0)
        #expect(run.output == """
            Examples/people.json
              bytes: 194
              values: 14 (objects 3, arrays 2, strings 4, numbers 2, booleans 3, nulls 0); keys: 9
              maximum depth: 3
              largest array: 2 elements at /people
              largest object: 3 members at the root
              longest string: 15 bytes at /people/1/name
              numbers a Double cannot hold exactly: 0

            """)
    }

    @Test func countsNumbersADoubleCannotHold() throws {
        // Inexact: 0.1, 2^53 + 1, 1e400, 12345678901234567890123, 2^63 - 1. Exact: 2.5, 2^63, -2^63, 1e22.
        let run = try Keel.run(["stats"], input: """
            [0.1, 9007199254740993, 1e400, 12345678901234567890123, 9223372036854775807, 2.5, \
            9223372036854775808, -9223372036854775808, 1e22, [[[]]], null]
            """)
        #expect(run.output.contains("values: 14 (objects 0, arrays 4, strings 0, numbers 9, booleans 0, nulls 1); keys: 0"))
        #expect(run.output.contains("maximum depth: 4"))
        #expect(run.output.contains("largest object: none"))
        #expect(run.output.contains("numbers a Double cannot hold exactly: 5"))
    }

    @Test func deepDocumentsAndErrors() throws {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try Keel.run(["stats"], input: deep).output.contains("maximum depth: 500"))
        #expect(try Keel.run(["stats", "Examples/invalid.json"]).status == 1)
        #expect(try Keel.run(["stats", "Examples/missing.json"]).status == 2)
        #expect(try Keel.run(["stats", "--help"]).output.contains("$ keel stats Examples/people.json"))
    }
}
