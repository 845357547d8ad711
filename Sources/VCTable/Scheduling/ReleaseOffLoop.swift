/// Frees `value` on the cooperative pool instead of the calling thread (the loop), leaving
/// `replacement` in its place: a reload's previous items (100 000 photos own three heap
/// strings each; the C bridge's boxes two allocations each) take tens of milliseconds to
/// free. The task holds the only reference once `value` is replaced, so the last release
/// happens there. Values under `threshold` elements are freed in place (not worth a task).
func releaseOffLoop<Value>(_ value: inout Value, replacingWith replacement: Value, count: Int, threshold: Int = 1_000) {
    guard count >= threshold else { return }
    let retired = Retired(value)
    value = replacement
    Task.detached(priority: .utility) { retired.drop() }
}

/// What `releaseOffLoop` hands to its task. `@unchecked Sendable`: after the hand-over
/// nothing but the task touches it.
private final class Retired<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: Value) { self.value = value }
    func drop() { value = nil }
}
