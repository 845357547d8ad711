import Foundation
import Synchronization
import Testing
@testable import VCTable

/// Long-lived objects cost the same on their millionth operation as on their first.
///
/// Each test keeps ONE instance of an object a user keeps for hours (an observable, an
/// emitter, a list, a binder, a channel, a scheduler, the photo table model) and drives
/// it through N operations the way an application does: the operation is made from a
/// worker thread or the loop's thread, and its delivery runs on the GLib context through
/// the loop and really calls the observer (the tests count the calls). Then, for each:
///
/// - (a) time: the cost per operation in the last tenth is at most 1.5× the first tenth
///   (each tenth is the cheapest of ten timed sub-chunks, in CPU time; see
///   `Longevity.measure`, which also re-measures against a fresh instance when the
///   machine's load changed under the run);
/// - (b) memory: VmRSS at the end is within 32 MiB of VmRSS after the first tenth (over 9
///   more tenths instead, when the other suites' memory got in the way);
/// - (c) release: disposing the observer and releasing the object works (weak references
///   read nil, the observer's captures are released) and nothing is delivered afterwards.
///
/// What they guard against: `Subscriber` and `ActionDisposable` once kept a bare closure in
/// a `Mutex`, and every `withLock { $0 }` wrapped one more reabstraction thunk around it
/// (swiftlang/swift#91348). After n deliveries each delivery walked n thunks (quadratic in
/// all: (a) fails by ~10-20×), the chain held n heap thunks (b), and the final release
/// recursed n deep, overflowing the stack near 10^5 (c, as a crash).
///
/// N is `VCT_LONGEVITY_OPS` (default 100 000 in `make test`; `make soak` runs 1 000 000),
/// capped at 20 000 under a sanitizer or valgrind; `reloadData()` runs N / 50 (see
/// `LongevitySize`). Each test prints one line, `longevity: <object>: <ops> ops, first
/// tenth <x> ns/op, last tenth <y> ns/op (ratio <r>), RSS <before> -> <after> KiB`.
///
/// `.serialized`: the tests of this suite never run alongside each other; other suites
/// may (`swift test` runs suites in parallel), which the cheapest-sub-chunk rule, CPU time
/// and the rechecks absorb.
@Suite("Longevity", .serialized)
struct LongevityTests {
    let ops = LongevitySize.ops

    // MARK: Observable

    /// An observable whose one observer counts the values it gets and checks that value
    /// n + 1 arrives n-th, on the loop's thread.
    static func observable(on scheduler: MainContextScheduler, coalescing: Bool = false) -> LongevitySubject<Observable<Int>> {
        let subject = LongevitySubject(Observable(0, scheduler: scheduler, coalescing: coalescing))
        let (deliveries, problems) = (subject.deliveries, subject.problems)
        // Coalescing, operation n sets 2n + 1 then 2n + 2: only the latter is delivered.
        let step = coalescing ? 2 : 1
        subject.keep(subject.object.observe { [probe = subject.probe()] value in
            _ = probe
            let number = deliveries.increment()
            if value != step * (number + 1) || !scheduler.isCurrent { problems.increment() }
        })
        return subject
    }

