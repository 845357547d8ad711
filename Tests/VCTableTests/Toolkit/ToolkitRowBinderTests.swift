import Testing
@testable import VCTable

@Suite("Toolkit: RowBinder")
struct ToolkitRowBinderTests {
    /// One `update` call: which widget, which row (its id), which property (nil: all).
    struct ToolkitUpdate: Equatable, Sendable, CustomStringConvertible {
        var widget: Int
        var row: Int
        var property: String?
        var description: String { "w\(widget)←r\(row).\(property ?? "*")" }
    }

    static func bind(
        _ binder: RowBinder<Int>, _ row: ToolkitCounterRowViewModel, to widget: Int,
        _ recorder: ToolkitRecorder<ToolkitUpdate>
    ) {
        binder.bind(row, to: widget) { row, property in
            let id = (row as? ToolkitCounterRowViewModel)?.id ?? -1
            recorder.append(ToolkitUpdate(widget: widget, row: id, property: property))
        }
    }

    @Test("bind draws at once (nil), then reports each property change of the bound row")
    func bindAndChange() {
        let scheduler = TestScheduler()
        let binder = RowBinder<Int>()
        let row = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let updates = ToolkitRecorder<ToolkitUpdate>()
        Self.bind(binder, row, to: 10, updates)
        #expect(updates.values == [ToolkitUpdate(widget: 10, row: 1, property: nil)], "update(row, nil) at once")
        #expect(binder.boundCount == 1)
        row.counter.value = 5
        #expect(updates.count == 1, "a change arrives later, on the scheduler")
        scheduler.advance()
        #expect(updates.values == [
            ToolkitUpdate(widget: 10, row: 1, property: nil),
            ToolkitUpdate(widget: 10, row: 1, property: "count"),
        ])
        binder.unbindAll()
    }

    @Test("Rebinding a widget to another row: the old row's changes never reach it (stale cell)")
    func rebindStopsOldRow() {
        let scheduler = TestScheduler()
        let binder = RowBinder<Int>()
        let old = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let new = ToolkitCounterRowViewModel(id: 2, scheduler: scheduler)
        let updates = ToolkitRecorder<ToolkitUpdate>()
        Self.bind(binder, old, to: 10, updates)

        old.counter.value = 1            // queued before the rebind
        Self.bind(binder, new, to: 10, updates)
        #expect(binder.boundCount == 1)
        #expect(old.counter.observerCount == 0, "the old subscription is disposed")
        scheduler.advance()
        old.counter.value = 2            // after the rebind
        scheduler.advance()
        new.counter.value = 7
        scheduler.advance()
        #expect(updates.values == [
            ToolkitUpdate(widget: 10, row: 1, property: nil),
            ToolkitUpdate(widget: 10, row: 2, property: nil),
            ToolkitUpdate(widget: 10, row: 2, property: "count"),
        ])
        binder.unbindAll()
    }

    @Test("unbind stops a binding (returns whether there was one); unbindAll ends all; boundCount follows")
    func unbindAndUnbindAll() {
        let scheduler = TestScheduler()
        let binder = RowBinder<Int>()
        let rows = (1...3).map { ToolkitCounterRowViewModel(id: $0, scheduler: scheduler) }
        let updates = ToolkitRecorder<ToolkitUpdate>()
        for (widget, row) in rows.enumerated() { Self.bind(binder, row, to: widget, updates) }
        // One row shown in two widgets: both get its changes.
        Self.bind(binder, rows[0], to: 99, updates)
        #expect(binder.boundCount == 4)
        updates.removeAll()

        rows[1].counter.value = 1        // queued, then unbound
        #expect(binder.unbind(1))
        #expect(!binder.unbind(1), "not bound any more")
        #expect(!binder.unbind(12345))
        #expect(binder.boundCount == 3)
        rows[0].counter.value = 1
        scheduler.advance()
        #expect(Set(updates.values.map(\.description)) == ["w0←r1.count", "w99←r1.count"])
        #expect(updates.count == 2)

        updates.removeAll()
        binder.unbindAll()
        #expect(binder.boundCount == 0)
        for row in rows {
            row.counter.value = 9
            #expect(row.counter.observerCount == 0)
        }
        scheduler.advance()
        #expect(updates.values.isEmpty)
    }

    @Test("Releasing the binder ends its bindings")
    func deinitEnds() {
        let scheduler = TestScheduler()
        let row = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let updates = ToolkitRecorder<ToolkitUpdate>()
        do {
            let binder = RowBinder<Int>()
            Self.bind(binder, row, to: 1, updates)
            #expect(row.counter.observerCount == 1)
        }
        #expect(row.counter.observerCount == 0)
        row.counter.value = 3
        scheduler.advance()
        #expect(updates.count == 1)
    }
}
