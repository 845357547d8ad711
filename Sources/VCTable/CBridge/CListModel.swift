internal import CGLib
internal import VCTableGObject
import Synchronization
import VCTableDiff

/// The Swift core of a `VctListModel` object (vct-list-model.c): a `ListModel` read as one
/// flat `GListModel`, handed to the C half one batch at a time.
///
/// The object owns the core (released in its finalize; `dispose()` in its dispose ends
/// the deliveries); the core refers to the object weakly.
///
/// **One delivery a batch.** The C half holds the list's content: a row record per flat
/// position (`CRowRecord`: what the row shows, in C's layout), the row objects and the
/// sections' table. For each batch this core computes, on the list's context thread, what
/// the C half needs (`VctListDelivery`: the runs that turn the old flat list into the new
/// one, the moved rows, the runs to emit, records for the rows whose content is new, the
/// new sections) and hands it over in one call, `_vct_list_model_deliver`; the C half
/// emits every signal and notify itself and answers every read, never calling back. Only
/// an action on a row (`act(at:action:)`) comes this way, with the row's flat position.
///
/// **Batches shaped for a view.** The runs (`FlatSections.splices`, the fewest rows moved)
/// are emitted as they are when they are few and small; when a view would pay more for
/// them than for one `items-changed` covering them all (`FlatEmission.shape`), that one is
/// emitted instead, with the common prefix and suffix left out, as GTK's own
/// `GtkSortListModel` does.
final class CListModel: @unchecked Sendable {
    let list: ListModel
    /// The list as the last delivery left it: what `act(at:action:)` reads and the next
    /// batch starts from.
    private let shown: Mutex<FlatSections>
    private let subscription = SerialDisposable()
    private let object = Mutex<WeakObject?>(nil)
    private let kinds: KindNames
    /// The view models of the removed rows whose objects a program holds, by identity (the
    /// C half says which after each batch): a tap that raced a reload still acts.
    private let orphans = Mutex(Orphans())
    private struct Orphans {
        var models: [UInt64: any RowViewModel] = [:]
    }

    /// Whether its batches wait for its owner's delivery (`withHeldBatch`): a table
    /// model's list, whose batch is one with the reload's outcome.
    private let holdsBatches: Bool
    /// A batch waiting for its owner's delivery, and the list before it.
    private let held = Mutex<HeldBatch?>(nil)
    private struct HeldBatch: @unchecked Sendable {
        var delivery: Delivery
        var old: FlatSections
    }

    private init(_ list: ListModel, holdsBatches: Bool) {
        self.list = list
        self.holdsBatches = holdsBatches
        shown = Mutex(FlatSections(list.sections))
        kinds = KindNames(list.kinds)
    }

    /// A new `VctListModel` object (transfer full) showing `list`.
    static func makeObject(_ list: ListModel) -> UnsafeMutableRawPointer {
        make(list, holdingBatches: false).object
    }

    /// A new `VctListModel` object (transfer full) showing `list`, and its core (which the
    /// object owns); with `holdingBatches`, each batch waits for its owner's delivery
    /// (`withHeldBatch`).
    static func make(_ list: ListModel, holdingBatches: Bool) -> (object: UnsafeMutableRawPointer, core: CListModel) {
        let core = CListModel(list, holdsBatches: holdingBatches)
        let shown = core.shown.withLock { $0 }
        var delivery = Delivery(new: shown)
        delivery.records = RecordWriter.records(at: Array(0 ..< shown.count), in: shown, kinds: core.kinds, list: core)
        let object = delivery.withC { _vct_list_model_new(Unmanaged.passRetained(core).toOpaque(), $0)! }
        core.object.withLock { $0 = WeakObject(object) }
        core.subscription.inner = list.observeBatches { [weak core] batch in core?.deliver(batch) }
        // The records of a reload's rows are written in its task, off the loop.
        list.setBatchPreparer(ListModel.BatchPreparer { [weak core] base, goal, batch in
            core?.prepare(batch, from: base, to: goal)
        })
        return (object, core)
    }

    /// The object's dispose: ends the deliveries. Safe to run twice.
    func dispose() {
        subscription.dispose()
    }

