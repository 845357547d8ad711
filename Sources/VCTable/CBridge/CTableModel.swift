internal import CGLib
import Synchronization

/// `VctTableModel`: a `VCTableModel` for C, with an explicit reference count (the last
/// `vct_table_model_unref` finalizes at once, whatever threads still hold Swift
/// references), the three C callback slots, and the `VctCellData` boxes of the items the
/// last reload delivered.
final class CTableModel: CCallbackOwner, CCountedHandle, @unchecked Sendable {

    /// The delivered items and their C boxes, kept until the next reload is delivered (so
    /// `get_item` pointers stay valid until then). The boxes are made in the reload's task
    /// when `didReloadData` is set then (it hands out every box), else on first use.
    private struct Items {
        var cells: [VCTableCellData] = []
        var boxes: [CCellData?] = []

        mutating func box(at index: Int) -> CCellData {
            if let box = boxes[index] { return box }
            let box = CCellData(cells[index])
            boxes[index] = box
            return box
        }
    }

    let model: VCTableModel
    enum Slot: Int, CaseIterable {
        case didReloadData, didError, didUpdateNavigationTitle
    }

    let slots = CCallbackSlots(count: Slot.allCases.count)
    /// The model's rows as a `VctListModel`, owned by this box.
    let list: CListModel
    let title: UnsafeMutablePointer<CChar>
    let references = CRefCount()
    private let items = Mutex(Items())

    private init(_ model: VCTableModel) {
        self.model = model
        list = CListModel.make(model.list)
        title = strdup(model.title)
    }

    deinit {
        free(title)
    }

    /// A new `VctTableModel *` owning its first reference.
    static func make(_ model: VCTableModel) -> OpaquePointer {
        let box = CTableModel(model)
        _ = model.addObserver { [weak box] report in box?.deliver(report) }
        model.setCompanion { [weak box] cells in box?.boxes(for: cells) }
        return box.retainedPointer
    }

    /// The last C reference: notifies run, the request is cancelled, nothing is
    /// delivered afterwards.
    func dispose() {
        slots.dispose()
        list.dropReference()
        model.invalidate()
    }

    var numberOfItems: Int { items.withLock { $0.cells.count } }

    func item(at index: Int) -> CCellData? {
        items.withLock { items in items.cells.indices.contains(index) ? items.box(at: index) : nil }
    }

    /// In the reload's task: the C boxes of `cells`, when `didReloadData` will need them all.
    private func boxes(for cells: [VCTableCellData]) -> [CCellData?]? {
        guard slots.isSet(Slot.didReloadData.rawValue) else { return nil }
        return cells.map { Optional(CCellData($0)) }
    }

    /// On the context: forwards a report to the C callbacks.
    private func deliver(_ report: VCTableModel.Report) {
        switch report {
        case .navigationTitle(let text):
            call(.didUpdateNavigationTitle, text)
        case .failed(let error):
            call(.didError, VCTableModel.errorMessage(for: error))
        case .reloaded(let cells, let companion):
            var boxes = companion as? [CCellData?] ?? []
            if boxes.count != cells.count { boxes = Array(repeating: nil, count: cells.count) }
            var replaced = Items(cells: cells, boxes: boxes)
            items.withLock { swap(&$0, &replaced) }
            releaseOffLoop(&replaced, replacingWith: Items(), count: replaced.cells.count)
            guard slots.isSet(Slot.didReloadData.rawValue) else { return }
            let pointers = items.withLock { items in
                (0..<items.cells.count).map { Optional(items.box(at: $0).pointer) }
            }
            slots.invoke(Slot.didReloadData.rawValue) { callback in
                let function = unsafeBitCast(callback.function, to: CReloadFunction.self)
                pointers.withUnsafeBufferPointer { function($0.baseAddress, $0.count, callback.userData) }
            }
        }
    }

    private func call(_ slot: Slot, _ text: String) {
        slots.invoke(slot.rawValue) { callback in
            let function = unsafeBitCast(callback.function, to: CTextFunction.self)
            text.withCString { function($0, callback.userData) }
        }
    }

    func set<Function>(_ slot: Slot, _ function: Function?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?) {
        slots.set(slot.rawValue, CCallback.make(function, userData, notify))
    }
}

// MARK: - C entry points

@_spi(CInterop) @c(vct_table_model_new_with_manager)
public func vct_table_model_new_with_manager(_ api: OpaquePointer?) -> OpaquePointer? {
    guard cCheck(api != nil, "vct_table_model_new_with_manager", "api != NULL") else { return nil }
    return CTableModel.make(VCTableModel(manager: CApi.from(api!).api))
}

@_spi(CInterop) @c(vct_table_model_factory_instance)
public func vct_table_model_factory_instance() -> OpaquePointer? {
    CTableModel.make(VCTableModel.factoryInstance())
}

