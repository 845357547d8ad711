import Foundation
import Testing
@testable import VCTable

@Suite("VCTableModel.reload()")
struct AsyncAPITests {
    @Test("reload() returns the items, after the closures ran, on a context run by a MainLoop thread")
    func reloadReturnsItems() async throws {
        let loop = await LoopThread.start()
        let items = Photos.items(1...4)
        let model = VCTableModel(manager: StaticAPI(items: items), scheduler: loop.scheduler)
        let recorder = Recorder(loop.context)
        recorder.attach(to: model)

        let result = try await model.reload()
        // The closures ran before reload() returned.
        let reports = recorder.reports
        await loop.stop()

        #expect(result == items)
        #expect(reports == [.title(modelTitle), .reloaded(items)])
        #expect(recorder.threads == [loop.thread, loop.thread])
        #expect(model.items == items)
        #expect(model.isLoading == false)
    }

    @Test("reload() completes while the test iterates a private context")
    func reloadWithIteratedContext() async throws {
        let context = TestContext()
        let items = Photos.items(7...9)
        let model = VCTableModel(manager: StaticAPI(items: items), scheduler: context.scheduler)
        let recorder = Recorder(context)
        recorder.attach(to: model)
        let done = Flag(waking: context)

        let task = Task {
            defer { done.set() }
            return try await model.reload()
        }
        #expect(recorder.count == 0)
        #expect(await context.iterate(until: { done.isSet }))
        #expect(try await task.value == items)
        #expect(recorder.reports == [.title(modelTitle), .reloaded(items)])
    }

    @Test("reload() throws the VCTableError didError reports", arguments: [
        VCTableError(.timedOut, "too slow"),
        VCTableError(.httpStatus, "HTTP 418", httpStatus: 418),
        VCTableError(.missingField, "Item 2, field \"url\" is missing."),
    ])
    func reloadThrowsError(_ failure: VCTableError) async throws {
        let loop = await LoopThread.start()
        let model = VCTableModel(manager: StaticAPI(error: failure), scheduler: loop.scheduler)
        let recorder = Recorder(loop.context)
        recorder.attach(to: model)

        await #expect(throws: failure) { try await model.reload() }
        let reports = recorder.reports
        await loop.stop()
        #expect(reports == [.title(modelTitle), .error("An Error Occurred\n\n" + failure.message)])
        #expect(model.lastError == failure)
    }

    @Test("reload() throws the decoding and HTTP errors with their codes")
    func reloadThrowsRealErrors() async throws {
        let server = try LoopbackHTTPServer([
            "/500": .respond(status: 500, body: []),
            "/bad": .respond(body: Array("[{".utf8)),
        ])
        defer { server.stop() }
        let loop = await LoopThread.start()
        for (path, code) in [("/500", VCTableError.Code.httpStatus), ("/bad", .invalidJSON)] {
            let model = VCTableModel(manager: try URIPhotosAPI(uri: server.url(path)), scheduler: loop.scheduler)
            do {
                let items = try await model.reload()
                Issue.record("expected \(code), got \(items.count) items")
            } catch let error as VCTableError {
                #expect(error.code == code)
                #expect(model.lastError == error)
            } catch {
                Issue.record("expected a VCTableError, got \(error)")
            }
        }
        await loop.stop()
    }

    @Test("A reload() superseded by reloadData() throws CancellationError; the later reload is delivered")
    func supersededByReloadData() async throws {
        let loop = await LoopThread.start()
        let gate = GateAPI()
        let model = VCTableModel(manager: gate, scheduler: loop.scheduler)
        let recorder = Recorder(loop.context)
        recorder.attach(to: model)

        let first = Task { try await model.reload() }
        #expect(await gate.waitAsync { $0.callCount == 1 })
        model.reloadData()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await gate.waitAsync { $0.callCount == 2 && $0.isCancelled(0) })