    /// A row object's action (`VctRowAction`) for the view model at flat position
    /// `position` of the list as the last delivery left it, or (`nil`) for the removed
    /// row of `identity` whose object a program holds.
    func act(at position: Int?, identity: UInt64, action: gint) {
        let found: (any RowViewModel)? = if let position {
            shown.withLock { $0.model(at: position)?.model }
        } else {
            orphans.withLock { $0.models[identity] }
        }
        guard let model = found else { return }
        if action == gint(VCT_ROW_ACTION_PRESS.rawValue) {
            model.userPressed()
        } else {
            model.userSelected()
        }
    }

    // MARK: Delivery

    /// On the context: a batch arrived. The C half gets it in one call, now or (a table
    /// model's list) with its owner's delivery.
    private func deliver(_ batch: ListBatch) {
        let new = FlatSections(list.sections)
        var old = shown.withLock { shown in
            defer { shown = new }
            return shown
        }
        guard let listObject = object.withLock({ $0 })?.get() else {
            releaseOffLoop(&old, replacingWith: FlatSections([]), count: old.count)
            return
        }
        defer { g_object_unref(listObject) }
        // Made where the batch was computed, when it is this very batch from this list.
        let prepared = (batch.prepared as? PreparedDelivery)?.take(by: self, steps: batch.steps.count, oldCount: old.count)
        let delivery = prepared ?? self.delivery(of: batch, from: old, to: new)
        if holdsBatches {
            // One waiting already (its owner delivered nothing since): it goes first.
            let previous = held.withLock { held in
                defer { held = HeldBatch(delivery: delivery, old: old) }
                return held
            }
            if let previous { hand(previous) { _vct_list_model_deliver(listObject, $0) } }
            return
        }
        hand(HeldBatch(delivery: delivery, old: old)) { _vct_list_model_deliver(listObject, $0) }
    }

    /// Calls `body` with the batch waiting for the owner's delivery (`nil` for none), for it
    /// to hand to the C half with its own (`_vct_table_model_deliver`).
    func withHeldBatch(_ body: (UnsafeMutablePointer<VctListDelivery>?) -> Void) {
        guard let batch = held.withLock({ held in
            defer { held = nil }
            return held
        }) else {
            body(nil)
            return
        }
        hand(batch, body)
    }

    /// Hands `batch` to the C half through `deliver` (one call), then keeps the view models
    /// of the removed rows whose objects are held, and frees the old list off the loop (the
    /// last reference to its rows: 100 000 view models take milliseconds to free).
    private func hand(_ batch: HeldBatch, _ deliver: (UnsafeMutablePointer<VctListDelivery>) -> Void) {
        var old = batch.old
        let (orphaned, orphans) = batch.delivery.withC { delivery in
            deliver(delivery)
            defer {
                g_free(delivery.pointee.orphaned)
                g_free(delivery.pointee.orphans)
            }
            return (Array(UnsafeBufferPointer(start: delivery.pointee.orphaned, count: Int(delivery.pointee.n_orphaned))),
                    Set(UnsafeBufferPointer(start: delivery.pointee.orphans, count: Int(delivery.pointee.n_orphans)).map { UInt64($0) }))
        }
        keepOrphans(orphaned, of: old, alive: orphans)
        releaseOffLoop(&old, replacingWith: FlatSections([]), count: old.count)
    }

    /// Off the loop, where `batch` (from `base` to `goal`) was computed: its delivery.
    private func prepare(_ batch: ListBatch, from base: [ListSection], to goal: [ListSection]) -> PreparedDelivery {
        let old = FlatSections(base)
        return PreparedDelivery(
            delivery(of: batch, from: old, to: FlatSections(goal)), maker: self, steps: batch.steps.count,
            oldCount: old.count)
    }

