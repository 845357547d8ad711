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
final class CRow: @unchecked Sendable {
    private struct State {
        var row: any RowViewModel
        var subscription: (any Disposable)?
        /// While a change is reported: the change, whose values the getters answer with
        /// (the row as of that change, not as it is by now).
        var delivering: RowPropertyChange?
        /// The values the object has told (made, then each notify): what a re-point
        /// compares with, so that a change whose report the old subscription dropped is
        /// still notified.
        var told: [String: PropertyValue] = [:]
    }

    private let state: Mutex<State>
    let kind: UnsafeMutablePointer<CChar>?
    let role: RowRole
    private let object = Mutex<WeakObject?>(nil)

    private init(_ row: any RowViewModel, kind: String?, role: RowRole) {
        var told: [String: PropertyValue] = [:]
        for name in row.propertyNames { told[name] = row.property(name) }
        state = Mutex(State(row: row, told: told))
        self.kind = kind.map { strdup($0) }
        self.role = role
    }

    deinit {
        state.withLock { $0.subscription }?.dispose()
        free(kind)
    }

    /// A new row object (transfer full) for `row`: a `VctRow` subclass chosen by the view
    /// model's type.
    static func makeObject(_ row: any RowViewModel, kind: String?, role: RowRole) -> UnsafeMutableRawPointer {
        let core = CRow(row, kind: kind, role: role)
        let object = _vct_row_new(classId(of: row), Unmanaged.passRetained(core).toOpaque())!
        core.object.withLock { $0 = WeakObject(object) }
        let subscription = core.subscribe(row)
        core.state.withLock { $0.subscription = subscription }
        return object
    }

    /// The core of a row object, or `nil` when `pointer` is not a `VctRow`.
    static func from(object pointer: UnsafeRawPointer?) -> CRow? {
        guard let core = _vct_row_get_core(UnsafeMutableRawPointer(mutating: pointer)) else { return nil }
        return Unmanaged<CRow>.fromOpaque(core).takeUnretainedValue()
    }

    private static func classId(of row: any RowViewModel) -> VctRowClassId {
        switch row {
        case is PhotoCellViewModel: VCT_ROW_CLASS_PHOTO
        case is MemberRowViewModel: VCT_ROW_CLASS_MEMBER
        case is PhotoRowViewModel: VCT_ROW_CLASS_FEED_PHOTO
        case is DayHeaderViewModel: VCT_ROW_CLASS_DAY_HEADER
        case is SongRowViewModel: VCT_ROW_CLASS_SONG
        default: VCT_ROW_CLASS_GENERIC
        }
    }

    /// The view model shown now.
    var row: any RowViewModel { state.withLock { $0.row } }

    /// The row object, strongly (`_vct_object_unref` it), or `nil` once it is finalized.
    func strongObject() -> UnsafeMutableRawPointer? { object.withLock { $0 }?.get() }

    /// A property as the caller should see it now: as of the change being reported, if any.
    func property(_ name: String) -> PropertyValue? {
        let (row, change) = state.withLock { ($0.row, $0.delivering) }
        if let change { return change.value(of: name) }
        return row.property(name)
    }

    /// Runs `body` (a C callback, a notify) with the getters answering as of `change`.
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
        delivering(change) { change.name.withCString { _vct_row_notify(object, $0) } }
        _vct_object_unref(object)
    }

    /// On the context: shows `newRow` (same identity, maybe new content, maybe the same
    /// view model) and notifies the properties whose values differ from what the object
    /// last told. Comparing with what was told, not with the old view model, matters when
    /// it is the same view model: a change it reported to the old subscription that had
    /// not been delivered yet is dropped with that subscription, and is notified here.
    func repoint(to newRow: any RowViewModel) {
        let oldSubscription = state.withLock { state in
            defer {
                state.row = newRow
                state.subscription = nil
            }
            return state.subscription
        }
        oldSubscription?.dispose()
        let subscription = subscribe(newRow)
        var changed: [String] = []
        state.withLock { state in
            state.subscription = subscription
            for name in newRow.propertyNames {
                let value = newRow.property(name)
                if state.told[name] != value {
                    state.told[name] = value
                    changed.append(name)
                }
            }
        }
        guard !changed.isEmpty, let object = strongObject() else { return }
        for name in changed { name.withCString { _vct_row_notify(object, $0) } }
        _vct_object_unref(object)
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

    /// A strong reference (`_vct_object_unref` it), or `nil` once the object is finalized.
    func get() -> UnsafeMutableRawPointer? { _vct_weak_ref_get(reference) }
}

/// `VctBinding`: one C observer of a row's property changes. `vct_binding_dispose` ends
/// it and frees the handle; its notify runs exactly once then. It holds a reference to the
/// row object, dropped when it ends.
final class CBinding: CHandle, @unchecked Sendable {
    private let lock = Mutex(())
    private let callback: CCallback
    private var subscription: (any Disposable)?
    private var object: UnsafeMutableRawPointer?

