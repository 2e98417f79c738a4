// The library's one door to the C library. Every call Keel makes into the system (memory, files, a mutex,
// the thread's stack, error text, the processor count) goes through `SystemLibrary`, so the platform fences
// live in this file alone and the rest of the library imports no C module of the platform.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
// (Windows is not a platform Keel builds for yet: the mutex and the stack below are POSIX threads'.)

/// The C library calls the library needs, each under a name that says what it is for.
enum SystemLibrary {
    // MARK: Memory

    /// `bytes` of uninitialised memory from the C allocator, or `nil` when the system refuses (or when
    /// `bytes` is negative).
    static func allocate(bytes: Int) -> UnsafeMutableRawPointer? {
        bytes >= 0 ? malloc(bytes) : nil
    }

    /// Whether the system grants `bytes` now: asked of the C allocator and handed back at once, before a
    /// Swift array (which stops the process when refused) is made of that much.
    static func canAllocate(bytes: Int) -> Bool {
        guard bytes > 0 else { return bytes == 0 }
        guard let memory = malloc(bytes) else { return false }
        free(memory)
        return true
    }

    /// Moves memory from ``allocate(bytes:)`` to a block of `bytes`, in place where it can; `nil`, with the
    /// block untouched, when the system refuses.
    static func reallocate(_ memory: UnsafeMutableRawPointer, bytes: Int) -> UnsafeMutableRawPointer? {
        bytes >= 0 ? realloc(memory, bytes) : nil
    }

    /// Returns memory from ``allocate(bytes:)`` or ``reallocate(_:bytes:)``.
    static func deallocate(_ memory: UnsafeMutableRawPointer) {
        free(memory)
    }

    /// The offset of the first `byte` in the `count` bytes at `base`.
    static func firstOffset(of byte: UInt8, in base: UnsafeRawPointer, count: Int) -> Int? {
        memchr(base, Int32(byte), count).map { base.distance(to: UnsafeRawPointer($0)) }
    }

    // MARK: Files

    /// A descriptor for reading the file at `path`, or the system's error code.
    static func openForReading(_ path: String) -> Result<Int32, SystemError> {
        let descriptor = open(path, O_RDONLY)
        return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: errno))
    }

    /// Closes a descriptor from ``openForReading(_:)``.
    static func close(_ descriptor: Int32) {
        _ = closeDescriptor(descriptor)
    }

    /// Reads up to `buffer.count` bytes: how many came (0 at the end), or the system's error. A read that a
    /// signal interrupts is tried again.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        while true {
            let count = readDescriptor(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
    }

    /// The code for an invalid argument (`EINVAL`), for a request the library turns down as the system would.
    static var invalidArgument: Int32 { EINVAL }

    /// The system's text for an error code (`strerror`).
    static func message(forError code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    // MARK: Threads

    /// The processors the system has online (1 where it cannot tell).
    static var processorCount: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        #else
        return 1
        #endif
    }

    /// The platform's mutex, for ``Locked``.
    typealias Mutex = pthread_mutex_t

    static func initialize(_ mutex: UnsafeMutablePointer<Mutex>) {
        mutex.initialize(to: Mutex())
        pthread_mutex_init(mutex, nil)
    }

    static func lock(_ mutex: UnsafeMutablePointer<Mutex>) { pthread_mutex_lock(mutex) }
    static func unlock(_ mutex: UnsafeMutablePointer<Mutex>) { pthread_mutex_unlock(mutex) }

    static func destroy(_ mutex: UnsafeMutablePointer<Mutex>) {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
    }

    /// A word each thread has its own copy of (0 until the thread sets it), for ``StackGuard``.
    struct ThreadWord {
        private let key: pthread_key_t

        /// A new slot, or `nil` when the system has none left.
        init?() {
            var key = pthread_key_t()
            guard pthread_key_create(&key, nil) == 0 else { return nil }
            self.key = key
        }

        /// The current thread's value.
        var value: UInt {
            get { pthread_getspecific(key).map { UInt(bitPattern: $0) } ?? 0 }
            nonmutating set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
        }
    }

    /// The current thread's stack: its lowest address and its size, when the system says (stacks grow down
    /// on every platform Swift runs on).
    static func currentThreadStack() -> (low: UInt, size: UInt)? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return high > size ? (high - size, size) : nil
        #elseif canImport(Glibc) || canImport(Musl)
        // `pthread_getattr_np` is a GNU extension the C module does not export; look it up by name.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> CInt
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var low: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &low, &size) == 0, let low else { return nil }
        return (UInt(bitPattern: low), UInt(size))
        #else
        return nil
        #endif
    }
}

/// An error code from the system (`errno`).
struct SystemError: Error, Hashable {
    let code: Int32
}

// The system's `read` and `close`, under names the methods above do not hide.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
