internal import CGLib
import Synchronization

/// A serial queue of work that runs on a GLib `GMainContext`: VCTable's "main queue".
///
/// `schedule(_:)` never runs the work inline, whatever thread calls it and whether or
/// not that thread could acquire the context: the work is appended to a queue that one
/// idle `GSource` (priority `G_PRIORITY_DEFAULT`, like `GTask`'s return) drains on the
/// thread that iterates the context, in FIFO order. Work scheduled while a batch runs
/// runs in a later dispatch of the source, never in the same call stack.
///
/// The scheduler is also a `SerialExecutor`, so an actor can be isolated to a
/// `GMainContext`:
///
/// ```swift
/// actor Counter {
///     nonisolated let scheduler: MainContextScheduler
///     nonisolated var unownedExecutor: UnownedSerialExecutor {
///         scheduler.asUnownedSerialExecutor()
///     }
/// }
/// ```
///
/// Work still queued when the context is destroyed is dropped (its closures are
/// released, never run).
public final class MainContextScheduler: SerialExecutor, Sendable {
    let queue: ContextQueue

    /// A scheduler for the calling thread's thread-default `GMainContext`
    /// (the global default context when none was pushed), as `GTask` picks it.
    public static func threadDefault() -> MainContextScheduler {
        MainContextScheduler(adopting: GMainContextRef(adopting: g_main_context_ref_thread_default()!))
    }

    /// A scheduler for the global default `GMainContext`, the one `g_main_loop_new (NULL, …)` runs.
    public static var mainContext: MainContextScheduler {
        MainContextScheduler(adopting: GMainContextRef(retaining: g_main_context_default()!))
    }

    /// A scheduler for the `GMainContext` at `context` (a `GMainContext *`), which it
    /// keeps a reference to.
    ///
    /// - Parameter context: a `GMainContext *`; `nil` means the global default context.
    public convenience init(context: UnsafeMutableRawPointer?) {
        let pointer = context.map { OpaquePointer($0) } ?? g_main_context_default()!
        self.init(adopting: GMainContextRef(retaining: pointer))
    }

    init(adopting context: GMainContextRef) {
        queue = ContextQueue(context: context)
    }

    /// The `GMainContext *` this scheduler delivers on (borrowed: valid while the scheduler lives).
    public var context: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(queue.context.pointer)
    }

    /// Whether the calling thread owns (is iterating) this scheduler's context.
    public var isCurrent: Bool {
        g_main_context_is_owner(queue.context.pointer) != 0
    }

    /// Queues `work` to run later on the context's thread. Safe from any thread.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.enqueue(work)
    }

    // MARK: SerialExecutor

    /// Runs `job` later on the context's thread, like `schedule(_:)`.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.enqueue { job.runSynchronously(on: executor) }
    }

    /// This scheduler as an actor's executor (complex equality: see `isSameExclusiveExecutionContext`).
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(complexEquality: self)
    }

    /// Two schedulers on one `GMainContext` are one thread of execution.
    public func isSameExclusiveExecutionContext(other: MainContextScheduler) -> Bool {
        queue.context.pointer == other.queue.context.pointer
    }

    /// Traps unless the calling thread owns the context (what `assumeIsolated` relies on).
    public func checkIsolated() {
        precondition(isCurrent, "not on the thread that iterates this scheduler's GMainContext")
    }
}
