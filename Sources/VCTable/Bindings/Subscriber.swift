import Synchronization

/// One observer or handler of a notification source (`Observable`, `EventEmitter`,
/// `ListModel`): its closure, never called once disposed, and released the moment it is
/// disposed, so whatever it captured goes too, even while the source lives on.
final class Subscriber<Input>: Disposable {
    /// The closure; it returns false when it wants to be removed (a weak target is gone).
    private let body: Mutex<(@Sendable (Input) -> Bool)?>

    init(_ body: @escaping @Sendable (Input) -> Bool) {
        self.body = Mutex(body)
    }

    var isDisposed: Bool { body.withLock { $0 == nil } }

    func dispose() {
        // Released outside the lock: its captures may run code of their own in deinit.
        let released = body.withLock { body in
            defer { body = nil }
            return body
        }
        _ = released
    }

    /// Calls the closure unless disposed; a false result disposes it.
    func send(_ input: Input) {
        guard let body = body.withLock({ $0 }) else { return }
        if !body(input) { dispose() }
    }
}
