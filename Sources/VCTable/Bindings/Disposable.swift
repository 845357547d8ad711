import Synchronization

/// A subscription, binding or piece of work that can be ended: after `dispose()` returns
/// (on the owner's context thread), nothing more is delivered through it.
public protocol Disposable: AnyObject, Sendable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
    /// Ends it. Idempotent.
    func dispose()
}

/// A `Disposable` that runs an action once, on the first `dispose()`.
public final class ActionDisposable: Disposable {
    /// The action in a struct, never a bare function value in the `Mutex`: each `withLock`
    /// would wrap one more reabstraction thunk around it (swiftlang/swift#91348).
    private struct Action: Sendable {
        let run: @Sendable () -> Void
    }

    private let action: Mutex<Action?>
    private let disposed = Atomic<Bool>(false)

    /// A disposable running `action` when disposed.
    public init(_ action: @escaping @Sendable () -> Void = {}) {
        self.action = Mutex(Action(run: action))
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Ends it; idempotent.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?.run()
    }
}

/// Disposes a group at once; one added after disposal is disposed at once.
public final class CompositeDisposable: Disposable {
    private let state = Mutex<(disposed: Bool, members: [any Disposable])>((false, []))

    /// An empty group.
    public init(_ members: [any Disposable] = []) {
        state.withLock { $0.members = members }
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.disposed } }

    /// Adds `member`, or disposes it now when the group is already disposed.
    public func add(_ member: any Disposable) {
        let late = state.withLock { state -> Bool in
            if state.disposed { return true }
            state.members.append(member)
            return false
        }
        if late { member.dispose() }
    }

    /// Ends it; idempotent.
    public func dispose() {
        let members = state.withLock { state -> [any Disposable] in
            if state.disposed { return [] }
            state.disposed = true
            defer { state.members.removeAll() }
            return state.members
        }
        for member in members { member.dispose() }
    }
}

/// Holds one inner disposable at a time: setting a new one disposes the previous one.
/// What a recycled widget uses to hold its current row binding.
public final class SerialDisposable: Disposable {
    private let state = Mutex<(disposed: Bool, inner: (any Disposable)?)>((false, nil))

    /// An empty holder.
    public init() {}

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.disposed } }

    /// The current inner disposable; setting it disposes the previous one (and the new one
    /// too, when this holder is already disposed).
    public var inner: (any Disposable)? {
        get { state.withLock { $0.inner } }
        set {
            let (previous, late) = state.withLock { state -> ((any Disposable)?, Bool) in
                if state.disposed { return (nil, true) }
                defer { state.inner = newValue }
                return (state.inner, false)
            }
            previous?.dispose()
            if late { newValue?.dispose() }
        }
    }

    /// Ends it; idempotent.
    public func dispose() {
        let inner = state.withLock { state -> (any Disposable)? in
            if state.disposed { return nil }
            state.disposed = true
            defer { state.inner = nil }
            return state.inner
        }
        inner?.dispose()
    }
}
