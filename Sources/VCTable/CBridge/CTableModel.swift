internal import CGLib
internal import VCTableGObject
import Synchronization

/// The Swift core of a `VctTableModel` object (vct-table-model.c): the `VCTableModel`, the
/// `VctCellData` boxes of the items the last reload delivered, and the end of each reload,
/// handed to the C half in one call (`_vct_table_model_deliver`: the list's batch, held
/// back by `CListModel` for it, the outcome, the state after it).
///
/// The object owns the core (released in its finalize; `dispose()` in its dispose, which
/// the last unref runs at once whatever threads still hold Swift references); the core
/// refers to the object weakly. A reload's start is reported by the C half itself and a
/// selection's title is queued there (`VCTableModel.setTitleSink`), so every title is
/// reported in order; the legacy callbacks, notifies and signals are C's.
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
    /// Whether a legacy didReloadData callback is set (the C half says so): the reload's
    /// task then makes every item's `VctCellData`, off the loop.
    private let wantsItems = Atomic<Bool>(false)
    /// The model's rows as a `VctListModel` object, one reference owned by this box; made on
    /// first use (`get_list`, or the first reload, before it can commit any rows), so that a
    /// model made and dropped never sets up the list (BENCHMARKS.md, "Loaded cost").
    var list: UnsafeMutableRawPointer {
        listObject.withLock { list in
            if let list { return list.object }
            let made = CListModel.make(model.list, holdingBatches: true)
            list = ListObject(object: made.object, core: made.core)
            return made.object
        }
    }
    /// The list object and its core (which the object owns).
    private struct ListObject: @unchecked Sendable {
        var object: UnsafeMutableRawPointer
        unowned(unsafe) var core: CListModel
    }
    private let listObject = Mutex<ListObject?>(nil)
    private let items = Mutex(Items())
    /// The object, weakly (a struct, not a `Mutex<WeakObject?>`, as `VCTableModel.list`'s).
    private struct ObjectSlot { var object: WeakObject? }
    private let object = Mutex(ObjectSlot())
    /// Whether `dispose()` ran.
    private let disposed = Atomic<Bool>(false)

    private init(_ model: VCTableModel) {
        self.model = model
    }

    /// A new `VctTableModel` object (transfer full) for `model`.
    static func make(_ model: VCTableModel) -> OpaquePointer {
        let box = CTableModel(model)
        // withCString, not the implicit conversion, which copies the title into an array.
        let object = model.title.withCString { _vct_table_model_new(Unmanaged.passRetained(box).toOpaque(), $0)! }
        box.object.withLock { $0.object = WeakObject(object) }
        _ = model.addObserver { [weak box] report in box?.deliver(report) }
        model.setCompanion { [weak box] cells in box?.boxes(for: cells) }
        // A reload's start the C half reports itself; a selection's title (a row's, or the
        // Swift model's) is queued there, in order with it.
        model.setTitleSink { [weak box] title, reloading in
            guard !reloading, let object = box?.object.withLock({ $0.object })?.get() else { return }
            title.withCString { _vct_table_model_queue_title(object, $0) }
            g_object_unref(object)
        }
        return OpaquePointer(object)
    }

    /// The object's dispose (its last unref, after it cleared the callback slots): the
    /// request is cancelled, nothing is delivered afterwards. Runs once, however often
    /// GObject disposes.
    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        model.invalidate()
    }

    /// The object's finalize: the list goes with the model (after its dispose, so that
    /// `vct_table_model_get_list` never hands out a freed list).
    deinit {
        if let list = listObject.withLock({ $0 }) { g_object_unref(list.object) }
    }

    /// `reload_data`: the list object first (a no-op after the first time), so that it sees
    /// every change the reload commits.
    func reload() {
        _ = list
        model.reloadData()
    }

    /// Whether the C half wants every item's box made in the reload's task.
    func setWantsItems(_ wants: Bool) {
        wantsItems.store(wants, ordering: .releasing)
    }

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
        guard wantsItems.load(ordering: .acquiring) else { return nil }
        return cells.map { Optional(CCellData.makeObject($0)) }
    }

    /// On the context: a reload's end, to the C half in one call. (A `.navigationTitle`
    /// report, a reload's start or a selection, the C half made itself.)
    private func deliver(_ report: VCTableModel.Report) {
        var boxes: [OwnedObject?] = []
        let outcome: (report: VctTableModelReport, text: String?)
        switch report {
        case .navigationTitle:
            return
        case .failed(let error):
            outcome = (VCT_TABLE_MODEL_REPORT_ERROR, VCTableModel.errorMessage(for: error))
        case .reloaded(let cells, let companion):
            boxes = companion.flatMap { $0 as? [OwnedObject?] } ?? []
            if boxes.count != cells.count { boxes = [] }
            var replaced = Items(cells: cells, boxes: boxes)
            items.withLock { swap(&$0, &replaced) }
            // The old cells' GObjects are released here, on the context thread: their
            // finalizers, weak-reference notifies and a binding's data (PyGObject's
            // wrappers need its interpreter) run where the program expects them. Only the
            // Swift values, which nothing outside can observe, are freed off the loop.
            replaced.boxes = []
            releaseOffLoop(&replaced, replacingWith: Items(), count: replaced.cells.count)
            outcome = (VCT_TABLE_MODEL_REPORT_RELOADED, nil)
        }
        guard let object = object.withLock({ $0.object })?.get() else { return }
        let error = model.lastError.map { CError.make($0) }
        defer { if let error { g_error_free(error) } }
        let listParts = listObject.withLock { $0 }
        let list = listParts?.object
        let cList = listParts?.core
        // The boxes, lent for the call (the items hold them until the next reload).
        let raw = boxes.map { $0?.raw }
        raw.withUnsafeBufferPointer { raw in
            func call(_ text: UnsafePointer<CChar>?, _ listDelivery: UnsafeMutablePointer<VctListDelivery>?) {
                var delivery = VctTableDelivery(
                    report: outcome.report, text: text, loading: model.isLoading ? 1 : 0,
                    error: UnsafePointer(error), n_items: guint(clamping: numberOfItems),
                    list: listDelivery == nil ? nil : list, list_delivery: listDelivery,
                    items: raw.isEmpty ? nil : UnsafeMutablePointer(mutating: raw.baseAddress),
                    n_boxes: gsize(raw.count))
                // The object's reference goes with the call.
                _vct_table_model_deliver(object, &delivery)
            }
            let withList = { (text: UnsafePointer<CChar>?) in
                if let cList { cList.withHeldBatch { call(text, $0) } } else { call(text, nil) }
            }
            if let message = outcome.text { message.withCString { withList($0) } } else { withList(nil) }
        }
    }

    private var numberOfItems: Int { items.withLock { $0.cells.count } }
}
