#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread whose stack is `stackSize` bytes, waits for it, and returns its result.
///
/// Used to prove that deep input costs heap, not stack: a recursive parser would crash here.
public func runOnThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
    let box = ThreadBox<T>()
    box.body = body
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, stackSize)
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let context = Unmanaged<AnyObject>.passRetained(box).toOpaque()
    let created = pthread_create(&thread, &attributes, { raw in
        let box = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! ThreadRunnable
        box.run()
        return nil
    }, context)
    pthread_attr_destroy(&attributes)
    precondition(created == 0, "could not start a thread")
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
    return box.result!
}

protocol ThreadRunnable: AnyObject { func run() }

/// Carries the work to the thread and the result back.
// Written by the thread before it ends and read only after pthread_join, so never concurrently.
final class ThreadBox<T>: ThreadRunnable, @unchecked Sendable {
    var body: (@Sendable () -> T)?
    var result: T?
    init() {}
    func run() { result = body?() }
}
