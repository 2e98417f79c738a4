import Foundation
import KeelTestSupport
import Testing

/// Deep and broken input through the `keel` binary, where the work runs on the process's real main thread.
@Suite struct HostileInputCommandTests {
    static let deepArrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    static let deepObjects = String(repeating: #"[{"":"#, count: 50_000) + "1" + String(repeating: "}]", count: 50_000)

    @Test func deepNestingIsACleanErrorInEveryCommand() throws {
        // The 513th level opens at byte 512 of the arrays and at byte 1280 of the objects (five bytes a pair).
        for (input, column) in [(Self.deepArrays, 513), (Self.deepObjects, 1281)] {
            for arguments in [["validate"], ["format"], ["stats"]] {
                let run = try Keel.run(arguments, input: input)
                #expect(run.status == 1, "\(arguments)")
                #expect(run.error.contains("Nesting too deep at line 1, column \(column)"), "\(arguments): \(run.error.prefix(200))")
            }
        }
    }

    @Test func deepNestingWithTheLimitRaisedValidates() throws {
        let run = try Keel.run(["validate", "--max-depth", "200000"], input: Self.deepObjects)
        #expect(run.status == 0)
        #expect(run.output == "<stdin>: OK\n")
    }

    @Test func truncatedInputIsAnErrorAtTheEnd() throws {
        let run = try Keel.run(["validate"], input: #"{"a": [1, 2, {"b": "\uD83D\"#)
        #expect(run.status == 1)
        #expect(run.error.contains("Unexpected end of input at line 1, column 28 (byte 27)"), "\(run.error)")
    }
}
