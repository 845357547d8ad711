import Synchronization

/// One-shot events (pressed, finished, open detail) for any number of handlers, delivered
/// later on the owner's scheduler, in order. Each `addHandler` returns a `Disposable`.
public final class EventEmitter<Event: Sendable>: Sendable {

    /// Where handlers run.
    public let scheduler: any Scheduler
    private let handlers = Mutex(SubscriberList<Event>())

    /// An emitter delivering on `scheduler`.
    public init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// Sends `event` to the handlers registered when it is delivered. Safe from any thread.
    public func emit(_ event: Event) {
        scheduler.schedule { [weak self] in self?.deliver(event) }
    }

    private func deliver(_ event: Event) {
        let handlers = self.handlers.withLock { $0.live() }
        for handler in handlers { handler.send(event) }
    }

    /// Adds a handler; dispose the result to remove it.
    @discardableResult
    public func addHandler(_ handler: @escaping @Sendable (Event) -> Void) -> any Disposable {
        add(Subscriber<Event> { event in handler(event); return true })
    }

    /// Adds a handler that holds `target` weakly (the song picker's
    /// `addHandler(target:handler:)`): it is called with the target while the target
    /// lives, and removed once it is gone.
    @discardableResult
    public func addHandler<Target: AnyObject & Sendable>(
        target: Target, handler: @escaping @Sendable (Target, Event) -> Void
    ) -> any Disposable {
        let weakTarget = WeakBox(target)
        return add(Subscriber<Event> { event in
            guard let target = weakTarget.value else { return false }
            handler(target, event)
            return true
        })
    }

    private func add(_ box: Subscriber<Event>) -> any Disposable {
        handlers.withLock { $0.append(box) }
        return box
    }

    /// How many handlers are live.
    public var handlerCount: Int {
        handlers.withLock { $0.liveCount }
    }

    /// How many handler entries are held, disposed ones not yet swept included (tests).
    var storedHandlerCount: Int { handlers.withLock { $0.storedCount } }
}

/// A weak reference that can cross threads.
///
/// The storage is not generic (a weak `AnyObject`, only ever an `Object`): making and
/// dropping a box then instantiates no metadata for its field, and the unspecialized deinit
/// destroys a struct whose metadata is static (BENCHMARKS.md, "Loaded cost").
final class WeakBox<Object: AnyObject & Sendable>: Sendable {
    private let storage: Mutex<WeakStorage>

    init(_ object: Object? = nil) {
        storage = Mutex(WeakStorage(object: object))
    }

    var value: Object? {
        get { storage.withLock { $0.object }.map { unsafeDowncast($0, to: Object.self) } }
        set { storage.withLock { $0.object = newValue } }
    }
}

/// `WeakBox`'s storage.
private struct WeakStorage: @unchecked Sendable { weak var object: AnyObject? }
