import Synchronization

/// A current value and any number of observers (the feed app's `Observable<T>` had one
/// `valueChanged` closure, so reused cells overwrote each other's).
///
/// Setting `value` from any thread notifies the observers later, on the owner's
/// scheduler, in order, and only when the value actually changed (`Equatable`). With
/// `coalescing`, changes made before the scheduler runs collapse into one notification of
/// the latest value (skipped when it is back to the last value delivered).
/// An observer disposed on the scheduler's thread is never called again.
public final class Observable<Value: Sendable & Equatable>: Sendable {
    private struct State {
        var value: Value
        var lastDelivered: Value
        var observers = SubscriberList<Value>()
        var flushScheduled = false
        /// Values waiting for delivery, in the order they were set (not coalescing): the
        /// scheduled work takes the oldest, so two setters racing on different threads
        /// still notify in the order their values were set. The oldest is at `queuedHead`.
        var queued: [Value] = []
        var queuedHead = 0

        /// Takes the oldest queued value in amortized O(1): `removeFirst()` would shift
        /// every value still queued, O(n²) for a burst of n changes.
        mutating func takeOldestQueued() -> Value {
            let value = queued[queuedHead]
            queuedHead += 1
            if queuedHead == queued.count {
                queued.removeAll(keepingCapacity: true)
                queuedHead = 0
            } else if queuedHead >= 64 && queuedHead * 2 >= queued.count {
                queued.removeFirst(queuedHead)
                queuedHead = 0
            }
            return value
        }
    }


    /// Where notifications run.
    public let scheduler: any Scheduler
    /// Whether changes between two scheduler runs collapse into one notification.
    public let coalescing: Bool
    private let state: Mutex<State>

    /// An observable holding `value`, notifying on `scheduler`.
    public init(_ value: Value, scheduler: any Scheduler, coalescing: Bool = false) {
        self.scheduler = scheduler
        self.coalescing = coalescing
        state = Mutex(State(value: value, lastDelivered: value))
    }

    /// The current value. Setting an equal value does nothing.
    public var value: Value {
        get { state.withLock { $0.value } }
        set { update(newValue) }
    }

    private func update(_ newValue: Value) {
        let schedule = state.withLock { state -> Bool in
            guard state.value != newValue else { return false }
            state.value = newValue
            if coalescing {
                if state.flushScheduled { return false }
                state.flushScheduled = true
            } else {
                state.queued.append(newValue)
            }
            return true
        }
        guard schedule else { return }
        if coalescing {
            scheduler.schedule { [weak self] in self?.flush() }
        } else {
            scheduler.schedule { [weak self] in
                guard let self else { return }
                deliver(state.withLock { $0.takeOldestQueued() })
            }
        }
    }

    private func flush() {
        let value = state.withLock { state -> Value? in
            state.flushScheduled = false
            return state.value == state.lastDelivered ? nil : state.value
        }
        if let value { deliver(value) }
    }

    private func deliver(_ value: Value) {
        let observers = state.withLock { state -> [Subscriber<Value>] in
            state.lastDelivered = value
            return state.observers.live()
        }
        for subscriber in observers { subscriber.send(value) }
    }

    /// Adds an observer. With `fireNow`, it is also called now, on the calling thread, with
    /// the current value (a view binding a widget wants that). Dispose the result to stop.
    public func observe(fireNow: Bool = false, _ observer: @escaping @Sendable (Value) -> Void) -> any Disposable {
        let box = Subscriber<Value> { value in observer(value); return true }
        let current = state.withLock { state -> Value in
            state.observers.append(box)
            return state.value
        }
        if fireNow { observer(current) }
        return box
    }

    /// How many observers are live.
    public var observerCount: Int {
        state.withLock { $0.observers.liveCount }
    }

    /// How many observer entries are held, disposed ones not yet swept included (tests).
    var storedObserverCount: Int { state.withLock { $0.observers.storedCount } }
}
