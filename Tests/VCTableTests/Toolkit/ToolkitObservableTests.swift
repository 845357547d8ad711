import Dispatch
import Foundation
import Synchronization
import Testing
@testable import VCTable

@Suite("Toolkit: Observable")
struct ToolkitObservableTests {
    @Test("Notifications run later, in order, only for real changes, to every observer")
    func laterInOrderOnlyChanges() {
        let scheduler = TestScheduler()
        let observable = Observable(0, scheduler: scheduler)
        let recorders = (0..<3).map { _ in ToolkitRecorder<Int>() }
        let subscriptions = recorders.map { recorder in observable.observe { recorder.append($0) } }
        #expect(observable.observerCount == 3)

        observable.value = 1
        #expect(recorders.allSatisfy { $0.count == 0 }, "not inside the setter")
        #expect(observable.value == 1, "the value itself changes at once")
        observable.value = 1            // equal: nothing
        observable.value = 2
        observable.value = 3
        observable.value = 3            // equal: nothing
        #expect(recorders.allSatisfy { $0.count == 0 })
        scheduler.advance()
        for recorder in recorders { #expect(recorder.values == [1, 2, 3]) }

        observable.value = 3            // equal to the current value
        #expect(scheduler.pendingCount == 0, "setting an equal value schedules nothing")
        scheduler.advance()
        for recorder in recorders { #expect(recorder.values == [1, 2, 3]) }
        for subscription in subscriptions { subscription.dispose() }
        #expect(observable.observerCount == 0)
    }

    @Test("observe(fireNow: true) calls at once with the current value, then on changes")
    func fireNow() {
        let scheduler = TestScheduler()
        let observable = Observable("a", scheduler: scheduler)
        let recorder = ToolkitRecorder<String>()
        let subscription = observable.observe(fireNow: true) { recorder.append($0) }
        #expect(recorder.values == ["a"], "called at once")
        observable.value = "b"
        #expect(recorder.values == ["a"])
        scheduler.advance()
        #expect(recorder.values == ["a", "b"])
        subscription.dispose()
    }

    @Test("After dispose nothing reaches the observer, even a change queued before")
    func disposeDropsQueued() {
        let scheduler = TestScheduler()
        let observable = Observable(0, scheduler: scheduler)
        let gone = ToolkitRecorder<Int>(), kept = ToolkitRecorder<Int>()
        let subscription = observable.observe { gone.append($0) }
        let other = observable.observe { kept.append($0) }
        observable.value = 1
        subscription.dispose()          // the change is queued, not delivered yet
        #expect(subscription.isDisposed)
        scheduler.advance()
        #expect(gone.values.isEmpty)
        #expect(kept.values == [1], "other observers still get it")
        observable.value = 2
        scheduler.advance()
        #expect(gone.values.isEmpty)
        #expect(kept.values == [1, 2])
        #expect(observable.observerCount == 1)
        other.dispose()
    }

    @Test("Coalescing: 1000 sets before one run give one notification of the last value")
    func coalescingThousand() {
        let scheduler = TestScheduler()
        let observable = Observable(0, scheduler: scheduler, coalescing: true)
        let recorder = ToolkitRecorder<Int>()
        let subscription = observable.observe { recorder.append($0) }
        for value in 1...1000 { observable.value = value }
        #expect(scheduler.pendingCount == 1)
        #expect(recorder.count == 0)
        scheduler.advance()
        #expect(recorder.values == [1000])
        observable.value = 1001
        scheduler.advance()
        #expect(recorder.values == [1000, 1001])
        subscription.dispose()
    }

    @Test("Coalescing: A → B → A before a run notifies nothing")
    func coalescingBackToStart() {
        let scheduler = TestScheduler()
        let observable = Observable("A", scheduler: scheduler, coalescing: true)
        let recorder = ToolkitRecorder<String>()
        let subscription = observable.observe { recorder.append($0) }
        observable.value = "B"
        observable.value = "A"
        scheduler.advance()
        #expect(recorder.values.isEmpty)
        // After a delivery, going back to the delivered value is also nothing.
        observable.value = "C"
        scheduler.advance()
        observable.value = "D"
        observable.value = "C"
        scheduler.advance()
        #expect(recorder.values == ["C"])
        subscription.dispose()
    }

    @Test("On a real GLib context: later, in order, only changes, and dispose drops a queued change")
    func glibContext() async {
        let outcome = await ToolkitThreads.offPool { () -> (first: [Int], inSetter: Int, afterDispose: [Int], kept: [Int], ok: Bool) in
            let context = ToolkitContext()
            let observable = Observable(0, scheduler: context.scheduler)
            let recorder = ToolkitRecorder<Int>(), kept = ToolkitRecorder<Int>()
            let subscription = observable.observe { recorder.append($0) }
            let other = observable.observe { kept.append($0) }
            observable.value = 1
            observable.value = 1
            observable.value = 2
            let inSetter = recorder.count
            var ok = context.iterate(until: { recorder.count >= 2 })
            ok = context.drain() && ok
            let first = recorder.values
            observable.value = 3
            subscription.dispose()
            ok = context.iterate(until: { kept.count >= 3 }) && ok
            ok = context.drain() && ok
            other.dispose()
            return (first, inSetter, recorder.values, kept.values, ok)
        }
        #expect(outcome.ok, "the context delivered within the timeout")
        #expect(outcome.inSetter == 0)
        #expect(outcome.first == [1, 2])
        #expect(outcome.afterDispose == [1, 2], "a disposed observer gets nothing, even a change queued before")
        #expect(outcome.kept == [1, 2, 3])
    }

    @Test("Sets from a worker thread arrive in order, every one, on the context's thread")
    func workerThreadSets() async {
        let count = 2000
        let outcome = await ToolkitThreads.offPool { () -> (values: [Int], threads: [ToolkitThreadID], iterating: ToolkitThreadID, ok: Bool) in
            let context = ToolkitContext()
            let observable = Observable(0, scheduler: context.scheduler)
            let recorder = ToolkitRecorder<(Int, ToolkitThreadID)>()
            let subscription = observable.observe { recorder.append(($0, .current)) }
            let started = DispatchSemaphore(value: 0)
            let worker = Thread {
                started.signal()
                for value in 1...count { observable.value = value }
            }
            worker.start()
            started.wait()
            let ok = context.iterate(until: { recorder.count >= count }, timeout: .seconds(20))
            subscription.dispose()
            let values = recorder.values
            return (values.map(\.0), values.map(\.1), .current, ok)
        }
        #expect(outcome.ok)
        #expect(outcome.values == Array(1...count))
        #expect(outcome.threads.allSatisfy { $0 == outcome.iterating }, "observers run on the thread iterating the context")
    }

    @Test("Sets from a DispatchQueue, coalescing: increasing values, the last one last, on the context's thread")
    func dispatchQueueCoalescing() async {
        let outcome = await ToolkitThreads.offPool { () -> (values: [Int], onContext: Bool, ok: Bool) in
            let context = ToolkitContext()
            let observable = Observable(0, scheduler: context.scheduler, coalescing: true)
            let recorder = ToolkitRecorder<Int>()
            let iterating = ToolkitThreadID.current
            let offThread = ToolkitFlag()
            let subscription = observable.observe { value in
                if ToolkitThreadID.current != iterating { offThread.set() }
                recorder.append(value)
            }
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                for value in 1...500 { observable.value = value }
                done.signal()
            }
            // Iterated while the queue sets values: flushes interleave with the sets.
            let ok = context.iterate(until: { recorder.last == 500 })
            done.wait()
            _ = context.drain()
            subscription.dispose()
            return (recorder.values, !offThread.isSet, ok)
        }
        #expect(outcome.ok)
        #expect(outcome.onContext)
        #expect(outcome.values.last == 500)
        #expect(outcome.values == outcome.values.sorted() && Set(outcome.values).count == outcome.values.count,
                "coalesced values still arrive in order, without repeats")
    }

