import Synchronization

/// A one-way stream of values of one type, delivered in order to one handler on a
/// scheduler's thread: the allocation-free way to post many reports.
///
/// `schedule(_:)` takes a closure, and a closure that carries data is one heap allocation
/// per post. A channel stores the values themselves: `send(_:)` appends the value to a
/// buffer under a lock, and only the first value of a batch schedules the job that hands
/// the whole batch to the handler. A million reports from a worker thread cost a million
/// appends and a handful of scheduled jobs.
///
/// ```swift
/// let progress = ContextChannel<Int>(scheduler: .mainContext) { percent in
///     bar.fraction = Double(percent) / 100     // on the GLib loop's thread
/// }
/// progress.send(42)                            // from any thread, never inline
/// ```
///
/// Ordering: values are delivered in the order `send(_:)` calls returned (a total order
/// when the senders are ordered, e.g. one thread). Relative to other work on the same
/// scheduler, a value is delivered after the work that was queued before its batch began
/// and never in the call stack of `send(_:)`; values sent while a batch is delivered form
/// the next batch, in a later job.
///
/// `close()` drops the values not yet delivered and releases the handler; after it
/// returns on the scheduler's thread, the handler is never called again.
public final class ContextChannel<Value: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var pending: [Value] = []
        /// The buffer the last batch was delivered from, kept for its capacity.
        @usableFromInline var spare: [Value] = []
        @usableFromInline var drainScheduled = false
        @usableFromInline var handler: (@Sendable (Value) -> Void)?

        @usableFromInline
        init(handler: @escaping @Sendable (Value) -> Void) {
            self.handler = handler
        }
    }

    @usableFromInline
    let state: Mutex<State>
    @usableFromInline
    let scheduler: any Scheduler
    /// Set by `close()`: read once per delivered value, without taking the lock.
    private let closed = Atomic<Bool>(false)

    /// A channel whose values reach `handler` on `scheduler`'s thread.
    ///
    /// - Parameters:
    ///   - scheduler: where the handler runs (a `MainContextScheduler` for a GLib loop).
    ///   - handler: called once per value, in order, on the scheduler's thread.
    public init(scheduler: any Scheduler, handler: @escaping @Sendable (Value) -> Void) {
        self.scheduler = scheduler
        state = Mutex(State(handler: handler))
    }

    /// Queues `value` for the handler. Safe from any thread; never runs the handler inline.
    /// A value sent after `close()` is dropped.
    @inlinable
    public func send(_ value: Value) {
        let mustSchedule = state.withLock { state -> Bool in
            guard state.handler != nil else { return false }
            state.pending.append(value)
            if state.drainScheduled { return false }
            state.drainScheduled = true
            return true
        }
        if mustSchedule { scheduleDrain() }
    }

    /// Drops the values not yet delivered and releases the handler (and what it captured).
    public func close() {
        closed.store(true, ordering: .releasing)
        let released = state.withLock { state -> (@Sendable (Value) -> Void)? in
            defer {
                state.handler = nil
                state.pending = []
                state.spare = []
            }
            return state.handler
        }
        _ = released // the handler's captures are released here, outside the lock
    }

    /// Whether `close()` has been called.
    public var isClosed: Bool {
        closed.load(ordering: .acquiring)
    }

    @usableFromInline
    func scheduleDrain() {
        scheduler.schedule { [self] in drain() }
    }

    /// Hands one batch to the handler, on the scheduler's thread.
    private func drain() {
        let taken = state.withLock { state -> ([Value], (@Sendable (Value) -> Void)?) in
            var batch: [Value] = []
            swap(&batch, &state.spare)
            swap(&batch, &state.pending)
            state.drainScheduled = false
            return (batch, state.handler)
        }
        var batch = taken.0
        guard let handler = taken.1 else { return }
        for value in batch {
            handler(value)
            // close() from inside the handler: deliver nothing more of this batch.
            if closed.load(ordering: .acquiring) { return }
        }
        batch.removeAll(keepingCapacity: true)
        state.withLock { state in
            if state.handler != nil && state.spare.capacity < batch.capacity { swap(&batch, &state.spare) }
        }
    }
}
