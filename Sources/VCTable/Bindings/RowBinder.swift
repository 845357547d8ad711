import Synchronization

/// Binds row view models to recycled widgets, one binding per widget: binding a widget
/// again (reuse) or unbinding it ends the previous binding first, so no notification of
/// the old row reaches the widget: the classic "stale cell" bug cannot happen.
///
/// ```swift
/// let binder = RowBinder<WidgetID>()
/// binder.bind(list.row(at: position)!, to: widget) { row, changed in draw(row, into: widget) }
/// binder.unbind(widget)          // when the widget scrolls away
/// ```
/// Call `bind` and `unbind` on the rows' scheduler thread (the view's thread).
public final class RowBinder<Widget: Hashable & Sendable>: Sendable {
    private final class Binding: Disposable {
        let disposed = Atomic<Bool>(false)
        let subscription = SerialDisposable()
        var isDisposed: Bool { disposed.load(ordering: .acquiring) }
        func dispose() {
            disposed.store(true, ordering: .releasing)
            subscription.dispose()
        }
    }

    private let bindings = Mutex<[Widget: Binding]>([:])

    /// An empty binder.
    public init() {}

    /// Binds `row` to `widget`, ending the widget's previous binding. `update` runs now
    /// with `nil` (draw everything), then with a property name each time that property
    /// changes, until the widget is unbound or bound to another row.
    public func bind(
        _ row: any RowViewModel, to widget: Widget,
        update: @escaping @Sendable (any RowViewModel, String?) -> Void
    ) {
        bindChanges(row, to: widget) { row, change in update(row, change?.name) }
    }

    /// As `bind(_:to:update:)`, with each change's values (`RowPropertyChange`): what to
    /// draw when a change must be shown as it was (a follow's "loading" that is already
    /// "checked" by the time the loop runs).
    public func bindChanges(
        _ row: any RowViewModel, to widget: Widget,
        update: @escaping @Sendable (any RowViewModel, RowPropertyChange?) -> Void
    ) {
        let binding = Binding()
        let previous = bindings.withLock { bindings in
            defer { bindings[widget] = binding }
            return bindings[widget]
        }
        previous?.dispose()
        update(row, nil)
        binding.subscription.inner = row.observePropertyChanges { [weak binding] change in
            guard let binding, !binding.isDisposed else { return }
            update(row, change)
        }
    }

    /// Ends `widget`'s binding, if any. Returns whether there was one.
    @discardableResult
    public func unbind(_ widget: Widget) -> Bool {
        let binding = bindings.withLock { $0.removeValue(forKey: widget) }
        binding?.dispose()
        return binding != nil
    }

    /// Ends every binding.
    public func unbindAll() {
        let all = bindings.withLock { bindings in
            defer { bindings.removeAll() }
            return Array(bindings.values)
        }
        for binding in all { binding.dispose() }
    }

    /// How many widgets are bound.
    public var boundCount: Int { bindings.withLock { $0.count } }

    deinit {
        for binding in bindings.withLock({ Array($0.values) }) { binding.dispose() }
    }
}
