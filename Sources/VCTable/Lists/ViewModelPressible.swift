/// A row that handles the user's press with a closure (the original's `ViewModelPressible`):
/// whoever makes the row sets `cellPressed` (the feed's photo rows get theirs from their
/// `FeedRowFactories` factory), and selecting or pressing the row calls it.
///
/// ```swift
/// struct PlaceRowViewModel: ViewModelPressible {
///     ...
///     var cellPressed: (@Sendable () -> Void)?
/// }
///
/// try factories.register("place", rowType: PlaceRowViewModel.self) { item, context in
///     var row = try PlaceRowViewModel(item: item)
///     let place = row.place
///     row.cellPressed = { placePressed.emit(place) }   // the program's EventEmitter
///     return row
/// }
/// ```
///
/// A row is a `Sendable` value, so the closure is `@Sendable`; it runs on the thread that
/// calls `ListModel.selectRow(at:)` or `pressRow(at:)` (in C, `vct_row_select` and
/// `vct_row_press`), and anything it reports should go through an `EventEmitter` or an
/// `Observable`, which deliver on their scheduler.
public protocol ViewModelPressible: RowViewModel {
    /// What selecting or pressing the row does; `nil` does nothing.
    var cellPressed: (@Sendable () -> Void)? { get set }
}

extension ViewModelPressible {
    /// Calls `cellPressed`, as the original's `didSelectRowAt` does.
    public func userSelected() {
        cellPressed?()
    }

    /// Calls `cellPressed`, as selecting does.
    public func userPressed() {
        cellPressed?()
    }
}

/// A `cellPressed` closure in a struct, for a row to store: a closure kept in a nominal type
/// keeps its representation wherever the row goes, including into a lock's value
/// (swiftlang/swift#91348, `scripts/check-lock-closures.py`).
struct CellPressedAction: Sendable {
    let call: @Sendable () -> Void
}
