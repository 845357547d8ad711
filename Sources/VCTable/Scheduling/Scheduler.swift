import Synchronization

/// Where view-model notifications run: later, in order, on one thread of execution.
///
/// `MainContextScheduler` is the real one (a GLib `GMainContext`); `TestScheduler` runs
/// queued work only when a test says so.
public protocol Scheduler: Sendable {
    /// Queues `work` to run later, after the work already queued. Never runs it inline.
    func schedule(_ work: @escaping @Sendable () -> Void)
}

extension MainContextScheduler: Scheduler {}

/// A `Scheduler` for tests of view-model logic without a GLib loop: work runs only when
/// `advance()` is called, in FIFO order, on the caller's thread.
public final class TestScheduler: Scheduler {
    /// One queued closure, in a struct: a lock never holds a bare function value
    /// (swiftlang/swift#91348, `scripts/check-lock-closures.py`).
    private struct QueuedWork: Sendable {
        let run: @Sendable () -> Void
    }

    private let queue = Mutex<[QueuedWork]>([])

    /// An empty scheduler.
    public init() {}

    /// Queues `work` until the next `advance()`.
    public func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.withLock { $0.append(QueuedWork(run: work)) }
    }

    /// How many items of work are queued.
    public var pendingCount: Int { queue.withLock { $0.count } }

    /// Runs queued work, including work queued while it runs, until none is left.
    /// Returns how many items ran.
    @discardableResult
    public func advance() -> Int {
        var count = 0
        while true {
            let batch = queue.withLock { queue -> [QueuedWork] in
                defer { queue.removeAll() }
                return queue
            }
            if batch.isEmpty { return count }
            for work in batch { work.run() }
            count += batch.count
        }
    }
}
