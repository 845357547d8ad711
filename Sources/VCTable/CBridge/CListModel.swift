internal import CGLib
internal import VCTableGObject
import Synchronization

/// The Swift core of a `VctListModel` object (vct-list-model.c): a `ListModel` read as one
/// flat `GListModel`, and the weak cache of its row objects.
///
/// The object owns the core (released in its finalize; `dispose()` in its dispose ends
/// the deliveries); the core refers to the object weakly.
///
/// What the flat list shows changes only when a batch is delivered, one `items-changed`
/// run at a time: while each run is emitted, `count` and `item(at:)` read the list as
/// the runs so far have left it (`FlatTransition`).
final class CListModel: @unchecked Sendable {
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
    }

    let list: ListModel
    private let state: Mutex<State>
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

    /// The object's dispose: ends the deliveries. Safe to run twice.
    func dispose() {
        subscription.dispose()
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
        return rowObject(entry.model, in: entry.section, role: entry.role, settled: settled)
    }

    var numberOfSections: Int {
        state.withLock { $0.transition?.sectionCount ?? $0.shown.sections.count }
    }

    /// The section holding a flat position and its range; past the end, the section count
    /// and an empty range at the end.
    func section(at position: Int) -> (index: Int, start: Int, end: Int) {
        state.withLock { state in
            if let transition = state.transition {
                return transition.section(at: position) ?? (transition.sectionCount, transition.count, transition.count)
            }
            let shown = state.shown
            guard let index = shown.sectionIndex(at: position) else { return (shown.sections.count, shown.count, shown.count) }
            return (index, shown.start(ofSection: index), shown.start(ofSection: index + 1))
        }
    }

    /// The object for a row (transfer full): the cached one while it lives, else a new one.
    ///
    /// `settled`: no batch is being emitted. Rows that share an identity in a section
    /// (duplicate ids) share its cache entry: the object shows one of them, and another
    /// one's content gets an object of its own, not cached (the diff matches duplicates
    /// occurrence by occurrence, so their identity across reloads is a guess anyway).
    /// A row whose identity is unique always gets the cached object, even when the object
    /// has not shown a change yet (a follow that completed before its `notify`).
    private func rowObject(
        _ model: any RowViewModel, in section: ListSection, role: RowRole, settled: Bool = true
    ) -> UnsafeMutableRawPointer {
        let key = RowKey(section: section.id, role: role, model: model)
        if let live = state.withLock({ $0.cache[key] })?.get() {
            guard settled, let core = CRow.from(object: live), !core.row.isContentEqual(to: model),
                  role == .row, Self.isDuplicated(model.diffIdentifier, in: section)
            else { return live }
            g_object_unref(live)
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
        for object in dead { g_object_unref(object.raw) }
        return result.raw
    }

    /// Whether two or more rows of `section` have the identity `id` (a scan: only asked
    /// when a cached object's content differs from its row's).
    private static func isDuplicated(_ id: Identity, in section: ListSection) -> Bool {
        var seen = 0
        for row in section.rows where row.diffIdentifier == id {
            seen += 1
            if seen == 2 { return true }
        }
        return false
    }

    /// The cached object for a row, if one lives (transfer full).
    private func cachedObject(_ key: RowKey) -> UnsafeMutableRawPointer? {
        state.withLock { $0.cache[key] }?.get()
    }

    // MARK: Delivery

    /// On the context: a batch arrived. The flat list's runs are emitted one by one, then
    /// the row objects of changed rows are re-pointed (their `notify`).
    private func deliver(_ steps: [ListChange]) {
        let new = FlatSections(list.sections)
        let old = state.withLock { $0.shown }

        let splices = FlatSections.splices(for: steps, from: old, to: new)
        if let listObject = object.withLock({ $0 })?.get() {
            var transition = FlatTransition(from: old, to: new)
            for (index, splice) in splices.enumerated() {
                transition.apply(splice, last: index == splices.count - 1)
                state.withLock { $0.transition = transition }
                _vct_list_model_emit_items_changed(
                    listObject, UInt32(splice.position), UInt32(splice.removed), UInt32(splice.added))
            }
            g_object_unref(listObject)
        }
        state.withLock { state in
            state.transition = nil
            state.shown = new
        }
        refreshRowObjects(steps, splices, new)
    }

    /// Re-points the live row objects whose rows a batch changed or brought back (a
    /// moved row may come with new content) to the new view models.
    private func refreshRowObjects(_ steps: [ListChange], _ splices: [Splice], _ new: FlatSections) {
        guard !state.withLock({ $0.cache.isEmpty }) else { return }
        func refresh(_ model: any RowViewModel, section: Identity, role: RowRole) {
            guard let object = cachedObject(RowKey(section: section, role: role, model: model)) else { return }
            CRow.from(object: object)?.repoint(to: model)
            g_object_unref(object)
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
}

/// A GObject pointer kept under a lock (a reference it stands for, or a borrowed one).
struct ObjectPointer: @unchecked Sendable {
    var raw: UnsafeMutableRawPointer
}
