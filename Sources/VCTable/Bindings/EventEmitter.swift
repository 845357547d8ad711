import Synchronization

/// One-shot events (pressed, finished, open detail) for any number of handlers, delivered
/// later on the owner's scheduler, in order. Each `addHandler` returns a `Disposable`.
public final class EventEmitter<Event: Sendable>: Sendable {
    private final class HandlerBox: Disposable {
        let handler: @Sendable (Event) -> Bool   // false: its weak target is gone, drop it
        let disposed = Atomic<Bool>(false)
        init(_ handler: @escaping @Sendable (Event) -> Bool) { self.handler = handler }
        var isDisposed: Bool { disposed.load(ordering: .acquiring) }
        func dispose() { disposed.store(true, ordering: .releasing) }
    }

    /// Where handlers run.
    public let scheduler: any Scheduler
    private let handlers = Mutex<[HandlerBox]>([])

    /// An emitter delivering on `scheduler`.
    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// Sends `event` to the handlers registered when it is delivered. Safe from any thread.
    public func emit(_ event: Event) {
        scheduler.schedule { [self] in deliver(event) }
    }

    private func deliver(_ event: Event) {
        let handlers = self.handlers.withLock { handlers -> [HandlerBox] in
            handlers.removeAll { $0.isDisposed }
            return handlers
        }
        for box in handlers where !box.isDisposed {
            if !box.handler(event) { box.dispose() }
        }
    }

    /// Adds a handler; dispose the result to remove it.
    @discardableResult
    public func addHandler(_ handler: @escaping @Sendable (Event) -> Void) -> any Disposable {
        add(HandlerBox { event in handler(event); return true })
    }

    /// Adds a handler that holds `target` weakly (the song picker's
    /// `addHandler(target:handler:)`): it is called with the target while the target
    /// lives, and removed once it is gone.
    @discardableResult
    public func addHandler<Target: AnyObject & Sendable>(
        target: Target, handler: @escaping @Sendable (Target, Event) -> Void
    ) -> any Disposable {
        let weakTarget = WeakBox(target)
        return add(HandlerBox { event in
            guard let target = weakTarget.value else { return false }
            handler(target, event)
            return true
        })
    }

    private func add(_ box: HandlerBox) -> any Disposable {
        handlers.withLock { $0.append(box) }
        return box
    }

    /// How many handlers are live.
    public var handlerCount: Int {
        handlers.withLock { handlers in handlers.count { !$0.isDisposed } }
    }
}

/// A weak reference that can cross threads.
final class WeakBox<Object: AnyObject & Sendable>: Sendable {
    private let storage: Mutex<WeakStorage>
    private struct WeakStorage: @unchecked Sendable { weak var object: Object? }

    init(_ object: Object? = nil) {
        storage = Mutex(WeakStorage(object: object))
    }

    var value: Object? {
        get { storage.withLock { $0.object } }
        set { storage.withLock { $0.object = newValue } }
    }
}
