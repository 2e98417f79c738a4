import ArgumentParser

/// `keel`: check, format and query JSON files from the command line.
@main
struct KeelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keel",
        abstract: "Check, format and query JSON text, strictly by RFC 8259.",
        discussion: """
            Exit status: \(ExitStatus.success.rawValue) success, \(ExitStatus.invalid.rawValue) invalid JSON, \
            \(ExitStatus.unreadable.rawValue) a file that cannot be read or written (standard output included), \
            \(ExitStatus.usage.rawValue) a usage error. A closed pipe on standard output ends a run quietly, by SIGPIPE.
            """,
        version: "0.1.0",
        // Each subcommand's configuration names it: a name left out is worked out from the type's name, by
        // demangling it, for every subcommand at every start (about a tenth of a small run's instructions).
        subcommands: [Validate.self, Format.self, Get.self, Query.self, Stats.self, Model.self, SetValue.self, Delete.self, Patch.self]
    )

    /// Runs the command, with temporary files cleaned up on signals and every write to standard output
    /// checked (see ``SignalCleanup`` and ``StandardOutput``).
    static func main() {
        SignalCleanup.install()
        StandardOutput.flushWhenExiting()
        do {
            var command = try parseAsRoot(SetValue.negativeValuesAsPositional(Array(CommandLine.arguments.dropFirst())))
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
