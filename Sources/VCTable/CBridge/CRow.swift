internal import CGLib
import Synchronization

/// `VctRow`: a reference-counted box around one row (or header/footer) view model, with
/// its kind string kept as C text for the life of the box.
final class CRow: CHandle, @unchecked Sendable {
    let row: any RowViewModel
    let kind: UnsafeMutablePointer<CChar>?
    /// While a change callback for this box runs: the change, whose values the getters
    /// answer with (the row as of that change, not as it is by now).
    private let delivering = Mutex<RowPropertyChange?>(nil)

    init(_ row: any RowViewModel, kind: String?) {
        self.row = row
        self.kind = kind.map { strdup($0) }
    }

    deinit {
        free(kind)
    }

    /// A property as the caller should see it now: as of the change being delivered, if any.
    func property(_ name: String) -> PropertyValue? {
        if let change = delivering.withLock({ $0 }) { return change.value(of: name) }
        return row.property(name)
    }

    /// Runs `body` (a C callback) with the getters answering as of `change`.
    func delivering(_ change: RowPropertyChange?, _ body: () -> Void) {
        let outer = delivering.withLock { state in
            defer { state = change }
            return state
        }
        body()
        delivering.withLock { $0 = outer }
    }

}

/// `VctBinding`: one C observer of a row's property changes. `vct_binding_dispose` ends
/// it and frees the handle; its notify runs exactly once then.
final class CBinding: CHandle, @unchecked Sendable {
    private let lock = Mutex(())
    private let callback: CCallback
    private var subscription: (any Disposable)?

    init(row: CRow, callback: CCallback) {
        self.callback = callback
        subscription = row.row.observePropertyChanges { [weak self, row] change in
            self?.changed(row, change)
        }
    }

    /// Calls the C function with the row and the change's property (`nil`: draw
    /// everything); while it runs, the row's getters answer as of `change`.
    func changed(_ row: CRow, _ change: RowPropertyChange?) {
        callback.call { callback in
            let function = unsafeBitCast(callback.function, to: CRowChangedFunction.self)
            row.delivering(change) {
                if let change {
                    change.name.withCString { function(row.pointer, $0, callback.userData) }
                } else {
                    function(row.pointer, nil, callback.userData)
                }
            }
        }
    }

    func dispose() {
        let subscription = lock.withLock { _ -> (any Disposable)? in
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.dispose()
        callback.detach()
    }
}

/// A `VctRowChangedFunc`.
@_spi(CInterop) public typealias CRowChangedFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// `VctPropertyType` values.
enum CPropertyType: Int32 {
    case none = 0, string, integer, boolean
}

private func property(_ row: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ function: StaticString) -> PropertyValue? {
    guard cCheck(row != nil, function, "row != NULL"), cCheck(name != nil, function, "property != NULL") else { return nil }
    return CRow.from(row!).property(String(cString: name!))
}

@_spi(CInterop) @c(vct_row_ref)
public func vct_row_ref(_ row: OpaquePointer?) -> OpaquePointer? {
    CRow.ref(row, "vct_row_ref", "row != NULL")
}

@_spi(CInterop) @c(vct_row_unref)
public func vct_row_unref(_ row: OpaquePointer?) {
    CRow.unref(row)
}

@_spi(CInterop) @c(vct_row_get_kind)
public func vct_row_get_kind(_ row: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard cCheck(row != nil, "vct_row_get_kind", "row != NULL") else { return nil }
    return CRow.from(row!).kind.map { UnsafePointer($0) }
}

@_spi(CInterop) @c(vct_row_dup_property_names)
public func vct_row_dup_property_names(_ row: OpaquePointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard cCheck(row != nil, "vct_row_dup_property_names", "row != NULL") else { return nil }
    let names = CRow.from(row!).row.propertyNames
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
    guard cCheck(row != nil, "vct_row_observe", "row != NULL"),
          cCheck(function != nil, "vct_row_observe", "func != NULL")
    else {
        notify?(userData)
        return nil
    }
    let callback = CCallback(function: unsafeBitCast(function!, to: UnsafeRawPointer.self), userData: userData, notify: notify)
    let binding = CBinding(row: CRow.from(row!), callback: callback)
    return binding.retainedPointer
}

@_spi(CInterop) @c(vct_binding_dispose)
public func vct_binding_dispose(_ binding: OpaquePointer?) {
    guard let binding else { return }
    CBinding.take(binding).dispose()
}
