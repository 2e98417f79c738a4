#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Asking the system for memory before an array is made of it. A Swift array that cannot get its memory
/// stops the process with a backtrace; the tool instead asks the C allocator first and, when refused
/// (`ulimit -v`, a container's limit), ends with exit status 2 and one line, as for a file it cannot read.
/// The block is handed back at once: the array that follows gets the same room.
enum MemoryProbe {
    /// Whether `bytes` of memory can be had now.
    static func canAllocate(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        guard let block = malloc(bytes) else { return false }
        free(block)
        return true
    }

    /// The system's "cannot allocate memory".
    static var refusal: SystemError { SystemError(code: ENOMEM) }

    /// Throws ``refusal`` unless `bytes` can be had now.
    static func require(_ bytes: Int) throws(SystemError) {
        guard canAllocate(bytes) else { throw refusal }
    }
}
