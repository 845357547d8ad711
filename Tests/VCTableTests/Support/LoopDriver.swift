import CGLib
import Foundation
import Glibc
import Synchronization
@testable import VCTable

/// A thread's identity, comparable across threads (`pthread_self()`).
struct ThreadID: Sendable, Equatable, CustomStringConvertible {
    let raw: pthread_t

    static var current: ThreadID { ThreadID(raw: pthread_self()) }

    static func == (lhs: ThreadID, rhs: ThreadID) -> Bool { pthread_equal(lhs.raw, rhs.raw) != 0 }

    var description: String { "thread 0x\(String(raw, radix: 16))" }
}

/// Runs `body` on a new OS thread, off Swift's cooperative pool, and returns its result.
///
/// Tests that block (iterating a `GMainContext`) do it here: on a 2-core machine the
/// cooperative pool has 2 threads, and the model's fetch tasks need them.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 4 << 20
        thread.start()
    }
}

/// A private `GMainContext` (never the global default one) and its scheduler, so tests
/// running in parallel never share a context.
final class TestContext: Sendable {
    let scheduler: MainContextScheduler

    init() {
        let context = g_main_context_new()!
        scheduler = MainContextScheduler(context: UnsafeMutableRawPointer(context))
        g_main_context_unref(context)
    }

    /// The `GMainContext *`.
    var pointer: OpaquePointer { OpaquePointer(scheduler.context) }

    /// Wakes a thread blocked iterating the context, so `iterate(until:)` re-checks its condition.
    func wake() {
        g_main_context_wakeup(pointer)
    }

    /// Iterates the context on a fresh thread until `condition` holds or `timeout` passes.
    func iterate(until condition: @escaping @Sendable () -> Bool, timeout: Duration = .seconds(30)) async -> Bool {
        await iterateReportingThread(until: condition, timeout: timeout).satisfied
    }

    /// As `iterate(until:timeout:)`, also returning the thread that iterated.
    func iterateReportingThread(
        until condition: @escaping @Sendable () -> Bool, timeout: Duration = .seconds(30)
    ) async -> (satisfied: Bool, thread: ThreadID) {
        let scheduler = self.scheduler
        return await offPool {
            (scheduler.iterate(until: condition, timeout: timeout), ThreadID.current)
        }
    }

    /// Runs the context until a closure scheduled now has run (everything queued before it
    /// has run too: the scheduler is FIFO).
    func drain(timeout: Duration = .seconds(30)) async -> Bool {
        let done = Flag()
        scheduler.schedule { done.set() }
        return await iterate(until: { done.isSet }, timeout: timeout)
    }

    /// On a fresh thread that owns the context: waits (polling the context's file
    /// descriptors, dispatching nothing) until one of its sources is ready to dispatch,
    /// then runs `body` while still owning it. Returns whether a source got ready in time,
    /// and `body`'s result.
    ///
    /// Used to act at the exact moment work has been queued on the context but has not run.
    func whenReadyWhileOwning<T: Sendable>(
        timeout: Duration = .seconds(30), _ body: @escaping @Sendable () -> T
    ) async -> (ready: Bool, result: T) {
        await offPool { [self] in
            let context = self.pointer
            precondition(g_main_context_acquire(context) != 0, "context busy")
            defer { g_main_context_release(context) }
            let deadline = ContinuousClock.now + timeout
            var ready = false
            var fds = [GPollFD](repeating: GPollFD(), count: 16)
            while !ready && ContinuousClock.now < deadline {
                var priority: Int32 = 0
                if g_main_context_prepare(context, &priority) != 0 {
                    ready = true
                    break
                }
                var wait: Int32 = 0
                var count = g_main_context_query(context, priority, &wait, &fds, Int32(fds.count))
                if count > Int32(fds.count) {
                    fds = [GPollFD](repeating: GPollFD(), count: Int(count))
                    count = g_main_context_query(context, priority, &wait, &fds, count)
                }
                let remaining = deadline - ContinuousClock.now
                let remainingMilliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
                let pollTimeout = wait < 0 ? remainingMilliseconds : min(wait, remainingMilliseconds)
                _ = g_poll(&fds, UInt32(count), pollTimeout)
                ready = g_main_context_check(context, priority, &fds, count) != 0
            }
            return (ready, body())
        }
    }

