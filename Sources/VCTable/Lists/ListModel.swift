import Synchronization

/// A sectioned list of row view models as a view sees it, with GListModel-style change
/// notifications.
///
/// Give it new contents from any thread with `setSections(_:)`; the change from what the
/// view was last told is computed on the calling thread (a reload's background task, so
/// the loop never stalls on a diff), and delivered later on the scheduler as one batch of
/// `ListChange` steps: section splices, then row splices per section (one
/// `items-changed (position, removed, added)` each, applicable one by one to a copy), then
/// in-place updates. Several `setSections` before the scheduler runs collapse into one
/// batch. A row whose properties change is reported as one `rowUpdated` step in the
/// next batch, so only that row redraws.
///
/// The getters return what the view has been told: they change only when a batch is
/// delivered, just before its observers run.
public final class ListModel: Sendable {
    /// A change computed ahead of time (`prepareUpdate`), to publish on the loop (`commit`).
    public struct PreparedUpdate: Sendable {
        fileprivate let base: UInt64
        fileprivate let goal: [ListSection]
        fileprivate let batch: ListBatch
        /// The goal rows' property subscriptions, made where the update was prepared (off
        /// the loop), so publishing only swaps them in.
        fileprivate let subscriptions: RowSubscriptions
    }

    private struct RowKey: Hashable {
        var section: Identity
        var row: Identity
    }


    private struct State {
        var published: [ListSection] = []
        var version: UInt64 = 0
        var pending: PreparedUpdate?
        var dirty = Set<RowKey>()
        var flushScheduled = false
        var observers = SubscriberList<ListBatch>()
        var rowSubscriptions: [any Disposable] = []
        var positions: [RowKey: [RowIndex]]?
    }

    /// Makes, where a change is computed (off the loop, for a reload), what an observer of
    /// batches will need of it (`ListBatch.prepared`): the C face's records. A class, so
    /// that the lock holds no bare closure.
    final class BatchPreparer: Sendable {
        let prepare: @Sendable (_ base: [ListSection], _ goal: [ListSection], _ batch: ListBatch) -> (any Sendable)?

        init(_ prepare: @escaping @Sendable (_ base: [ListSection], _ goal: [ListSection], _ batch: ListBatch) -> (any Sendable)?) {
            self.prepare = prepare
        }
    }

    private let preparer = Mutex<BatchPreparer?>(nil)

    /// The kinds the rows must be registered with.
    public let kinds: RowKindRegistry
    /// Where changes are delivered.
    public let scheduler: any Scheduler
    private let state = Mutex(State())

    /// A list starting with `sections` (by default none), whose rows' kinds come from
    /// `kinds`, delivering on `scheduler` (by default the calling thread's thread-default
    /// `GMainContext`). The initial sections are what the view starts from: no change is
    /// reported for them.
    public init(
        kinds: RowKindRegistry, sections: [ListSection] = [],
        scheduler: any Scheduler = MainContextScheduler.threadDefault()
    ) throws(RowKindError) {
        try kinds.validate(sections)
        self.kinds = kinds
        self.scheduler = scheduler
        state.withLock { $0.published = sections }
        adopt(subscribe(sections))
    }

    deinit {
        for subscription in state.withLock({ $0.rowSubscriptions }) { subscription.dispose() }
    }

    // MARK: Contents

    /// Replaces the contents. Throws when a row, header or footer type is not registered
    /// in `kinds` for its role; the list is then unchanged. Safe from any thread.
    public func setSections(_ sections: [ListSection]) throws(RowKindError) {
        try kinds.validate(sections)
        while true {
            let (base, version) = state.withLock { ($0.published, $0.version) }
            var (batch, goal) = ListDiff.changes(from: base, to: sections)
            batch.prepared = preparer.withLock { $0 }?.prepare(base, goal, batch)
            let subscriptions = subscribe(goal)
            let installed = state.withLock { state -> Bool? in
                guard state.version == version else { return nil }
                state.pending = PreparedUpdate(base: version, goal: goal, batch: batch, subscriptions: subscriptions)
                if state.flushScheduled { return false }
                state.flushScheduled = true
                return true
            }
            guard let mustSchedule = installed else { continue }
            if mustSchedule { scheduler.schedule { [weak self] in self?.flush() } }
            return
        }
    }

    /// Replaces the contents with one section of `rows`.
    public func setRows(_ rows: [any RowViewModel]) throws(RowKindError) {
        try setSections([ListSection(id: 0, rows: rows)])
    }

    /// Computes the change to `sections` now, on the calling thread, for `commit(_:)` to
    /// publish later on the scheduler's thread.
    public func prepareUpdate(_ sections: [ListSection]) throws(RowKindError) -> PreparedUpdate {
        try kinds.validate(sections)
        let (base, version) = state.withLock { ($0.published, $0.version) }
        var (batch, goal) = ListDiff.changes(from: base, to: sections)
        batch.prepared = preparer.withLock { $0 }?.prepare(base, goal, batch)
        return PreparedUpdate(base: version, goal: goal, batch: batch, subscriptions: subscribe(goal))
    }

