import Synchronization

/// One observer or handler of a notification source (`Observable`, `EventEmitter`,
/// `ListModel`): its closure, never called once disposed, and released the moment it is
/// disposed, so whatever it captured goes too, even while the source lives on.
final class Subscriber<Input>: Disposable {
    /// The closure, boxed: it returns false when it wants to be removed (a weak target is
    /// gone). A bare function value in a `Mutex` would gain one reabstraction thunk per
    /// `withLock` (swiftlang/swift#91348): a delivery costing O(n) and a release recursing
    /// n deep after n deliveries. `make lint` refuses a lock that holds a function type.
    private let body: Mutex<Body?>

    /// The closure in a struct: a struct is never reabstracted, so the function value
    /// inside it keeps the one representation it was stored with.
    private struct Body: Sendable {
        let call: @Sendable (Input) -> Bool
    }

    init(_ body: @escaping @Sendable (Input) -> Bool) {
        self.body = Mutex(Body(call: body))
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
        if !body.call(input) { dispose() }
    }
}
