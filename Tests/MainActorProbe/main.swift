// vctable-mainactor-probe: checks that `@MainActor` and `DispatchQueue.main` work in a
// program whose main thread runs a GLib main loop (the default GMainContext) instead of
// `dispatchMain()`, once `MainContextScheduler.startDrainingDispatchMainQueue()` is called.
//
// A synchronous top-level program (no async main). It prints one line per check
// ("<check>: ok" or "<check>: FAILED …"), then "done", and exits 0 only if every check
// passed. A 10 s guard quits the loop and prints "timeout" so it can never hang.
import CGLib
import Dispatch
import Foundation
import Glibc
import Synchronization
import VCTable

/// Prints a line and flushes it at once (stdout is a pipe when the test runs us).
@Sendable func say(_ line: String) {
    print(line)
    fflush(nil)
}

let mainThread = pthread_self()

/// Whether the calling thread is the process's main thread.
@Sendable func onMainThread() -> Bool {
    pthread_equal(pthread_self(), mainThread) != 0 && Thread.isMainThread
}

let expectedChecks = ["mainactor", "dispatch-main", "mainactor-from-background", "dispatch-main-order"]
let results = Mutex<[String: Bool]>([:])
let loop = MainLoop()

@Sendable func report(_ check: String, _ ok: Bool, _ detail: String = "") {
    say(ok ? "\(check): ok" : "\(check): FAILED \(detail)")
    let finished = results.withLock { results -> Bool in
        results[check] = ok
        return expectedChecks.allSatisfy { results[$0] != nil }
    }
    if finished { loop.quit() }
}

// 1. The drain is an fd watch, not a polling timer: with nothing posted, a blocking
//    iteration of the default context sleeps until our own 200 ms timeout fires.
nonisolated(unsafe) var idleTimeoutFired = false
MainContextScheduler.startDrainingDispatchMainQueue()
MainContextScheduler.startDrainingDispatchMainQueue()  // a second call does nothing
do {
    // First dispatch whatever is already pending (libdispatch may have signalled at start-up).
    var pending = 0
    while g_main_context_iteration(nil, 0) != 0 && pending < 100 { pending += 1 }
    let clock = ContinuousClock()
    let start = clock.now
    g_timeout_add(200, { _ in
        idleTimeoutFired = true
        return 0
    }, nil)
    var wakeups = 0
    while !idleTimeoutFired && wakeups < 100 {
        g_main_context_iteration(nil, 1)
        wakeups += 1
    }
    let elapsed = clock.now - start
    let ok = idleTimeoutFired && wakeups == 1 && elapsed >= .milliseconds(190)
    say(ok ? "idle: ok" : "idle: FAILED woke \(wakeups) times in \(elapsed)")
    results.withLock { $0["idle"] = ok }
}

// 2. @MainActor work and DispatchQueue.main blocks run on the main thread, in order.
let order = Mutex<[Int]>([])
Task { @MainActor in
    report("mainactor", onMainThread(), "not on the main thread")
}
DispatchQueue.main.async {
    report("dispatch-main", onMainThread(), "not on the main thread")
}
for index in 0..<100 {
    DispatchQueue.main.async {
        let done = order.withLock { order -> Bool in
            order.append(index)
            return order.count == 100
        }
        if done {
            let inOrder = order.withLock { $0 == Array(0..<100) }
            report("dispatch-main-order", inOrder && onMainThread(), "blocks ran out of order or off the main thread")
        }
    }
}

// 3. Work hopping to the main actor from a background thread, while the loop runs.
Thread.detachNewThread {
    Task.detached {
        let fromBackground = !onMainThread()
        let onMain = await MainActor.run { onMainThread() }
        report("mainactor-from-background", fromBackground && onMain, "background \(fromBackground), main \(onMain)")
    }
}

// Guard: never hang.
DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
    say("timeout")
    loop.quit()
}

loop.run()

let final = results.withLock { $0 }
let failed = (["idle"] + expectedChecks).filter { final[$0] != true }
let passed = failed.isEmpty
say(passed ? "done" : "done with failures: \(failed)")
exit(passed ? 0 : 1)