@_spi(CInterop) @c(vct_table_model_ref)
public func vct_table_model_ref(_ model: OpaquePointer?) -> OpaquePointer? {
    guard cCheck(model != nil, "vct_table_model_ref", "model != NULL") else { return nil }
    CTableModel.from(model!).retain()
    return model
}

@_spi(CInterop) @c(vct_table_model_unref)
public func vct_table_model_unref(_ model: OpaquePointer?) {
    guard let model else { return }
    CTableModel.from(model).release()
}

@_spi(CInterop) @c(vct_table_model_get_title)
public func vct_table_model_get_title(_ model: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard cCheck(model != nil, "vct_table_model_get_title", "model != NULL") else { return nil }
    return UnsafePointer(CTableModel.from(model!).title)
}

@_spi(CInterop) @c(vct_table_model_reload_data)
public func vct_table_model_reload_data(_ model: OpaquePointer?) {
    guard cCheck(model != nil, "vct_table_model_reload_data", "model != NULL") else { return }
    CTableModel.from(model!).model.reloadData()
}

@_spi(CInterop) @c(vct_table_model_user_selected_cell)
public func vct_table_model_user_selected_cell(_ model: OpaquePointer?, _ cell: OpaquePointer?) {
    guard cCheck(model != nil, "vct_table_model_user_selected_cell", "model != NULL"),
          cCheck(cell != nil, "vct_table_model_user_selected_cell", "cell != NULL")
    else { return }
    CTableModel.from(model!).model.userSelectedCell(CCellData.from(cell!).cell)
}

@_spi(CInterop) @c(vct_table_model_get_n_items)
public func vct_table_model_get_n_items(_ model: OpaquePointer?) -> UInt32 {
    guard cCheck(model != nil, "vct_table_model_get_n_items", "model != NULL") else { return 0 }
    return UInt32(clamping: CTableModel.from(model!).numberOfItems)
}

@_spi(CInterop) @c(vct_table_model_get_item)
public func vct_table_model_get_item(_ model: OpaquePointer?, _ position: UInt32) -> OpaquePointer? {
    guard cCheck(model != nil, "vct_table_model_get_item", "model != NULL") else { return nil }
    return CTableModel.from(model!).item(at: Int(position))?.pointer
}

@_spi(CInterop) @c(vct_table_model_is_loading)
public func vct_table_model_is_loading(_ model: OpaquePointer?) -> Int32 {
    guard cCheck(model != nil, "vct_table_model_is_loading", "model != NULL") else { return 0 }
    return CTableModel.from(model!).model.isLoading ? 1 : 0
}

@_spi(CInterop) @c(vct_table_model_get_last_error)
public func vct_table_model_get_last_error(_ model: OpaquePointer?) -> UnsafeMutableRawPointer? {
    guard cCheck(model != nil, "vct_table_model_get_last_error", "model != NULL") else { return nil }
    return CTableModel.from(model!).model.lastError.map { UnsafeMutableRawPointer(CError.make($0)) }
}

@_spi(CInterop) @c(vct_table_model_set_did_reload_data)
public func vct_table_model_set_did_reload_data(
    _ model: OpaquePointer?, _ function: CReloadFunction?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CTableModel.set(model, .didReloadData, function, userData, notify, "vct_table_model_set_did_reload_data", "model != NULL")
}

@_spi(CInterop) @c(vct_table_model_set_did_error)
public func vct_table_model_set_did_error(
    _ model: OpaquePointer?, _ function: CTextFunction?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CTableModel.set(model, .didError, function, userData, notify, "vct_table_model_set_did_error", "model != NULL")
}

@_spi(CInterop) @c(vct_table_model_set_did_update_navigation_title)
public func vct_table_model_set_did_update_navigation_title(
    _ model: OpaquePointer?, _ function: CTextFunction?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CTableModel.set(model, .didUpdateNavigationTitle, function, userData, notify, "vct_table_model_set_did_update_navigation_title", "model != NULL")
}

@_spi(CInterop) @c(vct_table_model_get_list)
public func vct_table_model_get_list(_ model: OpaquePointer?) -> OpaquePointer? {
    guard cCheck(model != nil, "vct_table_model_get_list", "model != NULL") else { return nil }
    return CTableModel.from(model!).list.pointer
}

@_spi(CInterop) @c(vct_table_model_set_items_changed)
public func vct_table_model_set_items_changed(
    _ model: OpaquePointer?, _ function: CItemsChanged?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    guard cCheck(model != nil, "vct_table_model_set_items_changed", "model != NULL") else {
        notify?(userData)
        return
    }
    CListModel.set(CTableModel.from(model!).list.pointer, .itemsChanged, function, userData, notify,
                   "vct_table_model_set_items_changed", "model != NULL")
}