    @Test("Longevity: Observable (not coalescing) set from a worker thread, one observer on the loop thread")
    func observableSetFromWorkerThread() async {
        let loop = await LoopThread.start()
        let scheduler = loop.scheduler
        // The cost counts the loop thread's CPU time as well as this worker's.
        let loopClock = LongevityCPU.clock(of: loop.thread.raw)
        @Sendable func driver(_ subject: LongevitySubject<Observable<Int>>) -> LongevityDriver {
            LongevityDriver(otherCPU: { LongevityCPU.nanoseconds(of: loopClock) }) { range in
                let observable = subject.object
                for index in range { observable.value = index + 1 }
                return subject.deliveries.wait(for: range.upperBound)
            }
        }
        let subject = Self.observable(on: scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("Observable (worker-thread set)", ops: ops, driver(subject)) {
                driver(Self.observable(on: scheduler))
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one delivery per change")
        #expect(subject.problems.value == 0, "every value delivered in order, on the loop's thread")

        // Release: dispose on the loop's thread (where "never called again" holds), change
        // again from this worker, and check nothing more arrives and everything is gone.
        let disposed = Flag()
        scheduler.schedule {
            subject.disposeAll()
            disposed.set()
        }
        #expect(await disposed.waitAsync())
        #expect(subject.weakProbe.value == nil, "the disposed observer's closure is released")
        #expect(subject.object.observerCount == 0)
        subject.object.value = -1
        subject.release()
        let drained = Flag()
        scheduler.schedule { drained.set() }
        #expect(await drained.waitAsync())
        #expect(subject.deliveries.value == run.ops, "nothing delivered after dispose")
        #expect(subject.weakObject.value == nil, "the observable is released once its queued work ran")
        await loop.stop()
    }

    @Test("Longevity: Observable (not coalescing) set on the loop thread, one observer")
    func observableSetOnLoopThread() async {
        let context = TestContext()
        let scheduler = context.scheduler
        @Sendable func driver(_ subject: LongevitySubject<Observable<Int>>) -> LongevityDriver {
            LongevityDriver { range in
                let observable = subject.object
                // The changes are made by work running on the loop, as a view's handler would.
                scheduler.schedule { for index in range { observable.value = index + 1 } }
                return Longevity.iterate(scheduler) { subject.deliveries.value >= range.upperBound }
            }
        }
        let subject = Self.observable(on: scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("Observable (loop-thread set)", ops: ops, driver(subject)) {
                driver(Self.observable(on: scheduler))
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one delivery per change")
        #expect(subject.problems.value == 0, "every value delivered in order, on the loop's thread")
        await Self.releaseAndCheck(subject, on: scheduler, delivered: run.ops) { observable in observable.value = -1 }
    }

    @Test("Longevity: Observable (coalescing), two changes per loop iteration, one observer")
    func coalescingObservable() async {
        let context = TestContext()
        let scheduler = context.scheduler
        // One operation: two changes, then the loop runs until their one notification is
        // delivered (coalescing needs a loop iteration per operation to deliver each).
        @Sendable func driver(_ subject: LongevitySubject<Observable<Int>>) -> LongevityDriver {
            LongevityDriver { range in
                let observable = subject.object
                for index in range {
                    observable.value = 2 * index + 1
                    observable.value = 2 * index + 2
                    guard Longevity.iterate(scheduler, until: { subject.deliveries.value > index }) else { return false }
                }
                return true
            }
        }
        let subject = Self.observable(on: scheduler, coalescing: true)

        let run = await offPool { [ops] in
            Longevity.measure("Observable (coalescing)", ops: ops, driver(subject)) {
                driver(Self.observable(on: scheduler, coalescing: true))
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one delivery per operation")
        #expect(subject.problems.value == 0, "each operation's latest value delivered, in order, on the loop's thread")
        await Self.releaseAndCheck(subject, on: scheduler, delivered: run.ops) { observable in observable.value = -1 }
    }

    // MARK: EventEmitter

    /// An emitter whose one handler counts the events and checks that event n arrives n-th.
    static func emitter(on scheduler: MainContextScheduler) -> LongevitySubject<EventEmitter<Int>> {
        let subject = LongevitySubject(EventEmitter<Int>(scheduler: scheduler))
        let (deliveries, problems) = (subject.deliveries, subject.problems)
        subject.keep(subject.object.addHandler { [probe = subject.probe()] event in
            _ = probe
            if deliveries.increment() != event || !scheduler.isCurrent { problems.increment() }
        })
        return subject
    }

    @Test("Longevity: EventEmitter, one handler, events emitted from a worker")
    func eventEmitterHandler() async {
        let context = TestContext()
        let scheduler = context.scheduler
        @Sendable func driver(_ subject: LongevitySubject<EventEmitter<Int>>) -> LongevityDriver {
            Self.sendingDriver(subject, on: scheduler) { emitter, index in emitter.emit(index) }
        }
        let subject = Self.emitter(on: scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("EventEmitter", ops: ops, driver(subject)) { driver(Self.emitter(on: scheduler)) }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one delivery per event")
        #expect(subject.problems.value == 0, "every event delivered in order, on the loop's thread")
        #expect(subject.object.handlerCount == 1)
        await Self.releaseAndCheck(subject, on: scheduler, delivered: run.ops) { emitter in emitter.emit(-1) }
    }

    /// A driver that makes operations `range` from the calling worker with `send`, then
    /// iterates the loop until each was delivered (the emitter's and the channel's shape).
    static func sendingDriver<Object>(
        _ subject: LongevitySubject<Object>, on scheduler: MainContextScheduler,
        send: @escaping @Sendable (Object, Int) -> Void
    ) -> LongevityDriver {
        LongevityDriver { range in
            let object = subject.object
            for index in range { send(object, index) }
            return Longevity.iterate(scheduler) { subject.deliveries.value >= range.upperBound }
        }
    }

    // MARK: ListModel

    /// A list of one counter row whose one observer counts the batches and checks that
    /// batch n is the row's update to n + 1.
    static func list(on scheduler: MainContextScheduler) -> (LongevitySubject<ListModel>, ToolkitCounterRowViewModel) {
        let row = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let list = try! ListModel(kinds: ToolkitKinds.make(), sections: [ListSection(id: 0, rows: [row])], scheduler: scheduler)
        let subject = LongevitySubject(list)
        let (batches, problems) = (subject.deliveries, subject.problems)
        subject.keep(list.observeChanges { [probe = subject.probe()] steps in
            _ = probe
            let number = batches.increment()
            if steps != [.rowUpdated(section: 0, index: 0)] || row.counter.value != number + 1 || !scheduler.isCurrent {
                problems.increment()
            }
        })
        return (subject, row)
    }

    @Test("Longevity: ListModel observer, one row's property changing once per loop iteration")
    func listModelObserver() async {
        let context = TestContext()
        let scheduler = context.scheduler
        // One operation: the row's count changes (its Observable notifies the list, which
        // marks the row dirty), then the loop runs until the list's batch is delivered.
        @Sendable func driver(_ instance: (LongevitySubject<ListModel>, ToolkitCounterRowViewModel)) -> LongevityDriver {
            let (subject, row) = instance
            return LongevityDriver { range in
                for index in range {
                    row.counter.value = index + 1
                    guard Longevity.iterate(scheduler, until: { subject.deliveries.value > index }) else { return false }
                }
                return true
            }
        }
        let (subject, row) = Self.list(on: scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("ListModel observer", ops: ops, driver((subject, row))) { driver(Self.list(on: scheduler)) }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one batch per change")
        #expect(subject.problems.value == 0, "each batch is the one row's update, in order, on the loop's thread")
        await Self.releaseAndCheck(subject, on: scheduler, delivered: run.ops) { _ in row.counter.value = -1 }
        #expect(row.counter.observerCount == 0, "the released list's row subscription is disposed")
    }

    // MARK: RowBinder

    /// A binder with one counter row bound once (on the loop) to widget 7, counting the
    /// updates; `deliveries` counts the updates, `initialDraws` the draws of the binding.
    static func binder(on scheduler: MainContextScheduler)
        -> (subject: LongevitySubject<RowBinder<Int>>, row: ToolkitCounterRowViewModel, initialDraws: LongevityCounter)
    {
        let row = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let subject = LongevitySubject(RowBinder<Int>())
        let (updates, problems, initialDraws) = (subject.deliveries, subject.problems, LongevityCounter())
        let binder = subject.object
        let probe = subject.probe()
        let bound = Longevity.onLoop(scheduler) {
            binder.bind(row, to: 7) { [probe] drawn, property in
                _ = probe
                guard let property else {
                    initialDraws.increment()
                    return
                }
                updates.increment()
                if property != "count" || drawn.diffIdentifier != Identity(1) || !scheduler.isCurrent { problems.increment() }
            }
        }
        if !bound { problems.increment() }
        return (subject, row, initialDraws)
    }

    @Test("Longevity: RowBinder, one row bound once, many property changes")
    func rowBinderBinding() async {
        let context = TestContext()
        let scheduler = context.scheduler
        // The driver holds the subject: a fresh instance's binder (the re-check's) would
        // otherwise be released as the factory returns, ending its binding.
        @Sendable func driver(_ subject: LongevitySubject<RowBinder<Int>>, _ row: ToolkitCounterRowViewModel) -> LongevityDriver {
            LongevityDriver { range in
                for index in range { row.counter.value = index + 1 }
                return Longevity.iterate(scheduler) { subject.deliveries.value >= range.upperBound }
            }
        }
        let (subject, row, initialDraws) = await offPool { Self.binder(on: scheduler) }
        #expect(initialDraws.value == 1)

        let run = await offPool { [ops] in
            Longevity.measure("RowBinder binding", ops: ops, driver(subject, row)) {
                let fresh = Self.binder(on: scheduler)
                return driver(fresh.subject, fresh.row)
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one update per change")
        #expect(initialDraws.value == 1, "bound once")
        #expect(subject.problems.value == 0, "every update names \"count\" of the bound row, on the loop's thread")
        #expect(subject.object.boundCount == 1)

        let unbound = Locked(false)
        let released = await offPool {
            guard Longevity.onLoop(scheduler, { unbound.value = subject.object.unbind(7) }) else { return false }
            row.counter.value = -1
            subject.release()
            return Longevity.drain(scheduler)
        }
        #expect(released)
        #expect(unbound.value, "the widget was bound")
        #expect(subject.weakProbe.value == nil, "the ended binding's closure is released")
        #expect(subject.deliveries.value == run.ops, "nothing delivered after unbind")
        #expect(row.counter.observerCount == 0)
        #expect(subject.weakObject.value == nil)
    }

    // MARK: ContextChannel

    /// A channel whose handler counts the values and checks that value n arrives n-th.
    static func channel(on scheduler: MainContextScheduler) -> LongevitySubject<ContextChannel<Int>> {
        let deliveries = LongevityCounter()
        let problems = LongevityCounter()
        let weakProbe = WeakBox<LongevityProbe>()
        let channel = ContextChannel<Int>(scheduler: scheduler) { [probe = LongevityProbe(watchedBy: weakProbe)] value in
            _ = probe
            if deliveries.increment() != value || !scheduler.isCurrent { problems.increment() }
        }
        return LongevitySubject(channel, deliveries: deliveries, problems: problems, weakProbe: weakProbe)
    }

    @Test("Longevity: ContextChannel, values sent from a worker to one handler on the loop")
    func contextChannel() async {
        let context = TestContext()
        let scheduler = context.scheduler
        @Sendable func driver(_ subject: LongevitySubject<ContextChannel<Int>>) -> LongevityDriver {
            Self.sendingDriver(subject, on: scheduler) { channel, index in channel.send(index) }
        }
        let subject = Self.channel(on: scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("ContextChannel", ops: ops, driver(subject)) { driver(Self.channel(on: scheduler)) }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one delivery per value")
        #expect(subject.problems.value == 0, "every value delivered in order, on the loop's thread")
        // close() is the channel's dispose: it releases the handler at once.
        await Self.releaseAndCheck(subject, on: scheduler, delivered: run.ops, dispose: { $0.close() }) { channel in
            channel.send(-1)
        }
    }

    // MARK: MainContextScheduler

    @Test("Longevity: MainContextScheduler, many works scheduled from a worker")
    func mainContextScheduler() async {
        /// A private context's scheduler; each work counts itself and checks its turn.
        @Sendable func driver(_ context: TestContext, _ done: LongevityCounter, _ problems: LongevityCounter) -> LongevityDriver {
            let scheduler = context.scheduler
            return LongevityDriver { range in
                for index in range {
                    scheduler.schedule {
                        if done.increment() != index || !scheduler.isCurrent { problems.increment() }
                    }
                }
                return Longevity.iterate(scheduler) { done.value >= range.upperBound }
            }
        }
        let subject = LongevitySubject(TestContext())
        let weakScheduler = WeakBox(subject.object.scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("MainContextScheduler", ops: ops, driver(subject.object, subject.deliveries, subject.problems)) {
                driver(TestContext(), LongevityCounter(), LongevityCounter())
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "every work ran once")
        #expect(subject.problems.value == 0, "in FIFO order, on the loop's thread")

        // Release: work still queued when the last reference to the scheduler (and so to its
        // GMainContext) goes is released without running.
        let late = LongevityCounter()
        subject.object.scheduler.schedule { [probe = subject.probe()] in
            _ = probe
            late.increment()
        }
        #expect(subject.weakProbe.value != nil, "queued")
        subject.release()
        #expect(subject.weakObject.value == nil)
        #expect(weakScheduler.value == nil, "the scheduler is released")
        #expect(subject.weakProbe.value == nil, "the work still queued is released with its context")
        #expect(late.value == 0, "and never runs")
        #expect(subject.deliveries.value == run.ops)
    }

    // MARK: VCTableModel

    /// A photo table model whose `didUpdateNavigationTitle` counts the titles and checks
    /// that the n-th is the title of cell n % 3.
    static func selectingModel(on scheduler: MainContextScheduler) -> LongevitySubject<VCTableModel> {
        let subject = LongevitySubject(VCTableModel(manager: LongevityTinyAPI(), scheduler: scheduler))
        let (titles, problems) = (subject.deliveries, subject.problems)
        let cells = LongevityTinyAPI.items(0)
        subject.object.didUpdateNavigationTitle = { [probe = subject.probe()] title in
            _ = probe
            let number = titles.increment()
            if title != cells[number % cells.count].title || !scheduler.isCurrent { problems.increment() }
        }
        return subject
    }

    @Test("Longevity: VCTableModel.userSelectedCell(_:), each reported through didUpdateNavigationTitle")
    func tableModelSelections() async {
        let context = TestContext()
        let scheduler = context.scheduler
        let cells = LongevityTinyAPI.items(0)
        @Sendable func driver(_ subject: LongevitySubject<VCTableModel>) -> LongevityDriver {
            LongevityDriver { range in
                let model = subject.object
                for index in range { model.userSelectedCell(cells[index % cells.count]) }
                return Longevity.iterate(scheduler) { subject.deliveries.value >= range.upperBound }
            }
        }
        let subject = Self.selectingModel(on: scheduler)

        let run = await offPool { [ops] in
            Longevity.measure("VCTableModel.userSelectedCell", ops: ops, driver(subject)) {
                driver(Self.selectingModel(on: scheduler))
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one title per selection")
        #expect(subject.problems.value == 0, "each selected cell's title, in order, on the loop's thread")

        // Release with a selection still queued: the released model delivers nothing.
        subject.object.userSelectedCell(cells[0])
        subject.release()
        #expect(subject.weakObject.value == nil, "queued reports do not keep the model alive")
        #expect(subject.weakProbe.value == nil, "the released model's closures are released")
        #expect(await offPool { Longevity.drain(scheduler) })
        #expect(subject.deliveries.value == run.ops, "nothing delivered after release")
    }

    /// What a reloading model reports, beyond `didReloadData` (its subject's `deliveries`).
    struct ReloadCounts: Sendable {
        let titles = LongevityCounter()
        let errors = LongevityCounter()
        let batches = LongevityCounter()
        let taskCPU = LongevityTaskCPU()
        let api: LongevityTinyAPI

        init() { api = LongevityTinyAPI(taskCPU: taskCPU) }
    }

    /// A photo table model on a `LongevityTinyAPI`, counting each reload's title, items,
    /// errors and list batch, and measuring its reload tasks' CPU time.
    static func reloadingModel(on scheduler: MainContextScheduler) -> (LongevitySubject<VCTableModel>, ReloadCounts) {
        let counts = ReloadCounts()
        let model = VCTableModel(manager: counts.api, scheduler: scheduler)
        let subject = LongevitySubject(model)
        let (reloads, problems) = (subject.deliveries, subject.problems)
        let probe = subject.probe()
        model.didReloadData = { [probe] items in
            _ = probe
            let number = reloads.increment()
            if items != LongevityTinyAPI.items(number) || !scheduler.isCurrent { problems.increment() }
        }
        model.didUpdateNavigationTitle = { [probe] title in
            _ = probe
            counts.titles.increment()
            if title != modelTitle || !scheduler.isCurrent { problems.increment() }
        }
        model.didError = { [probe] _ in
            _ = probe
            counts.errors.increment()
        }
        subject.keep(model.list.observeChanges { _ in counts.batches.increment() })
        // The end of each reload's task, for its CPU time: a companion returning nil (the
        // report is then the one a model without a companion delivers).
        model.setCompanion { _ in
            counts.taskCPU.end()
            return nil
        }
        return (subject, counts)
    }

    /// One operation is a whole reload (title, detached fetch + decode + list diff, then
    /// the list's batch and `didReloadData` on the loop), ~50× a selection, so this runs
    /// N / 50 of them: 2 000 in `make test`, 20 000 in `make soak` (`LongevitySize.reloadOps`).
    @Test("Longevity: VCTableModel.reloadData(), a tiny document from a custom MyAPI, one reload at a time")
    func tableModelReloads() async {
        let context = TestContext()
        let scheduler = context.scheduler
        @Sendable func driver(_ instance: (LongevitySubject<VCTableModel>, ReloadCounts)) -> LongevityDriver {
            let (subject, counts) = instance
            return LongevityDriver(otherCPU: { counts.taskCPU.total }) { range in
                let model = subject.object
                for index in range {
                    model.reloadData()
                    guard Longevity.iterate(scheduler, until: { subject.deliveries.value > index }) else { return false }
                }
                return true
            }
        }
        let (subject, counts) = Self.reloadingModel(on: scheduler)

        let reloadOps = LongevitySize.reloadOps
        let run = await offPool {
            Longevity.measure("VCTableModel.reloadData", ops: reloadOps, driver((subject, counts))) {
                driver(Self.reloadingModel(on: scheduler))
            }
        }
        Longevity.check(run)
        #expect(subject.deliveries.value == run.ops, "one didReloadData per reload")
        #expect(counts.titles.value == run.ops, "one title reset per reload")
        #expect(counts.errors.value == 0)
        #expect(counts.batches.value == run.ops, "one list batch per reload (the documents alternate)")
        #expect(subject.problems.value == 0, "each reload's items and the title, in order, on the loop's thread")
        #expect(counts.api.callCount == run.ops)
        #expect(counts.taskCPU.hops <= run.ops / 100, "reload tasks measured on one thread each (\(counts.taskCPU.hops) hopped)")
        #expect(subject.object.items == LongevityTinyAPI.items(run.ops - 1))
        #expect(!subject.object.isLoading)

        // Release with a selection still queued: the released model delivers nothing.
        #expect(await offPool { Longevity.onLoop(scheduler) { subject.disposeAll() } })
        subject.object.userSelectedCell(LongevityTinyAPI.items(0)[0])
        subject.release()
        #expect(subject.weakObject.value == nil, "queued reports and finished reloads do not keep the model alive")
        #expect(subject.weakProbe.value == nil, "the released model's closures are released")
        #expect(await offPool { Longevity.drain(scheduler) })
        #expect(counts.titles.value == run.ops, "nothing delivered after release")
        #expect(subject.deliveries.value == run.ops)
        #expect(counts.batches.value == run.ops)
    }

    // MARK: Release

    /// The release check (c) for a subject on a private context: on the loop's thread,
    /// `dispose` (by default: dispose its subscriptions); then `poke` it once more, release
    /// it and run the loop; then nothing more was delivered, the observer's closure and
    /// the object are gone.
    static func releaseAndCheck<Object: AnyObject & Sendable>(
        _ subject: LongevitySubject<Object>, on scheduler: MainContextScheduler, delivered: Int,
        dispose: @escaping @Sendable (Object) -> Void = { _ in },
        poke: @escaping @Sendable (Object) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let released = await offPool {
            let disposed = Longevity.onLoop(scheduler) {
                subject.disposeAll()
                dispose(subject.object)
            }
            guard disposed else { return false }
            poke(subject.object)
            subject.release()
            return Longevity.drain(scheduler)
        }
        #expect(released, "the loop ran the release", sourceLocation: sourceLocation)
        #expect(subject.weakProbe.value == nil, "the observer's closure is released", sourceLocation: sourceLocation)
        #expect(subject.deliveries.value == delivered, "nothing delivered after dispose", sourceLocation: sourceLocation)
        #expect(subject.weakObject.value == nil, "the object is released", sourceLocation: sourceLocation)
    }
}
