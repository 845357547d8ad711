import Synchronization

/// A `VctSectionsChangedFunc`.
@_spi(CInterop) public typealias CSectionsChanged = @convention(c) (UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
/// A `VctItemsChangedFunc`.
@_spi(CInterop) public typealias CItemsChanged = @convention(c) (UInt32, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
/// A `VctSectionUpdatedFunc`.
@_spi(CInterop) public typealias CSectionUpdated = @convention(c) (UInt32, UnsafeMutableRawPointer?) -> Void
/// A `VctItemUpdatedFunc`.
@_spi(CInterop) public typealias CItemUpdated = @convention(c) (UInt32, UInt32, UnsafeMutableRawPointer?) -> Void

/// `VctListModel`: a `ListModel` for C, with an explicit reference count, four callback
/// slots (sections-changed, items-changed, section-updated, item-updated), the `VctRow`
/// boxes of the published rows (valid until the next batch is delivered) and the bindings
/// of recycled widgets.
final class CListModel: CCallbackOwner, CCountedHandle, @unchecked Sendable {
    enum Slot: Int, CaseIterable {
        case sectionsChanged, itemsChanged, sectionUpdated, itemUpdated
    }


    let list: ListModel
    let slots = CCallbackSlots(count: Slot.allCases.count)
    let references = CRefCount()
    private let rows = Mutex<[RowIndex: CRow]>([:])
    private let bindings = Mutex<[UInt: CBinding]>([:])
    private let subscription = SerialDisposable()

    private init(_ list: ListModel) {
        self.list = list
    }

    /// A new `VctListModel *` owning one reference.
    static func make(_ list: ListModel) -> CListModel {
        let box = CListModel(list)
        box.subscription.inner = list.observeChanges { [weak box] steps in box?.deliver(steps) }
        return box
    }


    /// Ends everything: what the owner's finalization does.
    func dispose() {
        subscription.dispose()
        slots.dispose()
        let all = bindings.withLock { bindings in
            defer { bindings.removeAll() }
            return Array(bindings.values)
        }
        for binding in all { binding.dispose() }
    }

    func row(at position: RowIndex) -> CRow? {
        if let box = rows.withLock({ $0[position] }) { return box }
        guard let row = list.row(at: position) else { return nil }
        let box = CRow(row, kind: try? list.kinds.kind(of: row))
        return rows.withLock { rows in
            if let existing = rows[position] { return existing }
            rows[position] = box
            return box
        }
    }

    func decoration(_ section: Int, header: Bool) -> CRow? {
        // Headers and footers live at index -1 and -2 of their section in the box cache.
        let key = RowIndex(section: section, index: header ? -1 : -2)
        if let box = rows.withLock({ $0[key] }) { return box }
        guard let model = header ? list.section(at: section)?.header : list.section(at: section)?.footer else { return nil }
        let box = CRow(model, kind: try? list.kinds.kind(of: model, role: header ? .header : .footer))
        rows.withLock { $0[key] = box }
        return box
    }

    /// On the context: a batch arrived; the old row boxes go, the callbacks run in order.
    private func deliver(_ steps: [ListChange]) {
        rows.withLock { $0.removeAll() }
        for step in steps {
            switch step {
            case .sections(let splice):
                slots.invoke(Slot.sectionsChanged.rawValue) { callback in
                    unsafeBitCast(callback.function, to: CSectionsChanged.self)(
                        UInt32(splice.position), UInt32(splice.removed), UInt32(splice.added), callback.userData)
                }
            case .rows(let section, let splice):
                slots.invoke(Slot.itemsChanged.rawValue) { callback in
                    unsafeBitCast(callback.function, to: CItemsChanged.self)(
                        UInt32(section), UInt32(splice.position), UInt32(splice.removed), UInt32(splice.added), callback.userData)
                }
            case .sectionUpdated(let section):
                slots.invoke(Slot.sectionUpdated.rawValue) { callback in
                    unsafeBitCast(callback.function, to: CSectionUpdated.self)(UInt32(section), callback.userData)
                }
            case .rowUpdated(let section, let index):
                slots.invoke(Slot.itemUpdated.rawValue) { callback in
                    unsafeBitCast(callback.function, to: CItemUpdated.self)(UInt32(section), UInt32(index), callback.userData)
                }
            }
        }
    }

    /// Binds the row at `position` to `widget`, ending the widget's previous binding first.
    func bind(_ widget: UInt, _ position: RowIndex, _ callback: CCallback) -> Bool {
        unbind(widget)
        guard let row = row(at: position) else {
            callback.detach()
            return false
        }
        let binding = CBinding(row: row, callback: callback)
        bindings.withLock { $0[widget] = binding }
        binding.changed(row, nil)
        return true
    }

    @discardableResult
    func unbind(_ widget: UInt) -> Bool {
        let binding = bindings.withLock { $0.removeValue(forKey: widget) }
        binding?.dispose()
        return binding != nil
    }
}

private func listBox(_ pointer: OpaquePointer?, _ function: StaticString) -> CListModel? {
    guard cCheck(pointer != nil, function, "list != NULL") else { return nil }
    return CListModel.from(pointer!)
}

@_spi(CInterop) @c(vct_list_model_ref)
public func vct_list_model_ref(_ pointer: OpaquePointer?) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_ref")?.retain()
    return pointer
}

@_spi(CInterop) @c(vct_list_model_unref)
public func vct_list_model_unref(_ pointer: OpaquePointer?) {
    guard let pointer else { return }
    CListModel.from(pointer).release()
}

@_spi(CInterop) @c(vct_list_model_get_n_sections)
public func vct_list_model_get_n_sections(_ pointer: OpaquePointer?) -> UInt32 {
    UInt32(clamping: listBox(pointer, "vct_list_model_get_n_sections")?.list.numberOfSections ?? 0)
}

@_spi(CInterop) @c(vct_list_model_get_n_items)
public func vct_list_model_get_n_items(_ pointer: OpaquePointer?, _ section: UInt32) -> UInt32 {
    UInt32(clamping: listBox(pointer, "vct_list_model_get_n_items")?.list.numberOfRows(inSection: Int(section)) ?? 0)
}

@_spi(CInterop) @c(vct_list_model_get_item)
public func vct_list_model_get_item(_ pointer: OpaquePointer?, _ section: UInt32, _ position: UInt32) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_get_item")?.row(at: RowIndex(section: Int(section), index: Int(position)))?.pointer
}

