internal import CGLib
internal import VCTableGObject
import Synchronization

/// The Swift core of one `VctRow` object (vct-row.c): the row view model it shows, its
/// kind and role, and the subscription that turns the view model's property changes
/// into the object's `notify`.
///
/// The object owns the core (one retained reference, released in its finalize); the core
/// refers to the object only weakly, so reporting a change never keeps a row alive. When
/// a reload brings new content for the same identity, the list re-points the core to the
/// new view model (`repoint(to:)`) and the object notifies the properties that differ.
///
/// A core starts *inactive*: it reads its view model and nothing more, so an object a view
/// only looks at and drops (GTK probes every added item of an `items-changed` for the ones
/// it holds) costs one GObject and this core. `activate(object:)` (by the list, for an
/// object someone holds) subscribes to the view model's changes and takes the values the
/// object has told from then on; until then it has told nothing and notifies nothing.
final class CRow: @unchecked Sendable {
    private struct State {
        var row: any RowViewModel
        var subscription: (any Disposable)?
        /// While a change is reported: the change, whose values the getters answer with
        /// (the row as of that change, not as it is by now).
        var delivering: RowPropertyChange?
        /// The values the object has told (made, then each notify): what a re-point
        /// compares with, so that a change whose report the old subscription dropped is
        /// still notified. Empty until activated.
        var told: [String: PropertyValue] = [:]
        var active = false
        /// The kind, made on first use (a C string for `vct_row_get_kind`).
        var kind: UnsafeMutablePointer<CChar>?
        var kinds: RowKindRegistry?
        /// `row` as a view model of a row class (`nil` for a generic row), cast on first
        /// use after each re-point: a cast to a protocol on every read tripled its cost.
        var declared: (any DeclaredRowViewModel)?
        var isDeclaredKnown = false

        mutating func declaredRow() -> (any DeclaredRowViewModel)? {
            if !isDeclaredKnown {
                declared = row as? any DeclaredRowViewModel
                isDeclaredKnown = true
            }
            return declared
        }
    }

    private let state: Mutex<State>
    let role: RowRole
    private let object = Mutex<WeakObject?>(nil)
    /// While this is a list's probe object re-pointed lazily (`CListModel.Emission`): the
    /// new position whose view model it shows from now on, read on first use
    /// (`resolvePending`); -1 otherwise. A probe that GTK looks at and drops is never read,
    /// so it never pays for its view model.
    private let pendingPosition = Atomic<Int>(-1)
    /// The list a probe object belongs to. Positions are pending only while that list
    /// emits a batch, and the list outlives its emissions.
    private unowned(unsafe) let probeOwner: CListModel?

    private init(_ row: any RowViewModel, kinds: RowKindRegistry, role: RowRole, probeOwner: CListModel?) {
        state = Mutex(State(row: row, kinds: kinds))
        self.role = role
        self.probeOwner = probeOwner
    }

    deinit {
        let (subscription, kind) = state.withLock { ($0.subscription, $0.kind) }
        subscription?.dispose()
        free(kind)
    }

    /// A new row object (transfer full) for `row`, a `VctRow` subclass chosen by the view
    /// model's type, its kind from `kinds`; active (subscribed) unless `active` is false.
    static func makeObject(
        _ row: any RowViewModel, kinds: RowKindRegistry, role: RowRole, active: Bool = true,
        probeOwner: CListModel? = nil
    ) -> UnsafeMutableRawPointer {
        let core = CRow(row, kinds: kinds, role: role, probeOwner: probeOwner)
        let object = _vct_row_new(classId(of: row), Unmanaged.passRetained(core).toOpaque())!
        if active { core.activate(object: object) }
        return object
    }

    /// `makeObject` made active, and the weak reference its core keeps, for a list slot
    /// to keep too (one `GWeakRef` per object, not two: each costs a lock to make and to
    /// clear at finalization).
    static func makeActiveObject(
        _ row: any RowViewModel, kinds: RowKindRegistry, role: RowRole
    ) -> (object: UnsafeMutableRawPointer, reference: WeakObject) {
        let object = makeObject(row, kinds: kinds, role: role, active: false)
        let reference = WeakObject(object)
        from(object: object)!.activate(object: object, reference: reference)
        return (object, reference)
    }

