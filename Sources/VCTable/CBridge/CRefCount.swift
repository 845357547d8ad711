import Synchronization

/// The explicit reference count of a C handle whose last `unref` must finalize at once
/// (`VctTableModel`, `VctListModel`, the screens), whatever Swift references in-flight
/// work still holds: the count reaching zero runs `dispose()`, and the `Unmanaged` retain
/// that stood for the C references is dropped.
final class CRefCount: Sendable {
    private let count = Atomic<Int>(1)

    /// Adds one; the first reference is the creator's.
    func increment() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    /// Drops one; returns whether it was the last.
    func decrement() -> Bool {
        count.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0
    }
}

/// A C handle with an explicit reference count (see `CRefCount`).
protocol CCountedHandle: CHandle {
    var references: CRefCount { get }
    /// What the last C reference going away does: run notifies, stop deliveries.
    func dispose()
}

extension CCountedHandle {
    /// `vct_*_ref`.
    func retain() {
        references.increment()
        _ = Unmanaged.passUnretained(self).retain()
    }

    /// `vct_*_unref`: the last one disposes, then the handle's memory goes once Swift lets go.
    func release() {
        dropReference()
        Unmanaged.passUnretained(self).release()
    }

    /// Drops the creator's reference when the creator holds the handle as a Swift
    /// reference rather than a C pointer (a table model owning its list).
    func dropReference() {
        if references.decrement() { dispose() }
    }
}