    /// Runs `body` on a fresh thread while that thread owns (has acquired) the context.
    func whileOwning<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await offPool { [self] in
            let pointer = self.pointer
            precondition(g_main_context_acquire(pointer) != 0, "context busy")
            defer { g_main_context_release(pointer) }
            return body()
        }
    }
}

/// A thread running a `MainLoop` over a private context until `stop()`: for tests that
/// await (actor hops, `reload()`) while the context must keep running.
final class LoopThread: Sendable {
    let context = TestContext()
    let loop: MainLoop
    private let threadID = Mutex<ThreadID?>(nil)
    private let finished = Flag()

    var scheduler: MainContextScheduler { context.scheduler }

    /// Starts the thread and returns once the loop is running on it.
    static func start() async -> LoopThread {
        let loopThread = LoopThread()
        await loopThread.launch()
        return loopThread
    }

    private init() {
        loop = MainLoop(scheduler: context.scheduler)
    }

    private func launch() async {
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                let pointer = context.pointer
                g_main_context_push_thread_default(pointer)
                threadID.withLock { $0 = .current }
                scheduler.schedule { started.resume() }
                loop.run()
                g_main_context_pop_thread_default(pointer)
                finished.set()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    /// The thread running the loop.
    var thread: ThreadID { threadID.withLock { $0! } }

    /// Quits the loop and waits for the thread to leave it.
    func stop() async {
        let loop = self.loop
        let finished = self.finished
        scheduler.schedule { loop.quit() }
        _ = await offPool { finished.wait(timeout: .seconds(30)) }
    }
}

/// A one-way boolean, safe from any thread, that can be waited for off the pool.
final class Flag: Sendable {
    private let state = Mutex(false)
    private let signal: ChangeSignal

    init(waking context: TestContext? = nil) {
        signal = ChangeSignal(waking: context)
    }

    var isSet: Bool { state.withLock { $0 } }

    func set() {
        signal.notify { state.withLock { $0 = true } }
    }

    /// Blocks the calling thread (never call on the cooperative pool) until set or `timeout`.
    func wait(timeout: Duration = .seconds(30)) -> Bool {
        signal.wait(timeout: timeout) { isSet }
    }

    func waitAsync(timeout: Duration = .seconds(30)) async -> Bool {
        await signal.waitAsync(timeout: timeout) { self.isSet }
    }
}

/// Lets threads wait, without polling, for a condition on state that other threads change.
/// Whoever changes the state calls `notify()`, which also wakes `context` (when given) so a
/// thread blocked in `iterate(until:)` re-checks its condition.
final class ChangeSignal: Sendable {
    private let condition = NSCondition()
    private let context: TestContext?

    init(waking context: TestContext? = nil) {
        self.context = context
    }

    /// Runs `change` under the signal's lock, then wakes every waiter.
    func notify<R>(after change: () -> R) -> R {
        condition.lock()
        let result = change()
        condition.broadcast()
        condition.unlock()
        context?.wake()
        return result
    }

    func notify() {
        notify {}
    }

    /// Blocks the calling thread (off the cooperative pool) until `predicate` holds or `timeout` passes.
    func wait(timeout: Duration = .seconds(30), until predicate: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(
            Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18)
        condition.lock()
        defer { condition.unlock() }
        while !predicate() {
            if !condition.wait(until: deadline) { return predicate() }
        }
        return true
    }

    /// `wait(timeout:until:)` from async code, on a thread of its own.
    func waitAsync(timeout: Duration = .seconds(30), until predicate: @escaping @Sendable () -> Bool) async -> Bool {
        await offPool { self.wait(timeout: timeout, until: predicate) }
    }
}

/// A value protected by a lock.
final class Locked<Value: Sendable>: Sendable {
    private let state: Mutex<Value>

    init(_ value: Value) { state = Mutex(value) }

    var value: Value {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    @discardableResult
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
        state.withLock { body(&$0) }
    }
}