    /// Observes `object` (a row object, referenced here) whose core is `row`.
    init(object: UnsafeMutableRawPointer, row: CRow, callback: CCallback) {
        self.callback = callback
        self.object = _vct_object_ref(object)
        subscription = row.row.observePropertyChanges { [weak self, row] change in
            self?.changed(row, change)
        }
    }

    /// Calls the C function with the row and the change's property (`nil`: draw
    /// everything); while it runs, the row's getters answer as of `change`.
    func changed(_ row: CRow, _ change: RowPropertyChange?) {
        // A reference for the call: the function may end this binding (its reference
        // goes) while it still uses the row, as a notify handler may unref its object.
        guard let object = lock.withLock({ _ in self.object.map { _vct_object_ref($0) } }) else { return }
        defer { _vct_object_unref(object) }
        let pointer = OpaquePointer(object)
        callback.call { callback in
            let function = unsafeBitCast(callback.function, to: CRowChangedFunction.self)
            row.delivering(change) {
                if let change {
                    change.name.withCString { function(pointer, $0, callback.userData) }
                } else {
                    function(pointer, nil, callback.userData)
                }
            }
        }
    }

    func dispose() {
        let (subscription, object) = lock.withLock { _ -> ((any Disposable)?, UnsafeMutableRawPointer?) in
            defer {
                self.subscription = nil
                self.object = nil
            }
            return (self.subscription, self.object)
        }
        subscription?.dispose()
        callback.detach()
        if let object { _vct_object_unref(object) }
    }
}

/// A `VctRowChangedFunc`.
@_spi(CInterop) public typealias CRowChangedFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// `VctPropertyType` values.
enum CPropertyType: Int32 {
    case none = 0, string, integer, boolean
}

/// The core of a `VctRow *` argument, with GLib's critical for anything else.
func rowCore(_ row: OpaquePointer?, _ function: StaticString) -> CRow? {
    guard cCheck(_vct_is_row(UnsafeRawPointer(row)) != 0, function, "VCT_IS_ROW (row)") else { return nil }
    return CRow.from(object: UnsafeRawPointer(row))
}

private func property(_ row: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ function: StaticString) -> PropertyValue? {
    guard let core = rowCore(row, function), cCheck(name != nil, function, "property != NULL") else { return nil }
    return core.property(String(cString: name!))
}

@_spi(CInterop) @c(vct_row_get_kind)
public func vct_row_get_kind(_ row: OpaquePointer?) -> UnsafePointer<CChar>? {
    rowCore(row, "vct_row_get_kind")?.kind.map { UnsafePointer($0) }
}

@_spi(CInterop) @c(vct_row_dup_property_names)
public func vct_row_dup_property_names(_ row: OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard let core = rowCore(row, "vct_row_dup_property_names") else { return nil }
    let names = core.row.propertyNames
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(
        OpaquePointer(g_malloc0_n(gsize(names.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<CChar>?>.size))))!
    for (index, name) in names.enumerated() { vector[index] = g_strdup(name) }
    return vector
}

@_spi(CInterop) @c(vct_row_get_property_type)
public func vct_row_get_property_type(_ row: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    switch property(row, name, "vct_row_get_property_type") {
    case .string?: CPropertyType.string.rawValue
    case .integer?: CPropertyType.integer.rawValue
    case .boolean?: CPropertyType.boolean.rawValue
    case nil: CPropertyType.none.rawValue
    }
}

@_spi(CInterop) @c(vct_row_dup_string)
public func vct_row_dup_string(_ row: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guard let value = property(row, name, "vct_row_dup_string") else { return nil }
    return g_strdup(value.description)
}

@_spi(CInterop) @c(vct_row_get_int)
public func vct_row_get_int(_ row: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int64 {
    switch property(row, name, "vct_row_get_int") {
    case .integer(let value)?: value
    case .boolean(let value)?: value ? 1 : 0
    default: 0
    }
}

@_spi(CInterop) @c(vct_row_get_boolean)
public func vct_row_get_boolean(_ row: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    switch property(row, name, "vct_row_get_boolean") {
    case .boolean(let value)?: value ? 1 : 0
    case .integer(let value)?: value != 0 ? 1 : 0
    default: 0
    }
}

@_spi(CInterop) @c(vct_row_observe)
public func vct_row_observe(
    _ row: OpaquePointer?, _ function: CRowChangedFunction?,
    _ userData: UnsafeMutableRawPointer?, _ notify: CDestroyNotify?
) -> OpaquePointer? {
    guard let core = rowCore(row, "vct_row_observe"),
          cCheck(function != nil, "vct_row_observe", "func != NULL")
    else {
        notify?(userData)
        return nil
    }
    let callback = CCallback(function: unsafeBitCast(function!, to: UnsafeRawPointer.self), userData: userData, notify: notify)
    let binding = CBinding(object: UnsafeMutableRawPointer(row!), row: core, callback: callback)
    return binding.retainedPointer
}

@_spi(CInterop) @c(vct_binding_dispose)
public func vct_binding_dispose(_ binding: OpaquePointer?) {
    guard let binding else { return }
    CBinding.take(binding).dispose()
}
