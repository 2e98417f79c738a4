#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file of an `--in-place` rewrite when a signal ends the run.
///
/// A signal handler may only call async-signal-safe functions, so the file's name is kept in a fixed buffer
/// of C characters that the handler reads, and the handler does no more than `unlink` it and then let the
/// signal take its usual course (reset to the default action and raised again, so the exit status still
/// says which signal ended the run). Signals that were ignored when keel started stay ignored (`nohup`).
/// `SIGKILL` cannot be caught: after `kill -9` the temporary file (`.NAME.keel-XXXXXX`, beside the file)
/// stays, and the original is intact.
enum SignalCleanup {
    /// Signals whose default action ends the process and which a program may catch.
    static let terminatingSignals: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    ]

    /// The path being written, zero-terminated; an empty string when there is none.
    nonisolated(unsafe) static let pendingPath: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()

    static let capacity = Int(PATH_MAX) + 1

    /// Installs the handlers, and unblocks the signals in case the parent left them blocked (a blocked
    /// signal would be held until exit, and the run would go on). `SIGXFSZ` (a file-size limit reached) is
    /// ignored instead, so that the write that crosses the limit fails with `EFBIG` and is reported like
    /// any other failed write.
    static func install() {
        _ = pendingPath
        signal(SIGXFSZ, SIG_IGN)
        var set = terminatingSet
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signalNumber in terminatingSignals {
            var current = sigaction()
            guard sigaction(signalNumber, nil, &current) == 0, !isIgnored(current) else { continue }
            var action = sigaction()
            setHandler(&action)
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Runs `body` with every catchable signal blocked, so that a handler never sees a half-made change.
    static func withSignalsBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Blocks the terminating signals on the calling thread, so that they are delivered to the main thread,
    /// which is the one that sets ``pendingPath`` with signals blocked. For helper threads.
    static func blockOnThisThread() {
        var set = terminatingSet
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private static var terminatingSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in terminatingSignals { sigaddset(&set, signalNumber) }
        return set
    }

    /// Creates a unique temporary file from `template` (ending in `XXXXXX`) and records it for removal;
    /// returns its descriptor and path, or the system's error code.
    static func createTemporaryFile(template: [UInt8]) -> Result<(descriptor: Int32, path: [UInt8]), SystemError> {
        guard template.count < capacity else { return .failure(SystemError(code: ENAMETOOLONG)) }
        return withSignalsBlocked {
            var buffer = template.map { CChar(bitPattern: $0) } + [0]
            let descriptor = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
            pendingPath.update(from: buffer, count: buffer.count)
            return .success((descriptor, buffer.dropLast().map { UInt8(bitPattern: $0) }))
        }
    }

    /// Forgets the recorded file (it has been renamed into place, or removed).
    static func clearPendingFile() {
        withSignalsBlocked { pendingPath[0] = 0 }
    }
}

private func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
    return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    #else
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    #endif
}

private func setHandler(_ action: inout sigaction) {
    let handler: @convention(c) (Int32) -> Void = { signalNumber in
        if SignalCleanup.pendingPath[0] != 0 { unlink(SignalCleanup.pendingPath) }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
}

/// A failed system call, with the system's reason.
struct SystemError: Error, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}