    /// Subscribes to the view model's changes, if not yet done; `object` is this core's,
    /// and `reference` a weak reference to it to keep (a list slot's), if there is one.
    func activate(object pointer: UnsafeMutableRawPointer, reference: WeakObject? = nil) {
        resolvePending()
        let row = state.withLock { state -> (any RowViewModel)? in
            guard !state.active else { return nil }
            state.active = true
            return state.row
        }
        guard let row else { return }
        let reference = reference ?? WeakObject(pointer)
        object.withLock { $0 = reference }
        let subscription = subscribe(row)
        // A view model with no change stream (the photo table's) never changes what the
        // object told: a re-point compares with the old view model, so nothing is copied.
        guard subscription != nil else { return }
        state.withLock { state in
            state.subscription = subscription
            for name in state.row.propertyNames { state.told[name] = state.row.property(name) }
        }
    }

    /// The kind (`RowKindRegistry`), or `nil` when the type is not registered for the role.
    var kind: UnsafeMutablePointer<CChar>? {
        resolvePending()
        return state.withLock { state in
            if state.kind == nil, let kinds = state.kinds {
                state.kind = (try? kinds.kind(of: state.row, role: role)).map { strdup($0) }
            }
            return state.kind
        }
    }

    /// The core of a row object, or `nil` when `pointer` is not a `VctRow`.
    static func from(object pointer: UnsafeRawPointer?) -> CRow? {
        guard let core = _vct_row_get_core(UnsafeMutableRawPointer(mutating: pointer)) else { return nil }
        return Unmanaged<CRow>.fromOpaque(core).takeUnretainedValue()
    }

    static func classId(of row: any RowViewModel) -> VctRowClassId {
        classId(ofType: type(of: row))
    }

