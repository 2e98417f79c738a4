import Foundation
import KeelTestSupport
import Testing

/// Each command's `--help` is right as a user reads it: every example that shows its output prints exactly
/// that when run, and paragraphs are wrapped once, by the argument parser, to the terminal's width.
@Suite struct HelpTests {
    static let commands = ["validate", "format", "get", "query", "stats", "set", "delete", "patch"]

    /// An example in a help text: the command after `$ `, and the lines shown under it as its output.
    struct Example {
        var command: String
        var output: [String] = []
    }

    static func examples(in help: String) -> [Example] {
        var examples: [Example] = []
        var inExample = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("$ ") {
                examples.append(Example(command: String(text.dropFirst(2))))
                inExample = true
            } else if text.isEmpty || !line.hasPrefix("  ") {
                inExample = false
            } else if inExample {
                examples[examples.count - 1].output.append(text)
            }
        }
        return examples
    }

    static func help(_ command: String, columns: Int) throws -> String {
        try Keel.shell("COLUMNS=\(columns) \"$KEEL\" \(command) --help").output
    }

    @Test(arguments: commands)
    func examplesPrintWhatTheHelpShows(_ command: String) throws {
        let examples = Self.examples(in: try Self.help(command, columns: 200))
        #expect(!examples.isEmpty, "no example in keel \(command) --help")
        for example in examples where !example.output.isEmpty {
            // The examples name files in the repository (Examples/) and read standard input from echo or printf.
            let script = example.command.replacingOccurrences(of: "keel ", with: "\"$KEEL\" ")
            let run = try Keel.shell(script)
            let printed = (run.output + run.error).split(separator: "\n").map(String.init)
            #expect(printed == example.output, "keel \(command) --help: $ \(example.command)")
        }
    }

    /// On a wide terminal each paragraph is one line; on a narrow one no line passes the width. A paragraph
    /// broken by hand would show as short lines on the wide terminal and ragged ones on the narrow.
    @Test(arguments: commands)
    func paragraphsAreWrappedOnlyByTheParser(_ command: String) throws {
        let wide = try Self.help(command, columns: 1_000)
        let paragraphs = wide.components(separatedBy: "\n\n").filter { paragraph in
            // Prose paragraphs of the discussion: not the usage, option lists, or examples (a heading line
            // ending in a colon, or indented lines).
            let lines = paragraph.trimmingCharacters(in: .newlines).split(separator: "\n")
            return !lines.contains { $0.hasPrefix("  ") || $0.hasSuffix(":") } && paragraph.contains(" ")
        }
        #expect(!paragraphs.isEmpty)
        for paragraph in paragraphs {
            #expect(!paragraph.trimmingCharacters(in: .newlines).contains("\n"),
                    "keel \(command) --help: a paragraph broken by hand:\n\(paragraph)")
        }
        let narrow = try Self.help(command, columns: 60)
        for line in narrow.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("$ ") {
            #expect(line.count <= 60 || line.hasPrefix("    ") || line.contains("--"),
                    "keel \(command) --help at 60 columns: \(line)")
        }
    }
}
