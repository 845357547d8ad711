internal import CGLib

/// One C callback as set: `func`, `user_data`, `notify`. Its notify runs exactly once,
/// when it is detached and no call of it is on the stack.
final class CCallback: @unchecked Sendable {
    let function: UnsafeRawPointer
    let userData: UnsafeMutableRawPointer?
    private let notify: CDestroyNotify?
    private var activeCalls = 0
    private var detached = false
    private var notified = false

    init(function: UnsafeRawPointer, userData: UnsafeMutableRawPointer?, notify: CDestroyNotify?) {
        self.function = function
        self.userData = userData
        self.notify = notify
    }

    /// Runs `body` unless detached; a detach from inside `body` defers the notify to its end.
    /// Callers serialize calls and detaches (a lock, or the context thread).
    func call(_ body: (CCallback) -> Void) {
        guard !detached else { return }
        activeCalls += 1
        body(self)
        activeCalls -= 1
        notifyIfDone()
    }

    var isDetached: Bool { detached }

    /// Detaches it: it is never called again, and its notify runs now or as its running call returns.
    func detach() {
        detached = true
        notifyIfDone()
    }

    private func notifyIfDone() {
        guard detached, activeCalls == 0, !notified else { return }
        notified = true
        notify?(userData)
    }
}

/// The C callbacks of one handle, and the rule that makes them safe across threads:
/// after a setter returns, the old callback is never called again.
///
/// A recursive mutex is held while a callback runs and while a slot changes. A setter (or
/// the last unref) on another thread therefore waits for a running callback to return;
/// on the same thread (from inside a callback) it goes ahead, and a callback replaced from
/// inside itself gets its notify when it returns. Each notify runs exactly once. The
/// price: a callback must not block waiting for another thread that is calling a setter
/// of the same handle.
final class CCallbackSlots: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<GRecMutex>
    private var callbacks: [CCallback?]
    private var disposed = false

    init(count: Int) {
        callbacks = Array(repeating: nil, count: count)
        mutex = .allocate(capacity: 1)
        g_rec_mutex_init(mutex)
    }

    deinit {
        g_rec_mutex_clear(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the slots' recursive mutex.
    func withLock<T>(_ body: () -> T) -> T {
        g_rec_mutex_lock(mutex)
        defer { g_rec_mutex_unlock(mutex) }
        return body()
    }

    /// Replaces (or, with `nil`, clears) slot `index`; the previous callback's notify runs
    /// now or, when it is running on this thread, as it returns.
    func set(_ index: Int, _ callback: CCallback?) {
        withLock {
            let previous = callbacks[index]
            if disposed {
                callback?.detach()
            } else {
                callbacks[index] = callback
            }
            previous?.detach()
        }
    }

    /// Calls `body` with slot `index`'s callback, if one is set and the handle is alive.
    func invoke(_ index: Int, _ body: (CCallback) -> Void) {
        withLock {
            guard !disposed, let callback = callbacks[index] else { return }
            callback.call(body)
        }
    }

    /// Whether slot `index` has a callback now.
    func isSet(_ index: Int) -> Bool {
        withLock { !disposed && callbacks[index] != nil }
    }

    /// Clears every slot for good (the handle's last unref): their notifies run, and no
    /// callback runs again.
    func dispose() {
        withLock {
            disposed = true
            let all = callbacks
            callbacks = Array(repeating: nil, count: callbacks.count)
            for callback in all { callback?.detach() }
        }
    }
}

extension CCallback {
    /// A callback from a C setter's arguments (`Function` is the C function pointer type);
    /// `nil` for a `NULL` function, whose notify, if any, runs at once: it still owns
    /// `user_data`.
    static func make<Function>(_ function: Function?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?) -> CCallback? {
        guard let function else {
            notify?(userData)
            return nil
        }
        return CCallback(function: unsafeBitCast(function, to: UnsafeRawPointer.self), userData: userData, notify: notify)
    }
}

extension Optional where Wrapped == CCallbackSlots {
    /// What every `vct_*_set_*` entry point does: sets slot `index` to the C callback,
    /// or, when the object was not found (`nil`: a critical was logged), runs its notify
    /// at once, since the caller handed over `user_data`.
    func set<Function>(_ index: Int, _ function: Function?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?) {
        guard let slots = self else {
            notify?(userData)
            return
        }
        slots.set(index, CCallback.make(function, userData, notify))
    }
}
