// The loop every command over several inputs shares: each input in turn, the worst status kept, and the run
// ended with it.
import ArgumentParser

extension InputFile {
    /// Runs `body` on each input `arguments` name (standard input for none, or for `-`), then ends the command
    /// with the worst status an input had, or `initial` when that is worse (nothing is thrown when the worst is
    /// success).
    static func forEach(_ arguments: [String], startingFrom initial: ExitStatus = .success,
                        _ body: (InputFile) throws -> ExitStatus) throws {
        var worst = initial
        for input in resolve(arguments) { worst = max(worst, try body(input)) }
        if worst != .success { throw ExitCode(worst) }
    }
}