    /// What the C half needs of `batch`, which turns `old` into `new`.
    private func delivery(of batch: ListBatch, from old: FlatSections, to new: FlatSections) -> Delivery {
        var delivery = Delivery(new: new)
        delivery.runs = FlatSections.splices(for: batch.steps, from: old, to: new)
        delivery.emitted = FlatEmission.shape(delivery.runs, oldCount: old.count, newCount: new.count)

        // Where the moved rows go (a flag per new position), and which of them bring new
        // content.
        var movedTo: [Bool] = batch.moves.isEmpty ? [] : Array(repeating: false, count: new.count)
        var recordAt: [Int] = []
        let (sectionSplices, _) = FlatSections.splitSplices(batch.steps)
        if !batch.moves.isEmpty {
            ListDiff.forEachKept(sectionSplices, oldCount: old.sections.count, newCount: new.sections.count) { oldIndex, newIndex in
                guard let moves = batch.moves[newIndex] else { return }
                let oldRows = old.start(ofSection: oldIndex) + (old.sections[oldIndex].header == nil ? 0 : 1)
                let newRows = new.start(ofSection: newIndex) + (new.sections[newIndex].header == nil ? 0 : 1)
                for move in moves {
                    delivery.moves.append(VctListMove(from: guint(oldRows + move.from), to: guint(newRows + move.to)))
                    movedTo[newRows + move.to] = true
                }
                for index in batch.changedMoves[newIndex] ?? [] { recordAt.append(newRows + index) }
            }
        }
        // Every added row that is not a move is new.
        for run in delivery.runs {
            for position in run.position ..< run.position + run.added where movedTo.isEmpty || !movedTo[position] {
                recordAt.append(position)
            }
        }
        // Kept rows whose content changed, and the headers and footers of updated sections.
        for step in batch.steps {
            switch step {
            case .rowUpdated(let section, let index):
                guard section < new.sections.count else { continue }
                recordAt.append(new.start(ofSection: section) + (new.sections[section].header == nil ? 0 : 1) + index)
            case .sectionUpdated(let section):
                guard section < new.sections.count else { continue }
                if new.sections[section].header != nil { recordAt.append(new.start(ofSection: section)) }
                if new.sections[section].footer != nil { recordAt.append(new.start(ofSection: section + 1) - 1) }
            case .sections, .rows:
                break
            }
        }
        // (In no particular order: each goes to its position.)
        delivery.records = RecordWriter.records(at: recordAt, in: new, kinds: kinds, list: self)
        return delivery
    }

    /// Keeps the view models of the rows of `old` at `positions` (removed, their objects
    /// held), and of the rows of identities `alive` only.
    private func keepOrphans(_ positions: [guint], of old: FlatSections, alive: Set<UInt64>) {
        orphans.withLock { orphans in
            for position in positions {
                guard let entry = old.entry(at: Int(position)) else { continue }
                orphans.models[CRowRecord.identity(section: entry.section.id, role: entry.role, model: entry.model)] = entry.model
            }
            orphans.models = orphans.models.filter { alive.contains($0.key) }
        }
    }

    // MARK: Rows that change in place

    /// On the context: a row whose values change in place reported a change. Every row
    /// object showing it notifies what differs, each read as of this change, in a
    /// delivery of its own (no changes-done: the list's batch for the change follows).
    func deliver(_ change: RowPropertyChange, of live: CLiveRow) {
        guard let listObject = object.withLock({ $0 })?.get() else { return }
        defer { g_object_unref(listObject) }
        var delivery = Delivery(new: FlatSections([]))
        delivery.changesDone = false
        delivery.before = [VctListRecordAt(
            position: guint.max,
            record: CRowRecord.make(
                live.model, role: live.role, kinds: kinds, identity: live.identity, list: self, change: change, live: live))]
        delivery.withC { _vct_list_model_deliver(listObject, $0) }
    }
}

/// A delivery made where its batch was computed (`ListModel.setBatchPreparer`), taken
/// once on the loop; its records, if never taken (the batch went stale, or was merged with
/// rows changed meanwhile), are dropped with it.
private final class PreparedDelivery: @unchecked Sendable {
    private let delivery = Mutex<Delivery?>(nil)
    /// The list core that made it: its records' live rows tell their changes to it.
    private weak let maker: CListModel?
    private let steps: Int
    private let oldCount: Int

    init(_ delivery: Delivery, maker: CListModel, steps: Int, oldCount: Int) {
        self.delivery.withLock { $0 = delivery }
        self.maker = maker
        self.steps = steps
        self.oldCount = oldCount
    }

    /// The delivery, if `core` made it for a batch of `steps` steps from a list of
    /// `oldCount` items (a flush may add rows changed in place to a prepared batch; another
    /// list over the same `ListModel` makes its own).
    func take(by core: CListModel, steps: Int, oldCount: Int) -> Delivery? {
        guard maker === core, steps == self.steps, oldCount == self.oldCount else { return nil }
        return delivery.withLock { delivery in
            defer { delivery = nil }
            return delivery
        }
    }

