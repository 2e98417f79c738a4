// A value behind a mutex, for what a document works out lazily and shares between threads (line and column
// checkpoints, child positions of large containers). The core avoids Foundation, so the lock is the
// platform's own; state and mutex share one allocation, so a document pays one allocation for it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `State` guarded by a mutex: every access goes through ``withLock(_:)``, so sharing it is safe.
struct Locked<State>: @unchecked Sendable {
    private let buffer: LockedBuffer<State>

    init(_ state: State) {
        buffer = unsafeDowncast(LockedBuffer<State>.create(minimumCapacity: 1) { _ in state }, to: LockedBuffer<State>.self)
        buffer.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        buffer.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&state.pointee)
        }
    }
}

/// The state, with the mutex stored after it at a stable address.
private final class LockedBuffer<State>: ManagedBuffer<State, pthread_mutex_t> {
    deinit {
        withUnsafeMutablePointerToElements { mutex in
            pthread_mutex_destroy(mutex)
            _ = mutex.deinitialize(count: 1)
        }
    }
}
