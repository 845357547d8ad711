import Foundation
import Testing
@testable import VCTable

let modelTitle = "MVVM Table View Example"

@Suite("VCTableModel")
struct VCTableModelTests {
    // MARK: Construction

    @Test("init(manager:scheduler:) keeps both; title is the fixed, read-only screen title")
    func titleAndInit() {
        let context = TestContext()
        let api = StaticAPI(items: [])
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        #expect(model.title == "MVVM Table View Example")
        #expect((model.manager as? StaticAPI) === api)
        #expect(model.scheduler === context.scheduler)
        let path: AnyKeyPath = \VCTableModel.title
        #expect(!(path is ReferenceWritableKeyPath<VCTableModel, String>), "title must be read-only")
        #expect(model.items.isEmpty)
        #expect(model.numberOfItems == 0)
        #expect(model.item(at: 0) == nil)
        #expect(model.lastError == nil)
        #expect(model.isLoading == false)
    }

    // MARK: Reports

    @Test("reloadData() reports the title, then the decoded items (albumId from its own key)")
    func reloadReportsTitleThenItems() async {
        let context = TestContext()
        let items = Photos.items(1...3)
        let api = StaticAPI(items: items)
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()
        #expect(model.isLoading)
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(await context.drain())

        #expect(recorder.reports == [.title(modelTitle), .reloaded(items)])
        #expect(api.callCount == 1)
        #expect(model.items == items)
        #expect(model.items.map(\.albumId) == [701, 702, 703])
        #expect(model.items.map(\.id) == [1, 2, 3])
        #expect(model.numberOfItems == 3)
        #expect(model.item(at: 0) == items[0])
        #expect(model.item(at: 2) == items[2])
        #expect(model.item(at: 3) == nil)
        #expect(model.item(at: -1) == nil)
        #expect(model.lastError == nil)
        #expect(model.isLoading == false)
    }

