internal import CGLib

/// A weak reference to a GObject (a heap `GWeakRef`, GLib's thread-safe weak reference),
/// safe from any thread. On the heap: GLib keeps the reference's address.
final class WeakObject: @unchecked Sendable {
    private let reference: UnsafeMutablePointer<GWeakRef>

    init(_ object: UnsafeMutableRawPointer) {
        reference = .allocate(capacity: 1)
        reference.initialize(to: GWeakRef())
        g_weak_ref_init(reference, object)
    }

    deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    /// A strong reference (`g_object_unref` it), or `nil` once the object is finalized.
    func get() -> UnsafeMutableRawPointer? { g_weak_ref_get(reference) }

    /// Whether the object is still alive (a `get` and its `unref`).
    var isAlive: Bool {
        guard let object = get() else { return false }
        g_object_unref(object)
        return true
    }
}
