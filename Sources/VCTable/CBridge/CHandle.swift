/// A Swift object handed to C as an opaque pointer, not a GObject: today only
/// `VctBinding *`, the observer of the sectioned list API. A C reference is one
/// `Unmanaged` retain, so Swift's own reference count is the handle's: the last release
/// runs `deinit` at once. (Every other C type is a GObject that owns a Swift core; see
/// `CCore.swift`.)
protocol CHandle: AnyObject {}

extension CHandle {
    /// The object behind a C pointer (borrowed).
    static func from(_ pointer: OpaquePointer) -> Self {
        Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// The object behind a C pointer, taking over the C reference it carried.
    static func take(_ pointer: OpaquePointer) -> Self {
        Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).takeRetainedValue()
    }

    /// The C pointer, borrowed: valid while something else keeps the object.
    var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    /// The C pointer carrying a new reference, for a `(transfer full)` return.
    var retainedPointer: OpaquePointer { OpaquePointer(Unmanaged.passRetained(self).toOpaque()) }

    /// `vct_*_ref`: adds a C reference; a `NULL` argument is a critical.
    static func ref(_ pointer: OpaquePointer?, _ function: StaticString, _ expression: StaticString) -> OpaquePointer? {
        guard cCheck(pointer != nil, function, expression) else { return nil }
        _ = Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer!)).retain()
        return pointer
    }

    /// `vct_*_unref`: drops a C reference; `NULL` is ignored.
    static func unref(_ pointer: OpaquePointer?) {
        guard let pointer else { return }
        Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }
}
