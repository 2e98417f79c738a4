#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output, written whole or not at all.
///
/// Every write is checked. A reader that has gone away (a closed pipe, `EPIPE`) ends the run the way the
/// system ends any writer to a closed pipe, by `SIGPIPE`, with no message, even where `SIGPIPE` was
/// ignored. Any other failure (a full disk, `/dev/full`, a file-size limit) ends it with one line on
/// standard error and exit status 2, so that a shortened output never passes for a complete one.
enum StandardOutput {
    /// Writes all of `bytes`, or ends the run (see the type's discussion).
    static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let failure = writeAll(bytes, to: STDOUT_FILENO) { fail(failure) }
    }

    /// Writes all of `bytes`; see the overload for buffers.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Writes `text` and a line break.
    static func writeLine(_ text: String) {
        write(Array(text.utf8) + [UInt8(ascii: "\n")])
    }

    /// Ends the run after a failed write with the system's error `code`: by SIGPIPE for a closed pipe,
    /// otherwise with one line on standard error and status 2 (`_exit` when already exiting).
    static func fail(_ code: Int32, alreadyExiting: Bool = false) -> Never {
        if code == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        printError("keel: cannot write to standard output: \(String(cString: strerror(code)))")
        if alreadyExiting { _exit(ExitStatus.unreadable.rawValue) }
        exit(ExitStatus.unreadable.rawValue)
    }

    /// Arranges for ``flushBufferedText()`` to run when the process exits.
    static func flushWhenExiting() {
        atexit { StandardOutput.flushBufferedText() }
    }

    /// Flushes what the standard library's `print` (used by the argument parser for help and errors) has
    /// buffered, and fails as above if that cannot be written. Runs at exit.
    static func flushBufferedText() {
        guard fflush(nil) != 0 else { return }
        fail(errno == 0 ? EIO : errno, alreadyExiting: true)
    }
}

/// Writes all of `bytes` to `descriptor`, retrying short writes; returns the system's error code if that
/// fails (`EIO` when the system accepts no byte and names no error).
func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var written = 0
    while written < bytes.count {
        let result = write(descriptor, base + written, bytes.count - written)
        if result < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if result == 0 { return EIO }
        written += result
    }
    return nil
}

/// Writes a line to standard error (unbuffered, so it is never lost on exit).
func printError(_ message: String) {
    writeToStandardError(message + "\n")
}
