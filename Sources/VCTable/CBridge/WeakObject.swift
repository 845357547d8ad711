internal import CGLib
internal import VCTableGObject

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
