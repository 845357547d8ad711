internal import CGLib
internal import VCTableGObject
import Synchronization

/// The Swift core of a `VctTableModel` object (vct-table-model.c): the `VCTableModel`, the
/// `VctCellData` boxes of the items the last reload delivered, and the reports that become
/// the object's legacy callbacks, `notify` and signals.
///
/// The object owns the core (released in its finalize; `dispose()` in its dispose, which
/// the last unref runs at once whatever threads still hold Swift references); the core
/// refers to the object weakly. The legacy callback slots (`vct_table_model_set_did_*`)
/// are C's (`VctTableModelCallbacks`), shared by the object and the core. Each delivery
/// runs the legacy callback first, through them, without a reference to the object (so a
/// callback's last unref disposes at once and nothing runs after it), then the object's
/// notifies and signal.
final class CTableModel: @unchecked Sendable {

    /// The delivered items and their C boxes, kept until the next reload is delivered (so
    /// `get_item` pointers stay valid until then). The boxes are made in the reload's task
    /// when `didReloadData` is set then (it hands out every box), else on first use.
    private struct Items {
        var cells: [VCTableCellData] = []
        /// The `VctCellData` objects made so far, by index; empty until the first one (a
        /// reload of a million rows that nobody reads through `get_item` allocates nothing).
        var boxes: [OwnedObject?] = []

        mutating func box(at index: Int) -> OwnedObject {
            if boxes.isEmpty { boxes = Array(repeating: nil, count: cells.count) }
            if let box = boxes[index] { return box }
            let box = CCellData.makeObject(cells[index])
            boxes[index] = box
            return box
        }
    }

    let model: VCTableModel
    /// The legacy callback slots, one reference owned by this box (the object holds another).
    private let callbacks: OpaquePointer
    /// The model's rows as a `VctListModel` object, one reference owned by this box; made on
    /// first use (`get_list`, or the first reload, before it can commit any rows), so that a
    /// model made and dropped never sets up the list (BENCHMARKS.md, "Loaded cost").
    var list: UnsafeMutableRawPointer {
        listObject.withLock { object in
            if let object { return object }
            let made = CListModel.makeObject(model.list)
            object = made
            return made
        }
    }
    private let listObject = Mutex<UnsafeMutableRawPointer?>(nil)
    private let items = Mutex(Items())
    /// The object, weakly (a struct, not a `Mutex<WeakObject?>`, as `VCTableModel.list`'s).
    private struct ObjectSlot { var object: WeakObject? }
    private let object = Mutex(ObjectSlot())
    /// What the object's `notify` last told, and whether `dispose()` ran. A struct, not a
    /// tuple: destroying a tuple instantiates its metadata (BENCHMARKS.md, "Loaded cost").
    private struct Shown {
        var loading = false
        var error: VCTableError?
        var disposed = false
    }
    private let shown = Mutex(Shown())

    private init(_ model: VCTableModel) {
        self.model = model
        callbacks = _vct_table_model_callbacks_new()
    }

    /// A new `VctTableModel` object (transfer full) for `model`.
    static func make(_ model: VCTableModel) -> OpaquePointer {
        let box = CTableModel(model)
        // withCString, not the implicit conversion, which copies the title into an array.
        let object = model.title.withCString { _vct_table_model_new(Unmanaged.passRetained(box).toOpaque(), box.callbacks, $0)! }
        box.object.withLock { $0.object = WeakObject(object) }
        _ = model.addObserver { [weak box] report in box?.deliver(report) }
        model.setCompanion { [weak box] cells in box?.boxes(for: cells) }
        return OpaquePointer(object)
    }

    /// The object's dispose (its last unref, after it cleared the callback slots): the
    /// request is cancelled, nothing is delivered afterwards. Runs once, however often
    /// GObject disposes.
    func dispose() {
        let first = shown.withLock { shown in
            defer { shown.disposed = true }
            return !shown.disposed
        }
        guard first else { return }
        model.invalidate()
    }

    /// The object's finalize: the list goes with the model (after its dispose, so that
    /// `vct_table_model_get_list` never hands out a freed list).
    deinit {
        if let list = listObject.withLock({ $0 }) { g_object_unref(list) }
        _vct_table_model_callbacks_unref(callbacks)
    }

