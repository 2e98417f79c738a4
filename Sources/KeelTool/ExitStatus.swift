// How a run of `keel` ends, by name. The numbers are a promise to shell scripts (the README and `keel --help`
// give them), so they are written here once and nowhere else.
import ArgumentParser

/// The exit statuses every command shares. Where inputs end differently, the run ends with the worst, the
/// largest.
enum ExitStatus: Int32, Error, Comparable {
    /// Every input was read and was what the command needed.
    case success = 0
    /// An input is not JSON (or not the JSON asked for: a schema mismatch, an edit that cannot be made).
    case invalid = 1
    /// A file cannot be read or written, standard output included.
    case unreadable = 2
    /// The command line asks for what cannot be done: a query or a schema that is not one.
    case usage = 64

    static func < (left: ExitStatus, right: ExitStatus) -> Bool { left.rawValue < right.rawValue }
}

extension ExitCode {
    /// Ends the command with `status`.
    init(_ status: ExitStatus) { self.init(status.rawValue) }
}
