internal import CGLib

/// Frees `value` on the cooperative pool instead of the calling thread (the loop), leaving
/// `replacement` in its place: a reload's previous items (100 000 photos own three heap
/// strings each; the C bridge's boxes two allocations each) take tens of milliseconds to
/// free. The task holds the only reference once `value` is replaced, so the last release
/// happens there. Values under `threshold` elements are freed in place (not worth a task).
///
/// Called on the thread that iterates its thread-default context (a delivery), the task
/// starts once that loop is idle (a `G_PRIORITY_LOW` idle source): a reload's delivery
/// is followed by the view's own work, its layout and frames at higher priorities, and a
/// thread freeing 10 000 rows beside it made a `GtkListView`'s longest stall about a tenth
/// longer on two cores (BENCHMARKS.md, session 10). Elsewhere it starts at once.
func releaseOffLoop<Value>(_ value: inout Value, replacingWith replacement: Value, count: Int, threshold: Int = 1_000) {
    guard count >= threshold else { return }
    let retired = Retired(value)
    value = replacement
    if let context = g_main_context_ref_thread_default() {
        defer { g_main_context_unref(context) }
        if g_main_context_is_owner(context) != 0 {
            startWhenIdle(retired, on: context)
            return
        }
    }
    Task.detached(priority: .utility) { retired.drop() }
}

/// Attaches an idle source to `context` that hands `retired` to a task when it runs; if
/// the source is destroyed unrun (the context with it), `retired` is freed there.
private func startWhenIdle(_ retired: any Retiring, on context: OpaquePointer) {
    let source = g_idle_source_new()
    g_source_set_priority(source, G_PRIORITY_LOW)
    // g_source_set_name copies (a Swift string lives only for the call).
    g_source_set_name(source, "VCTable release")
    g_source_set_callback(
        source,
        { data in
            let retired = Unmanaged<RetiredBox>.fromOpaque(data!).takeUnretainedValue().retired
            Task.detached(priority: .utility) { retired.drop() }
            return 0  // G_SOURCE_REMOVE
        },
        Unmanaged.passRetained(RetiredBox(retired)).toOpaque(),
        { data in Unmanaged<RetiredBox>.fromOpaque(data!).release() }
    )
    g_source_attach(source, context)
    g_source_unref(source)
}

/// What `releaseOffLoop` hands to its task, whatever its value's type.
private protocol Retiring: AnyObject, Sendable {
    func drop()
}

/// The idle source's data (a non-generic class, for the C callback).
private final class RetiredBox: Sendable {
    let retired: any Retiring
    init(_ retired: any Retiring) { self.retired = retired }
}

/// What `releaseOffLoop` hands to its task. `@unchecked Sendable`: after the hand-over
/// nothing but the task touches it.
private final class Retired<Value>: Retiring, @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }
    func drop() { value = nil }
}