@_spi(CInterop) @c(vct_list_model_get_header)
public func vct_list_model_get_header(_ pointer: OpaquePointer?, _ section: UInt32) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_get_header")?.decoration(Int(section), header: true)?.pointer
}

@_spi(CInterop) @c(vct_list_model_get_footer)
public func vct_list_model_get_footer(_ pointer: OpaquePointer?, _ section: UInt32) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_get_footer")?.decoration(Int(section), header: false)?.pointer
}

@_spi(CInterop) @c(vct_list_model_select)
public func vct_list_model_select(_ pointer: OpaquePointer?, _ section: UInt32, _ position: UInt32) -> Int32 {
    guard let box = listBox(pointer, "vct_list_model_select") else { return 0 }
    return box.list.selectRow(at: RowIndex(section: Int(section), index: Int(position))) ? 1 : 0
}

@_spi(CInterop) @c(vct_list_model_press)
public func vct_list_model_press(_ pointer: OpaquePointer?, _ section: UInt32, _ position: UInt32) -> Int32 {
    guard let box = listBox(pointer, "vct_list_model_press") else { return 0 }
    return box.list.pressRow(at: RowIndex(section: Int(section), index: Int(position))) ? 1 : 0
}

@_spi(CInterop) @c(vct_list_model_set_sections_changed)
public func vct_list_model_set_sections_changed(
    _ pointer: OpaquePointer?, _ function: CSectionsChanged?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CListModel.set(pointer, .sectionsChanged, function, userData, notify, "vct_list_model_set_sections_changed", "list != NULL")
}

@_spi(CInterop) @c(vct_list_model_set_items_changed)
public func vct_list_model_set_items_changed(
    _ pointer: OpaquePointer?, _ function: CItemsChanged?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CListModel.set(pointer, .itemsChanged, function, userData, notify, "vct_list_model_set_items_changed", "list != NULL")
}

@_spi(CInterop) @c(vct_list_model_set_section_updated)
public func vct_list_model_set_section_updated(
    _ pointer: OpaquePointer?, _ function: CSectionUpdated?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CListModel.set(pointer, .sectionUpdated, function, userData, notify, "vct_list_model_set_section_updated", "list != NULL")
}

@_spi(CInterop) @c(vct_list_model_set_item_updated)
public func vct_list_model_set_item_updated(
    _ pointer: OpaquePointer?, _ function: CItemUpdated?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    CListModel.set(pointer, .itemUpdated, function, userData, notify, "vct_list_model_set_item_updated", "list != NULL")
}

@_spi(CInterop) @c(vct_list_model_bind)
public func vct_list_model_bind(
    _ pointer: OpaquePointer?, _ widget: UnsafeMutableRawPointer?, _ section: UInt32, _ position: UInt32,
    _ function: CRowChangedFunction?, _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) -> Int32 {
    guard let box = listBox(pointer, "vct_list_model_bind"),
          cCheck(widget != nil, "vct_list_model_bind", "widget != NULL"),
          cCheck(function != nil, "vct_list_model_bind", "func != NULL")
    else {
        notify?(userData)
        return 0
    }
    let callback = CCallback(function: unsafeBitCast(function!, to: UnsafeRawPointer.self), userData: userData, notify: notify)
    let key = UInt(bitPattern: widget)
    return box.bind(key, RowIndex(section: Int(section), index: Int(position)), callback) ? 1 : 0
}

@_spi(CInterop) @c(vct_list_model_unbind)
public func vct_list_model_unbind(_ pointer: OpaquePointer?, _ widget: UnsafeMutableRawPointer?) -> Int32 {
    guard let box = listBox(pointer, "vct_list_model_unbind"),
          cCheck(widget != nil, "vct_list_model_unbind", "widget != NULL")
    else { return 0 }
    return box.unbind(UInt(bitPattern: widget)) ? 1 : 0
}
