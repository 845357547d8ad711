import Synchronization
import Testing
@testable import VCTable

/// A row backed by an `Observable`, which reports its own deallocation.
final class ReliabilityTrackedRow: RowViewModel {
    let id: Int
    let counter: Observable<Int>
    private let onDeinit: @Sendable () -> Void

    init(id: Int, scheduler: any Scheduler, onDeinit: @escaping @Sendable () -> Void) {
        self.id = id
        counter = Observable(0, scheduler: scheduler)
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }

    var diffIdentifier: Identity { Identity(id) }
    var propertyNames: [String] { ["count"] }
    func property(_ name: String) -> PropertyValue? { name == "count" ? .integer(Int64(counter.value)) : nil }
    func observeProperties(_ observer: @escaping @Sendable (String) -> Void) -> (any Disposable)? {
        counter.observe { _ in observer("count") }
    }
}

/// Leaks found by `make sanitize` (LeakSanitizer on the Swift tests), each as a test.
@Suite("Reliability: leaks")
struct ReliabilityLeakTests {
    @Test("A row bound to a widget and unbound is released with its last reference (no cycle through a disposed observer)")
    func unboundRowIsReleased() {
        let released = Flag()
        let scheduler = TestScheduler()
        let binder = RowBinder<Int>()
        do {
            let row = ReliabilityTrackedRow(id: 1, scheduler: scheduler) { released.set() }
            binder.bind(row, to: 7) { _, _ in }
            #expect(binder.unbind(7))
        }
        _ = scheduler.advance()
        #expect(released.isSet, "the row leaked: its Observable still holds the disposed observer, whose closure holds the row")
    }

    @Test("An observer disposed without any later change no longer retains what it captured")
    func disposedObserverReleasesItsClosure() {
        let released = Flag()
        let scheduler = TestScheduler()
        let observable = Observable(0, scheduler: scheduler)
        let subscription: any Disposable
        do {
            let probe = DeinitProbe { released.set() }
            subscription = observable.observe { [probe] _ in _ = probe }
        }
        subscription.dispose()
        #expect(observable.observerCount == 0)
        #expect(released.isSet, "the disposed observer's closure is kept until the next change is delivered")
    }
}