        gate.resolve(1, items: Photos.items(1...2))
        #expect(await recorder.waitAsync { $0.count == 3 })
        gate.resolve(0, items: Photos.items(5...6))
        await loop.stop()
        #expect(recorder.reports == [.title(modelTitle), .title(modelTitle), .reloaded(Photos.items(1...2))])
    }

    @Test("A reload() superseded by another reload() throws CancellationError; the second returns")
    func supersededByReload() async throws {
        let loop = await LoopThread.start()
        let gate = GateAPI()
        let model = VCTableModel(manager: gate, scheduler: loop.scheduler)

        let first = Task { try await model.reload() }
        #expect(await gate.waitAsync { $0.callCount == 1 })
        let second = Task { try await model.reload() }
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await gate.waitAsync { $0.callCount == 2 })
        gate.resolve(1, items: Photos.items(3...3))
        #expect(try await second.value == Photos.items(3...3))
        #expect(gate.isCancelled(0))
        await loop.stop()
    }

    @Test("Cancelling the awaiting task throws CancellationError, cancels the request, delivers nothing more")
    func cancellingTheTask() async throws {
        let loop = await LoopThread.start()
        let gate = GateAPI()
        let model = VCTableModel(manager: gate, scheduler: loop.scheduler)
        let recorder = Recorder(loop.context)
        recorder.attach(to: model)

        let task = Task { try await model.reload() }
        #expect(await gate.waitAsync { $0.callCount == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await gate.waitAsync { $0.isCancelled(0) && $0.hasReturned(0) })
        #expect(model.isLoading == false)

        // Flush the context: only the title was delivered.
        let flushed = Flag()
        loop.scheduler.schedule { flushed.set() }
        #expect(await flushed.waitAsync())
        await loop.stop()
        #expect(recorder.reports == [.title(modelTitle)])
        #expect(model.items.isEmpty)
        #expect(model.lastError == nil)
    }

    @Test("Cancelling the awaiting task cancels an HTTP request that never answers")
    func cancellingHTTP() async throws {
        let server = try LoopbackHTTPServer(["/photos": .neverAnswer])
        defer { server.stop() }
        let loop = await LoopThread.start()
        let api = ObservedAPI(try URIPhotosAPI(uri: server.url("/photos"), timeout: .seconds(20)))
        let model = VCTableModel(manager: api, scheduler: loop.scheduler)

        let task = Task { try await model.reload() }
        #expect(await offPool { server.waitForRequests(1, timeout: .seconds(30)) })
        let cancelled = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await api.waitAsync { $0.first?.outcome != nil })
        #expect(api.outcome(0) == "cancelled")
        if let ended = api.recorded.first?.ended {
            #expect(ended - cancelled < .seconds(10))
        }
        await loop.stop()
    }

    @Test("reload() from an already-cancelled task throws CancellationError and cancels its request")
    func alreadyCancelled() async throws {
        let loop = await LoopThread.start()
        let gate = GateAPI()
        let model = VCTableModel(manager: gate, scheduler: loop.scheduler)
        let started = Flag()
        let task = Task {
            _ = await started.waitAsync()
            return try await model.reload()
        }
        task.cancel()
        started.set()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(model.isLoading == false)
        #expect(await gate.waitAsync { $0.callCount == 0 || $0.isCancelled(0) })
        await loop.stop()
    }

    @Test("reload() of a source that answers at once never throws CancellationError spuriously")
    func fastSourceNeverCancelled() async throws {
        // Before the fix, reload() registered its continuation after starting the fetch; when
        // the fetch completed on the loop thread first, the caller got CancellationError
        // (about 4 % of calls on a 2-core machine).
        let loop = await LoopThread.start()
        let items = Photos.items(1...1)
        let model = VCTableModel(manager: StaticAPI(items: items), scheduler: loop.scheduler)
        var outcomes: [String: Int] = [:]
        for _ in 0..<2_000 {
            do {
                let result = try await model.reload()
                outcomes[result == items ? "items" : "wrong items", default: 0] += 1
            } catch {
                outcomes["\(type(of: error))", default: 0] += 1
            }
        }
        await loop.stop()
        #expect(outcomes == ["items": 2_000])
    }

    @Test("After a failed reload(), a later one succeeds and clears lastError")
    func errorThenSuccess() async throws {
        let loop = await LoopThread.start()
        let good = Photos.items(1...3)
        let api = ScriptAPI([.success(Photos.data(good)), .failure(VCTableError(.truncatedBody, "cut")), .success(Photos.data(Photos.items(4...4)))])
        let model = VCTableModel(manager: api, scheduler: loop.scheduler)
        #expect(try await model.reload() == good)
        await #expect(throws: VCTableError(.truncatedBody, "cut")) { try await model.reload() }
        #expect(model.items == good)
        #expect(model.lastError?.code == .truncatedBody)
        #expect(try await model.reload() == Photos.items(4...4))
        #expect(model.lastError == nil)
        await loop.stop()
    }
}
