import Synchronization
import Testing
@testable import VCTable

@Suite("Toolkit: disposables")
struct ToolkitDisposableTests {
    /// A disposable counting its disposals.
    final class ToolkitCountingDisposable: Disposable {
        private let count = Atomic<Int>(0)
        var disposeCount: Int { count.load(ordering: .relaxed) }
        var isDisposed: Bool { disposeCount > 0 }
        func dispose() { count.wrappingAdd(1, ordering: .relaxed) }
    }

    @Test("ActionDisposable runs its action once, however often it is disposed")
    func actionRunsOnce() {
        let runs = Atomic<Int>(0)
        let disposable = ActionDisposable { runs.wrappingAdd(1, ordering: .relaxed) }
        #expect(!disposable.isDisposed)
        #expect(runs.load(ordering: .relaxed) == 0)
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(runs.load(ordering: .relaxed) == 1)
        disposable.dispose()
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(disposable.isDisposed)
    }

    @Test("CompositeDisposable disposes every member once; a member added later is disposed at once")
    func compositeDisposesAll() {
        let a = ToolkitCountingDisposable(), b = ToolkitCountingDisposable(), c = ToolkitCountingDisposable()
        let group = CompositeDisposable([a])
        group.add(b)
        #expect(!group.isDisposed)
        #expect(a.disposeCount == 0 && b.disposeCount == 0)
        group.dispose()
        #expect(group.isDisposed)
        #expect(a.disposeCount == 1)
        #expect(b.disposeCount == 1)
        group.add(c)
        #expect(c.disposeCount == 1, "a member added after disposal is disposed at once")
        group.dispose()
        #expect(a.disposeCount == 1 && b.disposeCount == 1 && c.disposeCount == 1, "a second dispose does nothing")
    }

    @Test("SerialDisposable disposes the previous inner when replaced, and a late inner at once")
    func serialReplaces() {
        let first = ToolkitCountingDisposable(), second = ToolkitCountingDisposable(), late = ToolkitCountingDisposable()
        let serial = SerialDisposable()
        serial.inner = first
        #expect(first.disposeCount == 0)
        #expect(serial.inner === first)
        serial.inner = second
        #expect(first.disposeCount == 1, "replacing disposes the previous inner")
        #expect(second.disposeCount == 0)
        #expect(serial.inner === second)
        serial.dispose()
        #expect(serial.isDisposed)
        #expect(second.disposeCount == 1)
        serial.inner = late
        #expect(late.disposeCount == 1, "an inner set after disposal is disposed at once")
        #expect(first.disposeCount == 1 && second.disposeCount == 1)
        serial.dispose()
        #expect(late.disposeCount == 1)
    }

    @Test("Clearing a SerialDisposable's inner disposes it")
    func serialClear() {
        let inner = ToolkitCountingDisposable()
        let serial = SerialDisposable()
        serial.inner = inner
        serial.inner = nil
        #expect(inner.disposeCount == 1)
        #expect(serial.inner == nil)
        #expect(!serial.isDisposed)
    }
}
