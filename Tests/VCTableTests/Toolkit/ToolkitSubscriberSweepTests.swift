import Testing
@testable import VCTable

/// A source that never delivers again must not keep its disposed subscribers: views that
/// bind and unbind a row whose value stays put (a song that is never played) did exactly
/// that, 56 bytes a binding, found by `Tests/C/test-longevity.c`'s binding case (now `/longevity/select-toggle-notify`).
@Suite("Toolkit: disposed subscribers are swept without a delivery")
struct ToolkitSubscriberSweepTests {
    /// Adds and disposes 10 000 subscriptions while one stays live; the source never delivers.
    /// At most twice the live entries plus the first sweep's threshold may be held.
    static let churn = 10_000

    @Test("Observable: observe + dispose with no change in between keeps a bounded list")
    func observable() {
        let observable = Observable(0, scheduler: TestScheduler())
        let kept = observable.observe { _ in }
        for _ in 0..<Self.churn { observable.observe { _ in }.dispose() }
        #expect(observable.observerCount == 1)
        #expect(observable.storedObserverCount <= 8, "held \(observable.storedObserverCount) entries for 1 live observer")
        kept.dispose()
    }

    @Test("EventEmitter: addHandler + dispose with no event in between keeps a bounded list")
    func eventEmitter() {
        let emitter = EventEmitter<Int>(scheduler: TestScheduler())
        let kept = (0..<20).map { _ in emitter.addHandler { _ in } }
        for _ in 0..<Self.churn { emitter.addHandler { _ in }.dispose() }
        #expect(emitter.handlerCount == 20)
        #expect(emitter.storedHandlerCount <= 2 * 20 + 1, "held \(emitter.storedHandlerCount) entries for 20 live handlers")
        for handler in kept { handler.dispose() }
    }

    @Test("ListModel: observeChanges + dispose with no batch in between keeps a bounded list")
    func listModel() throws {
        let list = try ListModel(kinds: RowKindRegistry(), scheduler: TestScheduler())
        let kept = list.observeChanges { _ in }
        for _ in 0..<Self.churn { list.observeChanges { _ in }.dispose() }
        #expect(list.storedObserverCount <= 8, "held \(list.storedObserverCount) entries for 1 live observer")
        kept.dispose()
    }

    @Test("A sweep keeps the live subscribers, in order, and they still get every value")
    func sweepKeepsLiveOnesInOrder() {
        let scheduler = TestScheduler()
        let observable = Observable(0, scheduler: scheduler)
        let recorders = (0..<5).map { _ in ToolkitRecorder<Int>() }
        var kept: [any Disposable] = []
        for recorder in recorders {
            kept.append(observable.observe { recorder.append($0) })
            for _ in 0..<100 { observable.observe { _ in Issue.record("a disposed observer ran") }.dispose() }
        }
        observable.value = 1
        scheduler.advance()
        for recorder in recorders { #expect(recorder.values == [1]) }
        #expect(observable.storedObserverCount == 5)
        for subscription in kept { subscription.dispose() }
    }
}
