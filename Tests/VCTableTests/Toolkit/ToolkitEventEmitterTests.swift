import Synchronization
import Testing
@testable import VCTable

@Suite("Toolkit: EventEmitter")
struct ToolkitEventEmitterTests {
    /// A handler target that records the events it receives.
    final class ToolkitTarget: Sendable {
        let received = ToolkitRecorder<String>()
    }

    @Test("emit is delivered later, in order, to every handler")
    func laterInOrderToAll() {
        let scheduler = TestScheduler()
        let emitter = EventEmitter<String>(scheduler: scheduler)
        let a = ToolkitRecorder<String>(), b = ToolkitRecorder<String>()
        let ha = emitter.addHandler { a.append($0) }
        let hb = emitter.addHandler { b.append($0) }
        #expect(emitter.handlerCount == 2)
        emitter.emit("pressed")
        emitter.emit("finished")
        emitter.emit("pressed")
        #expect(a.count == 0 && b.count == 0, "not inside emit")
        scheduler.advance()
        #expect(a.values == ["pressed", "finished", "pressed"])
        #expect(b.values == ["pressed", "finished", "pressed"])
        ha.dispose()
        hb.dispose()
        #expect(emitter.handlerCount == 0)
    }

    @Test("A disposed handler gets nothing, even an event emitted before")
    func disposedGetsNothing() {
        let scheduler = TestScheduler()
        let emitter = EventEmitter<Int>(scheduler: scheduler)
        let gone = ToolkitRecorder<Int>(), kept = ToolkitRecorder<Int>()
        let handler = emitter.addHandler { gone.append($0) }
        let other = emitter.addHandler { kept.append($0) }
        emitter.emit(1)
        handler.dispose()
        #expect(emitter.handlerCount == 1)
        emitter.emit(2)
        scheduler.advance()
        #expect(gone.values.isEmpty)
        #expect(kept.values == [1, 2])
        other.dispose()
    }

    @Test("addHandler(target:handler:) holds the target weakly")
    func weakTarget() {
        let scheduler = TestScheduler()
        let emitter = EventEmitter<String>(scheduler: scheduler)
        let calls = ToolkitRecorder<String>()
        var target: ToolkitTarget? = ToolkitTarget()
        weak let probe = target
        let received = target!.received
        emitter.addHandler(target: target!) { target, event in
            target.received.append(event)
            calls.append(event)
        }
        let strong = emitter.addHandler { _ in }
        #expect(emitter.handlerCount == 2)
        emitter.emit("one")
        scheduler.advance()
        #expect(calls.values == ["one"])
        #expect(received.values == ["one"])

        target = nil
        #expect(probe == nil, "the emitter must not keep the target alive")
        emitter.emit("two")
        scheduler.advance()
        #expect(calls.values == ["one"], "the handler is not called once its target is gone")
        #expect(emitter.handlerCount == 1, "and it is removed")
        strong.dispose()
    }

    @Test("A handler added while an event is queued gets it; one added during delivery gets the next")
    func addDuringDelivery() {
        let scheduler = TestScheduler()
        let emitter = EventEmitter<Int>(scheduler: scheduler)
        let early = ToolkitRecorder<Int>(), late = ToolkitRecorder<Int>()
        emitter.emit(1)
        let first = emitter.addHandler { early.append($0) }
        let lateHandler = Mutex<(any Disposable)?>(nil)
        let adder = emitter.addHandler { value in
            if value == 1 { lateHandler.withLock { $0 = emitter.addHandler { late.append($0) } } }
        }
        scheduler.advance()
        #expect(early.values == [1])
        #expect(late.values.isEmpty)
        emitter.emit(2)
        scheduler.advance()
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
        first.dispose()
        adder.dispose()
        lateHandler.withLock { $0?.dispose() }
    }
}
