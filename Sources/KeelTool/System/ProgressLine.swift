import Foundation

/// Progress for long runs, on standard error: shown only when standard error is a terminal and the run
/// has taken more than a couple of seconds, redrawn in place a few times a second, and erased when done.
/// Output that goes to a file or a pipe never gets any.
final class ProgressLine: @unchecked Sendable {
    /// Seconds before the first line; `KEEL_PROGRESS_DELAY` overrides it (the tests set it to 0).
    static var delay: Double {
        ProcessInfo.processInfo.environment["KEEL_PROGRESS_DELAY"].flatMap(Double.init) ?? 2
    }

    private let lock = NSLock()
    private var status = ""
    /// Asked for the status each time the line is drawn, when set (see ``track(_:)``).
    private var source: (@Sendable () -> String)?
    private var isShown = false
    private var isStopped = false
    private let start = ContinuousClock.now
    private let delay: Double

    /// A progress line that draws itself from a background thread, or `nil` when standard error is not a
    /// terminal.
    static func startIfTerminal() -> ProgressLine? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        let line = ProgressLine(delay: delay)
        Thread.detachNewThread { line.drawUntilStopped() }
        return line
    }

    private init(delay: Double) { self.delay = delay }

    /// What the run is doing now: `reading big.json: 40%`.
    func update(_ text: String) {
        lock.withLock {
            status = text
            source = nil
        }
    }

    /// Draws what `describe` says, asked from the drawing thread each time, until the next update or clear:
    /// for work that cannot stop to report, such as `reading big.jsonl: 40%` from the position of a descriptor
    /// that other threads are reading.
    func track(_ describe: @escaping @Sendable () -> String) {
        lock.withLock { source = describe }
    }

    /// Erases the line until the next update, so that a message can be printed on a clean line.
    func clear() {
        lock.withLock {
            status = ""
            source = nil
            erase()
        }
    }

    /// Stops drawing and erases the line.
    func stop() {
        lock.withLock {
            isStopped = true
            erase()
        }
    }

    private func erase() {
        if isShown { writeToStandardError("\r\u{1B}[K") }
        isShown = false
    }

    private func drawUntilStopped() {
        // Signals go to the main thread, which knows what to clean up (see SignalCleanup).
        SignalCleanup.blockOnThisThread()
        while true {
            Thread.sleep(forTimeInterval: 0.2)
            let keepGoing = lock.withLock { () -> Bool in
                guard !isStopped else { return false }
                let elapsed = ContinuousClock.now - start
                let status = source?() ?? self.status
                if elapsed >= .seconds(delay), !status.isEmpty {
                    writeToStandardError("\r\u{1B}[K\(status) (\(Int(elapsed.components.seconds)) s)")
                    isShown = true
                }
                return true
            }
            if !keepGoing { return }
        }
    }
}

/// Writes text to standard error as it is, without a newline.
func writeToStandardError(_ text: String) {
    _ = Array(text.utf8).withUnsafeBufferPointer { writeAll($0, to: STDERR_FILENO) }
}

/// A number of bytes for people: `512 B`, `3.4 MB`, `1.2 GB`.
func describeSize(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1e3) }
    if bytes < 1_000_000_000 { return String(format: "%.1f MB", Double(bytes) / 1e6) }
    return String(format: "%.2f GB", Double(bytes) / 1e9)
}