    /// The class of a view model type's rows: the same comparisons without an instance
    /// (no dynamic cast: a reload of many rows asks this for every section a view probes).
    static func classId(ofType type: any RowViewModel.Type) -> VctRowClassId {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(PhotoCellViewModel.self): VCT_ROW_CLASS_PHOTO
        case ObjectIdentifier(MemberRowViewModel.self): VCT_ROW_CLASS_MEMBER
        case ObjectIdentifier(PhotoRowViewModel.self): VCT_ROW_CLASS_FEED_PHOTO
        case ObjectIdentifier(DayHeaderViewModel.self): VCT_ROW_CLASS_DAY_HEADER
        case ObjectIdentifier(SongRowViewModel.self): VCT_ROW_CLASS_SONG
        default: VCT_ROW_CLASS_GENERIC
        }
    }

    /// The view model shown now.
    var row: any RowViewModel {
        resolvePending()
        return state.withLock { $0.row }
    }

    /// As a probe object: shows new position `position` of its list from now on, its view
    /// model read on first use. Only the list calls this, holding the only reference.
    func showPending(_ position: Int) {
        pendingPosition.store(position, ordering: .releasing)
    }

    /// Whether a position is pending (`showPending`).
    var isPending: Bool { pendingPosition.load(ordering: .acquiring) >= 0 }

    /// Re-points to the pending position's view model, if one is pending.
    func resolvePending() {
        let position = pendingPosition.load(ordering: .acquiring)
        guard position >= 0, let owner = probeOwner else { return }
        owner.resolve(self, at: position)
    }

    /// The row object, strongly (`g_object_unref` it), or `nil` once it is finalized.
    func strongObject() -> UnsafeMutableRawPointer? { object.withLock { $0 }?.get() }

    /// Property `key` as the caller should see it now (as of the change being reported, if
    /// any): `.some(nil)` when the view model's value is absent, `nil` when its class has
    /// no such property.
    func value(for key: VctRowProperty) -> PropertyValue?? {
        resolvePending()
        // Read under the lock: copying the view model out costs a read as much as the rest
        // (a built-in view model's value takes no lock of ours: Observable calls its
        // observers outside its own).
        return state.withLock { state -> PropertyValue?? in
            guard let declared = state.declaredRow(), declared.declaredClass.owns(key) else { return nil }
            if let change = state.delivering { return .some(change.value(of: RowClassProperties.name(of: key))) }
            return .some(declared.value(for: key))
        }
    }

    /// Notifies the properties named `names` (Swift names) of the row object of `row`'s class.
    private static func notify(_ object: UnsafeMutableRawPointer, _ names: [String], of row: any RowViewModel) {
        guard let properties = RowClassProperties.of(classId(of: row)) else { return }
        for name in names {
            if let key = properties.key(named: name) { _vct_row_notify(object, key) }
        }
    }

    /// Runs `body` (a notify) with the property getters answering as of `change`.
    func delivering(_ change: RowPropertyChange?, _ body: () -> Void) {
        let outer = state.withLock { state in
            defer { state.delivering = change }
            return state.delivering
        }
        body()
        state.withLock { $0.delivering = outer }
    }

    private func subscribe(_ row: any RowViewModel) -> (any Disposable)? {
        row.observePropertyChanges { [weak self] change in self?.changed(change) }
    }

    /// On the context: the view model reported a change; the object notifies it.
    /// A change whose value the object already told (a re-point got there first) is not
    /// notified again: `notify` means the value changed.
    private func changed(_ change: RowPropertyChange) {
        let value = change.value
        let isNew = state.withLock { state -> Bool in
            guard state.told[change.name] != value else { return false }
            state.told[change.name] = value
            return true
        }
        guard isNew, let object = strongObject() else { return }
        let row = state.withLock { $0.row }
        delivering(change) { Self.notify(object, [change.name], of: row) }
        g_object_unref(object)
    }

    /// On the context: shows `newRow` (same identity, maybe new content, maybe the same
    /// view model) and notifies the properties whose values differ from what the object
    /// last told. Comparing with what was told, not with the old view model, matters when
    /// it is the same view model: a change it reported to the old subscription that had
    /// not been delivered yet is dropped with that subscription, and is notified here.
    func repoint(to newRow: any RowViewModel) {
        var oldRow: (any RowViewModel)?
        let oldSubscription = state.withLock { state -> (any Disposable)?? in
            guard state.active else {
                // Nothing told, nothing subscribed: it shows the new view model from now on
                // (maybe another type of the same class: the kind is made again).
                state.row = newRow
                state.declared = nil
                state.isDeclaredKnown = false
                if state.kind != nil {
                    free(state.kind)
                    state.kind = nil
                }
                return nil
            }
            defer {
                state.row = newRow
                state.declared = nil
                state.isDeclaredKnown = false
                state.subscription = nil
            }
            oldRow = state.row
            return .some(state.subscription)
        }
        // A pending position ends once the new view model is in place (a reader on another
        // thread sees either the pending position or the new view model).
        pendingPosition.store(-1, ordering: .releasing)
        guard let oldSubscription else { return }
        oldSubscription?.dispose()
        let subscription = subscribe(newRow)
        var changed: [String] = []
        state.withLock { state in
            state.subscription = subscription
            // Nothing told is kept for a view model with no change stream (`activate`):
            // the old one's values are what the object told. When the new one's content is
            // equal (`isContentEqual`: a photo compares its cell), no property differs.
            let toldKept = !state.told.isEmpty
            if !toldKept, subscription == nil, let oldRow, oldRow.isContentEqual(to: newRow) { return }
            for name in newRow.propertyNames {
                let value = newRow.property(name)
                let told = toldKept ? state.told[name] : oldRow?.property(name)
                if told != value { changed.append(name) }
                if subscription != nil { state.told[name] = value }
            }
            if subscription == nil { state.told = [:] }
        }
        guard !changed.isEmpty, let object = strongObject() else { return }
        Self.notify(object, changed, of: newRow)
        g_object_unref(object)
    }
}

/// A weak reference to a GObject (a heap `GWeakRef`), safe from any thread.
final class WeakObject: @unchecked Sendable {
    private let reference: UnsafeMutablePointer<GWeakRef>

    init(_ object: UnsafeMutableRawPointer) {
        reference = _vct_weak_ref_new(object)
    }

    deinit {
        _vct_weak_ref_free(reference)
    }

    /// A strong reference (`g_object_unref` it), or `nil` once the object is finalized.
    func get() -> UnsafeMutableRawPointer? { _vct_weak_ref_get(reference) }

    /// Whether the object is still alive (a `get` and its `unref`).
    var isAlive: Bool {
        guard let object = get() else { return false }
        g_object_unref(object)
        return true
    }
}
