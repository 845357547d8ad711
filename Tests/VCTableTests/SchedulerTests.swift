import CGLib
import Foundation
import Synchronization
import Testing
@testable import VCTable

@Suite("MainContextScheduler")
struct SchedulerTests {
    @Test("FIFO across many schedules from several threads")
    func fifoAcrossThreads() async {
        let context = TestContext()
        let scheduler = context.scheduler
        let producers = 4
        let perProducer = 2_000
        let total = producers * perProducer
        // A lock held around each schedule call makes the enqueue order a total order: ticket n is the n-th enqueued.
        let enqueueLock = Locked(0)
        let ran = Locked<[Int]>([])
        let perThread = Locked<[Int: [Int]]>([:])

        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<producers {
                group.addTask {
                    await offPool {
                        for sequence in 0..<perProducer {
                            enqueueLock.withLock { ticket in
                                let mine = ticket
                                ticket += 1
                                scheduler.schedule {
                                    ran.withLock { $0.append(mine) }
                                    perThread.withLock { $0[producer, default: []].append(sequence) }
                                }
                            }
                        }
                    }
                }
            }
        }
        let done = await context.iterate(until: { ran.value.count == total })
        #expect(done)
        #expect(ran.value == Array(0..<total))
        for producer in 0..<producers {
            #expect(perThread.value[producer] == Array(0..<perProducer))
        }
    }

    @Test("Work is never run inline, even when the caller owns the context")
    func neverInlineWhenOwning() async {
        let context = TestContext()
        let ran = Flag()
        let ranInline = await context.whileOwning {
            let owns = context.scheduler.isCurrent
            context.scheduler.schedule { ran.set() }
            return (owns, ran.isSet)
        }
        #expect(ranInline.0, "the helper thread should own the context")
        #expect(ranInline.1 == false, "schedule(_:) ran the work inline")
        #expect(ran.isSet == false)
        #expect(await context.iterate(until: { ran.isSet }))
    }

    @Test("Work runs on the thread iterating the context, which owns it then")
    func runsOnIteratingThread() async {
        let context = TestContext()
        let where_ = Locked<[(ThreadID, Bool)]>([])
        for _ in 0..<3 {
            context.scheduler.schedule { where_.withLock { $0.append((.current, context.scheduler.isCurrent)) } }
        }
        #expect(context.scheduler.isCurrent == false)
        let (done, iterator) = await context.iterateReportingThread(until: { where_.value.count == 3 })
        #expect(done)
        #expect(where_.value.map(\.0) == [iterator, iterator, iterator])
        #expect(where_.value.map(\.1) == [true, true, true])
        #expect(iterator != ThreadID.current)
    }

    @Test("Work scheduled while a batch runs waits for a later iteration, after the outer work returns")
    func nestedScheduleRunsInLaterIteration() async {
        let context = TestContext()
        let scheduler = context.scheduler
        let log = Locked<[String]>([])
        scheduler.schedule {
            log.withLock { $0.append("outer start") }
            scheduler.schedule { log.withLock { $0.append("nested") } }
            log.withLock { $0.append("outer end") }
        }
        scheduler.schedule { log.withLock { $0.append("second") } }

        let afterEach = await offPool { () -> [[String]] in
            var snapshots: [[String]] = []
            for _ in 0..<2 {
                g_main_context_iteration(OpaquePointer(scheduler.context), 0)
                snapshots.append(log.value)
            }
            return snapshots
        }
        #expect(afterEach[0] == ["outer start", "outer end", "second"], "the first iteration runs the queued batch only")
        #expect(afterEach[1] == ["outer start", "outer end", "second", "nested"], "the nested work runs in the next iteration")
    }

    @Test("An idle scheduler leaves no source behind once drained")
    func sourceRemovedWhenEmpty() async {
        let context = TestContext()
        let count = Locked(0)
        for _ in 0..<1_000 { context.scheduler.schedule { count.withLock { $0 += 1 } } }
        let scheduler = context.scheduler
        let result = await offPool { () -> (Int32, Int, Int32) in
            let pointer = OpaquePointer(scheduler.context)
            let first = g_main_context_iteration(pointer, 0)
            let ran = count.value
            let second = g_main_context_iteration(pointer, 0)
            return (first, ran, second)
        }
        #expect(result.0 != 0, "the first iteration dispatches the scheduler's source")
        #expect(result.1 == 1_000, "one dispatch runs the whole burst")
        #expect(result.2 == 0, "nothing is left to dispatch: the source removed itself")
        // It comes back for the next burst.
        let again = Flag()
        context.scheduler.schedule { again.set() }
        #expect(await context.iterate(until: { again.isSet }))
    }

    @Test("Work still queued when the context is destroyed is dropped: never run, closures released")
    func queuedWorkDroppedWithContext() async {
        let ran = Flag()
        let released = Flag()
        let contextFinalized = Flag()
        do {
            let context = g_main_context_new()!
            // A marker whose destroy notify runs when the context is finalized and frees its sources.
            let marker = g_timeout_source_new_seconds(3600)!
            g_source_set_callback(
                marker, { _ in 0 },
                Unmanaged.passRetained(contextFinalized).toOpaque(),
                { data in
                    let flag = Unmanaged<Flag>.fromOpaque(data!).takeRetainedValue()
                    flag.set()
                })
            g_source_attach(marker, context)
            g_source_unref(marker)

            let scheduler = MainContextScheduler(context: UnsafeMutableRawPointer(context))
            let probe = DeinitProbe { released.set() }
            scheduler.schedule { _ = probe; ran.set() }
            g_main_context_unref(context)
            // `scheduler` and `probe` go out of scope here: no one else refers to the context.
        }
        #expect(contextFinalized.isSet, "the context is still alive after its last reference was dropped")
        #expect(released.isSet, "the queued closure was not released")
        #expect(ran.isSet == false)
    }

    @Test("Control: a scheduler with nothing queued does not keep its context alive")
    func idleSchedulerReleasesContext() async {
        let contextFinalized = Flag()
        do {
            let context = g_main_context_new()!
            let marker = g_timeout_source_new_seconds(3600)!
            g_source_set_callback(
                marker, { _ in 0 },
                Unmanaged.passRetained(contextFinalized).toOpaque(),
                { data in Unmanaged<Flag>.fromOpaque(data!).takeRetainedValue().set() })
            g_source_attach(marker, context)
            g_source_unref(marker)
            let scheduler = MainContextScheduler(context: UnsafeMutableRawPointer(context))
            let ran = Flag()
            scheduler.schedule { ran.set() }
            #expect(scheduler.iterate(until: { ran.isSet }, timeout: .seconds(30)))
            g_main_context_unref(context)
        }
        #expect(contextFinalized.isSet)
    }

    @Test("threadDefault() picks the context pushed as thread-default, else the global default")
    func threadDefaultFollowsPush() async {
        let context = TestContext()
        let pointer = UInt(bitPattern: context.scheduler.context)
        let seen = await offPool { () -> (UInt, UInt, UInt, UInt) in
            let global = UInt(bitPattern: UnsafeMutableRawPointer(g_main_context_default()!))
            let before = UInt(bitPattern: MainContextScheduler.threadDefault().context)
            g_main_context_push_thread_default(OpaquePointer(bitPattern: pointer))
            let pushed = UInt(bitPattern: MainContextScheduler.threadDefault().context)
            let model = VCTableModel(manager: StaticAPI(items: []))
            let modelContext = UInt(bitPattern: model.scheduler.context)
            g_main_context_pop_thread_default(OpaquePointer(bitPattern: pointer))
            return (global, before, pushed, modelContext)
        }
        #expect(seen.1 == seen.0)
        #expect(seen.2 == pointer)
        #expect(seen.3 == pointer, "a model made on that thread reports on its thread-default context")
        #expect(UInt(bitPattern: MainContextScheduler.mainContext.context) == seen.0)
        #expect(UInt(bitPattern: MainContextScheduler(context: nil).context) == seen.0)
    }

    @Test("iterate(until:timeout:) gives up after the timeout and reports the condition")
    func iterateTimesOut() async {
        let context = TestContext()
        let clock = ContinuousClock()
        let start = clock.now
        let satisfied = await context.iterate(until: { false }, timeout: .milliseconds(150))
        let elapsed = clock.now - start
        #expect(satisfied == false)
        #expect(elapsed >= .milliseconds(140))
        #expect(elapsed < .seconds(60), "iterate did not give up")
    }

    @Test("Two schedulers on one context are one execution context")
    func sameExclusiveContext() {
        let context = TestContext()
        let other = MainContextScheduler(context: context.scheduler.context)
        #expect(context.scheduler.isSameExclusiveExecutionContext(other: other))
        #expect(!context.scheduler.isSameExclusiveExecutionContext(other: TestContext().scheduler))
    }
}