    deinit {
        guard let left = delivery.withLock({ $0 }) else { return }
        for record in left.before + left.records { _vct_row_record_unref(record.record) }
    }
}

/// One delivery as Swift values (`VctListDelivery`'s arrays), lent to the C half for the
/// call: the records in it are given away by that call.
private struct Delivery: @unchecked Sendable {
    var changesDone = true
    var itemCount: Int
    var rowCount: Int
    var sections: [VctListSection]
    var runs: [Splice] = []
    var emitted: [Splice] = []
    var moves: [VctListMove] = []
    var before: [VctListRecordAt] = []
    var records: [VctListRecordAt] = []

    init(new: FlatSections) {
        itemCount = new.count
        rowCount = new.rowCount
        var rowNumber = 0
        sections = new.sections.indices.map { index in
            let section = new.sections[index]
            let start = new.start(ofSection: index)
            let rowsStart = start + (section.header == nil ? 0 : 1)
            defer { rowNumber += section.rows.count }
            return VctListSection(
                start: guint(start), rows_start: guint(rowsStart), rows_end: guint(rowsStart + section.rows.count),
                row_number: guint(rowNumber), id: guint64(truncatingIfNeeded: section.id.hashValue),
                row_class: Self.sharedClass(of: section.rows))
        }
    }

    /// The row class every row of `rows` has, or -1 (mixed, or no rows). Read from each
    /// existential container in place: Swift lays out an opaque existential as three words
    /// of value buffer, then its type's metadata, then the witness table
    /// (docs/ABI/TypeLayout.rst); asking `type(of:)` would copy each view model out first,
    /// for 10⁶ rows a few milliseconds. Any other layout takes that way.
    private static func sharedClass(of rows: [any RowViewModel]) -> gint {
        guard let first = rows.first else { return -1 }
        let word = MemoryLayout<UnsafeRawPointer>.size
        let shared: Bool
        if MemoryLayout<any RowViewModel>.size == 5 * word {
            shared = rows.withUnsafeBytes { bytes in
                let stride = MemoryLayout<any RowViewModel>.stride
                let type = bytes.load(fromByteOffset: 3 * word, as: UInt.self)
                var offset = stride + 3 * word
                while offset < bytes.count {
                    if bytes.load(fromByteOffset: offset, as: UInt.self) != type { return false }
                    offset += stride
                }
                return true
            }
        } else {
            let type = ObjectIdentifier(Swift.type(of: first))
            shared = rows.allSatisfy { ObjectIdentifier(Swift.type(of: $0)) == type }
        }
        return shared ? gint(CRowClass.id(of: first).rawValue) : -1
    }

    /// Calls `body` with the delivery in C's layout (its answers, the `orphaned` and
    /// `orphans` arrays, for `body` to read and free).
    func withC<Result>(_ body: (UnsafeMutablePointer<VctListDelivery>) -> Result) -> Result {
        let cRuns = runs.map { VctListRun(position: guint($0.position), removed: guint($0.removed), added: guint($0.added)) }
        let cEmitted = emitted.map { VctListRun(position: guint($0.position), removed: guint($0.removed), added: guint($0.added)) }
        return sections.withUnsafeBufferPointer { sections in
            cRuns.withUnsafeBufferPointer { runs in
                cEmitted.withUnsafeBufferPointer { emitted in
                    moves.withUnsafeBufferPointer { moves in
                        before.withUnsafeBufferPointer { before in
                            records.withUnsafeBufferPointer { records in
                                var delivery = VctListDelivery(
                                    changes_done: changesDone ? 1 : 0, n_items: guint(itemCount), n_rows: guint(rowCount),
                                    sections: sections.baseAddress, n_sections: guint(sections.count),
                                    runs: runs.baseAddress, n_runs: guint(runs.count),
                                    emitted: emitted.baseAddress, n_emitted: guint(emitted.count),
                                    moves: moves.baseAddress, n_moves: guint(moves.count),
                                    before: before.baseAddress, n_before: guint(before.count),
                                    records: records.baseAddress, n_records: guint(records.count),
                                    orphaned: nil, n_orphaned: 0, orphans: nil, n_orphans: 0)
                                return body(&delivery)
                            }
                        }
                    }
                }
            }
        }
    }
}
