import ArgumentParser

/// `keel`: check, and later format and query, JSON files from the command line.
@main
struct KeelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keel",
        abstract: "Check, format and query JSON text, strictly by RFC 8259.",
        discussion: """
            Exit status: 0 success, 1 invalid JSON, 2 a file that cannot be read, 64 a usage error.
            """,
        version: "0.1.0",
        subcommands: [Validate.self, Format.self, Get.self, Stats.self]
    )
}