    /// A scheduler that holds its first `schedule` call until released: what a preempted
    /// setter thread looks like between updating the value and queuing the notification.
    final class ToolkitGateScheduler: Scheduler {
        let base = TestScheduler()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private let calls = Atomic<Int>(0)

        func schedule(_ work: @escaping @Sendable () -> Void) {
            if calls.wrappingAdd(1, ordering: .relaxed).oldValue == 0 {
                entered.signal()
                release.wait()
            }
            base.schedule(work)
        }
    }

    /// Library bug: `Observable.update` changes the value under its lock but queues the
    /// notification after unlocking, capturing the value; two setters on different
    /// threads can queue in the opposite order, and the last notification then carries a
    /// value that is no longer current (a view bound to it shows stale data for good).
    @Test("Two setters on different threads: the last notification carries the current value")
    func concurrentSettersEndOnCurrentValue() {
        let scheduler = ToolkitGateScheduler()
        let observable = Observable(0, scheduler: scheduler)
        let recorder = ToolkitRecorder<Int>()
        let subscription = observable.observe { recorder.append($0) }
        let finished = DispatchSemaphore(value: 0)
        let first = Thread {
            observable.value = 1        // updates the value, then is held inside schedule
            finished.signal()
        }
        first.start()
        scheduler.entered.wait()
        observable.value = 2            // a later change, queued first
        scheduler.release.signal()
        finished.wait()
        scheduler.base.advance()
        #expect(observable.value == 2)
        #expect(recorder.values == [1, 2], "notifications in the order the value changed")
        #expect(recorder.last == observable.value, "the last notification must carry the current value")
        subscription.dispose()
    }
}
