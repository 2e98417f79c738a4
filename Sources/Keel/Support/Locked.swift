// A value behind a mutex, for what a document works out lazily and shares between threads (line and column
// checkpoints, child positions of large containers). The core avoids Foundation, so the lock is the
// platform's own (through `SystemLibrary`); state and mutex share one allocation, so a document pays one allocation for it.

/// `State` guarded by a mutex: every access goes through ``withLock(_:)``, so sharing it is safe.
struct Locked<State>: @unchecked Sendable {
    private let buffer: LockedBuffer<State>

    init(_ state: State) {
        buffer = unsafeDowncast(LockedBuffer<State>.create(minimumCapacity: 1) { _ in state }, to: LockedBuffer<State>.self)
        buffer.withUnsafeMutablePointerToElements { mutex in
            SystemLibrary.initialize(mutex)
        }
    }

    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        buffer.withUnsafeMutablePointers { state, mutex in
            SystemLibrary.lock(mutex)
            defer { SystemLibrary.unlock(mutex) }
            return body(&state.pointee)
        }
    }
}

/// The state, with the mutex stored after it at a stable address.
private final class LockedBuffer<State>: ManagedBuffer<State, SystemLibrary.Mutex> {
    deinit {
        withUnsafeMutablePointerToElements { mutex in
            SystemLibrary.destroy(mutex)
        }
    }
}
