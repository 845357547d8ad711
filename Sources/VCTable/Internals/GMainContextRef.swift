internal import CGLib

/// An owned reference to a `GMainContext`, released on deinit.
///
/// `GMainContext` is thread-safe (GLib documents every function used here as callable
/// from any thread), which is what makes this wrapper `Sendable`.
final class GMainContextRef: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes over a reference the caller already owns.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference of its own.
    init(retaining pointer: OpaquePointer) {
        self.pointer = g_main_context_ref(pointer)
    }

    deinit {
        g_main_context_unref(pointer)
    }
}