    /// Publishes a prepared update now and notifies the observers now. Call it on the
    /// scheduler's thread, from work the scheduler runs. If the list changed since the
    /// update was prepared, the change is computed again.
    public func commit(_ update: PreparedUpdate) {
        let published = state.withLock { state -> Bool in
            guard state.version == update.base else { return false }
            publish(update.goal, in: &state)
            return true
        }
        let batch: ListBatch
        if published {
            batch = update.batch
            adopt(update.subscriptions)
        } else {
            batch = recomputed(update.goal)
        }
        notify(batch)
    }


    /// Publishes `goal` when the update prepared for it went stale (the list changed in
    /// between): the change and the subscriptions are made again, here on the loop. Rare.
    private func recomputed(_ goal: [ListSection]) -> ListBatch {
        let base = state.withLock { $0.published }
        let (batch, result) = ListDiff.changes(from: base, to: goal)
        state.withLock { publish(result, in: &$0) }
        adopt(subscribe(result))
        return batch
    }

    private func publish(_ sections: [ListSection], in state: inout State) {
        state.published = sections
        state.version &+= 1
        state.positions = nil
    }

    /// On the scheduler: delivers the pending batch and the rows whose properties changed.
    private func flush() {
        let (pending, stale, oldCounts) = state.withLock { state -> (PreparedUpdate?, Bool, [Int]) in
            state.flushScheduled = false
            defer { state.pending = nil }
            // The row counts the batch starts from, to tell inserted rows (only needed when
            // rows changed properties too).
            let oldCounts = state.pending != nil && !state.dirty.isEmpty ? state.published.map(\.rows.count) : []
            return (state.pending, state.pending.map { $0.base != state.version } ?? false, oldCounts)
        }
        var batch = ListBatch(steps: [])
        if let pending {
            if stale {
                batch = recomputed(pending.goal)
            } else {
                batch = pending.batch
                state.withLock { publish(pending.goal, in: &$0) }
                adopt(pending.subscriptions)
            }
        }
        let steps = batch.steps
        batch.steps += state.withLock { state -> [ListChange] in
            guard !state.dirty.isEmpty else { return [] }
            let positions = state.positions ?? Self.positions(of: state.published)
            state.positions = positions
            // Rows may share an identity: every row with the changed identity is redrawn.
            var updates = state.dirty.flatMap { positions[$0] ?? [] }.sorted { ($0.section, $0.index) < ($1.section, $1.index) }
            state.dirty.removeAll()
            // A row this batch inserts, or already updates, is drawn anyway: no second step.
            if !steps.isEmpty {
                let drawn = Self.rowsDrawn(by: steps, from: oldCounts)
                updates.removeAll { drawn.rows.contains($0) || drawn.newSections.contains($0.section) }
            }
            return updates.map { ListChange.rowUpdated(section: $0.section, index: $0.index) }
        }
        notify(batch)
    }

    /// The rows (in the batch's final numbering) that `steps`, applied to sections of
    /// `oldCounts` rows, insert or update: a view draws them whatever else changed.
    private static func rowsDrawn(by steps: [ListChange], from oldCounts: [Int]) -> (rows: Set<RowIndex>, newSections: Set<Int>) {
        /// A section's rows: each inserted (true) or kept (false); nil for a new section.
        var sections: [[Bool]?] = oldCounts.map { Array(repeating: false, count: $0) }
        var drawn = Set<RowIndex>()
        var newSections = Set<Int>()
        for step in steps {
            switch step {
            case .sections(let splice):
                sections.replaceSubrange(
                    splice.position..<splice.position + splice.removed,
                    with: repeatElement(nil, count: splice.added))
            case .rows(let section, let splice):
                guard sections.indices.contains(section), sections[section] != nil else { continue }
                sections[section]!.replaceSubrange(
                    splice.position..<splice.position + splice.removed,
                    with: repeatElement(true, count: splice.added))
            case .rowUpdated(let section, let index):
                drawn.insert(RowIndex(section: section, index: index))
            case .sectionUpdated:
                break
            }
        }
        for (index, rows) in sections.enumerated() {
            guard let rows else {
                newSections.insert(index)  // all its rows are new
                continue
            }
            for (row, inserted) in rows.enumerated() where inserted {
                drawn.insert(RowIndex(section: index, index: row))
            }
        }
        return (drawn, newSections)
    }

    private static func positions(of sections: [ListSection]) -> [RowKey: [RowIndex]] {
        var positions: [RowKey: [RowIndex]] = [:]
        for (sectionIndex, section) in sections.enumerated() {
            for (rowIndex, row) in section.rows.enumerated() {
                let key = RowKey(section: section.id, row: row.diffIdentifier)
                positions[key, default: []].append(RowIndex(section: sectionIndex, index: rowIndex))
            }
        }
        return positions
    }

