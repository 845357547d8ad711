import Testing
@testable import VCTable

@Suite("Toolkit: ListModel")
struct ToolkitListModelTests {
    static func items(_ ids: [Int], _ text: String = "") -> [any RowViewModel] {
        ids.map { ToolkitItemViewModel(id: $0, text: "\(text)\($0)") }
    }

    static func ids(_ list: ListModel) -> [[Int]] {
        list.sections.map { section in section.rows.map { ($0 as! ToolkitItemViewModel).id } }
    }

    @Test("Changes arrive later, on the scheduler; getters show the new contents when observers run")
    func deliveredLater() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), sections: [ListSection(id: 0, rows: [])], scheduler: scheduler)
        let mirror = ToolkitMirror(list)
        let seen = ToolkitRecorder<[[Int]]>()
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { steps in
            batches.append(steps)
            seen.append(Self.ids(list))
        }
        try list.setRows(Self.items([1, 2, 3]))
        #expect(batches.count == 0, "not inside setSections")
        #expect(list.numberOfRows(inSection: 0) == 0, "the getters show what the view was told")
        scheduler.advance()
        #expect(batches.values == [[.rows(section: 0, Splice(position: 0, removed: 0, added: 3))]])
        #expect(seen.values == [[[1, 2, 3]]])
        #expect(list.numberOfSections == 1)
        #expect(list.numberOfRows(inSection: 0) == 3)
        #expect(list.numberOfRows(inSection: 1) == 0)
        #expect((list.row(at: RowIndex(section: 0, index: 2)) as? ToolkitItemViewModel)?.id == 3)
        #expect(list.row(at: RowIndex(section: 0, index: 3)) == nil)
        #expect(list.row(at: RowIndex(section: 1, index: 0)) == nil)
        #expect(list.section(at: 1) == nil)
        #expect(list.kind(ofRowAt: RowIndex(section: 0, index: 0)) == "ToolkitItemView")
        #expect(list.kind(ofRowAt: RowIndex(section: 0, index: 9)) == nil)

        // Nothing changes: nothing is delivered.
        try list.setRows(Self.items([1, 2, 3]))
        scheduler.advance()
        #expect(batches.count == 1)
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        subscription.dispose()
    }

    @Test("Two setSections before the scheduler runs: one batch, from the published state to the last one")
    func coalesced() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        try list.setRows(Self.items([1, 2, 3]))
        scheduler.advance()
        #expect(batches.values == [[.sections(Splice(position: 0, removed: 0, added: 1))]])
        let mirror = ToolkitMirror(list)
        let published = list.sections

        try list.setRows(Self.items([1, 2, 3, 4]))
        let last = [ListSection(id: 0, rows: Self.items([2, 3, 5]))]
        try list.setSections(last)
        #expect(scheduler.pendingCount == 1)
        scheduler.advance()
        #expect(batches.count == 2)
        #expect(batches.last == [
            .rows(section: 0, Splice(position: 0, removed: 1, added: 0)),
            .rows(section: 0, Splice(position: 2, removed: 0, added: 1)),
        ])
        #expect(batches.last == ListDiff.changes(from: published, to: last).batch.steps)
        #expect(Self.ids(list) == [[2, 3, 5]])
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections))
        subscription.dispose()
    }

    @Test("A content change of a kept row is one rowUpdated, and nothing else")
    func contentUpdate() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        try list.setSections([
            ListSection(id: "a", rows: Self.items([1, 2])),
            ListSection(id: "b", rows: Self.items([3, 4, 5])),
        ])
        scheduler.advance()
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        try list.setSections([
            ListSection(id: "a", rows: Self.items([1, 2])),
            ListSection(id: "b", rows: [ToolkitItemViewModel(id: 3, text: "3"), ToolkitItemViewModel(id: 4, text: "new"), ToolkitItemViewModel(id: 5, text: "5")]),
        ])
        scheduler.advance()
        #expect(batches.values == [[.rowUpdated(section: 1, index: 1)]])
        #expect((list.row(at: RowIndex(section: 1, index: 1)) as? ToolkitItemViewModel)?.text == "new")
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        subscription.dispose()
    }

    @Test("A mutable row's property change: exactly one rowUpdated for that row in the next batch")
    func propertyChangeIsRowUpdated() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        let counter = ToolkitCounterRowViewModel(id: 7, scheduler: scheduler)
        let other = ToolkitCounterRowViewModel(id: 8, scheduler: scheduler)
        try list.setSections([
            ListSection(id: 0, rows: Self.items([1, 2])),
            ListSection(id: 1, rows: Self.items([3, 4]) + [counter, other]),
        ])
        scheduler.advance()
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }

        counter.counter.value = 1
        #expect(batches.count == 0)
        scheduler.advance()
        #expect(batches.values == [[.rowUpdated(section: 1, index: 2)]])

        // Several changes of one row before a run: still one step.
        counter.counter.value = 2
        counter.counter.value = 3
        scheduler.advance()
        #expect(batches.count == 2)
        #expect(batches.last == [.rowUpdated(section: 1, index: 2)])

        // After the row moved, its changes are reported at its new place.
        try list.setSections([
            ListSection(id: 1, rows: [counter] + Self.items([3, 4])),
            ListSection(id: 0, rows: Self.items([1, 2])),
        ])
        scheduler.advance()
        batches.removeAll()
        counter.counter.value = 4
        scheduler.advance()
        #expect(batches.values == [[.rowUpdated(section: 0, index: 0)]])

        // Once removed, its changes are not reported.
        try list.setSections([ListSection(id: 0, rows: Self.items([1, 2]))])
        scheduler.advance()
        batches.removeAll()
        counter.counter.value = 5
        scheduler.advance()
        #expect(batches.values.isEmpty)
        #expect(counter.counter.observerCount == 0, "the list stopped observing a removed row")
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections))
        subscription.dispose()
    }

    /// Library bug (found by the demo's songs screen: rows coming back on `back()` were
    /// inserted and also reported as updated): a row whose properties change after the
    /// update that inserts it was prepared got a `rowUpdated` step in the same batch.
    @Test("A row inserted by a batch gets no rowUpdated in that batch, whatever its properties did")
    func insertedRowsAreNotAlsoUpdated() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        let kept = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let inserted = ToolkitCounterRowViewModel(id: 2, scheduler: scheduler)
        let insertedSection = ToolkitCounterRowViewModel(id: 3, scheduler: scheduler)
        try list.setSections([ListSection(id: 0, rows: [kept])])
        scheduler.advance()
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }

        // As the song picker's back() does: the rows change, then the list is set, so the
        // property notifications run before the batch and reach the new subscriptions.
        inserted.counter.value = 1
        insertedSection.counter.value = 1
        kept.counter.value = 1
        try list.setSections([
            ListSection(id: 0, rows: [inserted, kept]),
            ListSection(id: 1, rows: [insertedSection]),
        ])
        scheduler.advance()
        #expect(batches.values == [[
            .sections(Splice(position: 1, removed: 0, added: 1)),
            .rows(section: 0, Splice(position: 0, removed: 0, added: 1)),
            .rowUpdated(section: 0, index: 1),
        ]])
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections))
        subscription.dispose()
    }

    /// Library bug: `ListModel.init(kinds:sections:scheduler:)` publishes its initial
    /// sections without `resubscribeRows()`, so the initial rows' property changes are
    /// never reported until some later batch happens to be delivered.
    @Test("A mutable row given to init reports its property changes too")
    func initialRowsAreObserved() throws {
        let scheduler = TestScheduler()
        let counter = ToolkitCounterRowViewModel(id: 7, scheduler: scheduler)
        let list = try ListModel(kinds: ToolkitKinds.make(), sections: [ListSection(id: 0, rows: [counter])], scheduler: scheduler)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        counter.counter.value = 1
        scheduler.advance()
        #expect(batches.values == [[.rowUpdated(section: 0, index: 0)]])
        subscription.dispose()
    }

    /// Library bug: dirty rows are keyed by (section id, row id) and mapped to the FIRST
    /// row with that key, so with duplicate identities a change of the second row is
    /// reported as an update of the first one, and the second row is never redrawn.
    @Test("With duplicate identities, a property change is reported at the changed row's position")
    func duplicateIdentityUpdate() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        let first = ToolkitCounterRowViewModel(id: 7, scheduler: scheduler)
        let second = ToolkitCounterRowViewModel(id: 7, value: 100, scheduler: scheduler)
        try list.setRows([first, ToolkitItemViewModel(id: 1, text: "x"), second])
        scheduler.advance()
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        second.counter.value = 101
        scheduler.advance()
        #expect(batches.values.flatMap { $0 }.contains(.rowUpdated(section: 0, index: 2)))
        #expect(batches.values.flatMap { $0 }.allSatisfy { if case .rowUpdated = $0 { true } else { false } })
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections), "the consumer's copy drifted")
        subscription.dispose()
    }

    @Test("selectRow/pressRow route to the row's view model; out of range they return false")
    func selectAndPress() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        let a = ToolkitCounterRowViewModel(id: 1, scheduler: scheduler)
        let b = ToolkitCounterRowViewModel(id: 2, scheduler: scheduler)
        try list.setSections([ListSection(id: 0, rows: [a]), ListSection(id: 1, rows: Self.items([5]) + [b])])
        #expect(!list.selectRow(at: RowIndex(section: 0, index: 0)), "nothing published yet")
        scheduler.advance()
        #expect(list.selectRow(at: RowIndex(section: 1, index: 1)))
        #expect(list.selectRow(at: RowIndex(section: 1, index: 1)))
        #expect(list.pressRow(at: RowIndex(section: 0, index: 0)))
        #expect(list.selectRow(at: RowIndex(section: 1, index: 0)), "a row with the default (no-op) handlers")
        #expect(b.selectionCount == 2 && b.pressCount == 0)
        #expect(a.selectionCount == 0 && a.pressCount == 1)
        #expect(!list.selectRow(at: RowIndex(section: 1, index: 2)))
        #expect(!list.pressRow(at: RowIndex(section: 2, index: 0)))
        #expect(!list.selectRow(at: RowIndex(section: -1, index: 0)))
        #expect(!list.pressRow(at: RowIndex(section: 0, index: -1)))
        #expect(a.selectionCount == 0 && a.pressCount == 1 && b.selectionCount == 2 && b.pressCount == 0)
    }

    @Test("prepareUpdate + commit publishes and notifies synchronously")
    func prepareAndCommit() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), sections: [ListSection(id: 0, rows: Self.items([1, 2]))], scheduler: scheduler)
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        let update = try list.prepareUpdate([ListSection(id: 0, rows: Self.items([2, 1, 3]))])
        #expect(batches.count == 0)
        #expect(Self.ids(list) == [[1, 2]], "preparing changes nothing")
        #expect(scheduler.pendingCount == 0)
        list.commit(update)
        // Row 1 stays (the longest run kept in place); 2 moves before it, 3 is inserted.
        #expect(batches.values == [[.rows(section: 0, Splice(position: 0, removed: 0, added: 1)),
                                     .rows(section: 0, Splice(position: 2, removed: 1, added: 1))]])
        #expect(Self.ids(list) == [[2, 1, 3]])
        #expect(scheduler.pendingCount == 0, "nothing left to deliver")
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections))
        subscription.dispose()
    }

    @Test("A stale prepared update (the list changed since) is recomputed from what was published")
    func stalePreparedUpdate() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), sections: [ListSection(id: 0, rows: Self.items([1, 2, 3]))], scheduler: scheduler)
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        let goal = [ListSection(id: 0, rows: Self.items([3, 4]) + [ToolkitItemViewModel(id: 1, text: "edited")])]
        let update = try list.prepareUpdate(goal)
        try list.setSections([
            ListSection(id: 0, rows: Self.items([9, 1])),
            ListSection(id: 1, rows: Self.items([2])),
        ])
        scheduler.advance()
        #expect(batches.count == 1)
        let published = list.sections
        list.commit(update)
        #expect(batches.count == 2)
        #expect(batches.last == ListDiff.changes(from: published, to: goal).batch.steps)
        #expect(ToolkitSectionSnapshot.of(list.sections) == ToolkitSectionSnapshot.of(goal))
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(goal))

        // A prepared update overtaken by a setSections still pending: the later change wins
        // when the scheduler runs, and the mirror stays exact.
        let second = try list.prepareUpdate([ListSection(id: 0, rows: Self.items([5]))])
        try list.setSections([ListSection(id: 0, rows: Self.items([6, 5]))])
        list.commit(second)
        scheduler.advance()
        #expect(Self.ids(list) == [[6, 5]])
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections))
        subscription.dispose()
    }

    @Test("Headers and footers: a content change is sectionUpdated, identities are kept")
    func headerAndFooterChanges() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        func sections(_ h0: String, _ f0: String?, _ h1: String) -> [ListSection] {
            [
                ListSection(id: 0, header: ToolkitHeaderViewModel(id: 0, title: h0),
                            footer: f0.map { ToolkitFooterViewModel(id: 0, note: $0) }, rows: Self.items([1, 2])),
                ListSection(id: 1, header: ToolkitHeaderViewModel(id: 1, title: h1), rows: Self.items([3])),
            ]
        }
        try list.setSections(sections("A", nil, "B"))
        scheduler.advance()
        let mirror = ToolkitMirror(list)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }

        try list.setSections(sections("A", nil, "B2"))
        scheduler.advance()
        #expect(batches.last == [.sectionUpdated(1)])
        try list.setSections(sections("A", "foot", "B2"))
        scheduler.advance()
        #expect(batches.last == [.sectionUpdated(0)])
        try list.setSections(sections("A2", "foot2", "B3"))
        scheduler.advance()
        #expect(batches.last == [.sectionUpdated(0), .sectionUpdated(1)])
        #expect((list.section(at: 1)?.header as? ToolkitHeaderViewModel)?.title == "B3")
        #expect(batches.count == 3)

        // One section, the single-section path: a header change is sectionUpdated(0), with row changes.
        try list.setSections([ListSection(id: 5, header: ToolkitHeaderViewModel(id: 0, title: "x"), rows: Self.items([1]))])
        scheduler.advance()
        batches.removeAll()
        try list.setSections([ListSection(id: 5, header: ToolkitHeaderViewModel(id: 0, title: "y"), rows: Self.items([1, 2]))])
        scheduler.advance()
        #expect(batches.values == [[.rows(section: 0, Splice(position: 1, removed: 0, added: 1)), .sectionUpdated(0)]])
        // A header with another identity is also a content change of the section.
        try list.setSections([ListSection(id: 5, header: ToolkitHeaderViewModel(id: 9, title: "y"), rows: Self.items([1, 2]))])
        scheduler.advance()
        #expect(batches.last == [.sectionUpdated(0)])
        #expect(mirror.problems.isEmpty, "\(mirror.problems)")
        #expect(mirror.copy == ToolkitSectionSnapshot.of(list.sections))
        subscription.dispose()
    }

    @Test("A disposed observer gets nothing, even a batch already queued")
    func disposedObserver() throws {
        let scheduler = TestScheduler()
        let list = try ListModel(kinds: ToolkitKinds.make(), scheduler: scheduler)
        let batches = ToolkitRecorder<[ListChange]>()
        let subscription = list.observeChanges { batches.append($0) }
        try list.setRows(Self.items([1]))
        subscription.dispose()
        scheduler.advance()
        #expect(batches.count == 0)
        #expect(list.numberOfSections == 1)
    }
}