    /// The object's notifies and signal for one delivery: `flags` (a signal, maybe a title
    /// change), plus the `loading` and `last-error` changes since the last report.
    private func report(_ flags: UInt32, _ text: String?) {
        guard let object = object.withLock({ $0.object })?.get() else { return }
        let loading = model.isLoading
        let error = model.lastError
        let changes = shown.withLock { shown -> UInt32 in
            var changes: UInt32 = 0
            if shown.loading != loading {
                shown.loading = loading
                changes |= VCT_TABLE_MODEL_REPORT_LOADING_CHANGED.rawValue
            }
            if shown.error != error {
                shown.error = error
                changes |= VCT_TABLE_MODEL_REPORT_ERROR_CHANGED.rawValue
            }
            return changes
        }
        let report = VctTableModelReport(rawValue: flags | changes)
        if let text {
            text.withCString { _vct_table_model_report(object, report, $0) }
        } else {
            _vct_table_model_report(object, report, nil)
        }
        g_object_unref(object)
    }

    /// Stores the title the object answers with; whether it changed.
    private func storeTitle(_ text: String) -> Bool {
        guard let object = object.withLock({ $0.object })?.get() else { return false }
        defer { g_object_unref(object) }
        return text.withCString { _vct_table_model_store_title(object, $0) } != 0
    }

    /// `reload_data`: the list object first (a no-op after the first time), so that it sees
    /// every change the reload commits.
    func reload() {
        _ = list
        model.reloadData()
    }

    var numberOfItems: Int { items.withLock { $0.cells.count } }

    func item(at index: Int) -> OwnedObject? {
        items.withLock { items in items.cells.indices.contains(index) ? items.box(at: index) : nil }
    }

    /// Every delivered item's box (made now if need be), as a `g_malloc`'d array (`nil`
    /// when there are none) and its length: what the `didReloadData` callback gets, through
    /// the core table's `table_get_items`.
    func allItems() -> (items: UnsafeMutablePointer<gpointer?>?, count: Int) {
        items.withLock { items in
            let count = items.cells.count
            guard count > 0 else { return (nil, 0) }
            let array = g_malloc_n(gsize(count), gsize(MemoryLayout<gpointer?>.stride))!
                .bindMemory(to: gpointer?.self, capacity: count)
            for index in 0..<count {
                array[index] = items.box(at: index).raw
            }
            return (array, count)
        }
    }

    /// In the reload's task: the C boxes of `cells`, when `didReloadData` will need them all.
    private func boxes(for cells: [VCTableCellData]) -> [OwnedObject?]? {
        guard _vct_table_model_callbacks_has_reload(callbacks) != 0 else { return nil }
        return cells.map { Optional(CCellData.makeObject($0)) }
    }

    /// On the context: forwards a report to the C callbacks.
    private func deliver(_ report: VCTableModel.Report) {
        switch report {
        case .navigationTitle(let text):
            let changed = storeTitle(text)
            callLegacy(VCT_TABLE_MODEL_REPORT_TITLE, text)
            self.report(
                VCT_TABLE_MODEL_REPORT_TITLE.rawValue | (changed ? VCT_TABLE_MODEL_REPORT_TITLE_CHANGED.rawValue : 0), text)
        case .failed(let error):
            let message = VCTableModel.errorMessage(for: error)
            callLegacy(VCT_TABLE_MODEL_REPORT_ERROR, message)
            self.report(VCT_TABLE_MODEL_REPORT_ERROR.rawValue, message)
        case .reloaded(let cells, let companion):
            var boxes = companion.flatMap { $0 as? [OwnedObject?] } ?? []
            if boxes.count != cells.count { boxes = [] }
            var replaced = Items(cells: cells, boxes: boxes)
            items.withLock { swap(&$0, &replaced) }
            // The old cells' GObjects are released here, on the context thread: their
            // finalizers, weak-reference notifies and a binding's data (PyGObject's
            // wrappers need its interpreter) run where the program expects them. Only the
            // Swift values, which nothing outside can observe, are freed off the loop.
            replaced.boxes = []
            releaseOffLoop(&replaced, replacingWith: Items(), count: replaced.cells.count)
            callLegacy(VCT_TABLE_MODEL_REPORT_RELOADED, nil)
            self.report(VCT_TABLE_MODEL_REPORT_RELOADED.rawValue, nil)
        }
    }

    /// The legacy callback of a delivery (C's slots: the callback set now, if any; the
    /// reload's gets `allItems`), before its `report`.
    private func callLegacy(_ report: VctTableModelReport, _ text: String?) {
        let core = Unmanaged.passUnretained(self).toOpaque()
        if let text {
            text.withCString { _vct_table_model_callbacks_call(callbacks, core, report, $0) }
        } else {
            _vct_table_model_callbacks_call(callbacks, core, report, nil)
        }
    }
}