    /// Subscribes to the property changes of `sections`' rows (for in-place updates). Safe
    /// from any thread: a reload calls it off the loop while preparing its update.
    private func subscribe(_ sections: [ListSection]) -> RowSubscriptions {
        var subscriptions: [any Disposable] = []
        // One weak reference for every row: `[weak self]` in the closure below would box a
        // weak reference on the heap per row, for rows that mostly return nil.
        let owner = WeakBox(self)
        for section in sections {
            for row in section.rows {
                let key = RowKey(section: section.id, row: row.diffIdentifier)
                if let subscription = row.observeProperties({ _ in owner.value?.markDirty(key) }) {
                    subscriptions.append(subscription)
                }
            }
        }
        return RowSubscriptions(subscriptions)
    }

    /// Makes `subscriptions` the published rows' and ends the previous ones.
    private func adopt(_ subscriptions: RowSubscriptions) {
        let new = subscriptions.take()
        let old = state.withLock { state in
            defer { state.rowSubscriptions = new }
            return state.rowSubscriptions
        }
        for subscription in old { subscription.dispose() }
    }


    private func markDirty(_ key: RowKey) {
        let mustSchedule = state.withLock { state -> Bool in
            state.dirty.insert(key)
            if state.flushScheduled { return false }
            state.flushScheduled = true
            return true
        }
        if mustSchedule { scheduler.schedule { [weak self] in self?.flush() } }
    }

    private func notify(_ batch: ListBatch) {
        guard !batch.steps.isEmpty else { return }
        let observers = state.withLock { $0.observers.live() }
        for subscriber in observers { subscriber.send(batch) }
    }

    // MARK: Reading (what the view has been told)

    /// The sections.
    public var sections: [ListSection] { state.withLock { $0.published } }

    /// How many sections there are.
    public var numberOfSections: Int { state.withLock { $0.published.count } }

    /// How many rows `section` has (0 when out of range).
    public func numberOfRows(inSection section: Int) -> Int {
        state.withLock { state in state.published.indices.contains(section) ? state.published[section].rows.count : 0 }
    }

    /// The section at `index`, or `nil`.
    public func section(at index: Int) -> ListSection? {
        state.withLock { state in state.published.indices.contains(index) ? state.published[index] : nil }
    }

    /// The row at `position`, or `nil` when out of range.
    public func row(at position: RowIndex) -> (any RowViewModel)? {
        state.withLock { state in
            guard state.published.indices.contains(position.section) else { return nil }
            let rows = state.published[position.section].rows
            return rows.indices.contains(position.index) ? rows[position.index] : nil
        }
    }

    /// The kind of the row at `position` (its widget), or `nil` when out of range.
    public func kind(ofRowAt position: RowIndex) -> String? {
        row(at: position).flatMap { try? kinds.kind(of: $0) }
    }

    // MARK: Events

    /// Routes "row selected" from the view to the row's view model. Returns false when
    /// `position` is out of range.
    @discardableResult
    public func selectRow(at position: RowIndex) -> Bool {
        guard let row = row(at: position) else { return false }
        row.userSelected()
        return true
    }

    /// Routes "row's control pressed" from the view to the row's view model. Returns false
    /// when `position` is out of range.
    @discardableResult
    public func pressRow(at position: RowIndex) -> Bool {
        guard let row = row(at: position) else { return false }
        row.userPressed()
        return true
    }

    /// Adds an observer of change batches, run on the scheduler after the getters show the
    /// new contents. Dispose the result to stop.
    public func observeChanges(_ observer: @escaping @Sendable ([ListChange]) -> Void) -> any Disposable {
        observeBatches { batch in observer(batch.steps) }
    }

    /// Has `preparer` make, where each later change is computed, what an observer of
    /// batches needs of it (`ListBatch.prepared`); `nil` stops.
    func setBatchPreparer(_ preparer: BatchPreparer?) {
        self.preparer.withLock { $0 = preparer }
    }

    /// Like `observeChanges`, with the batch's moves (`ListBatch`): for `VctListModel`,
    /// which keeps an object per row across batches.
    func observeBatches(_ observer: @escaping @Sendable (ListBatch) -> Void) -> any Disposable {
        let box = Subscriber<ListBatch> { batch in observer(batch); return true }
        state.withLock { $0.observers.append(box) }
        return box
    }

    /// How many observer entries are held, disposed ones not yet swept included (tests).
    var storedObserverCount: Int { state.withLock { $0.observers.storedCount } }
}

/// Row subscriptions made for an update that may never be published (a superseded
/// reload): whatever is not taken by `ListModel.adopt` is disposed with this object.
final class RowSubscriptions: Sendable {
    private let subscriptions: Mutex<[any Disposable]>

    init(_ subscriptions: [any Disposable]) {
        self.subscriptions = Mutex(subscriptions)
    }

    /// Takes the subscriptions out; they are the caller's to dispose now.
    func take() -> [any Disposable] {
        subscriptions.withLock { subscriptions in
            defer { subscriptions = [] }
            return subscriptions
        }
    }

    deinit {
        for subscription in take() { subscription.dispose() }
    }
}
