internal import VCTableGObject
import Synchronization

/// A `VctSectionsChangedFunc`.
@_spi(CInterop) public typealias CSectionsChanged = @convention(c) (UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
/// A `VctItemsChangedFunc`.
@_spi(CInterop) public typealias CItemsChanged = @convention(c) (UInt32, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
/// A `VctSectionUpdatedFunc`.
@_spi(CInterop) public typealias CSectionUpdated = @convention(c) (UInt32, UnsafeMutableRawPointer?) -> Void
/// A `VctItemUpdatedFunc`.
@_spi(CInterop) public typealias CItemUpdated = @convention(c) (UInt32, UInt32, UnsafeMutableRawPointer?) -> Void

/// The Swift core of a `VctListModel` object (vct-list-model.c): a `ListModel` read as one
/// flat `GListModel`, the weak cache of its row objects, and the sectioned callbacks and
/// bindings of the API before `GListModel`.
///
/// The object owns the core (released in its finalize; `dispose()` in its dispose ends
/// the deliveries and runs every callback's notify); the core refers to the object
/// weakly.
///
/// What the flat list shows changes only when a batch is delivered, one `items-changed`
/// run at a time: while each run is emitted, `count` and `item(at:)` read the list as
/// the runs so far have left it (`FlatTransition`).
final class CListModel: @unchecked Sendable {
    enum Slot: Int, CaseIterable {
        case sectionsChanged, itemsChanged, sectionUpdated, itemUpdated
    }

    /// A row object's identity: its section's, its role, and the row's own (none for a
    /// header or footer).
    private struct RowKey: Hashable {
        var section: Identity
        var role: RowRole
        var row: Identity?

        init(section: Identity, role: RowRole, model: any RowViewModel) {
            self.section = section
            self.role = role
            row = role == .row ? model.diffIdentifier : nil
        }
    }

    private struct State {
        var shown: FlatSections
        var transition: FlatTransition?
        /// Row objects by identity, weakly; dead entries are swept when the cache has
        /// doubled since the last sweep.
        var cache: [RowKey: WeakObject] = [:]
        var sweepAt = 64
        /// Row objects the sectioned getters handed out (transfer none), kept until the
        /// next batch.
        var lent: [ObjectPointer] = []
        var disposed = false
    }

    let list: ListModel
    let slots = CCallbackSlots(count: Slot.allCases.count)
    private let state: Mutex<State>
    private let bindings = Mutex<[UInt: CBinding]>([:])
    private let subscription = SerialDisposable()
    private let object = Mutex<WeakObject?>(nil)

    private init(_ list: ListModel) {
        self.list = list
        state = Mutex(State(shown: FlatSections(list.sections)))
    }

    /// A new `VctListModel` object (transfer full) showing `list`.
    static func makeObject(_ list: ListModel) -> UnsafeMutableRawPointer {
        let core = CListModel(list)
        let object = _vct_list_model_new(Unmanaged.passRetained(core).toOpaque())!
        core.object.withLock { $0 = WeakObject(object) }
        core.subscription.inner = list.observeChanges { [weak core] steps in core?.deliver(steps) }
        return object
    }

    /// The core of a list object, or `nil` when `pointer` is not a `VctListModel`.
    static func from(object pointer: UnsafeRawPointer?) -> CListModel? {
        guard let core = _vct_list_model_get_core(UnsafeMutableRawPointer(mutating: pointer)) else { return nil }
        return Unmanaged<CListModel>.fromOpaque(core).takeUnretainedValue()
    }

    /// The object's dispose: ends the deliveries, the callbacks and the bindings (their
    /// notifies run now) and drops the lent rows. Safe to run twice.
    func dispose() {
        subscription.dispose()
        slots.dispose()
        let all = bindings.withLock { bindings in
            defer { bindings.removeAll() }
            return Array(bindings.values)
        }
        for binding in all { binding.dispose() }
        let lent = state.withLock { state in
            defer {
                state.lent = []
                state.disposed = true
            }
            return state.lent
        }
        for row in lent { _vct_object_unref(row.raw) }
    }

    // MARK: The flat list

    var count: Int {
        state.withLock { $0.transition?.count ?? $0.shown.count }
    }

    /// The row object at a flat position (transfer full), or `nil` past the end.
    func item(at position: Int) -> UnsafeMutableRawPointer? {
        let (entry, settled) = state.withLock { state in
            (state.transition.map { $0.entry(at: position) } ?? state.shown.entry(at: position), state.transition == nil)
        }
        guard let entry else { return nil }
        return rowObject(entry.model, section: entry.section.id, role: entry.role, settled: settled)
    }

    var numberOfSections: Int {
        state.withLock { $0.transition?.new.sections.count ?? $0.shown.sections.count }
    }

    /// The section holding a flat position and its range; past the end, the section count
    /// and an empty range at the end.
    func section(at position: Int) -> (index: Int, start: Int, end: Int) {
        state.withLock { state in
            if let transition = state.transition {
                return transition.section(at: position) ?? (transition.new.sections.count, transition.count, transition.count)
            }
            let shown = state.shown
            guard let index = shown.sectionIndex(at: position) else { return (shown.sections.count, shown.count, shown.count) }
            return (index, shown.start(ofSection: index), shown.start(ofSection: index + 1))
        }
    }

    /// The object for a row (transfer full): the cached one while it lives, else a new one.
    ///
    /// `settled`: no batch is being emitted, so every live object already shows its row's
    /// current content; a cached object whose content differs then belongs to another row
    /// with the same identity. (While a batch is emitted, objects are re-pointed only at
    /// its end, so the cached one is returned as it is.)
    private func rowObject(
        _ model: any RowViewModel, section: Identity, role: RowRole, settled: Bool = true
    ) -> UnsafeMutableRawPointer {
        let key = RowKey(section: section, role: role, model: model)
        if let live = state.withLock({ $0.cache[key] })?.get() {
            // Rows that share an identity (duplicate ids) share its cache entry: the
            // object shows one of them; another one's content gets an object of its own,
            // not cached (the diff matches duplicates occurrence by occurrence, so their
            // identity across reloads is a guess anyway).
            guard settled, let core = CRow.from(object: live), !core.row.isContentEqual(to: model) else { return live }
            _vct_object_unref(live)
            return CRow.makeObject(model, kind: try? list.kinds.kind(of: model, role: role), role: role)
        }
        let made = ObjectPointer(raw: CRow.makeObject(model, kind: try? list.kinds.kind(of: model, role: role), role: role))
        let (result, dead) = state.withLock { state -> (ObjectPointer, [ObjectPointer]) in
            // Another thread may have made one meanwhile: the first one stays.
            if let live = state.cache[key]?.get() { return (ObjectPointer(raw: live), [made]) }
            state.cache[key] = WeakObject(made.raw)
            var dead: [ObjectPointer] = []
            if state.cache.count >= state.sweepAt {
                state.cache = state.cache.filter { entry in
                    guard let object = entry.value.get() else { return false }
                    dead.append(ObjectPointer(raw: object))  // only a reference to drop, outside the lock
                    return true
                }
                state.sweepAt = max(64, state.cache.count * 2)
            }
            return (made, dead)
        }
        for object in dead { _vct_object_unref(object.raw) }
        return result.raw
    }

    /// The cached object for a row, if one lives (transfer full).
    private func cachedObject(_ key: RowKey) -> UnsafeMutableRawPointer? {
        state.withLock { $0.cache[key] }?.get()
    }

    // MARK: Delivery

    /// On the context: a batch arrived. The flat list's runs are emitted one by one, the
    /// row objects of changed rows are re-pointed (their `notify`), then the sectioned
    /// callbacks run.
    private func deliver(_ steps: [ListChange]) {
        let new = FlatSections(list.sections)
        let (old, lent) = state.withLock { state in
            defer { state.lent = [] }
            return (state.shown, state.lent)
        }
        for row in lent { _vct_object_unref(row.raw) }

        let splices = FlatSections.splices(for: steps, from: old, to: new)
        if let listObject = object.withLock({ $0 })?.get() {
            var transition = FlatTransition(from: old, to: new)
            for splice in splices {
                transition.apply(splice)
                state.withLock { $0.transition = transition }
                _vct_list_model_emit_items_changed(
                    listObject, UInt32(splice.position), UInt32(splice.removed), UInt32(splice.added))
            }
            _vct_object_unref(listObject)
        }
        state.withLock { state in
            state.transition = nil
            state.shown = new
        }
        refreshRowObjects(steps, splices, new)
        deliverSectioned(steps)
    }

    /// Re-points the live row objects whose rows a batch changed or brought back (a
    /// moved row may come with new content) to the new view models.
    private func refreshRowObjects(_ steps: [ListChange], _ splices: [Splice], _ new: FlatSections) {
        guard !state.withLock({ $0.cache.isEmpty }) else { return }
        func refresh(_ model: any RowViewModel, section: Identity, role: RowRole) {
            guard let object = cachedObject(RowKey(section: section, role: role, model: model)) else { return }
            CRow.from(object: object)?.repoint(to: model)
            _vct_object_unref(object)
        }
        for splice in splices {
            for position in splice.position ..< splice.position + splice.added {
                guard let entry = new.entry(at: position) else { continue }
                refresh(entry.model, section: entry.section.id, role: entry.role)
            }
        }
        for step in steps {
            switch step {
            case .rowUpdated(let section, let index):
                guard new.sections.indices.contains(section), new.sections[section].rows.indices.contains(index) else { continue }
                refresh(new.sections[section].rows[index], section: new.sections[section].id, role: .row)
            case .sectionUpdated(let section):
                guard new.sections.indices.contains(section) else { continue }
                let shown = new.sections[section]
                if let header = shown.header { refresh(header, section: shown.id, role: .header) }
                if let footer = shown.footer { refresh(footer, section: shown.id, role: .footer) }
            case .sections, .rows:
                break
            }
        }
    }

    /// The sectioned callbacks of the API before `GListModel`, in the batch's order.
    private func deliverSectioned(_ steps: [ListChange]) {
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

    // MARK: The sectioned API

    /// The row object at (section, index) of the published list, lent until the next
    /// batch (transfer none).
    func lentRow(at position: RowIndex) -> UnsafeMutableRawPointer? {
        guard let section = list.section(at: position.section), section.rows.indices.contains(position.index) else { return nil }
        return lend(rowObject(section.rows[position.index], section: section.id, role: .row))
    }

    /// The header or footer object of a section, lent until the next batch.
    func lentDecoration(_ index: Int, header: Bool) -> UnsafeMutableRawPointer? {
        guard let section = list.section(at: index), let model = header ? section.header : section.footer else { return nil }
        return lend(rowObject(model, section: section.id, role: header ? .header : .footer))
    }

    private func lend(_ object: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        let kept = state.withLock { state -> Bool in
            guard !state.disposed else { return false }
            state.lent.append(ObjectPointer(raw: object))
            return true
        }
        if !kept { _vct_object_unref(object) }
        return object
    }

    /// Binds the row at `position` to `widget`, ending the widget's previous binding first.
    func bind(_ widget: UInt, _ position: RowIndex, _ callback: CCallback) -> Bool {
        unbind(widget)
        guard let object = lentRow(at: position), let row = CRow.from(object: object) else {
            callback.detach()
            return false
        }
        let binding = CBinding(object: object, row: row, callback: callback)
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

/// Sets a sectioned callback of the list at `pointer` (`vct_list_model_set_*`). Anything
/// but a list is a critical, and the notify still runs (the caller handed over `user_data`).
func setListSlot<Function>(
    _ pointer: OpaquePointer?, _ slot: CListModel.Slot, _ function: Function?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?, _ name: StaticString
) {
    (listBox(pointer, name)?.slots).set(slot.rawValue, function, userData, notify)
}

/// A GObject pointer kept under a lock (a reference it stands for, or a borrowed one).
struct ObjectPointer: @unchecked Sendable {
    var raw: UnsafeMutableRawPointer
}

/// The core of a `VctListModel *` argument, with GLib's critical for anything else.
private func listBox(_ pointer: OpaquePointer?, _ function: StaticString) -> CListModel? {
    guard cCheck(_vct_is_list_model(UnsafeRawPointer(pointer)) != 0, function, "VCT_IS_LIST_MODEL (list)") else { return nil }
    return CListModel.from(object: UnsafeRawPointer(pointer))
}

@_spi(CInterop) @c(vct_list_model_get_n_items)
public func vct_list_model_get_n_items(_ pointer: OpaquePointer?, _ section: UInt32) -> UInt32 {
    UInt32(clamping: listBox(pointer, "vct_list_model_get_n_items")?.list.numberOfRows(inSection: Int(section)) ?? 0)
}

@_spi(CInterop) @c(vct_list_model_get_item)
public func vct_list_model_get_item(_ pointer: OpaquePointer?, _ section: UInt32, _ position: UInt32) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_get_item")?.lentRow(at: RowIndex(section: Int(section), index: Int(position))).map(OpaquePointer.init)
}

@_spi(CInterop) @c(vct_list_model_get_header)
public func vct_list_model_get_header(_ pointer: OpaquePointer?, _ section: UInt32) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_get_header")?.lentDecoration(Int(section), header: true).map(OpaquePointer.init)
}

@_spi(CInterop) @c(vct_list_model_get_footer)
public func vct_list_model_get_footer(_ pointer: OpaquePointer?, _ section: UInt32) -> OpaquePointer? {
    listBox(pointer, "vct_list_model_get_footer")?.lentDecoration(Int(section), header: false).map(OpaquePointer.init)
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
    setListSlot(pointer, .sectionsChanged, function, userData, notify, "vct_list_model_set_sections_changed")
}

@_spi(CInterop) @c(vct_list_model_set_items_changed)
public func vct_list_model_set_items_changed(
    _ pointer: OpaquePointer?, _ function: CItemsChanged?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    setListSlot(pointer, .itemsChanged, function, userData, notify, "vct_list_model_set_items_changed")
}

@_spi(CInterop) @c(vct_list_model_set_section_updated)
public func vct_list_model_set_section_updated(
    _ pointer: OpaquePointer?, _ function: CSectionUpdated?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    setListSlot(pointer, .sectionUpdated, function, userData, notify, "vct_list_model_set_section_updated")
}

@_spi(CInterop) @c(vct_list_model_set_item_updated)
public func vct_list_model_set_item_updated(
    _ pointer: OpaquePointer?, _ function: CItemUpdated?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) {
    setListSlot(pointer, .itemUpdated, function, userData, notify, "vct_list_model_set_item_updated")
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
