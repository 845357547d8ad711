/// The view model of one row, or of a section's header or footer.
///
/// Identity and content are two questions (IGListKit's `diffIdentifier` and `isEqual`):
/// `diffIdentifier` says which row this is across reloads, so the list can tell inserts,
/// deletes and moves apart; `isContentEqual(to:)` says whether a row that stayed must be
/// redrawn. Generic views read the row's named `property(_:)` values; a row whose
/// properties change over time (a follow button's state, a song's mode) reports the names
/// of the changed properties to `observeProperties`, and the list turns that into an
/// in-place update of that row only.
public protocol RowViewModel: Sendable {
    /// Which row this is, stable across reloads.
    var diffIdentifier: Identity { get }
    /// The names `property(_:)` answers, in display order.
    var propertyNames: [String] { get }
    /// A named property's current value, or `nil` for an unknown name.
    func property(_ name: String) -> PropertyValue?
    /// The row's images, each named and paired with the URL property it loads (the
    /// photo row's `"thumbnail"` loads `"thumbnailUrl"`): the C face gives its row objects
    /// one `VctImage` property each, and a Swift view makes an `AsyncImage` of the URL.
    /// Default: none.
    var imageSources: [String: String] { get }
    /// Whether `other` shows the same content (default: same type and equal properties).
    func isContentEqual(to other: any RowViewModel) -> Bool
    /// Reports the names of properties that change, on the row's scheduler, until the
    /// result is disposed; `nil` (the default) for a row whose properties never change.
    func observeProperties(_ observer: @escaping @Sendable (String) -> Void) -> (any Disposable)?
    /// Like `observeProperties`, with the row's values as of each change (see
    /// `RowPropertyChange`). The default reads `property(_:)` when the change is delivered,
    /// which is right for a row whose properties change at most once between deliveries;
    /// a row with observable state answers from the state each notification carries.
    func observePropertyChanges(_ observer: @escaping @Sendable (RowPropertyChange) -> Void) -> (any Disposable)?
    /// The view reports that the row was selected (default: nothing).
    func userSelected()
    /// The view reports that the row's control (a button) was pressed (default: nothing).
    func userPressed()
}

extension RowViewModel {
    /// None.
    public var imageSources: [String: String] { [:] }

    /// Same type and equal values for every property name.
    public func isContentEqual(to other: any RowViewModel) -> Bool {
        guard type(of: other) == Self.self else { return false }
        let names = propertyNames
        return names == other.propertyNames && names.allSatisfy { property($0) == other.property($0) }
    }

    /// `nil`: the row's properties never change.
    public func observeProperties(_ observer: @escaping @Sendable (String) -> Void) -> (any Disposable)? {
        nil
    }

    /// `observeProperties`, with values read from the row when each change is delivered.
    public func observePropertyChanges(_ observer: @escaping @Sendable (RowPropertyChange) -> Void) -> (any Disposable)? {
        observeProperties { name in observer(RowPropertyChange(name: name) { self.property($0) }) }
    }

    /// Does nothing.
    public func userSelected() {}

    /// Does nothing.
    public func userPressed() {}
}
