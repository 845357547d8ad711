import Foundation
import Testing
@testable import VCTable

/// An actor isolated to a `GMainContext`, as `MainContextScheduler`'s documentation shows.
actor ContextBoundCounter {
    nonisolated let scheduler: MainContextScheduler
    nonisolated var unownedExecutor: UnownedSerialExecutor {
        scheduler.asUnownedSerialExecutor()
    }

    private(set) var value = 0
    private var busy = false
    private(set) var overlaps = 0
    private(set) var threads: [ThreadID] = []
    private(set) var owned: [Bool] = []

    init(scheduler: MainContextScheduler) {
        self.scheduler = scheduler
    }

    /// A read-modify-write spread over a few instructions; two of these overlapping would be caught.
    func increment() {
        if busy { overlaps += 1 }
        busy = true
        threads.append(.current)
        owned.append(scheduler.isCurrent)
        let before = value
        for _ in 0..<50 { _ = ThreadID.current }
        value = before + 1
        busy = false
    }

    func whereAmI() -> (thread: ThreadID, owns: Bool) {
        (.current, scheduler.isCurrent)
    }

    /// Hops to the pool and back: the continuation must come back to the context's thread.
    func hopAway() async -> (before: ThreadID, after: ThreadID, ownsAfter: Bool) {
        let before = ThreadID.current
        await Task.detached { _ = ThreadID.current }.value
        return (before, .current, scheduler.isCurrent)
    }
}

@Suite("An actor isolated to a GMainContext")
struct ExecutorTests {
    @Test("Its methods run on the thread running the context, which owns it then")
    func methodsRunOnContextThread() async {
        let loop = await LoopThread.start()
        let counter = ContextBoundCounter(scheduler: loop.scheduler)
        let (thread, owns) = await counter.whereAmI()
        let hop = await counter.hopAway()
        await loop.stop()
        #expect(thread == loop.thread)
        #expect(owns)
        #expect(hop.before == loop.thread)
        #expect(hop.after == loop.thread)
        #expect(hop.ownsAfter)
    }

    @Test("Calls from many tasks are serialized")
    func callsAreSerialized() async {
        let loop = await LoopThread.start()
        let counter = ContextBoundCounter(scheduler: loop.scheduler)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { await counter.increment() }
            }
        }
        let value = await counter.value
        let overlaps = await counter.overlaps
        let threads = await counter.threads
        let owned = await counter.owned
        await loop.stop()
        #expect(value == 200)
        #expect(overlaps == 0)
        #expect(threads.count == 200)
        #expect(threads.allSatisfy { $0 == loop.thread })
        #expect(owned.allSatisfy { $0 })
    }

    @Test("assumeIsolated and checkIsolated work in plain work scheduled on the context")
    func assumeIsolatedOnContext() async {
        let context = TestContext()
        let counter = ContextBoundCounter(scheduler: context.scheduler)
        let seen = Locked<[Int]>([])
        let threads = Locked<[ThreadID]>([])
        context.scheduler.schedule {
            context.scheduler.checkIsolated()  // traps if not on the context's thread
            counter.assumeIsolated { counter in
                counter.increment()
                counter.increment()
                seen.withLock { $0.append(counter.value) }
                threads.value = counter.threads
            }
        }
        let (done, iterator) = await context.iterateReportingThread(until: { !seen.value.isEmpty })
        #expect(done)
        #expect(seen.value == [2])
        #expect(threads.value == [iterator, iterator])
    }

    @Test("Two schedulers on one context are the same executor for isolation checks")
    func sameContextSameIsolation() async {
        let loop = await LoopThread.start()
        let other = MainContextScheduler(context: loop.scheduler.context)
        let counter = ContextBoundCounter(scheduler: other)
        let ran = Flag()
        loop.scheduler.schedule {
            counter.assumeIsolated { $0.increment() }
            ran.set()
        }
        #expect(await ran.waitAsync())
        let value = await counter.value
        await loop.stop()
        #expect(value == 1)
    }

    @Test("A model driven from an actor on its context reports on that actor's thread")
    func modelFromContextActor() async throws {
        let loop = await LoopThread.start()
        let counter = ContextBoundCounter(scheduler: loop.scheduler)
        let model = VCTableModel(manager: StaticAPI(items: Photos.items(1...2)), scheduler: loop.scheduler)
        let recorder = Recorder(loop.context)
        recorder.attach(to: model)
        let (items, resumedOn) = try await counter.reloadFromHere(model)
        await loop.stop()
        #expect(items == Photos.items(1...2))
        #expect(resumedOn == loop.thread)
        #expect(recorder.reports == [.title(modelTitle), .reloaded(Photos.items(1...2))])
        #expect(recorder.threads == [loop.thread, loop.thread])
    }
}

extension ContextBoundCounter {
    /// Calls `reload()` while isolated to the model's context: the reports can only run once
    /// this method suspends, and the result resumes back on the context's thread.
    func reloadFromHere(_ model: VCTableModel) async throws -> (items: [VCTableCellData], resumedOn: ThreadID) {
        let items = try await model.reload()
        return (items, .current)
    }
}