    @Test("A failed reload reports the title, then \"An Error Occurred\\n\\n\" + the description")
    func reloadReportsError() async {
        let context = TestContext()
        let failure = VCTableError(.httpStatus, "The server answered HTTP 503 for x.", httpStatus: 503)
        let model = VCTableModel(manager: StaticAPI(error: failure), scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(await context.drain())

        #expect(recorder.reports == [.title(modelTitle), .error("An Error Occurred\n\nThe server answered HTTP 503 for x.")])
        #expect(VCTableModel.errorMessage(for: failure) == "An Error Occurred\n\nThe server answered HTTP 503 for x.")
        #expect(model.lastError == failure)
        #expect(model.lastError?.httpStatus == 503)
        #expect(model.items.isEmpty)
        #expect(model.isLoading == false)
    }

    struct OddError: Error, CustomStringConvertible {
        var description: String { "the odd error" }
    }

    @Test("An error that is not a VCTableError is reported as .failed with its description")
    func foreignErrorIsFailed() async {
        let context = TestContext()
        let model = VCTableModel(manager: StaticAPI(error: OddError()), scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(recorder.errors == ["An Error Occurred\n\nthe odd error"])
        #expect(model.lastError?.code == .failed)
    }

    @Test("A body that does not decode is reported through didError with the decoder's error")
    func decodeErrorThroughModel() async {
        let context = TestContext()
        let model = VCTableModel(manager: StaticAPI(Data(#"{"albumId": 1}"#.utf8)), scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(model.lastError?.code == .notAnArray)
        let expected = "An Error Occurred\n\n" + (model.lastError?.message ?? "?")
        #expect(recorder.errors == [expected])
    }

    @Test("userSelectedCell(_:) reports the cell's title as the navigation title, without fetching")
    func selectingACellReportsItsTitle() async {
        let context = TestContext()
        let api = StaticAPI(items: [])
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        let cells = [Photos.item(42), Photos.item(7)]

        for cell in cells { model.userSelectedCell(cell) }
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(await context.drain())
        #expect(recorder.reports == [.title(cells[0].title), .title(cells[1].title)])
        #expect(api.callCount == 0)
        #expect(model.isLoading == false)
    }

    // MARK: Nil closures, closures read at delivery

    @Test("Reports whose closure is nil are skipped")
    func nilClosuresAreSkipped() async {
        let context = TestContext()
        let items = Photos.items(1...2)
        let failure = VCTableError(.emptyResponse, "The response is empty.")
        let api = ScriptAPI([.success(Photos.data(items)), .failure(failure)])
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let errors = Recorder(context)
        model.didError = errors.recordError  // title and reload closures stay nil

        model.reloadData()
        #expect(await context.iterate(until: { model.numberOfItems == 2 }))
        #expect(await context.drain())
        #expect(errors.count == 0)
        #expect(model.items == items)

        // Now only the title closure: a failed reload's error is skipped.
        let titles = Recorder(context)
        model.didError = nil
        model.didUpdateNavigationTitle = titles.recordTitle
        model.reloadData()
        #expect(await context.iterate(until: { model.lastError != nil }))
        #expect(await context.drain())
        #expect(titles.reports == [.title(modelTitle)])
        #expect(errors.count == 0)
        #expect(model.lastError == failure)
        #expect(model.items == items)
    }

    @Test("Closures are read when the report is delivered, not when it is made")
    func closuresReadAtDelivery() async {
        let context = TestContext()
        let gate = GateAPI(context: context)
        let model = VCTableModel(manager: gate, scheduler: context.scheduler)
        let recorder = Recorder(context)

        // Set after reloadData() but before delivery: called.
        model.reloadData()
        model.userSelectedCell(Photos.item(5))
        recorder.attach(to: model)
        #expect(await context.iterate(until: { gate.callCount == 1 }))
        gate.resolve(0, items: Photos.items(1...2))
        #expect(await context.iterate(until: { recorder.count == 3 }))
        #expect(recorder.reports == [.title(modelTitle), .title(Photos.item(5).title), .reloaded(Photos.items(1...2))])

        // Cleared after reloadData() but before delivery: not called.
        model.reloadData()
        model.didUpdateNavigationTitle = nil
        model.didReloadData = nil
        #expect(await context.iterate(until: { gate.callCount == 2 }))
        gate.resolve(1, items: Photos.items(3...3))
        #expect(await context.iterate(until: { !model.isLoading }))
        #expect(await context.drain())
        #expect(recorder.count == 3)
        #expect(model.items == Photos.items(3...3))

        // Replaced before delivery: only the new closure runs.
        let replacement = Recorder(context)
        model.reloadData()
        model.didUpdateNavigationTitle = replacement.recordTitle
        #expect(await context.iterate(until: { gate.callCount == 3 }))
        model.didError = replacement.recordError
        gate.fail(2, VCTableError(.timedOut, "slow"))
        #expect(await context.iterate(until: { replacement.count == 2 }))
        #expect(await context.drain())
        #expect(replacement.reports == [.title(modelTitle), .error("An Error Occurred\n\nslow")])
        #expect(recorder.count == 3)
    }

    // MARK: Asynchronous delivery on the context's thread

    @Test("Nothing is delivered inline, even when the caller owns the context; delivery runs on the iterating thread")
    func deliveryIsNeverInline() async {
        let context = TestContext()
        let gate = GateAPI(context: context)
        let model = VCTableModel(manager: gate, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        let cell = Photos.item(9)

        let inline = await context.whileOwning { () -> (owned: Bool, delivered: Int) in
            model.reloadData()
            model.userSelectedCell(cell)
            return (context.scheduler.isCurrent, recorder.count)
        }
        #expect(inline.owned)
        #expect(inline.delivered == 0, "a report was delivered inside reloadData()/userSelectedCell()")

        // The fetch finishing does not deliver anything either until the context is iterated.
        #expect(await gate.waitAsync { $0.callCount == 1 })
        gate.resolve(0, items: Photos.items(1...4))
        #expect(await gate.waitAsync { $0.hasReturned(0) })
        #expect(recorder.count == 0)

        let (done, iterator) = await context.iterateReportingThread(until: { recorder.count == 3 })
        #expect(done)
        #expect(recorder.reports == [.title(modelTitle), .title(cell.title), .reloaded(Photos.items(1...4))])
        #expect(recorder.threads == [iterator, iterator, iterator])
        #expect(recorder.ownedContext == [true, true, true])
    }

    @Test("A model on a private context run by one thread, called from another, delivers on the loop's thread")
    func deliveryOnPrivateContextThread() async {
        let loop = await LoopThread.start()
        let gate = GateAPI()
        let model = VCTableModel(manager: gate, scheduler: loop.scheduler)
        let recorder = Recorder(loop.context)
        recorder.attach(to: model)
        let cell = Photos.item(3)

        let caller = await offPool { () -> ThreadID in
            model.reloadData()
            model.userSelectedCell(cell)
            return .current
        }
        #expect(await gate.waitAsync { $0.callCount == 1 })
        gate.resolve(0, items: Photos.items(1...2))
        #expect(await recorder.waitAsync { $0.count == 3 })
        await loop.stop()

        #expect(recorder.reports == [.title(modelTitle), .title(cell.title), .reloaded(Photos.items(1...2))])
        #expect(recorder.threads == [loop.thread, loop.thread, loop.thread])
        #expect(recorder.ownedContext == [true, true, true])
        #expect(caller != loop.thread)
    }

    // MARK: Latest wins

    @Test("Latest wins: a superseded reload is cancelled and its result never delivered (B completes first)")
    func latestWinsCancelledSource() async {
        let context = TestContext()
        let gate = GateAPI(honoursCancellation: true, context: context)
        let model = VCTableModel(manager: gate, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()  // A
        #expect(await context.iterate(until: { gate.callCount == 1 }))
        model.reloadData()  // B
        #expect(await context.iterate(until: { gate.callCount == 2 }))
        #expect(await context.iterate(until: { gate.isCancelled(0) }), "A's request was not cancelled")
        #expect(gate.isCancelled(1) == false)

        gate.resolve(1, items: Photos.items(10...11))
        #expect(await context.iterate(until: { recorder.reloads.count == 1 }))
        gate.resolve(0, items: Photos.items(1...5))  // too late: A already threw CancellationError
        #expect(await context.iterate(until: { gate.hasReturned(0) }))
        #expect(await context.drain())

        #expect(recorder.reports == [.title(modelTitle), .title(modelTitle), .reloaded(Photos.items(10...11))])
        #expect(model.items == Photos.items(10...11))
        #expect(model.lastError == nil)
    }

    enum Order: String, CaseIterable, Sendable { case supersededFirst, supersededLast }
    enum Outcome: String, CaseIterable, Sendable { case success, failure }

    @Test(
        "Latest wins with a source that ignores cancellation: A's late result is dropped in either order",
        arguments: Order.allCases, Outcome.allCases)
    func latestWinsIgnoringSource(order: Order, outcomeA: Outcome) async {
        let context = TestContext()
        let gate = GateAPI(honoursCancellation: false, context: context)
        let model = VCTableModel(manager: gate, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        let itemsA = Photos.items(1...5)
        let itemsB = Photos.items(20...22)
        let consumedA = Flag(waking: context)

        func completeA() async {
            switch outcomeA {
            case .success:
                gate.resolve(0, .success(trackedData(Photos.data(itemsA)) { consumedA.set() }))
            case .failure:
                gate.fail(0, VCTableError(.httpStatus, "A failed", httpStatus: 500))
            }
            #expect(await context.iterate(until: { gate.hasReturned(0) && (outcomeA == .failure || consumedA.isSet) }))
            // Whatever A's task might have queued is queued by now; run it.
            #expect(await context.drain())
        }

        model.reloadData()  // A
        #expect(await context.iterate(until: { gate.callCount == 1 }))
        model.reloadData()  // B
        #expect(await context.iterate(until: { gate.callCount == 2 && gate.isCancelled(0) }))

        if order == .supersededFirst { await completeA() }
        gate.resolve(1, items: itemsB)
        #expect(await context.iterate(until: { recorder.reloads.count == 1 }))
        if order == .supersededLast { await completeA() }
        #expect(await context.drain())

        #expect(gate.wasCancelledAtReturn(0), "A's task was not cancelled")
        #expect(recorder.reports == [.title(modelTitle), .title(modelTitle), .reloaded(itemsB)])
        #expect(model.items == itemsB)
        #expect(model.lastError == nil)
    }

    @Test("Latest wins: a result already queued on the context when the next reload starts is dropped")
    func latestWinsQueuedResult() async {
        let context = TestContext()
        let gate = GateAPI(context: context)
        let model = VCTableModel(manager: gate, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()  // A
        #expect(await context.iterate(until: { gate.callCount == 1 && recorder.count == 1 }))
        #expect(await context.drain())
        gate.resolve(0, items: Photos.items(1...3))
        // A's fetch finished and its result sits queued on the context; B starts right then.
        let (ready, _) = await context.whenReadyWhileOwning {
            model.reloadData()  // B
        }
        #expect(ready, "A's result was never queued")
        #expect(gate.isCancelled(0) == false, "A had already finished")
        #expect(await context.iterate(until: { gate.callCount == 2 }))
        gate.resolve(1, items: Photos.items(8...9))
        #expect(await context.iterate(until: { recorder.reloads.count >= 1 && !model.isLoading }))
        #expect(await context.drain())

        #expect(recorder.reports == [.title(modelTitle), .title(modelTitle), .reloaded(Photos.items(8...9))])
        #expect(model.items == Photos.items(8...9))
    }

    @Test("Latest wins: a superseded error is dropped and the later error is the one reported")
    func latestWinsErrors() async {
        let context = TestContext()
        let gate = GateAPI(honoursCancellation: false, context: context)
        let model = VCTableModel(manager: gate, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()
        #expect(await context.iterate(until: { gate.callCount == 1 }))
        model.reloadData()
        #expect(await context.iterate(until: { gate.callCount == 2 }))
        gate.fail(1, VCTableError(.timedOut, "B timed out"))
        #expect(await context.iterate(until: { recorder.errors.count == 1 }))
        gate.fail(0, VCTableError(.invalidJSON, "A was bad"))
        #expect(await context.iterate(until: { gate.hasReturned(0) }))
        #expect(await context.drain())
        #expect(recorder.reports == [.title(modelTitle), .title(modelTitle), .error("An Error Occurred\n\nB timed out")])
        #expect(model.lastError?.code == .timedOut)
    }

    // MARK: Nothing lost

    @Test("After an error the last good items stay, lastError is set; a later success clears it")
    func nothingLostAfterError() async {
        let context = TestContext()
        let first = Photos.items(1...3)
        let second = Photos.items(4...9)
        let failure = VCTableError(.connectionFailed, "Could not fetch: refused.")
        let api = ScriptAPI([.success(Photos.data(first)), .failure(failure), .success(Photos.data(second))])
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 2 }))
        #expect(model.items == first)

        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 4 }))
        #expect(recorder.reports.last == .error("An Error Occurred\n\nCould not fetch: refused."))
        #expect(model.items == first)
        #expect(model.numberOfItems == 3)
        #expect(model.item(at: 2) == first[2])
        #expect(model.item(at: 3) == nil)
        #expect(model.lastError == failure)

        model.reloadData()
        #expect(await context.iterate(until: { recorder.count == 6 }))
        #expect(recorder.reports.last == .reloaded(second))
        #expect(model.items == second)
        #expect(model.numberOfItems == 6)
        #expect(model.item(at: 5) == second[5])
        #expect(model.lastError == nil)
        #expect(api.callCount == 3)
    }

    // MARK: Release while in flight

    @Test("Releasing the model with a request in flight cancels it and delivers nothing")
    func releaseWhileInFlightCustomAPI() async {
        let context = TestContext()
        let gate = GateAPI(honoursCancellation: true, context: context)
        let recorder = Recorder(context)
        weak var weakModel: VCTableModel?
        do {
            let model = VCTableModel(manager: gate, scheduler: context.scheduler)
            recorder.attach(to: model)
            model.reloadData()
            model.userSelectedCell(Photos.item(1))
            weakModel = model
            #expect(await gate.waitAsync { $0.callCount == 1 })
            #expect(gate.isCancelled(0) == false)
        }
        #expect(weakModel == nil, "the model was not deallocated")
        #expect(await context.iterate(until: { gate.isCancelled(0) && gate.hasReturned(0) }), "the request was not cancelled")
        gate.resolve(0, items: Photos.items(1...3))
        #expect(await context.drain())
        #expect(recorder.reports == [], "a report was delivered after the model was released")
    }

    @Test("Releasing the model while its result is queued on the context: it deallocates, nothing is delivered")
    func releaseWithResultQueued() async {
        let context = TestContext()
        let gate = GateAPI(context: context)
        let recorder = Recorder(context)
        weak var weakModel: VCTableModel?
        do {
            let model = VCTableModel(manager: gate, scheduler: context.scheduler)
            recorder.attach(to: model)
            weakModel = model
            model.reloadData()
            #expect(await context.iterate(until: { gate.callCount == 1 && recorder.count == 1 }))
            #expect(await context.drain())
            gate.resolve(0, items: Photos.items(1...3))
            let (ready, _) = await context.whenReadyWhileOwning {}
            #expect(ready)
        }
        #expect(weakModel == nil, "the queued result keeps the model alive")
        #expect(await context.drain())
        #expect(recorder.reports == [.title(modelTitle)])
    }

    @Test("Releasing a model whose HTTP request never answers cancels the transfer promptly")
    func releaseWhileInFlightHTTP() async throws {
        let server = try LoopbackHTTPServer(["/photos": .neverAnswer])
        defer { server.stop() }
        let context = TestContext()
        let api = ObservedAPI(try URIPhotosAPI(uri: server.url("/photos"), timeout: .seconds(20)), context: context)
        let recorder = Recorder(context)
        weak var weakModel: VCTableModel?
        do {
            let model = VCTableModel(manager: api, scheduler: context.scheduler)
            recorder.attach(to: model)
            model.reloadData()
            weakModel = model
            #expect(await offPool { server.waitForRequests(1, timeout: .seconds(30)) })
        }
        let released = ContinuousClock.now
        #expect(weakModel == nil, "the model was not deallocated")
        #expect(await context.iterate(until: { api.outcome(0) != nil }))
        #expect(api.outcome(0) == "cancelled")
        if let ended = api.recorded.first?.ended {
            #expect(ended - released < .seconds(10), "the transfer was not cancelled promptly")
        }
        #expect(await context.drain())
        #expect(recorder.reports == [])
    }

    // MARK: Latest wins over HTTP

    @Test(
        "Latest wins over HTTP: the slow first request is cancelled, only the second result is delivered",
        arguments: ["neverAnswer", "trickle"])
    func latestWinsHTTP(slow: String) async throws {
        let itemsA = Photos.items(1...40)
        let itemsB = Photos.items(50...52)
        let slowBehaviour: LoopbackHTTPServer.Behaviour = slow == "neverAnswer"
            ? .neverAnswer
            // ~50 s of trickle, longer than the 20 s request timeout: only a cancel ends it early.
            : .trickle(body: Array(Photos.data(itemsA)), chunkSize: 64, interval: .milliseconds(500))
        let server = try LoopbackHTTPServer(["/photos": slowBehaviour])
        defer { server.stop() }
        let context = TestContext()
        let api = ObservedAPI(try URIPhotosAPI(uri: server.url("/photos"), timeout: .seconds(20)), context: context)
        let model = VCTableModel(manager: api, scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)

        model.reloadData()
        #expect(await offPool { server.waitForRequests(1, timeout: .seconds(30)) })
        server.setRoute("/photos", .respond(body: Array(Photos.data(itemsB))))
        let second = ContinuousClock.now
        model.reloadData()
        #expect(await context.iterate(until: { recorder.reloads.count == 1 && api.outcome(0) != nil }))
        #expect(await context.drain())

        #expect(api.outcome(0) == "cancelled")
        if let ended = api.recorded.first?.ended {
            #expect(ended - second < .seconds(10))
        }
        #expect(server.requests(for: "/photos") == 2)
        #expect(recorder.reports == [.title(modelTitle), .title(modelTitle), .reloaded(itemsB)])
        #expect(model.items == itemsB)
    }
}
