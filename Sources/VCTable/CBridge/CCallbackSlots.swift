internal import CGLib

/// One C callback as set: `func`, `user_data`, `notify`.
final class CCallback {
    let function: UnsafeRawPointer
    let userData: UnsafeMutableRawPointer?
    private let notify: CDestroyNotify?
    fileprivate var activeCalls = 0
    fileprivate var detached = false
    private var notified = false

    init(function: UnsafeRawPointer, userData: UnsafeMutableRawPointer?, notify: CDestroyNotify?) {
        self.function = function
        self.userData = userData
        self.notify = notify
    }

    /// Runs the notify once the callback is detached and no call of it is on the stack.
    fileprivate func notifyIfDone() {
        guard detached, activeCalls == 0, !notified else { return }
        notified = true
        notify?(userData)
    }
}

/// The C callbacks of one model, and the rule that makes them safe across threads:
/// after a setter returns, the old callback is never called again.
///
/// A recursive mutex is held while a callback runs and while a slot changes. A setter (or
/// the last unref) on another thread therefore waits for a running callback to return;
/// on the same thread (from inside a callback) it goes ahead, and a callback replaced from
/// inside itself gets its notify when it returns. Each notify runs exactly once. The
/// price: a callback must not block waiting for another thread that is calling a setter
/// of the same model.
final class CCallbackSlots: @unchecked Sendable {
    enum Slot: Int, CaseIterable {
        case didReloadData, didError, didUpdateNavigationTitle
    }

    private let mutex: UnsafeMutablePointer<GRecMutex>
    private var callbacks: [CCallback?] = Array(repeating: nil, count: Slot.allCases.count)
    private var disposed = false

    init() {
        mutex = .allocate(capacity: 1)
        g_rec_mutex_init(mutex)
    }

    deinit {
        g_rec_mutex_clear(mutex)
        mutex.deallocate()
    }

    private func withLock<T>(_ body: () -> T) -> T {
        g_rec_mutex_lock(mutex)
        defer { g_rec_mutex_unlock(mutex) }
        return body()
    }

    /// Replaces (or, with `nil`, clears) a slot; the previous callback's notify runs now
    /// or, when it is running on this thread, as it returns.
    func set(_ slot: Slot, _ callback: CCallback?) {
        withLock {
            let previous = callbacks[slot.rawValue]
            callbacks[slot.rawValue] = disposed ? nil : callback
            if disposed, let callback {
                callback.detached = true
                callback.notifyIfDone()
            }
            previous?.detached = true
            previous?.notifyIfDone()
        }
    }

    /// Calls `body` with the slot's callback, if one is set and the model is alive.
    func invoke(_ slot: Slot, _ body: (CCallback) -> Void) {
        withLock {
            guard !disposed, let callback = callbacks[slot.rawValue] else { return }
            callback.activeCalls += 1
            body(callback)
            callback.activeCalls -= 1
            callback.notifyIfDone()
        }
    }

    /// Whether the slot has a callback now.
    func isSet(_ slot: Slot) -> Bool {
        withLock { !disposed && callbacks[slot.rawValue] != nil }
    }

    /// Clears every slot for good (the model's last unref): their notifies run, and no
    /// callback runs again.
    func dispose() {
        withLock {
            disposed = true
            let all = callbacks
            callbacks = Array(repeating: nil, count: Slot.allCases.count)
            for callback in all {
                callback?.detached = true
                callback?.notifyIfDone()
            }
        }
    }
}
